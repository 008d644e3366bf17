import { type TripListDefinition, type TripListInput, defineProduct, tripListCommon } from '~/products/types';

/** What a flight trip list entry is made from (spec §3 "Flight trip"). */
export type FlightTripItem = {
  id: string;
  uid: string;
  /** The bounds (legs) as the itinerary lists them. */
  bounds: readonly Record<string, unknown>[];
  fareSummary: Record<string, unknown>;
  request: {
    tripType: string;
    cabinClass: string;
    adults: number;
    children: number;
    infants: number;
    brandedFare: string;
    legs: readonly { from: string; to: string; date: string }[];
    lat: number;
    lng: number;
  };
};

/** Spec §3 "Flight trip": bnds, fare_summary, id, uid, trip image and the search request. */
export function flightTripPayload(trip: TripListInput, item: FlightTripItem) {
  return {
    ...tripListCommon(trip),
    bnds: item.bounds.map((bound) => ({ ...bound })),
    fare_summary: item.fareSummary,
    id: item.id,
    uid: item.uid,
    request: {
      triptype: item.request.tripType,
      cabinclass: item.request.cabinClass,
      noofadults: item.request.adults,
      noofchilds: item.request.children,
      noofinfants: item.request.infants,
      brandedfare: item.request.brandedFare,
      flightsearch: item.request.legs.map((leg) => ({ ...leg })),
      lat: item.request.lat,
      lng: item.request.lng,
    },
  };
}

const tripList = {
  payload: 'flight',
  calls: { create: 'createFlightTripList', update: 'updateFlightTripList' },
  build: flightTripPayload,
} satisfies TripListDefinition<FlightTripItem>;

export const flight = defineProduct({
  code: 'FLT',
  loyaltyCode: 'FLT',
  family: 'flight',
  pathSegments: ['flight'],
  landingPages: [{ slug: 'flight', search: true, adsCategory: 'FLT', nav: true }],
  pages: { searchForm: '/flight', results: '/flight/search-details', details: '/flight/details', checkout: '/flight/checkout' },
  membersOnlyAds: false,
  quote: {
    party: 'passengers',
    // Per passenger type (the types the trip carries), then the trip's.
    priceLines: [
      'adult.fare',
      'adult.fareSubtotal',
      'adult.perPerson',
      'adult.subtotal',
      'adult.tax',
      'child.fare',
      'child.fareSubtotal',
      'child.perPerson',
      'child.subtotal',
      'child.tax',
      'infant.fare',
      'infant.fareSubtotal',
      'infant.perPerson',
      'infant.subtotal',
      'infant.tax',
      'beforeTax',
      'total',
      'tax',
    ],
    // Every trip carries an adult.
    requiredLines: ['adult.fare', 'adult.fareSubtotal', 'adult.perPerson', 'adult.subtotal', 'adult.tax', 'beforeTax', 'total', 'tax'],
  },
  success: { page: '/flight/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'flight',
  tripList,
});
