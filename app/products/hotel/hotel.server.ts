import { redirect } from '@remix-run/node';
import { flowCopy } from '~/components/hotels/flow-copy';
import { hotelFlowOf } from '~/domain/hotel-flow';
import { hotelSearchParams } from '~/domain/hotel-query';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/booking/checkout.server';
import { type CheckoutEntry, type PageArgs, open, searchFirst, soldOut, tooSoon } from '../page-entry.server';
import { holdHotelRoom, loadHotelCheckout, loadHotelDetails, loadHotelResults } from './hotel-pages.server';

/** Hotels' pages and checkout (and the holidaystays flow's, which the URL names: app/domain/hotel-flow.ts). */
export const hotelServer = {
  results: ({ request, context }: PageArgs) => loadHotelResults(context, new URL(request.url)),
  details: ({ request, context }: PageArgs) => loadHotelDetails(context, new URL(request.url)),
  checkout: {
    async load({ request, context }) {
      const url = new URL(request.url);
      const params = url.searchParams;
      const flow = hotelFlowOf(url.pathname);
      if (params.get('soldout') === '1') {
        params.delete('soldout');
        return soldOut(flowCopy[flow.propertyType].soldOut, `${flow.base}/search-detail?${params.toString()}`);
      }
      const early = tooSoonOf(params);
      if (early) return tooSoon(early.earliest);
      if (!params.has('hold')) throw searchFirst(`${flow.base}/search-detail`);
      return open('HLT', await withCheckoutPayment(context, 'HLT', await loadHotelCheckout(context, url)));
    },
    async hold({ request, context }, form) {
      const { result, search, flow } = await holdHotelRoom(context, new URL(request.url), form);
      const checkout = `${flow.base}/hotel-checkout`;
      if (result.kind === 'too_soon') throw redirect(`${checkout}?${tooSoonParams(result.earliest)}`);
      // The hold records the party and the rate: the link names only the hold.
      if (result.kind === 'held') throw redirect(`${checkout}?hold=${encodeURIComponent(result.hold.token)}`);
      throw redirect(`${checkout}?soldout=1&${hotelSearchParams(search).toString()}`);
    },
    traveler: ({ context }, form) => travelerAction(context, form, 'HLT'),
  } satisfies CheckoutEntry,
};
