import type { OrgConfig } from '#schemas/org-config.schema';
import { type LandingPage, type LandingSlug, type ProductCode, LANDING_PAGES } from '~/products/registry';

export type { LandingSlug };

type OrgProductCode = OrgConfig['products'][number];

/**
 * The product landing pages: the spec's ads-eligible landing paths plus /hotels, each declared
 * by the product it sells (app/products/*.ts). The product hides pages of products an
 * organisation does not offer: dream trips are timeshare weeks (searched on /weeks), packages
 * are hotel stays at package rates (searched on /search-detail), holiday stays are holiday
 * homes (searched on /holidaystays/search-detail).
 */
const landingBySlug = new Map<string, LandingPage>(LANDING_PAGES.map((page) => [page.slug, page]));

export function isLandingSlug(segment: string): segment is LandingSlug {
  return landingBySlug.has(segment);
}

export const landingPage = (slug: LandingSlug): LandingPage => landingBySlug.get(slug)!;

/** A landing page exists for an organisation when it sells the page's product. */
export function landingPageOffered(slug: LandingSlug, products: readonly OrgProductCode[]): boolean {
  return products.includes(landingPage(slug).product);
}

/** The header's product navigation: one landing page per product, in the org's order. */
export function productNav(products: readonly OrgProductCode[]): { product: ProductCode; path: string }[] {
  return products.flatMap((product) => {
    const page = LANDING_PAGES.find((p) => p.nav && p.product === product);
    return page ? [{ product: page.product, path: `/${page.slug}` }] : [];
  });
}

/** Whether a landing page opens with its product's search (else it says search is not online yet). */
export const landingHasSearch = (slug: LandingSlug): boolean => landingPage(slug).search;
