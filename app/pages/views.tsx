// Each product's own part of its results and details pages (docs/decisions/0029): the view that
// fills the shared page shell (app/components/search/page-shell.tsx) and the page's title. The
// views live in the products' component folders; this table says which is whose, one entry per
// product code with such a page (a missing one does not compile; a test checks the registry too).
import type { SerializeFrom } from '@remix-run/node';
import type { ComponentType } from 'react';
import { CarDetailsView } from '~/components/cars/car-details';
import { CarResultsView } from '~/components/cars/car-results';
import { FlightDetailsView } from '~/components/flights/flight-details';
import { FlightResultsView } from '~/components/flights/flight-results';
import { HotelDetailsView } from '~/components/hotels/hotel-details';
import { HotelResultsView } from '~/components/hotels/hotel-results';
import { OfferDetailsView } from '~/components/offers/offer-details';
import { OfferResultsView } from '~/components/offers/offer-results';
import { WeeksDetailsView } from '~/components/weeks/weeks-details';
import { WeeksResultsView } from '~/components/weeks/weeks-results';
import type { Translate } from '~/i18n/page-meta';
import type { DetailsProductCode, ResultsProductCode } from './page-product';
import type { DetailsPageOf, ResultsPageOf } from './products.server';

type ResultsPage<C extends ResultsProductCode> = SerializeFrom<ResultsPageOf<C>>;
type DetailsPage<C extends DetailsProductCode> = SerializeFrom<DetailsPageOf<C>>;

/** What a product's results and details pages show, and their titles in the page's language (page data undefined: the page failed). */
type ResultsEntry<C extends ResultsProductCode> = { view: ComponentType<{ page: ResultsPage<C> }>; title: (page: ResultsPage<C> | undefined, t: Translate) => string };
type DetailsEntry<C extends DetailsProductCode> = { view: ComponentType<{ page: DetailsPage<C> }>; title: (page: DetailsPage<C> | undefined, t: Translate) => string };

const hotelTitles = {
  hotel: { in: 'meta.results.hotelsIn', search: 'meta.results.hotels' },
  holiday_home: { in: 'meta.results.homesIn', search: 'meta.results.homes' },
} as const;

const offerTitles = { activities: 'meta.results.activitiesIn', transfers: 'meta.results.transfersIn', cruises: 'meta.results.cruisesFrom', restaurants: 'meta.results.restaurantsIn' } as const;
const offerResults = {
  view: OfferResultsView,
  title: (page, t) => (page ? t(offerTitles[page.form.segment], { destination: page.destination?.name ?? '…' }) : t('meta.results.title')),
} satisfies ResultsEntry<'ACT'>;
const offerDetails = { view: OfferDetailsView, title: (page, t) => page?.offer.name ?? t('meta.details.title') } satisfies DetailsEntry<'ACT'>;

const weeksResults = (titleIn: 'meta.results.resortsIn' | 'meta.results.staysIn' | 'meta.results.weeksIn', search: 'meta.results.resorts' | 'meta.results.stays' | 'meta.results.weeks') =>
  ({ view: WeeksResultsView, title: (page, t) => (page?.destination ? t(titleIn, { destination: page.destination.name }) : t(search)) }) satisfies ResultsEntry<'RST'>;
const route = (legs: readonly { from: string; to: string }[]) => legs.map((l) => `${l.from}–${l.to}`).join(', ');

export const resultsViews: { [C in ResultsProductCode]: ResultsEntry<C> } = {
  HLT: {
    view: HotelResultsView,
    title: (page, t) => {
      const titles = hotelTitles[page?.flow.propertyType ?? 'hotel'];
      return page?.destination ? t(titles.in, { destination: page.destination.name }) : t(titles.search);
    },
  },
  FLT: { view: FlightResultsView, title: (page, t) => (page?.search ? t('meta.results.flightsOn', { route: route(page.search.legs) }) : t('meta.results.flights')) },
  CAR: { view: CarResultsView, title: (_page, t) => t('meta.results.cars') },
  ACT: offerResults,
  TRF: offerResults,
  CRUISE: offerResults,
  RESTAURANT: offerResults,
  RST: weeksResults('meta.results.resortsIn', 'meta.results.resorts'),
  STY: weeksResults('meta.results.staysIn', 'meta.results.stays'),
  WEEKS: weeksResults('meta.results.weeksIn', 'meta.results.weeks'),
};

export const detailsViews: { [C in DetailsProductCode]: DetailsEntry<C> } = {
  HLT: { view: HotelDetailsView, title: (page, t) => page?.hotel.name ?? t('meta.details.hotel') },
  FLT: { view: FlightDetailsView, title: (page, t) => (page ? t('meta.details.flightOn', { route: route(page.offer.legs) }) : t('meta.details.flight')) },
  CAR: { view: CarDetailsView, title: (page, t) => (page ? page.car.cartype : t('meta.details.car')) },
  ACT: offerDetails,
  TRF: offerDetails,
  CRUISE: offerDetails,
  RESTAURANT: offerDetails,
  RST: { view: WeeksDetailsView, title: (page, t) => page?.resort.name ?? t('meta.details.resort') },
  STY: { view: WeeksDetailsView, title: (page, t) => page?.resort.name ?? t('meta.details.stay') },
};

// TypeScript cannot correlate a union member of the page data with its entry; the tables' types guarantee it.
type AnyEntry<Data> = { view: ComponentType<{ page: Data }>; title: (page: Data | undefined, t: Translate) => string };

/** The results page of whichever product the loader answered for. */
export function ResultsView<Data extends { product: ResultsProductCode }>({ data }: { data: Data }) {
  const { view: View } = resultsViews[data.product] as unknown as AnyEntry<Data>;
  return <View page={data} />;
}

export function DetailsView<Data extends { product: DetailsProductCode }>({ data }: { data: Data }) {
  const { view: View } = detailsViews[data.product] as unknown as AnyEntry<Data>;
  return <View page={data} />;
}

export const resultsTitle = <Data,>(product: ResultsProductCode, data: Data | undefined, t: Translate) => (resultsViews[product] as unknown as AnyEntry<Data>).title(data, t);
export const detailsTitle = <Data,>(product: DetailsProductCode, data: Data | undefined, t: Translate) => (detailsViews[product] as unknown as AnyEntry<Data>).title(data, t);
