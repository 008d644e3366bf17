import { type TripListCalls, type TripListDefinition, type TripListInput, tripListCommon } from '~/products/types';

/** What a scheduled offer's trip list entry is made from (spec §3 "Activity trip"). */
export type OfferTripItem = {
  productCode: string;
  optionCode: string;
  /** ISO instant or 'HH:MM' the option starts. */
  startTime: string;
  pax: number;
  destination: string;
  guestRating: number | null;
  price: {
    b2b: number;
    b2c: number;
    markup: number;
    taxes: number;
    /** The struck-out price, or null when there is none. */
    strike: number | null;
  };
};

/**
 * Spec §3 "Activity trip": product code, option code, start_time, pax, destination, guest
 * rating and the price b2b/b2c with markup, taxes and strike. Cruises and restaurants are
 * scheduled offers of the same engine and send the same shape.
 */
export function offerTripPayload(trip: TripListInput, item: OfferTripItem) {
  return {
    ...tripListCommon(trip),
    product_code: item.productCode,
    option_code: item.optionCode,
    start_time: item.startTime,
    pax: item.pax,
    destination: item.destination,
    guest_rating: item.guestRating,
    price: { b2b: item.price.b2b, b2c: item.price.b2c, markup: item.price.markup, taxes: item.price.taxes, strike: item.price.strike ?? 0 },
  };
}

/** Spec §7 names no cruise or restaurant trip calls: scheduled offers are listed as activities. */
const offerTripCalls = { create: 'createActivitiesTripList', update: 'updateActivitiesTripList' } as const satisfies TripListCalls;

/** The activity trip list every scheduled offer sends (a new offer product reuses it as is). */
export const offerTripList = {
  payload: 'offer',
  calls: offerTripCalls,
  build: offerTripPayload,
} as const satisfies TripListDefinition<OfferTripItem>;
