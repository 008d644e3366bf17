import { type TripListDefinition, type TripListInput, defineProduct, tripListCommon } from '~/products/types';

type CarPlace = { code: string; name: string; city: string; country: string; date: string; time: string };

/** What a car trip list entry is made from (spec §3 "Car trip"). */
export type CarTripItem = {
  uid: string;
  id: string;
  carFamily: string;
  baggage: number;
  carType: string;
  pickup: CarPlace;
  dropoff: CarPlace;
  fareSummary: Record<string, unknown>;
  airConditioning: boolean;
  passengers: number;
  mileage: string;
  isTransport: boolean;
  freeCancellation: boolean;
  currency: string;
};

/** Spec §3 "Car trip": the car, its places and fare, and the request it was found by. */
export function carTripPayload(trip: TripListInput, item: CarTripItem) {
  return {
    ...tripListCommon(trip),
    uid: item.uid,
    id: item.id,
    carfamily: item.carFamily,
    baggage: item.baggage,
    cartype: item.carType,
    pickup_location: item.pickup.name,
    dropoff_location: item.dropoff.name,
    fare_summary: item.fareSummary,
    is_ac: item.airConditioning ? 1 : 0,
    noPax: item.passengers,
    mileage: item.mileage,
    is_transport: item.isTransport ? 1 : 0,
    freecancellation: item.freeCancellation ? 1 : 0,
    request: {
      pickup_code: item.pickup.code,
      dropoff_code: item.dropoff.code,
      pickup_date: item.pickup.date,
      dropoff_date: item.dropoff.date,
      pickup_time: item.pickup.time,
      dropoff_time: item.dropoff.time,
      pickup_city: item.pickup.city,
      dropoff_city: item.dropoff.city,
      pickup_country: item.pickup.country,
      dropoff_country: item.dropoff.country,
      currency: item.currency,
    },
  };
}

const tripList = {
  payload: 'car',
  calls: { create: 'createCarTripList', update: 'updateCarTripList' },
  build: carTripPayload,
} satisfies TripListDefinition<CarTripItem>;

export const car = defineProduct({
  code: 'CAR',
  loyaltyCode: 'CAR',
  family: 'car',
  pathSegments: ['cars'],
  landingPages: [{ slug: 'cars', search: true, adsCategory: 'CAR', nav: true }],
  pages: { searchForm: '/cars', results: '/cars/search-details', details: '/cars/details', checkout: '/cars/checkout' },
  membersOnlyAds: false,
  quote: {
    party: 'driver',
    priceLines: ['dailyRate', 'base', 'total', 'youngDriverFee', 'oneWayFee', 'tax', 'markup'],
    // The fees are there only when the rental has them.
    requiredLines: ['dailyRate', 'base', 'total', 'tax', 'markup'],
  },
  success: { page: '/cars/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: true, clientCardToSupplier: true },
  acknowledgement: 'standard',
  tripList,
});
