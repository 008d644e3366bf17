import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { flowCopy } from '~/components/hotels/flow-copy';
import { PriceBreakdown } from '~/components/hotels/price-breakdown';
import { useT } from '~/components/shell-context';
import { useUserDay } from '~/components/dates';
import { hotelFlowOf } from '~/domain/hotel-flow';
import { hotelSearchParams } from '~/domain/hotel-query';
import { holdHotelRoom, loadHotelCheckout } from '~/services/hotel-pages.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/checkout.server';
import { TooSoonCheckout } from '~/components/checkout/guard-dialogs';
import { HoldNotice, SoldOutCheckout } from '~/components/checkout/checkout-states';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { PaymentBlock } from '~/components/checkout/payment-block';
import { withCheckoutPayment } from '~/services/payments/checkout-payment.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const flow = hotelFlowOf(url.pathname);
  if (params.get('soldout') === '1') {
    params.delete('soldout');
    // Answered 409 so that scripts and tests see the conflict; people see the message.
    return json({ soldOut: true as const, flow, back: `${flow.base}/search-detail?${params.toString()}` }, { status: 409 });
  }
  const tooSoon = tooSoonOf(params);
  if (tooSoon) return json({ soldOut: false as const, tooSoon });
  if (!params.has('hold')) throw redirect(`${flow.base}/search-detail`);
  const page = await withCheckoutPayment(context, 'HLT', await loadHotelCheckout(context, url));
  return json({ soldOut: false as const, tooSoon: null, ...page }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * Opening checkout holds the room, then shows the hold, or that it sold out, or that the date
 * is too soon to book (POST-redirect-GET). The traveller step posts here too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'traveler') {
    return travelerAction(context, form, 'HLT');
  }
  const { result, search, flow } = await holdHotelRoom(context, new URL(request.url), form);
  const checkout = `${flow.base}/hotel-checkout`;
  if (result.kind === 'too_soon') throw redirect(`${checkout}?${tooSoonParams(result.earliest)}`);
  if (result.kind === 'held') {
    // The hold records the party and the rate: the link names only the hold.
    throw redirect(`${checkout}?hold=${encodeURIComponent(result.hold.token)}`);
  }
  throw redirect(`${checkout}?soldout=1&${hotelSearchParams(search).toString()}`);
}

export default function HotelCheckout() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  if (data.soldOut) return <SoldOutCheckout message={t(flowCopy[data.flow.propertyType].soldOut)} back={data.back} backLabel={t('details.backToResults')} />;
  if (data.tooSoon) return <TooSoonCheckout earliest={data.tooSoon.earliest} />;
  return <CheckoutView data={data} />;
}

function CheckoutView({ data }: { data: Extract<SerializeFrom<typeof loader>, { soldOut: false; tooSoon: null }> }) {
  const t = useT();
  const userDay = useUserDay();
  const copy = flowCopy[data.flow.propertyType];
  return (
    <div className="checkout-page">
      <h1>{t('checkout.title')}</h1>
      <HoldNotice
        hold={data.hold}
        heldUntil={(time) => t(copy.heldUntil, { time })}
        expired={t(copy.expired)}
        searchAgain={`${data.flow.base}/search-detail?destination=${data.hotel.destination_slug}`}
      />
      <div className="checkout-layout">
        <section aria-labelledby="summary-title" className="checkout-summary">
          <h2 id="summary-title">{data.hotel.name}</h2>
          <img src={data.hotel.image_path} alt="" width={320} height={192} />
          <p className="muted">{data.hotel.address}</p>
          <p>
            <strong>{data.room.name}</strong> · {data.room.refundable ? t('details.refundable') : t('details.nonRefundable')}
          </p>
          <p>{t(copy.stay, { checkin: userDay(data.stay.checkin), checkout: userDay(data.stay.checkout), rooms: data.stay.rooms, guests: data.stay.guests })}</p>
          <PriceBreakdown price={data.price} />
        </section>
        <TravelerSection hold={data.hold.token} prefill={data.traveler} saved={data.savedTraveler} />
        {data.hold.live ? (
          <PaymentBlock hold={data.hold.token} product="HLT" charge={data.charge} totalText={data.price.total.text} payment={data.payment} travelerSaved={data.savedTraveler !== null} />
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: 'Checkout' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
