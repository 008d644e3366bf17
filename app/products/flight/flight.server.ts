import { flightSearchParams } from '~/domain/flight-query';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { travelerAction } from '~/services/booking/checkout.server';
import { requireFlightVisitor } from '~/http/route-behaviours.server';
import { type CheckoutEntry, type PageArgs, checkoutBeforeHold, open, redirectAfterHold, soldOut } from '../page-entry.server';
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
      const results = products.FLT.pages.results;
      const before = checkoutBeforeHold(url.searchParams, (search) => soldOut('flight.checkout.soldOut', `${results}?${search.toString()}`), results);
      if (before) return before;
      return open('FLT', await withCheckoutPayment(context, 'FLT', await loadFlightCheckout(context, url)));
    },
    async hold({ request, context }, form) {
      const url = new URL(request.url);
      requireFlightVisitor(url.pathname, context);
      const { result, search } = await holdFlight(context, url, form);
      // The hold records the search, trip, fare and passengers.
      redirectAfterHold(products.FLT.pages.checkout, result, flightSearchParams(search));
    },
    async traveler({ request, context }, form) {
      requireFlightVisitor(new URL(request.url).pathname, context);
      return travelerAction(context, form, 'FLT');
    },
  } satisfies CheckoutEntry,
};
