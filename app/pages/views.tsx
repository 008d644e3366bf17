// Each product's own part of its results and details pages (docs/decisions/0029): the module
// whose view fills the shared page shell (app/components/search/page-shell.tsx), and the page's
// title. One table entry per product code with such a page (a missing one does not compile; a
// test checks the registry and remix.config.js too). The views are in one module per view
// (./results/*.tsx, ./details/*.tsx) so a page's JavaScript carries its own view only
// (docs/decisions/0037); this file imports no view.
import type { SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ComponentType } from 'react';
import type { DetailsProductCode, ResultsProductCode } from './page-product';
import type { DetailsPageOf, ResultsPageOf } from './products.server';

type ResultsPage<C extends ResultsProductCode> = SerializeFrom<ResultsPageOf<C>>;
type DetailsPage<C extends DetailsProductCode> = SerializeFrom<DetailsPageOf<C>>;

/** The view modules: pages/results/<name>.tsx and pages/details/<name>.tsx. */
type ViewModule = 'hotel' | 'flight' | 'car' | 'offer' | 'weeks';

/** Which module shows each product's results page, and each product's details page (remix.config.js mounts them). */
export const resultsModules = {
  HLT: 'hotel',
  FLT: 'flight',
  CAR: 'car',
  ACT: 'offer',
  TRF: 'offer',
  CRUISE: 'offer',
  RESTAURANT: 'offer',
  RST: 'weeks',
  STY: 'weeks',
  WEEKS: 'weeks',
} as const satisfies Record<ResultsProductCode, ViewModule>;

export const detailsModules = {
  HLT: 'hotel',
  FLT: 'flight',
  CAR: 'car',
  ACT: 'offer',
  TRF: 'offer',
  CRUISE: 'offer',
  RESTAURANT: 'offer',
  RST: 'weeks',
  STY: 'weeks',
} as const satisfies Record<DetailsProductCode, ViewModule>;

/** A page's title (page data undefined: the page failed). */
type ResultsTitle<C extends ResultsProductCode> = (page: ResultsPage<C> | undefined) => string;
type DetailsTitle<C extends DetailsProductCode> = (page: DetailsPage<C> | undefined) => string;

const hotelTitles = {
  hotel: { in: 'Hotels in', search: 'Search hotels' },
  holiday_home: { in: 'Holiday homes in', search: 'Search holiday homes' },
} as const;

const offerTitles = { activities: 'Activities in', transfers: 'Airport transfers in', cruises: 'Cruises from', restaurants: 'Restaurants in' } as const;
const offerResults = ((page) => (page ? `${offerTitles[page.form.segment]} ${page.destination?.name ?? '…'}` : 'Search')) satisfies ResultsTitle<'ACT'>;
const offerDetails = ((page) => page?.offer.name ?? 'Details') satisfies DetailsTitle<'ACT'>;

const weeksResults = (titleIn: string, search: string) => ((page) => (page?.destination ? `${titleIn} ${page.destination.name}` : search)) satisfies ResultsTitle<'RST'>;

export const resultsTitles: { [C in ResultsProductCode]: ResultsTitle<C> } = {
  HLT: (page) => {
    const titles = hotelTitles[page?.flow.propertyType ?? 'hotel'];
    return page?.destination ? `${titles.in} ${page.destination.name}` : titles.search;
  },
  FLT: (page) => (page?.search ? `Flights ${page.search.legs.map((l) => `${l.from}–${l.to}`).join(', ')}` : 'Search flights'),
  CAR: () => 'Rental cars',
  ACT: offerResults,
  TRF: offerResults,
  CRUISE: offerResults,
  RESTAURANT: offerResults,
  RST: weeksResults('Resorts in', 'Search resorts'),
  STY: weeksResults('Holiday stays in', 'Search holiday stays'),
  WEEKS: weeksResults('Timeshare weeks in', 'Search timeshare weeks'),
};

export const detailsTitles: { [C in DetailsProductCode]: DetailsTitle<C> } = {
  HLT: (page) => page?.hotel.name ?? 'Hotel',
  FLT: (page) => (page ? `Flight ${page.offer.legs.map((l) => `${l.from}–${l.to}`).join(', ')}` : 'Flight'),
  CAR: (page) => (page ? page.car.cartype : 'Rental car'),
  ACT: offerDetails,
  TRF: offerDetails,
  CRUISE: offerDetails,
  RESTAURANT: offerDetails,
  RST: (page) => page?.resort.name ?? 'Resort',
  STY: (page) => page?.resort.name ?? 'Holiday stay',
};

// TypeScript cannot correlate a union member of the page data with its entry; the tables' types guarantee it.
export const resultsTitle = <Data,>(product: ResultsProductCode, data: Data | undefined) => (resultsTitles[product] as (page: Data | undefined) => string)(data);
export const detailsTitle = <Data,>(product: DetailsProductCode, data: Data | undefined) => (detailsTitles[product] as (page: Data | undefined) => string)(data);

/**
 * The default export of a view module: the product's view with the page data. The module is
 * mounted only at its products' URLs (remix.config.js, checked by page-table.test.ts), so the
 * data is of one of them; anything else is a mounting mistake and fails loudly.
 */
export function ProductPage<Page>({ kind, module, view: View }: { kind: 'results' | 'details'; module: ViewModule; view: ComponentType<{ page: Page }> }) {
  const data = useLoaderData<{ product: ResultsProductCode }>();
  const table: Partial<Record<ResultsProductCode, ViewModule>> = kind === 'results' ? resultsModules : detailsModules;
  if (table[data.product] !== module) throw new Error(`the ${module} ${kind} page got the data of ${data.product}`);
  // NOTE: the loader's data is a union TypeScript cannot narrow by `product`; the check above does.
  return <View page={data as unknown as Page} />;
}
