// The one table the results and details routes dispatch through (docs/decisions/0029): for each
// product code with such a page, how the page is loaded. Each entry calls its product's page
// service with the request context; the route keeps what every page shares (the rate limit, the
// 404 for a path that is no product's page, the headers, the error boundary).
import type { AppLoadContext } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import { loadCarDetails, loadCarResults } from '~/products/car/car-pages.server';
import { loadFlightDetails, loadFlightResults } from '~/products/flight/flight-pages.server';
import { loadHotelDetails, loadHotelResults } from '~/products/hotel/hotel-pages.server';
import { loadOfferDetails, loadOfferResults } from '~/products/offer/offer-pages.server';
import { loadWeeksDetails, loadWeeksResults } from '~/products/weeks/weeks-pages.server';
import type { DetailsProductCode, ResultsProductCode } from './page-product';

export type PageArgs = { request: Request; params: Params; context: AppLoadContext };
type PageLoader = (args: PageArgs) => Promise<object>;

const urlOf = (request: Request) => new URL(request.url);

/** Activities, transfers, cruises and restaurants: the scheduled-offer engine, by path segment. */
const offerResults = ({ request, params, context }: PageArgs) => loadOfferResults(context, urlOf(request), params.product);
const offerDetails = ({ request, params, context }: PageArgs) => loadOfferDetails(context, urlOf(request), params.product);

/** Each product's results page (the search form, and the results when the URL has a search). */
export const resultsPages = {
  HLT: ({ request, context }: PageArgs) => loadHotelResults(context, urlOf(request)),
  FLT: ({ request, context }: PageArgs) => loadFlightResults(context, urlOf(request)),
  CAR: ({ request, context }: PageArgs) => loadCarResults(context, urlOf(request)),
  ACT: offerResults,
  TRF: offerResults,
  CRUISE: offerResults,
  RESTAURANT: offerResults,
  RST: ({ request, context }: PageArgs) => loadWeeksResults(context, urlOf(request), 'RST'),
  STY: ({ request, context }: PageArgs) => loadWeeksResults(context, urlOf(request), 'STY'),
  // Timeshare weeks: resorts and stays together; each result opens its own /resorts or /stays
  // details and checkout, so the hold flow stays one. The dreamtrips collection is searched here.
  WEEKS: ({ request, context }: PageArgs) => loadWeeksResults(context, urlOf(request), 'WEEKS'),
} satisfies Record<ResultsProductCode, PageLoader>;

/** Each product's details page (what was chosen, its options, and the form that holds one). */
export const detailsPages = {
  HLT: ({ request, context }: PageArgs) => loadHotelDetails(context, urlOf(request)),
  FLT: ({ request, context }: PageArgs) => loadFlightDetails(context, urlOf(request)),
  CAR: ({ request, context }: PageArgs) => loadCarDetails(context, urlOf(request)),
  ACT: offerDetails,
  TRF: offerDetails,
  CRUISE: offerDetails,
  RESTAURANT: offerDetails,
  RST: ({ request, context }: PageArgs) => loadWeeksDetails(context, urlOf(request), 'RST'),
  STY: ({ request, context }: PageArgs) => loadWeeksDetails(context, urlOf(request), 'STY'),
} satisfies Record<DetailsProductCode, PageLoader>;

export type ResultsPageOf<C extends ResultsProductCode> = Awaited<ReturnType<(typeof resultsPages)[C]>>;
export type DetailsPageOf<C extends DetailsProductCode> = Awaited<ReturnType<(typeof detailsPages)[C]>>;
