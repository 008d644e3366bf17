import { HoldNotice } from '~/components/checkout/checkout-states';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { useShell, useT } from '~/components/shell-context';
import type { CheckoutViewProps } from '~/checkout/views';
import { CheckoutPage } from '~/checkout/checkout-layout';
import type { OfferProductCode } from '~/domain/offers';
import { offerProducts } from '~/domain/offers';
import { OfferPrice } from './offer-price';
import { formatOfferDay } from './offer-search-form';

/** /{product}/checkout of a scheduled offer: the held option, until when it is held, its price and the traveller. */
export function OfferCheckoutView({ page: data, layout }: CheckoutViewProps<OfferProductCode>) {
  const t = useT();
  const { locale } = useShell();
  const [start, back] = data.legs;
  return (
    <CheckoutPage
      layout={layout}
      parts={{
        notice: (
          <HoldNotice hold={data.hold} heldUntil={(time) => t('offers.checkout.heldUntil', { time })} expired={t('offers.checkout.expired')} searchAgain={`/${data.segment}`} />
        ),
        summary: ({ showImage }) => (
          <>
            <h2 id="summary-title">{data.offer.name}</h2>
            {showImage ? <img src={data.offer.image_path} alt="" width={320} height={192} /> : null}
            <p className="muted">{data.offer.destination}</p>
            <p>
              <strong>{data.option.name}</strong> · {data.option.refundable ? t('details.refundable') : t('details.nonRefundable')}
            </p>
            <p>{t('offers.checkout.when', { day: formatOfferDay(start!.day, locale.language), time: start!.time })}</p>
            {back ? <p>{t('offers.checkout.return', { day: formatOfferDay(back.day, locale.language), time: back.time })}</p> : null}
            {data.segment === 'cruises' ? <p>{t('offers.checkout.until', { day: formatOfferDay(data.ends, locale.language) })}</p> : null}
            <p>
              {t(`offers.field.guests.${data.segment}`)}: {data.guests}
            </p>
          </>
        ),
        price: <OfferPrice price={data.price} />,
        traveler: <TravelerSection prefill={data.traveler} saved={data.savedTraveler} choices={data.savedTravelers} />,
        payment: data.hold.live
          ? { hold: data.hold.token, product: offerProducts[data.segment].code, charge: data.charge, totalText: data.price.total.text, payment: data.payment }
          : null,
      }}
    />
  );
}
