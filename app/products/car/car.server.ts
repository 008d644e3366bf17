import { redirect } from '@remix-run/node';
import { carSearchParams } from '~/domain/car-rental';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/booking/checkout.server';
import { type CheckoutEntry, type PageArgs, open, searchFirst, soldOut, tooSoon } from '../page-entry.server';
import { products } from '../registry';
import { holdCar, loadCarCheckout, loadCarDetails, loadCarResults } from './car-pages.server';

/** Car rental's pages and checkout. */
export const carServer = {
  results: ({ request, context }: PageArgs) => loadCarResults(context, new URL(request.url)),
  details: ({ request, context }: PageArgs) => loadCarDetails(context, new URL(request.url)),
  checkout: {
    async load({ request, context }) {
      const url = new URL(request.url);
      const params = url.searchParams;
      if (params.get('soldout') === '1') {
        params.delete('soldout');
        params.delete('car_id');
        return soldOut('cars.checkout.soldOut', `/cars/search-details?${params.toString()}`);
      }
      const early = tooSoonOf(params);
      if (early) return tooSoon(early.earliest);
      if (!params.has('hold')) throw searchFirst(products.CAR.pages.results);
      return open('CAR', await withCheckoutPayment(context, 'CAR', await loadCarCheckout(context, url)));
    },
    async hold({ context }, form) {
      const { result, search } = await holdCar(context, form);
      if (result.kind === 'too_soon') throw redirect(`/cars/checkout?${tooSoonParams(result.earliest)}`);
      // The hold records the desks, times and driver's age: the link names only the hold.
      if (result.kind === 'held') throw redirect(`/cars/checkout?${new URLSearchParams({ hold: result.hold.token }).toString()}`);
      throw redirect(`/cars/checkout?soldout=1&${carSearchParams(search).toString()}`);
    },
    traveler: ({ context }, form) => travelerAction(context, form, 'CAR'),
  } satisfies CheckoutEntry,
};
