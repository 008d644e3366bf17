// The one checkout route module (docs/decisions/0026), mounted by remix.config.js at every
// product's checkout URL. The URL names the product; the product's entry in the checkout table
// loads and acts; the organisation's checkout layout orders the blocks.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { TooSoonCheckout } from '~/components/checkout/guard-dialogs';
import { SoldOutCheckout } from '~/components/checkout/checkout-states';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import type { FingerprintHandle } from '~/components/fraud/use-fraud-widgets';
import { type CheckoutProductCode, checkoutPages, checkoutProductOf } from '~/domain/checkout-path';
import { documentHeaders } from '~/route-headers';
import { holdTooSoon, releaseCheckoutHold, savedTravelerChoices } from '~/services/booking/checkout.server';
import { tooSoon } from '~/products/page-entry.server';
import { releasedHoldPath } from '~/domain/destination-links';
import { getLayout } from '~/services/config/config.server';
import { respond } from '~/http/respond.server';
import { checkoutEntries } from '~/products/product-pages.server';
import { CheckoutView } from './views';
import { pageMeta } from '~/i18n/page-meta';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = documentHeaders;

function productOf(request: Request): CheckoutProductCode {
  const code = checkoutProductOf(new URL(request.url).pathname);
  if (!code) throw new Response('Not found', { status: 404 });
  return code;
}

/**
 * Sold out answers 409 (scripts and tests see the conflict; people see the message), too soon
 * shows only the Change Dates dialog, and an open checkout comes with the organisation's layout
 * and, for every product alike, the saved travellers its traveller block offers.
 */
export async function loader(args: LoaderFunctionArgs) {
  const answer = await checkoutEntries[productOf(args.request)].load(args);
  if (answer.state === 'soldOut') return json(answer, { status: 409 });
  if (answer.state === 'tooSoon') return json(answer);
  // A lead time raised for this user while the checkout was open (the page reloads on the event).
  const earliest = answer.hold ? await holdTooSoon(args.context, answer.hold.token) : null;
  if (earliest) return json(tooSoon(earliest));
  const savedTravelers = await savedTravelerChoices(args.context.user);
  return json({ ...answer, layout: getLayout(args.context.org, 'checkout', answer.product), savedTravelers }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * The checkout's posts, by their `intent`, alike for every product: opening checkout holds the
 * choice (the details page's form names no intent: POST-redirect-GET to the hold, sold out or too
 * soon), `traveler` saves the traveller step, `release` lets the hold go. Any other intent, or a
 * hold where the browser holds the choice itself, is a 400 that changes nothing.
 */
export async function action(args: ActionFunctionArgs) {
  const product = productOf(args.request);
  const entry = checkoutEntries[product];
  const form = await args.request.formData();
  const intent = form.get('intent') ?? 'hold';
  switch (intent) {
    case 'hold':
      if (entry.hold) return entry.hold(args, form);
      break;
    case 'traveler':
      return respond(await entry.traveler(args, form));
    case 'release':
      await releaseCheckoutHold(args.context, form.get('hold'));
      throw redirect(releasedHoldPath(new URL(args.request.url).pathname, checkoutPages(product)));
  }
  return json({ message: `This checkout takes no '${String(intent)}' post` }, { status: 400 });
}

export type OpenCheckoutData = Extract<SerializeFrom<typeof loader>, { state: 'open' }>;

/** Checkout collects a fingerprint (spec §1), after the page is up (app/components/fraud/use-fraud-widgets.ts). */
export const handle: FingerprintHandle = { fingerprint: true };

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (data.state === 'soldOut') return <SoldOutCheckout message={t(data.message)} back={data.back} backLabel={t(data.backLabel)} />;
  if (data.state === 'tooSoon') return <TooSoonCheckout earliest={data.earliest} />;
  return <CheckoutView data={data} />;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'checkout');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
