import { activity } from '~/products/offer/activity';
import { car } from '~/products/car/car';
import { cruise } from '~/products/offer/cruise';
import { flight } from '~/products/flight/flight';
import { hotel } from '~/products/hotel/hotel';
import { restaurant } from '~/products/offer/restaurant';
import { resort } from '~/products/weeks/resort';
import { stay } from '~/products/weeks/stay';
import { transfer } from '~/products/offer/transfer';
import { PENDING_PRODUCT_CODES, PRODUCT_CODES, type LandingPageDefinition, type PaymentRules, type PendingProductCode, type ProductCode, type ProductDefinition } from './types';
import { weeks } from '~/products/weeks/weeks';

export { PENDING_PRODUCT_CODES, PRODUCT_CODES, type PendingProductCode, type ProductCode, type ProductDefinition };

/** What the registry must hold: a definition for every code, filed under its own code. */
export type ProductRegistry = { [C in ProductCode]: ProductDefinition & { code: C } };

/**
 * The product registry (docs/decisions/0028, docs/adding-a-product.md): every product code and
 * its definition. A code without a definition, a definition under another code, or one missing
 * a piece does not compile. Browser-safe; the suppliers are in registry.server.ts.
 */
export const products = {
  HLT: hotel,
  FLT: flight,
  CAR: car,
  ACT: activity,
  TRF: transfer,
  RST: resort,
  STY: stay,
  WEEKS: weeks,
  CRUISE: cruise,
  RESTAURANT: restaurant,
} as const satisfies ProductRegistry;

type Products = typeof products;

export const isProductCode = (value: string): value is ProductCode => Object.hasOwn(products, value);

/** The keys a quote of `C` may record as lines or fees (`buildQuote` takes no other). */
export type PriceLineOf<C extends ProductCode> = Products[C]['quote']['priceLines'][number];

/** The products of one page stack (e.g. 'offer': activities, transfers, cruises, restaurants). */
export type ProductOfFamily<F extends ProductDefinition['family']> = { [C in ProductCode]: Products[C]['family'] extends F ? C : never }[ProductCode];

export const isOfFamily = <F extends ProductDefinition['family']>(code: ProductCode, family: F): code is ProductOfFamily<F> => products[code].family === family;

export const productCodesOf = <F extends ProductDefinition['family']>(family: F): ProductOfFamily<F>[] =>
  PRODUCT_CODES.filter((code): code is ProductOfFamily<F> => isOfFamily(code, family));

/**
 * A family's rows of a table by product code, each made from its code: the tables whose products
 * of a family share their entry spread this, so a product joining the family needs no row.
 */
export const familyRows = <F extends ProductDefinition['family'], T>(family: F, rowOf: (code: ProductOfFamily<F>) => T) =>
  Object.fromEntries(productCodesOf(family).map((code) => [code, rowOf(code)])) as Record<ProductOfFamily<F>, T>;

/** A product's own first path segment (its pages live under it): 'activities' for ACT. */
export type MainSegmentOf<C extends ProductCode> = Products[C]['pathSegments'][0];
export const mainSegmentOf = <C extends ProductCode>(code: C): MainSegmentOf<C> => products[code].pathSegments[0];

const productBySegment = new Map<string, ProductCode>(PRODUCT_CODES.flatMap((code) => products[code].pathSegments.map((segment) => [segment, code] as const)));

/** The product whose pages live under `segment` ('cars' → CAR), or null. */
export const productOfSegment = (segment: string): ProductCode | null => productBySegment.get(segment.toLowerCase()) ?? null;

/**
 * The product code of a path from its first segment (spec §2 "Product code from the first path
 * segment"): hotels → HLT, flight → FLT, cars → CAR, activities → ACT, transfers → TRF,
 * resorts → RST, stays → STY, and the segments of the products the spec's table predates
 * (cruises, restaurants, weeks). An empty or unknown segment gives HLT: the hotel flow's pages
 * sit at the site root (/search-detail, /hotel-details, /hotel-checkout, /checkout-success).
 */
export function productFromPath(pathname: string): ProductCode {
  const first =
    pathname
      .split('?')[0]!
      .split('/')
      .find((part) => part.length > 0) ?? '';
  return productOfSegment(first) ?? 'HLT';
}

/** Every landing page (spec §2 ads-eligible landing pages plus /hotels), with the product it sells. */
export type LandingSlug = Products[ProductCode]['landingPages'][number]['slug'];
export type LandingPage = LandingPageDefinition & { slug: LandingSlug; product: ProductCode };

export const LANDING_PAGES: readonly LandingPage[] = PRODUCT_CODES.flatMap((product) => products[product].landingPages.map((page): LandingPage => ({ ...page, product })));

/**
 * Where a paid booking of `product` lands: its success page with `booking_id`. Holiday homes
 * land under /holidaystays. A code that books as other products (WEEKS), or that has no pages
 * yet (SUB, WLT), lands on the hotel flow's page as before.
 */
/** A product's checkout page, or null for a code with none of its own. */
export const checkoutPathOf = (product: string): string | null => (isProductCode(product) ? products[product].pages.checkout : null);

export function successPath(product: string, bookingReference: string, holidayHome = false): string {
  const own = isProductCode(product) ? products[product].success : null;
  const success = own && 'page' in own ? own : products.HLT.success;
  const page = holidayHome && 'holidayHomesPage' in success ? success.holidayHomesPage : success.page;
  return `${page}?booking_id=${encodeURIComponent(bookingReference)}`;
}

/**
 * SUB and WLT's payment rules until they join the registry: never an invoice (spec §4); a
 * membership renews on its card by itself, so it is paid by card only (issue 12).
 */
const pendingPaymentRules: Record<PendingProductCode, PaymentRules> = {
  SUB: { invoice: false, oxxo: false, cardGuarantee: false, clientCardToSupplier: false },
  WLT: { invoice: false, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
};

/** A product code's payment rules; null for a code the site does not know. */
export function paymentRulesOf(product: string): PaymentRules | null {
  if (isProductCode(product)) return products[product].payment;
  return Object.hasOwn(pendingPaymentRules, product) ? pendingPaymentRules[product as PendingProductCode] : null;
}

/**
 * Whether a product's checkout may offer 'pay with invoice' (spec §4: never SUB or WLT). An
 * unknown code is left to the organisation's settings, as it always was.
 */
export const productTakesInvoice = (product: string) => paymentRulesOf(product)?.invoice ?? true;

/** The productType the loyalty calls send (spec §7 Loyalty: HLT is sent as HTL). */
export const loyaltyProductType = (product: ProductCode) => products[product].loyaltyCode;
