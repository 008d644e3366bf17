import type { OrgConfig } from '#schemas/org-config.schema';
import { type AdItem, type AdRow, adsAllowed, selectAds } from '~/domain/ads';
import { getDb } from '../platform/db.server';
import { cachedReference } from '../catalog/reference-cache.server';

/** Ads change when an admin edits them, not per request; the shell asks on every page view. */
function activeAds(orgId: string): Promise<AdRow[]> {
  return cachedReference(`ads:${orgId}`, () =>
    getDb()
      .selectFrom('ads')
      .select(['id', 'uuid', 'petition_type_str', 'priority', 'title', 'subtitle', 'image_path', 'link_url'])
      .where('org_id', '=', orgId)
      .where('active', '=', true)
      .orderBy('priority')
      .execute(),
  );
}

/** The ads of one page for one visitor, ordered by priority (spec §3 adsData). */
export async function getPageAds({ org, pathname, signedIn }: { org: OrgConfig; pathname: string; signedIn: boolean }): Promise<AdItem[]> {
  // Most pages show no ads: answer those without a query.
  if (!adsAllowed(org.ads, pathname, signedIn)) return [];
  return selectAds(await activeAds(org.orgId), org.ads, pathname, signedIn);
}
