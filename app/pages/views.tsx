// Each product's own part of its results and details pages (docs/decisions/0029): the module
// whose view fills the shared page shell (app/components/search/page-shell.tsx), and the page's
// title. One table entry per product code with such a page (a missing one does not compile; a
// test checks the registry and remix.config.js too). The views are in one module per view
// (./results/*.tsx, ./details/*.tsx) so a page's JavaScript carries its own view only
// (docs/decisions/0037); this file imports no view.
import type { SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ComponentType } from 'react';
import type { Translate } from '~/i18n/page-meta';
import type { DetailsProductCode, ResultsProductCode } from './page-product';
import type { DetailsPageOf, ResultsPageOf } from '~/products/product-pages.server';
import { familyRows } from '~/products/registry';

type ResultsPage<C extends ResultsProductCode> = SerializeFrom<ResultsPageOf<C>>;
type DetailsPage<C extends DetailsProductCode> = SerializeFrom<DetailsPageOf<C>>;

/** The view modules: pages/results/<name>.tsx and pages/details/<name>.tsx. */
type ViewModule = 'hotel' | 'flight' | 'car' | 'offer' | 'weeks';

/** Which module shows each product's results page, and each product's details page (remix.config.js mounts them). */
export const resultsModules = {
  HLT: 'hotel',
  FLT: 'flight',
  CAR: 'car',
  ...familyRows('offer', () => 'offer' as const),
  RST: 'weeks',
  STY: 'weeks',
  WEEKS: 'weeks',
} as const satisfies Record<ResultsProductCode, ViewModule>;

// Every product with a details page shows it through its results page's module (timeshare weeks have none).
const { WEEKS: _weeksHaveNoDetails, ...detailsModuleOf } = resultsModules;
export const detailsModules = detailsModuleOf satisfies Record<DetailsProductCode, ViewModule>;

/** A page's title in the page's language (page data undefined: the page failed). */
type ResultsTitle<C extends ResultsProductCode> = (page: ResultsPage<C> | undefined, t: Translate) => string;
type DetailsTitle<C extends DetailsProductCode> = (page: DetailsPage<C> | undefined, t: Translate) => string;

const hotelTitles = {
  hotel: { in: 'meta.results.hotelsIn', search: 'meta.results.hotels' },
  holiday_home: { in: 'meta.results.homesIn', search: 'meta.results.homes' },
} as const;

const offerResults = ((page, t) =>
  page ? t(`meta.results.offersIn.${page.form.segment}`, { destination: page.destination?.name ?? '…' }) : t('meta.results.title')) satisfies ResultsTitle<'ACT'>;
const offerDetails = ((page, t) => page?.offer.name ?? t('meta.details.title')) satisfies DetailsTitle<'ACT'>;

const weeksResults = (
  titleIn: 'meta.results.resortsIn' | 'meta.results.staysIn' | 'meta.results.weeksIn',
  search: 'meta.results.resorts' | 'meta.results.stays' | 'meta.results.weeks',
) => ((page, t) => (page?.destination ? t(titleIn, { destination: page.destination.name }) : t(search))) satisfies ResultsTitle<'RST'>;
const route = (legs: readonly { from: string; to: string }[]) => legs.map((l) => `${l.from}–${l.to}`).join(', ');

export const resultsTitles: { [C in ResultsProductCode]: ResultsTitle<C> } = {
  HLT: (page, t) => {
    const titles = hotelTitles[page?.flow.propertyType ?? 'hotel'];
    return page?.destination ? t(titles.in, { destination: page.destination.name }) : t(titles.search);
  },
  FLT: (page, t) => (page?.search ? t('meta.results.flightsOn', { route: route(page.search.legs) }) : t('meta.results.flights')),
  CAR: (_page, t) => t('meta.results.cars'),
  ...familyRows('offer', () => offerResults),
  RST: weeksResults('meta.results.resortsIn', 'meta.results.resorts'),
  STY: weeksResults('meta.results.staysIn', 'meta.results.stays'),
  WEEKS: weeksResults('meta.results.weeksIn', 'meta.results.weeks'),
};

export const detailsTitles: { [C in DetailsProductCode]: DetailsTitle<C> } = {
  HLT: (page, t) => page?.hotel.name ?? t('meta.details.hotel'),
  FLT: (page, t) => (page ? t('meta.details.flightOn', { route: route(page.offer.legs) }) : t('meta.details.flight')),
  CAR: (page, t) => (page ? page.car.cartype : t('meta.details.car')),
  ...familyRows('offer', () => offerDetails),
  RST: (page, t) => page?.resort.name ?? t('meta.details.resort'),
  STY: (page, t) => page?.resort.name ?? t('meta.details.stay'),
};

// TypeScript cannot correlate a union member of the page data with its entry; the tables' types guarantee it.
export const resultsTitle = <Data,>(product: ResultsProductCode, data: Data | undefined, t: Translate) =>
  (resultsTitles[product] as (page: Data | undefined, t: Translate) => string)(data, t);
export const detailsTitle = <Data,>(product: DetailsProductCode, data: Data | undefined, t: Translate) =>
  (detailsTitles[product] as (page: Data | undefined, t: Translate) => string)(data, t);

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
