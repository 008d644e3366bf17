import type { OrgConfig } from '#schemas/org-config.schema';

type ProductCode = OrgConfig['products'][number];

/**
 * The product landing pages: the spec's ads-eligible landing paths plus /hotels. `product`
 * is the product a page sells, used to hide pages of products an organisation does not offer:
 * dream trips are timeshare weeks (searched on /weeks), packages are hotel stays at package
 * rates (searched on /search-detail), holiday stays are holiday homes (searched on
 * /holidaystays/search-detail). `search` marks the pages that open with a search form.
 */
export const landingPages = {
  hotels: { product: 'HLT' },
  holidaystays: { product: 'HLT', search: true },
  flight: { product: 'FLT', search: true },
  cars: { product: 'CAR', search: true },
  activities: { product: 'ACT', search: true },
  transfers: { product: 'TRF', search: true },
  resorts: { product: 'RST', search: true },
  stays: { product: 'STY', search: true },
  weeks: { product: 'WEEKS', search: true },
  cruises: { product: 'CRUISE', search: true },
  restaurants: { product: 'RESTAURANT', search: true },
  dreamtrips: { product: 'WEEKS', search: true },
  packages: { product: 'HLT', search: true },
} as const satisfies Record<string, { product: ProductCode; search?: true }>;

export type LandingSlug = keyof typeof landingPages;


export function isLandingSlug(segment: string): segment is LandingSlug {
  return Object.hasOwn(landingPages, segment);
}

/** A landing page exists for an organisation when it sells the page's product. */
export function landingPageOffered(slug: LandingSlug, products: readonly ProductCode[]): boolean {
  return products.includes(landingPages[slug].product);
}

/** The header's product navigation: one landing page per product, in the org's order. */
const navSlugByProduct: Partial<Record<ProductCode, LandingSlug>> = {
  HLT: 'hotels',
  FLT: 'flight',
  CAR: 'cars',
  ACT: 'activities',
  TRF: 'transfers',
  RST: 'resorts',
  STY: 'stays',
  WEEKS: 'weeks',
  CRUISE: 'cruises',
  RESTAURANT: 'restaurants',
};

export function productNav(products: readonly ProductCode[]): { product: ProductCode; path: string }[] {
  return products.flatMap((product) => {
    const slug = navSlugByProduct[product];
    return slug ? [{ product, path: `/${slug}` }] : [];
  });
}

/** Whether a landing page opens with its product's search (else it says search is not online yet). */
export const landingHasSearch = (slug: LandingSlug): boolean => 'search' in landingPages[slug];
