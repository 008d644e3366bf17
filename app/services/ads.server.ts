import type { OrgConfig } from '#schemas/org-config.schema';
import { type AdItem, type AdRow, adsAllowed, selectAds } from '~/domain/ads';
import { singleton } from '~/utils/singleton.server';
import { getDb } from './db.server';

/** Ads change when an admin edits them, not per request; the shell asks on every page view. */
const CACHE_MS = 60_000;
const cache = singleton('ads-by-org', () => new Map<string, { rows: AdRow[]; at: number }>());

async function activeAds(orgId: string): Promise<AdRow[]> {
  const hit = cache.get(orgId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
  const rows = await getDb()
    .selectFrom('ads')
    .select(['id', 'uuid', 'petition_type_str', 'priority', 'title', 'subtitle', 'image_path', 'link_url'])
    .where('org_id', '=', orgId)
    .where('active', '=', true)
    .orderBy('priority')
    .execute();
  cache.set(orgId, { rows, at: Date.now() });
  return rows;
}

/** The ads of one page for one visitor, ordered by priority (spec §3 adsData). */
export async function getPageAds({ org, pathname, signedIn }: { org: OrgConfig; pathname: string; signedIn: boolean }): Promise<AdItem[]> {
  // Most pages show no ads: answer those without a query.
  if (!adsAllowed(org.ads, pathname, signedIn)) return [];
  return selectAds(await activeAds(org.orgId), org.ads, pathname, signedIn);
}
