import { flowCopy } from '~/components/hotels/flow-copy';
import { hotelFlowOf } from '~/domain/hotel-flow';
import { hotelSearchParams } from '~/domain/hotel-query';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { travelerAction } from '~/services/booking/checkout.server';
import { type CheckoutEntry, type PageArgs, checkoutBeforeHold, open, redirectAfterHold, soldOut } from '../page-entry.server';
import { holdHotelRoom, loadHotelCheckout, loadHotelDetails, loadHotelResults } from './hotel-pages.server';

/** Hotels' pages and checkout (and the holidaystays flow's, which the URL names: app/domain/hotel-flow.ts). */
export const hotelServer = {
  results: ({ request, context }: PageArgs) => loadHotelResults(context, new URL(request.url)),
  details: ({ request, context }: PageArgs) => loadHotelDetails(context, new URL(request.url)),
  checkout: {
    async load({ request, context }) {
      const url = new URL(request.url);
      const flow = hotelFlowOf(url.pathname);
      const results = `${flow.base}/search-detail`;
      const before = checkoutBeforeHold(url.searchParams, (search) => soldOut(flowCopy[flow.propertyType].soldOut, `${results}?${search.toString()}`), results);
      if (before) return before;
      return open('HLT', await withCheckoutPayment(context, 'HLT', await loadHotelCheckout(context, url)));
    },
    async hold({ request, context }, form) {
      const { result, search, flow } = await holdHotelRoom(context, new URL(request.url), form);
      // The hold records the party and the rate.
      redirectAfterHold(`${flow.base}/hotel-checkout`, result, hotelSearchParams(search));
    },
    traveler: ({ context }, form) => travelerAction(context, form, 'HLT'),
  } satisfies CheckoutEntry,
};
