// What the server checks and reads of each spec §3 trip list payload (app/domain/trips.ts, spec
// §8): keyed by the payload's shape, since products sending the same payload share its calls and
// its rules. Server-side data: no browser page needs them, so they stay out of the product
// registry that every page loads.
import type { TripPayloadShape, TripRules } from '~/products/types';

export const tripRules = {
  hotel: {
    label: 'HLT',
    required: [
      ['hotel_id', 'hotel id'],
      ['Hotel_name', 'hotel name'],
      ['city_name', 'city name'],
      ['fromdate', 'check-in date'],
      ['todate', 'check-out date'],
    ],
    key: ['hotel_id'],
    place: { city: 'city_name', lat: 'lat', lng: 'long' },
  },
  flight: {
    label: 'FLT',
    required: [
      ['id', 'flight id'],
      ['bnds', 'flight bounds'],
      ['request.flightsearch', 'flight search legs'],
    ],
    key: ['id'],
    place: { lat: 'request.lat', lng: 'request.lng' },
  },
  car: {
    label: 'CAR',
    required: [
      ['id', 'car id'],
      ['pickup_location', 'pickup location'],
      ['dropoff_location', 'dropoff location'],
      ['request.pickup_date', 'pickup date'],
      ['request.dropoff_date', 'dropoff date'],
    ],
    key: ['id', 'request.pickup_date'],
    place: { city: 'request.pickup_city', country: 'request.pickup_country' },
  },
  transfer: {
    label: 'TRF',
    required: [
      ['trf_transfers_name', 'transfer name'],
      ['trf_date', 'transfer date'],
    ],
    key: ['trf_transfers_name', 'trf_date'],
    place: {},
  },
  /** Scheduled offers are listed as activities. */
  offer: {
    label: 'ACT',
    required: [
      ['product_code', 'product code'],
      ['option_code', 'option code'],
      ['start_time', 'start time'],
    ],
    key: ['product_code', 'option_code', 'start_time'],
    place: { city: 'destination' },
  },
  /** Resorts, stays and weeks share the calls; spec §8 names them 'RST-STY'. */
  resort: {
    label: 'RST-STY',
    required: [
      ['rst_resort_id', 'resort id'],
      ['rst_nights', 'nights'],
    ],
    key: ['rst_resort_id'],
    place: { lat: 'rst_lat', lng: 'rst_long' },
  },
} as const satisfies Record<TripPayloadShape, TripRules>;
