// The one server table of the products' pages (issue 35 item 3, docs/decisions/0029, 0026): for
// each product code, its family's results and details page loaders and its checkout entry, or
// null where the registry gives it no such page. The table `satisfies` the closed product union,
// so a product added to the registry without its entry, or with a page the entry lacks, does not
// compile. Suppliers stay in registry.server.ts: services reach them, and services must not
// import the page layer.
import type { CheckoutProductCode } from '~/domain/checkout-path';
import type { DetailsProductCode, ResultsProductCode } from '~/pages/page-product';
import { carServer } from './car/car.server';
import { flightServer } from './flight/flight.server';
import { hotelServer } from './hotel/hotel.server';
import { offerServer } from './offer/offer.server';
import type { CheckoutEntry, PageLoader } from './page-entry.server';
import { PRODUCT_CODES, type ProductCode, familyRows } from './registry';
import { weeksCollectionServer, weeksServer } from './weeks/weeks.server';

/** What a product's entry must have: a loader or entry for each page its registry entry names, null for the others. */
type ProductServer<C extends ProductCode> = {
  results: C extends ResultsProductCode ? PageLoader : null;
  details: C extends DetailsProductCode ? PageLoader : null;
  checkout: C extends CheckoutProductCode ? CheckoutEntry : null;
};

export const productPages = {
  HLT: hotelServer,
  FLT: flightServer,
  CAR: carServer,
  ...familyRows('offer', () => offerServer),
  RST: weeksServer('RST'),
  STY: weeksServer('STY'),
  WEEKS: weeksCollectionServer,
} satisfies { [C in ProductCode]: ProductServer<C> };

type Pages = typeof productPages;

/** The products that have a `kind` page, each with its loader or entry (views of the one table, by page). */
function pagesOf<K extends keyof ProductServer<ProductCode>>(kind: K) {
  return Object.fromEntries(PRODUCT_CODES.flatMap((code) => (productPages[code][kind] ? [[code, productPages[code][kind]]] : [])));
}
export const resultsPages = pagesOf('results') as { [C in ResultsProductCode]: Pages[C]['results'] };
export const detailsPages = pagesOf('details') as { [C in DetailsProductCode]: Pages[C]['details'] };
export const checkoutEntries = pagesOf('checkout') as { [C in CheckoutProductCode]: Pages[C]['checkout'] };

export type ResultsPageOf<C extends ResultsProductCode> = Awaited<ReturnType<(typeof resultsPages)[C]>>;
export type DetailsPageOf<C extends DetailsProductCode> = Awaited<ReturnType<(typeof detailsPages)[C]>>;
