import { redirect } from '@remix-run/node';
import { offerProducts } from '~/domain/offers';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { tooSoonOf, travelerAction } from '~/services/booking/checkout.server';
import { type CheckoutEntry, type PageArgs, open, searchFirst, soldOut, tooSoon } from '../page-entry.server';
import { holdOffer, loadOfferCheckout, loadOfferDetails, loadOfferResults, offerPageContext } from './offer-pages.server';

/** Activities, transfers, cruises and restaurants: the scheduled-offer engine, by the URL's first segment (/{segment}/…). */
export const offerServer = {
  results: ({ request, params, context }: PageArgs) => loadOfferResults(context, new URL(request.url), params.product),
  details: ({ request, params, context }: PageArgs) => loadOfferDetails(context, new URL(request.url), params.product),
  checkout: {
    async load({ request, params, context }) {
      const url = new URL(request.url);
      const early = tooSoonOf(url.searchParams);
      if (early) {
        await offerPageContext(context, params.product);
        return tooSoon(early.earliest);
      }
      if (url.searchParams.get('soldout') === '1') {
        const { segment } = await offerPageContext(context, params.product);
        url.searchParams.delete('soldout');
        return soldOut('offers.checkout.soldOut', `/${segment}/details?${url.searchParams.toString()}`, 'offers.checkout.chooseAnother');
      }
      if (!url.searchParams.has('hold')) {
        const { segment } = await offerPageContext(context, params.product);
        throw searchFirst(`/${segment}/search-details`);
      }
      const checkout = await loadOfferCheckout(context, url, params.product);
      return open(offerProducts[checkout.segment].code, await withCheckoutPayment(context, offerProducts[checkout.segment].code, checkout));
    },
    async hold({ params, context }, form) {
      const { token, back } = await holdOffer(context, params.product, form);
      const segment = params.product!;
      // The hold records the slot, party and return leg: the link names only the hold.
      if (token) throw redirect(`/${segment}/checkout?${new URLSearchParams({ hold: token }).toString()}`);
      throw redirect(`/${segment}/checkout?soldout=1&${back}`);
    },
    async traveler({ params, context }, form) {
      const { rule } = await offerPageContext(context, params.product);
      return travelerAction(context, form, rule.code);
    },
  } satisfies CheckoutEntry,
};
