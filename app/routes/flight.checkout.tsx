import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { HoldNotice, SoldOutCheckout } from '~/components/checkout/checkout-states';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { PaymentBlock } from '~/components/checkout/payment-block';
import { withCheckoutPayment } from '~/services/payments/checkout-payment.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FareConditions, FlightPriceBreakdown, LegDetails, useLegLabel } from '~/components/flights/flight-itinerary';
import { useT } from '~/components/shell-context';
import { flightSearchParams } from '~/domain/flight-query';
import { holdFlight, loadFlightCheckout } from '~/services/flight-pages.server';
import { requireFlightVisitor } from '~/services/route-behaviours.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/checkout.server';
import { TooSoonCheckout } from '~/components/checkout/guard-dialogs';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  requireFlightVisitor(url.pathname, context);
  const params = url.searchParams;
  if (params.get('soldout') === '1') {
    params.delete('soldout');
    // Answered 409 so that scripts and tests see the conflict; people see the message.
    return json({ soldOut: true as const, back: `/flight/search-details?${params.toString()}` }, { status: 409 });
  }
  const tooSoon = tooSoonOf(params);
  if (tooSoon) return json({ soldOut: false as const, tooSoon });
  if (!params.has('hold')) throw redirect('/flight');
  const page = await withCheckoutPayment(context, 'FLT', await loadFlightCheckout(context, url));
  return json({ soldOut: false as const, tooSoon: null, ...page }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * Opening checkout holds the fare's seats on every flight, then shows the hold, or that it
 * sold out, or that the departure is too soon to book (POST-redirect-GET). The traveller step
 * posts here too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireFlightVisitor(new URL(request.url).pathname, context);
  const form = await request.formData();
  if (form.get('intent') === 'traveler') return travelerAction(context, form, 'FLT');
  const { result, search } = await holdFlight(context, new URL(request.url), form);
  if (result.kind === 'too_soon') throw redirect(`/flight/checkout?${tooSoonParams(result.earliest)}`);
  if (result.kind === 'held') {
    // The hold records the search, trip, fare and passengers: the link names only the hold.
    throw redirect(`/flight/checkout?hold=${encodeURIComponent(result.hold.token)}`);
  }
  throw redirect(`/flight/checkout?soldout=1&${flightSearchParams(search).toString()}`);
}

export default function FlightCheckout() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (data.soldOut) return <SoldOutCheckout message={t('flight.checkout.soldOut')} back={data.back} backLabel={t('details.backToResults')} />;
  if (data.tooSoon) return <TooSoonCheckout earliest={data.tooSoon.earliest} />;
  return <CheckoutView data={data} />;
}

function CheckoutView({ data }: { data: Extract<SerializeFrom<typeof loader>, { soldOut: false; tooSoon: null }> }) {
  const t = useT();
  const legLabel = useLegLabel(data.search.tripType);
  const { search } = data;
  return (
    <div className="checkout-page">
      <h1>{t('checkout.title')}</h1>
      <HoldNotice hold={data.hold} heldUntil={(time) => t('flight.checkout.heldUntil', { time })} expired={t('flight.checkout.expired')} searchAgain={`/flight/search-details?${flightSearchParams(search).toString()}`} />
      <div className="checkout-layout">
        <section aria-labelledby="summary-title" className="checkout-summary">
          <h2 id="summary-title">
            {t('flight.checkout.fare', { fare: data.fare.brand.name })} · {t(`flight.cabin.${search.cabin}`)}
          </h2>
          <p>{t('flight.checkout.passengers', { adults: search.adults, children: search.children, infants: search.infants })}</p>
          {data.offer.legs.map((leg, i) => (
            <LegDetails key={leg.itineraryId} leg={leg} label={legLabel(i)} />
          ))}
          <FareConditions brand={data.fare.brand} />
          <FlightPriceBreakdown price={data.fare.price} />
        </section>
        <TravelerSection hold={data.hold.token} prefill={data.traveler} saved={data.savedTraveler} />
        {data.hold.live ? (
          <PaymentBlock hold={data.hold.token} product="FLT" charge={data.charge} totalText={data.fare.price.total} payment={data.payment} travelerSaved={data.savedTraveler !== null} />
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: 'Checkout' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
