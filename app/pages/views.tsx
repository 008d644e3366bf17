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
import type { DetailsProductCode, ResultsProductCode } from './page-product';
import type { DetailsPageOf, ResultsPageOf } from './products.server';

type ResultsPage<C extends ResultsProductCode> = SerializeFrom<ResultsPageOf<C>>;
type DetailsPage<C extends DetailsProductCode> = SerializeFrom<DetailsPageOf<C>>;

/** What a product's results and details pages show, and their titles (page data undefined: the page failed). */
type ResultsEntry<C extends ResultsProductCode> = { view: ComponentType<{ page: ResultsPage<C> }>; title: (page: ResultsPage<C> | undefined) => string };
type DetailsEntry<C extends DetailsProductCode> = { view: ComponentType<{ page: DetailsPage<C> }>; title: (page: DetailsPage<C> | undefined) => string };

const hotelTitles = {
  hotel: { in: 'Hotels in', search: 'Search hotels' },
  holiday_home: { in: 'Holiday homes in', search: 'Search holiday homes' },
} as const;

const offerTitles = { activities: 'Activities in', transfers: 'Airport transfers in', cruises: 'Cruises from', restaurants: 'Restaurants in' } as const;
const offerResults = { view: OfferResultsView, title: (page) => (page ? `${offerTitles[page.form.segment]} ${page.destination?.name ?? '…'}` : 'Search') } satisfies ResultsEntry<'ACT'>;
const offerDetails = { view: OfferDetailsView, title: (page) => page?.offer.name ?? 'Details' } satisfies DetailsEntry<'ACT'>;

const weeksResults = (titleIn: string, search: string) =>
  ({ view: WeeksResultsView, title: (page) => (page?.destination ? `${titleIn} ${page.destination.name}` : search) }) satisfies ResultsEntry<'RST'>;

export const resultsViews: { [C in ResultsProductCode]: ResultsEntry<C> } = {
  HLT: {
    view: HotelResultsView,
    title: (page) => {
      const titles = hotelTitles[page?.flow.propertyType ?? 'hotel'];
      return page?.destination ? `${titles.in} ${page.destination.name}` : titles.search;
    },
  },
  FLT: { view: FlightResultsView, title: (page) => (page?.search ? `Flights ${page.search.legs.map((l) => `${l.from}–${l.to}`).join(', ')}` : 'Search flights') },
  CAR: { view: CarResultsView, title: () => 'Rental cars' },
  ACT: offerResults,
  TRF: offerResults,
  CRUISE: offerResults,
  RESTAURANT: offerResults,
  RST: weeksResults('Resorts in', 'Search resorts'),
  STY: weeksResults('Holiday stays in', 'Search holiday stays'),
  WEEKS: weeksResults('Timeshare weeks in', 'Search timeshare weeks'),
};

export const detailsViews: { [C in DetailsProductCode]: DetailsEntry<C> } = {
  HLT: { view: HotelDetailsView, title: (page) => page?.hotel.name ?? 'Hotel' },
  FLT: { view: FlightDetailsView, title: (page) => (page ? `Flight ${page.offer.legs.map((l) => `${l.from}–${l.to}`).join(', ')}` : 'Flight') },
  CAR: { view: CarDetailsView, title: (page) => (page ? page.car.cartype : 'Rental car') },
  ACT: offerDetails,
  TRF: offerDetails,
  CRUISE: offerDetails,
  RESTAURANT: offerDetails,
  RST: { view: WeeksDetailsView, title: (page) => page?.resort.name ?? 'Resort' },
  STY: { view: WeeksDetailsView, title: (page) => page?.resort.name ?? 'Holiday stay' },
};

// TypeScript cannot correlate a union member of the page data with its entry; the tables' types guarantee it.
type AnyEntry<Data> = { view: ComponentType<{ page: Data }>; title: (page: Data | undefined) => string };

/** The results page of whichever product the loader answered for. */
export function ResultsView<Data extends { product: ResultsProductCode }>({ data }: { data: Data }) {
  const { view: View } = resultsViews[data.product] as unknown as AnyEntry<Data>;
  return <View page={data} />;
}

export function DetailsView<Data extends { product: DetailsProductCode }>({ data }: { data: Data }) {
  const { view: View } = detailsViews[data.product] as unknown as AnyEntry<Data>;
  return <View page={data} />;
}

export const resultsTitle = <Data,>(product: ResultsProductCode, data: Data | undefined) => (resultsViews[product] as unknown as AnyEntry<Data>).title(data);
export const detailsTitle = <Data,>(product: DetailsProductCode, data: Data | undefined) => (detailsViews[product] as unknown as AnyEntry<Data>).title(data);
