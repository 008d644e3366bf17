// Each product's own part of the checkout (docs/decisions/0026): the summary of what is bought,
// its price lines, and the hold it shows; the layout places them. One entry per product code.
import type { ComponentType } from 'react';
import { roomTypeName } from '~/domain/room-types';
import type { LayoutOf } from '#schemas/layout.schema';
import { CarFacts, RentalSummary } from '~/components/cars/car-facts';
import { CarPriceBreakdown } from '~/components/cars/car-price';
import { HoldNotice } from '~/components/checkout/checkout-states';
import { TravelerSection } from '~/components/checkout/traveler-section';
import { useUserDay } from '~/components/dates';
import { FareConditions, FlightPriceBreakdown, LegDetails, useLegLabel } from '~/components/flights/flight-itinerary';
import { flowCopy } from '~/components/hotels/flow-copy';
import { PriceBreakdown } from '~/components/hotels/price-breakdown';
import { OfferCheckoutView } from '~/components/offers/offer-checkout';
import { useT } from '~/components/shell-context';
import { WeeksCheckoutView } from '~/components/weeks/weeks-checkout';
import { carSearchParams } from '~/domain/car-rental';
import type { CheckoutProductCode } from '~/domain/checkout-path';
import { flightSearchParams } from '~/domain/flight-query';
import { CheckoutPage } from './checkout-layout';
import type { OpenCheckoutData } from './route';
import { familyRows } from '~/products/registry';

/** The page data of one product's open checkout. */
export type CheckoutPageOf<P extends CheckoutProductCode> = OpenCheckoutData extends infer O ? (O extends { product: infer Q } ? (P extends Q ? O : never) : never) : never;
export type CheckoutViewProps<P extends CheckoutProductCode> = { page: CheckoutPageOf<P>; layout: LayoutOf<'checkout'> };

function HotelCheckoutView({ page: data, layout }: CheckoutViewProps<'HLT'>) {
  const t = useT();
  const userDay = useUserDay();
  const copy = flowCopy[data.flow.propertyType];
  return (
    <CheckoutPage
      layout={layout}
      parts={{
        notice: (
          <HoldNotice
            hold={data.hold}
            heldUntil={(time) => t(copy.heldUntil, { time })}
            expired={t(copy.expired)}
            searchAgain={`${data.flow.base}/search-detail?destination=${data.hotel.destination_slug}`}
          />
        ),
        summary: ({ showImage }) => (
          <>
            <h2 id="summary-title">{data.hotel.name}</h2>
            {showImage ? <img src={data.hotel.image_path} alt="" width={320} height={192} /> : null}
            <p className="muted">{data.hotel.address}</p>
            <p>
              <strong>{roomTypeName(data.room, t)}</strong> · {data.room.refundable ? t('details.refundable') : t('details.nonRefundable')}
            </p>
            <p>{t(copy.stay, { checkin: userDay(data.stay.checkin), checkout: userDay(data.stay.checkout), rooms: data.stay.rooms, guests: data.stay.guests })}</p>
          </>
        ),
        price: <PriceBreakdown price={data.price} />,
        traveler: <TravelerSection prefill={data.traveler} saved={data.savedTraveler} choices={data.savedTravelers} />,
        payment: data.hold.live ? { hold: data.hold.token, product: 'HLT', charge: data.charge, totalText: data.price.total.text, payment: data.payment } : null,
      }}
    />
  );
}

function FlightCheckoutView({ page: data, layout }: CheckoutViewProps<'FLT'>) {
  const t = useT();
  const legLabel = useLegLabel(data.search.tripType);
  const { search } = data;
  return (
    <CheckoutPage
      layout={layout}
      parts={{
        notice: (
          <HoldNotice
            hold={data.hold}
            heldUntil={(time) => t('flight.checkout.heldUntil', { time })}
            expired={t('flight.checkout.expired')}
            searchAgain={`/flight/search-details?${flightSearchParams(search).toString()}`}
          />
        ),
        summary: () => (
          <>
            <h2 id="summary-title">
              {t('flight.checkout.fare', { fare: data.fare.brand.name })} · {t(`flight.cabin.${search.cabin}`)}
            </h2>
            <p>{t('flight.checkout.passengers', { adults: search.adults, children: search.children, infants: search.infants })}</p>
            {data.offer.legs.map((leg, i) => (
              <LegDetails key={leg.itineraryId} leg={leg} label={legLabel(i)} />
            ))}
            <FareConditions brand={data.fare.brand} />
          </>
        ),
        price: <FlightPriceBreakdown price={data.fare.price} />,
        traveler: <TravelerSection prefill={data.traveler} saved={data.savedTraveler} choices={data.savedTravelers} />,
        payment: data.hold.live ? { hold: data.hold.token, product: 'FLT', charge: data.charge, totalText: data.fare.price.total, payment: data.payment } : null,
      }}
    />
  );
}

function CarCheckoutView({ page: data, layout }: CheckoutViewProps<'CAR'>) {
  const t = useT();
  const { car, search } = data;
  // A postpaid car through the card provider: our markup now, the rest at the desk (decision 0019).
  const { markupNow } = data;
  return (
    <CheckoutPage
      layout={layout}
      parts={{
        notice: (
          <HoldNotice
            hold={data.hold}
            heldUntil={(time) => t('cars.checkout.heldUntil', { time })}
            expired={t('cars.checkout.expired')}
            searchAgain={`/cars/search-details?${carSearchParams(search).toString()}`}
          />
        ),
        summary: ({ showImage }) => (
          <>
            <h2 id="summary-title">
              {t(`cars.family.${car.carfamily}`)} · {car.cartype}
            </h2>
            {showImage ? <img src={car.image} alt="" width={320} height={192} /> : null}
            <CarFacts car={car} />
            <RentalSummary search={search} car={car} />
          </>
        ),
        price: (
          <>
            <CarPriceBreakdown price={car.price} />
            {markupNow ? <p className="payment-note">{t('payment.cardProviderNote', { amount: markupNow.text })}</p> : null}
          </>
        ),
        traveler: (
          <div>
            <p className="muted">{t('cars.checkout.mainDriver')}</p>
            <TravelerSection prefill={data.traveler} saved={data.savedTraveler} choices={data.savedTravelers} />
          </div>
        ),
        payment: data.hold.live
          ? { hold: data.hold.token, product: 'CAR', charge: data.charge, totalText: markupNow ? markupNow.text : car.price.total.text, payment: data.payment }
          : null,
      }}
    />
  );
}

const checkoutViews: { [P in CheckoutProductCode]: ComponentType<CheckoutViewProps<P>> } = {
  HLT: HotelCheckoutView,
  FLT: FlightCheckoutView,
  CAR: CarCheckoutView,
  ...familyRows('offer', () => OfferCheckoutView),
  RST: WeeksCheckoutView,
  STY: WeeksCheckoutView,
};

/** The open checkout of whichever product the loader answered for. */
export function CheckoutView({ data }: { data: OpenCheckoutData }) {
  // TypeScript cannot correlate the union member with its entry; the map's type guarantees it.
  const View = checkoutViews[data.product] as ComponentType<{ page: typeof data; layout: LayoutOf<'checkout'> }>;
  return <View page={data} layout={data.layout} />;
}
