import { redirect } from '@remix-run/node';
import { flightSearchParams } from '~/domain/flight-query';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/booking/checkout.server';
import { requireFlightVisitor } from '~/http/route-behaviours.server';
import { type CheckoutEntry, type PageArgs, open, searchFirst, soldOut, tooSoon } from '../page-entry.server';
import { products } from '../registry';
import { holdFlight, loadFlightCheckout, loadFlightDetails, loadFlightResults } from './flight-pages.server';

/** Flights' pages and checkout; each answers an anonymous visitor first where the organisation wants flights signed in (spec §2). */
export const flightServer = {
  results: ({ request, context }: PageArgs) => loadFlightResults(context, new URL(request.url)),
  details: ({ request, context }: PageArgs) => loadFlightDetails(context, new URL(request.url)),
  checkout: {
    async load({ request, context }) {
      const url = new URL(request.url);
      requireFlightVisitor(url.pathname, context);
      const params = url.searchParams;
      if (params.get('soldout') === '1') {
        params.delete('soldout');
        return soldOut('flight.checkout.soldOut', `/flight/search-details?${params.toString()}`);
      }
      const early = tooSoonOf(params);
      if (early) return tooSoon(early.earliest);
      if (!params.has('hold')) throw searchFirst(products.FLT.pages.results);
      return open('FLT', await withCheckoutPayment(context, 'FLT', await loadFlightCheckout(context, url)));
    },
    async hold({ request, context }, form) {
      const url = new URL(request.url);
      requireFlightVisitor(url.pathname, context);
      const { result, search } = await holdFlight(context, url, form);
      if (result.kind === 'too_soon') throw redirect(`/flight/checkout?${tooSoonParams(result.earliest)}`);
      // The hold records the search, trip, fare and passengers: the link names only the hold.
      if (result.kind === 'held') throw redirect(`/flight/checkout?hold=${encodeURIComponent(result.hold.token)}`);
      throw redirect(`/flight/checkout?soldout=1&${flightSearchParams(search).toString()}`);
    },
    async traveler({ request, context }, form) {
      requireFlightVisitor(new URL(request.url).pathname, context);
      return travelerAction(context, form, 'FLT');
    },
  } satisfies CheckoutEntry,
};
