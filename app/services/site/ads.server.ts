import type { OrgConfig } from '#schemas/org-config.schema';
import { type AdItem, selectAds } from '~/domain/ads';
import { dayIn } from '~/domain/time-zone';

/**
 * The ads of one page for one visitor, ordered by priority (spec §3 adsData), from the
 * organisation's configuration (the version the request holds: a preview shows the draft's).
 */
export function getPageAds({ org, pathname, signedIn }: { org: OrgConfig; pathname: string; signedIn: boolean }): AdItem[] {
  return selectAds(org.orgId, org.ads, pathname, signedIn, dayIn(org.timeZone));
}
