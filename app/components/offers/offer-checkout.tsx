import type { SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { TooSoonCheckout } from '~/components/checkout/guard-dialogs';
import { HoldNotice, SoldOutCheckout } from '~/components/checkout/checkout-states';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { PaymentBlock } from '~/components/checkout/payment-block';
import { useShell, useT } from '~/components/shell-context';
import type { loadOfferCheckout } from '~/services/offer-pages.server';
import type { CheckoutPayment } from '~/services/payments/checkout-payment.server';
import { OfferPrice } from './offer-price';
import { formatOfferDay } from './offer-search-form';
import { offerProducts } from '~/domain/offers';

type Checkout = SerializeFrom<typeof loadOfferCheckout> & { payment: CheckoutPayment };
export type OfferCheckoutData =
  | { soldOut: true; back: string; segment: Checkout['segment'] }
  | { soldOut: false; tooSoon: { earliest: string } }
  | ({ soldOut: false; tooSoon: null } & Checkout);

/** /{product}/checkout: the held option, until when it is held, its price and the traveller. */
export function OfferCheckoutPage() {
  const data = useLoaderData<OfferCheckoutData>();
  const t = useT();
  if (data.soldOut) return <SoldOutCheckout message={t('offers.checkout.soldOut')} back={data.back} backLabel={t('offers.checkout.chooseAnother')} />;
  if (data.tooSoon) return <TooSoonCheckout earliest={data.tooSoon.earliest} />;
  return <CheckoutView data={data} />;
}

function CheckoutView({ data }: { data: Extract<OfferCheckoutData, { tooSoon: null }> }) {
  const t = useT();
  const { locale } = useShell();
  const [start, back] = data.legs;
  return (
    <div className="checkout-page">
      <h1>{t('checkout.title')}</h1>
      <HoldNotice hold={data.hold} heldUntil={(time) => t('offers.checkout.heldUntil', { time })} expired={t('offers.checkout.expired')} searchAgain={`/${data.segment}`} />
      <div className="checkout-layout">
        <section aria-labelledby="summary-title" className="checkout-summary">
          <h2 id="summary-title">{data.offer.name}</h2>
          <img src={data.offer.image_path} alt="" width={320} height={192} />
          <p className="muted">{data.offer.destination}</p>
          <p>
            <strong>{data.option.name}</strong> · {data.option.refundable ? t('details.refundable') : t('details.nonRefundable')}
          </p>
          <p>{t('offers.checkout.when', { day: formatOfferDay(start!.day, locale.language), time: start!.time })}</p>
          {back ? <p>{t('offers.checkout.return', { day: formatOfferDay(back.day, locale.language), time: back.time })}</p> : null}
          {data.segment === 'cruises' ? <p>{t('offers.checkout.until', { day: formatOfferDay(data.ends, locale.language) })}</p> : null}
          <p>{t(`offers.field.guests.${data.segment}`)}: {data.guests}</p>
          <OfferPrice segment={data.segment} price={data.price} />
        </section>
        <TravelerSection hold={data.hold.token} prefill={data.traveler} saved={data.savedTraveler} />
        {data.hold.live ? (
          <PaymentBlock hold={data.hold.token} product={offerProducts[data.segment].code} charge={data.charge} totalText={data.price.total.text} payment={data.payment} travelerSaved={data.savedTraveler !== null} />
        ) : null}
      </div>
    </div>
  );
}
