import type { OrgConfig } from '#schemas/org-config.schema';
import { LANDING_PAGES, PRODUCT_CODES, products } from '~/products/registry';

type AdsRules = OrgConfig['ads'];

/** Pages whose ads are for signed-in visitors only (spec §2: resorts and stays ads). */
const membersOnlyPages = new Set<string>(LANDING_PAGES.filter((page) => products[page.product].membersOnlyAds).map((page) => `/${page.slug}`));
/** Ad categories that only signed-in visitors see, wherever they appear. */
const membersOnlyCategories = new Set<string>(PRODUCT_CODES.filter((code) => products[code].membersOnlyAds));

/** The product whose ads a landing page shows; other eligible pages show every category. */
const categoryByPage = new Map<string, string>(LANDING_PAGES.flatMap((page) => (page.adsCategory ? [[`/${page.slug}`, page.adsCategory] as const] : [])));

/** '/Cars/' and '/cars' are the same page for ads purposes. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether a page shows ads at all: the org enables ads and lists the page; anonymous
 * visitors see them only with pre-login ads; resorts and stays ads need a signed-in visitor.
 */
export function adsAllowed(rules: AdsRules, pathname: string, signedIn: boolean): boolean {
  const path = normalisePath(pathname);
  if (!rules.enabled || !rules.pages.includes(path)) return false;
  if (!signedIn && !rules.preLogin) return false;
  if (!signedIn && membersOnlyPages.has(path)) return false;
  return true;
}

/** Whether an ad of `category` (its petition_type_str) belongs on the page. 'ALL' goes everywhere. */
export function adMatchesPage(category: string, pathname: string, signedIn: boolean): boolean {
  if (!signedIn && membersOnlyCategories.has(category)) return false;
  if (category === 'ALL') return true;
  const pageCategory = categoryByPage.get(normalisePath(pathname));
  return pageCategory === undefined || pageCategory === category;
}

/** One banner as the organisation configures it (ads.items). */
export type AdConfig = OrgConfig['ads']['items'][number];

/** The spec's adsData item. */
export type AdItem = {
  petitionTypeStr: string;
  priority: number;
  uuid: string;
  id: number;
  banner: { title: string; subtitle: string; image: string; link: string; alt: string };
};

/** FNV-1a, 32 bits: a stable number from a text, for the ids the spec's adsData carries. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The adsData `id` and `uuid` of an organisation's ad: derived from its configured id, so they stay the same across versions. */
export function adIdentity(orgId: string, adId: string): { id: number; uuid: string } {
  const key = `${orgId}:${adId}`;
  const hex = [1, 2, 3, 4]
    .map((n) =>
      fnv1a(key, 0x811c9dc5 ^ n)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return { id: fnv1a(key) >>> 1, uuid: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}` };
}

/**
 * The page's ads on the organisation's day `today` ('YYYY-MM-DD'): those whose dates include it,
 * for the page's product, lowest priority number first (ties in the configured order).
 */
export function selectAds(orgId: string, rules: AdsRules, pathname: string, signedIn: boolean, today: string): AdItem[] {
  if (!adsAllowed(rules, pathname, signedIn)) return [];
  return rules.items
    .map((ad, order) => ({ ad, order }))
    .filter(({ ad }) => (ad.startsOn === undefined || ad.startsOn <= today) && (ad.endsOn === undefined || today <= ad.endsOn))
    .filter(({ ad }) => adMatchesPage(ad.product, pathname, signedIn))
    .sort((a, b) => a.ad.priority - b.ad.priority || a.order - b.order)
    .map(({ ad }) => ({
      petitionTypeStr: ad.product,
      priority: ad.priority,
      ...adIdentity(orgId, ad.id),
      // The images are decorative illustrations of the title, so the alt text repeats it.
      banner: { title: ad.title, subtitle: ad.subtitle, image: ad.image, link: ad.link, alt: ad.title },
    }));
}
