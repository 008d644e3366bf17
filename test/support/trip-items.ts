// One item per product, as its trip list builder (app/products/*.ts `tripList.build`) takes it:
// the registry's and the trips' tests build the spec §3 payloads from these. A product sending
// the same payload as one listed here (a new scheduled offer) is tested with that one's item.
import { PRODUCT_CODES, type ProductCode, products } from '~/products/registry';
import type { TripListInput } from '~/products/types';

export const tripItems = {
  HLT: {
    hotelName: 'Hotel Azul',
    hotelId: 'h-1',
    cityName: 'Cancún',
    hotelAddress: 'Blvd. Kukulcán 1',
    searchId: 's-1',
    starRating: 4,
    lat: 21.1,
    long: -86.8,
    fromDate: '2026-12-01',
    toDate: '2026-12-08',
    rooms: [{ adults: 2, children: 0 }],
    searchRequest: { destination: 'cancun' },
    nights: 7,
    price: 700,
    tax: 112,
    inclusive: 812,
    supplierCode: 'OWN',
    strikeOutPrice: 1015,
    usd: { price: 700, tax: 112, inclusive: 812 },
    currency: 'USD',
  },
  FLT: {
    id: 'it-1',
    uid: 'u-1',
    bounds: [{ from: 'MEX', to: 'CUN' }],
    fareSummary: { total: 300, currency: 'USD' },
    request: {
      tripType: 'oneway',
      cabinClass: 'economy',
      adults: 2,
      children: 1,
      infants: 0,
      brandedFare: 'basic',
      legs: [{ from: 'MEX', to: 'CUN', date: '2026-12-01' }],
      lat: 19.4,
      lng: -99.1,
    },
  },
  CAR: {
    uid: 'u-2',
    id: 'car-1',
    carFamily: 'Compact',
    baggage: 2,
    carType: 'Nissan Versa',
    fareSummary: { total: 210 },
    airConditioning: true,
    passengers: 5,
    mileage: 'unlimited',
    isTransport: false,
    freeCancellation: true,
    currency: 'USD',
    pickup: { code: 'CUN', name: 'Cancún Airport', city: 'Cancún', country: 'MX', date: '2026-12-01', time: '10:00' },
    dropoff: { code: 'CUN', name: 'Cancún Airport', city: 'Cancún', country: 'MX', date: '2026-12-08', time: '10:00' },
  },
  ACT: {
    productCode: 'ACT',
    optionCode: 'opt-1',
    startTime: '09:00',
    pax: 2,
    destination: 'Cancún',
    guestRating: 4.6,
    price: { b2b: 80, b2c: 100, markup: 20, taxes: 16, strike: null },
  },
  TRF: { transfersName: 'Hotel zone · Private van', date: '2026-12-01', time: '14:00', returnDate: '2026-12-08', returnTime: '09:00' },
  CRUISE: {
    productCode: 'CRUISE',
    optionCode: 'cabin-1',
    startTime: '2026-12-01',
    pax: 2,
    destination: 'Cozumel',
    guestRating: null,
    price: { b2b: 900, b2c: 1000, markup: 100, taxes: 0, strike: 1200 },
  },
  RESTAURANT: {
    productCode: 'RESTAURANT',
    optionCode: 'table-1',
    startTime: '20:00',
    pax: 4,
    destination: 'Cancún',
    guestRating: 4.2,
    price: { b2b: 40, b2c: 50, markup: 10, taxes: 8, strike: null },
  },
  RST: {
    resortId: 3,
    provider: 'OWN',
    whitelabelNo: 'WL-1',
    unitCost: 900,
    retailPrice: 1200,
    feedCost: 800,
    nights: 7,
    stars: 5,
    review: '9.2',
    address: 'Ocean Blvd',
    lat: 21.1,
    long: -86.8,
  },
  STY: {
    resortId: 4,
    provider: 'OWN',
    whitelabelNo: 'WL-1',
    unitCost: 500,
    retailPrice: 700,
    feedCost: 450,
    nights: 7,
    stars: 3,
    review: '8.1',
    address: 'Garden Lane',
    lat: 21.1,
    long: -86.8,
  },
  WEEKS: {
    resortId: 3,
    provider: 'OWN',
    whitelabelNo: 'WL-1',
    unitCost: 900,
    retailPrice: 1200,
    feedCost: 800,
    nights: 7,
    stars: 5,
    review: '9.2',
    address: 'Ocean Blvd',
    lat: 21.1,
    long: -86.8,
  },
} satisfies { [C in ProductCode]?: Parameters<(typeof products)[C]['tripList']['build']>[1] };

/** `code`'s own entry of `table`, else the entry of the first product that sends the same trip payload. */
export function byTripPayload<T>(table: { readonly [C in ProductCode]?: T }, code: ProductCode): T {
  const shape = products[code].tripList.payload;
  const twin = [code, ...PRODUCT_CODES].find((other) => table[other] !== undefined && products[other].tripList.payload === shape);
  if (twin === undefined) throw new Error(`No example of the ${shape} trip payload for ${code}`);
  return table[twin]!;
}

/** The spec §3 payload of `code`'s item on `trip`, as its registry builder makes it. */
export const tripPayloadOf = (code: ProductCode, trip: TripListInput): Record<string, unknown> =>
  (products[code].tripList.build as (trip: TripListInput, item: unknown) => Record<string, unknown>)(trip, byTripPayload<unknown>(tripItems, code));
