import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CarFacts, RentalSummary } from '~/components/cars/car-facts';
import { CarPriceBreakdown } from '~/components/cars/car-price';
import { HoldNotice, SoldOutCheckout } from '~/components/checkout/checkout-states';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { PaymentBlock } from '~/components/checkout/payment-block';
import { withCheckoutPayment } from '~/services/payments/checkout-payment.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { carSearchParams } from '~/domain/car-rental';
import { holdCar, loadCarCheckout } from '~/services/car-pages.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/checkout.server';
import { TooSoonCheckout } from '~/components/checkout/guard-dialogs';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  if (params.get('soldout') === '1') {
    params.delete('soldout');
    params.delete('car_id');
    // Answered 409 so that scripts and tests see the conflict; people see the message.
    return json({ soldOut: true as const, back: `/cars/search-details?${params.toString()}` }, { status: 409 });
  }
  const tooSoon = tooSoonOf(params);
  if (tooSoon) return json({ soldOut: false as const, tooSoon });
  if (!params.has('hold')) throw redirect('/cars/search-details');
  const page = await withCheckoutPayment(context, 'CAR', await loadCarCheckout(context, url));
  return json({ soldOut: false as const, tooSoon: null, ...page }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * Opening checkout holds one car, then shows the hold, or that it sold out, or that the
 * pickup is too soon to book (POST-redirect-GET). The traveller step posts here too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'traveler') return travelerAction(context, form, 'CAR');
  const { result, search } = await holdCar(context, form);
  if (result.kind === 'too_soon') throw redirect(`/cars/checkout?${tooSoonParams(result.earliest)}`);
  if (result.kind === 'held') {
    // The hold records the desks, times and driver's age: the link names only the hold.
    throw redirect(`/cars/checkout?${new URLSearchParams({ hold: result.hold.token }).toString()}`);
  }
  throw redirect(`/cars/checkout?soldout=1&${carSearchParams(search).toString()}`);
}

export default function CarCheckout() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (data.soldOut) return <SoldOutCheckout message={t('cars.checkout.soldOut')} back={data.back} backLabel={t('details.backToResults')} />;
  if (data.tooSoon) return <TooSoonCheckout earliest={data.tooSoon.earliest} />;
  return <CheckoutView data={data} />;
}

function CheckoutView({ data }: { data: Extract<SerializeFrom<typeof loader>, { soldOut: false; tooSoon: null }> }) {
  const t = useT();
  const { car, search } = data;
  return (
    <div className="checkout-page">
      <h1>{t('checkout.title')}</h1>
      <HoldNotice hold={data.hold} heldUntil={(time) => t('cars.checkout.heldUntil', { time })} expired={t('cars.checkout.expired')} searchAgain={`/cars/search-details?${carSearchParams(search).toString()}`} />
      <div className="checkout-layout">
        <section aria-labelledby="summary-title" className="checkout-summary">
          <h2 id="summary-title">
            {t(`cars.family.${car.carfamily}`)} · {car.cartype}
          </h2>
          <img src={car.image} alt="" width={320} height={192} />
          <CarFacts car={car} />
          <RentalSummary search={search} car={car} />
          <CarPriceBreakdown price={car.price} />
          {/* A postpaid car through the card provider: our markup now, the rest at the desk (decision 0019). */}
          {data.paymentMode.mode === 'card-provider' && car.price.payment === 'postpaid' ? <p className="payment-note">{t('payment.cardProviderNote', { amount: car.price.markup.text })}</p> : null}
        </section>
        <div>
          <p className="muted">{t('cars.checkout.mainDriver')}</p>
          <TravelerSection hold={data.hold.token} prefill={data.traveler} saved={data.savedTraveler} />
        </div>
        {data.hold.live ? (
          <PaymentBlock hold={data.hold.token} product="CAR" charge={data.charge} totalText={data.paymentMode.mode === 'card-provider' && car.price.payment === 'postpaid' ? car.price.markup.text : car.price.total.text} payment={data.payment} travelerSaved={data.savedTraveler !== null} />
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: 'Checkout' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
