import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { type CheckoutEntry, type PageArgs, open, searchFirst } from '../page-entry.server';
import { products } from '../registry';
import { loadWeeksCheckout, loadWeeksDetails, loadWeeksResults, saveWeeksTraveler } from './weeks-pages.server';

/**
 * Resorts' or stays' pages and checkout. The week is held from the browser (spec §4
 * prepare-to-checkout), so the checkout takes the traveller step only.
 */
export const weeksServer = <K extends 'RST' | 'STY'>(kind: K) => ({
  results: ({ request, context }: PageArgs) => loadWeeksResults(context, new URL(request.url), kind),
  details: ({ request, context }: PageArgs) => loadWeeksDetails(context, new URL(request.url), kind),
  checkout: {
    async load({ request, context }) {
      const url = new URL(request.url);
      if (!['hold', 'resort_id', 'inventory_id'].some((name) => url.searchParams.has(name))) throw searchFirst(products[kind].pages.results);
      return open(kind, await withCheckoutPayment(context, kind, await loadWeeksCheckout(context, url, kind)));
    },
    hold: null,
    traveler: ({ context }, form) => saveWeeksTraveler(context, form, kind),
  } satisfies CheckoutEntry,
});

/**
 * Timeshare weeks: resorts and stays together, results only; each result opens its own /resorts
 * or /stays details and checkout, so the hold flow stays one. The dreamtrips collection is searched here.
 */
export const weeksCollectionServer = {
  results: ({ request, context }: PageArgs) => loadWeeksResults(context, new URL(request.url), 'WEEKS'),
  details: null,
  checkout: null,
};
