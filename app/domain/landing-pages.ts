import type { OrgConfig } from '#schemas/org-config.schema';

type ProductCode = OrgConfig['products'][number];

/**
 * The product landing pages: the spec's ads-eligible landing paths plus /hotels. `product`
 * is the product a page sells (null for cross-product pages such as packages), used to hide
 * pages of products an organisation does not offer and to pick the page's ads.
 */
export const landingPages = {
  hotels: { product: 'HLT' },
  holidaystays: { product: 'HLT' },
  flight: { product: 'FLT' },
  cars: { product: 'CAR' },
  activities: { product: 'ACT' },
  transfers: { product: 'TRF' },
  resorts: { product: 'RST' },
  stays: { product: 'STY' },
  weeks: { product: 'WEEKS' },
  cruises: { product: 'CRUISE' },
  restaurants: { product: 'RESTAURANT' },
  dreamtrips: { product: null },
  packages: { product: null },
} as const satisfies Record<string, { product: ProductCode | null }>;

export type LandingSlug = keyof typeof landingPages;

/** Landing pages that open with their product's own search form; the others say online search is not there yet. */
export const searchableLandings: ReadonlySet<LandingSlug> = new Set<LandingSlug>(['resorts', 'stays', 'activities', 'transfers', 'cruises', 'restaurants']);

export function isLandingSlug(segment: string): segment is LandingSlug {
  return Object.hasOwn(landingPages, segment);
}

/** A landing page exists for an organisation when it sells the page's product. */
export function landingPageOffered(slug: LandingSlug, products: readonly ProductCode[]): boolean {
  const { product } = landingPages[slug];
  return product === null || products.includes(product);
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
