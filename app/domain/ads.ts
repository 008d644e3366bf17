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

export type AdRow = {
  id: number;
  uuid: string;
  petition_type_str: string;
  priority: number;
  title: string;
  subtitle: string;
  image_path: string;
  link_url: string;
};

/** The spec's adsData item. */
export type AdItem = {
  petitionTypeStr: string;
  priority: number;
  uuid: string;
  id: number;
  banner: { title: string; subtitle: string; image: string; link: string; alt: string };
};

/** The page's ads, lowest priority number first (ties by id, so the order is stable). */
export function selectAds(rows: readonly AdRow[], rules: AdsRules, pathname: string, signedIn: boolean): AdItem[] {
  if (!adsAllowed(rules, pathname, signedIn)) return [];
  return rows
    .filter((row) => adMatchesPage(row.petition_type_str, pathname, signedIn))
    .sort((a, b) => a.priority - b.priority || a.id - b.id)
    .map((row) => ({
      petitionTypeStr: row.petition_type_str,
      priority: row.priority,
      uuid: row.uuid,
      id: row.id,
      // The images are decorative illustrations of the title, so the alt text repeats it.
      banner: { title: row.title, subtitle: row.subtitle, image: row.image_path, link: row.link_url, alt: row.title },
    }));
}
