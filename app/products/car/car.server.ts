import { carSearchParams } from '~/domain/car-rental';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { travelerAction } from '~/services/booking/checkout.server';
import { type CheckoutEntry, type PageArgs, checkoutBeforeHold, open, redirectAfterHold, soldOut } from '../page-entry.server';
import { products } from '../registry';
import { holdCar, loadCarCheckout, loadCarDetails, loadCarResults } from './car-pages.server';

/** Car rental's pages and checkout. */
export const carServer = {
  results: ({ request, context }: PageArgs) => loadCarResults(context, new URL(request.url)),
  details: ({ request, context }: PageArgs) => loadCarDetails(context, new URL(request.url)),
  checkout: {
    async load({ request, context }) {
      const url = new URL(request.url);
      const before = checkoutBeforeHold(
        url.searchParams,
        (search) => {
          search.delete('car_id');
          return soldOut('cars.checkout.soldOut', `/cars/search-details?${search.toString()}`);
        },
        products.CAR.pages.results,
      );
      if (before) return before;
      return open('CAR', await withCheckoutPayment(context, 'CAR', await loadCarCheckout(context, url)));
    },
    async hold({ context }, form) {
      const { result, search } = await holdCar(context, form);
      // The hold records the desks, times and driver's age.
      redirectAfterHold(products.CAR.pages.checkout, result, carSearchParams(search));
    },
    traveler: ({ context }, form) => travelerAction(context, form, 'CAR'),
  } satisfies CheckoutEntry,
};
