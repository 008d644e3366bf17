import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { OfferCheckoutPage } from '~/components/offers/offer-checkout';
import { tooSoonOf, travelerAction } from '~/services/checkout.server';
import { holdOffer, loadOfferCheckout, offerPageContext } from '~/services/offer-pages.server';
import { withCheckoutPayment } from '~/services/payments/checkout-payment.server';
import { offerProducts } from '~/domain/offers';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tooSoon = tooSoonOf(url.searchParams);
  if (tooSoon) {
    await offerPageContext(context, params.product);
    return json({ soldOut: false as const, tooSoon });
  }
  if (url.searchParams.get('soldout') === '1') {
    const { segment } = await offerPageContext(context, params.product);
    url.searchParams.delete('soldout');
    // Answered 409 so that scripts and tests see the conflict; people see the message and a way back.
    return json({ soldOut: true as const, segment, back: `/${segment}/details?${url.searchParams.toString()}` }, { status: 409 });
  }
  if (!url.searchParams.has('hold')) {
    const { segment } = await offerPageContext(context, params.product);
    throw redirect(`/${segment}/search-details`);
  }
  const offer = await loadOfferCheckout(context, url, params.product);
  const page = await withCheckoutPayment(context, offerProducts[offer.segment].code, offer);
  return json({ soldOut: false as const, tooSoon: null, ...page }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * Opening checkout holds the chosen option, then shows the hold, or that it sold out, or that
 * the date is too soon to book (POST-redirect-GET). The traveller step posts here too.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'traveler') {
    const { rule } = await offerPageContext(context, params.product);
    return travelerAction(context, form, rule.code);
  }
  const { token, back } = await holdOffer(context, params.product, form);
  const segment = params.product!;
  // The hold records the slot, party and return leg: the link names only the hold.
  if (token) throw redirect(`/${segment}/checkout?${new URLSearchParams({ hold: token }).toString()}`);
  throw redirect(`/${segment}/checkout?soldout=1&${back}`);
}

export default OfferCheckoutPage;

export const meta: MetaFunction = () => [{ title: 'Checkout' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
