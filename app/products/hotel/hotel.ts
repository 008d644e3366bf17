import { type TripListDefinition, type TripListInput, defineProduct, tripListCommon } from '~/products/types';

/** What a hotel trip list entry is made from (spec §3 "Hotel trip"). */
export type HotelTripItem = {
  hotelName: string;
  hotelId: string;
  cityName: string;
  hotelAddress: string;
  searchId: string;
  starRating: number;
  lat: number;
  long: number;
  fromDate: string;
  toDate: string;
  /** The rooms searched, as the search request carries them. */
  rooms: readonly { adults: number; children: number }[];
  searchRequest: Record<string, unknown>;
  nights: number;
  /** Prices in the display currency, and the same in USD. */
  price: number;
  tax: number;
  inclusive: number;
  supplierCode: string;
  strikeOutPrice: number | null;
  usd: { price: number; tax: number; inclusive: number };
  /** The display currency of price, tax and inclusive (ISO 4217). */
  currency: string;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Spec §3 "Hotel trip": identity and place, stay and search, pricing, status 'A'. */
export function hotelTripPayload(trip: TripListInput, item: HotelTripItem) {
  const discount = item.strikeOutPrice && item.strikeOutPrice > item.inclusive ? Math.round((1 - item.inclusive / item.strikeOutPrice) * 100) : 0;
  return {
    ...tripListCommon(trip),
    Hotel_name: item.hotelName,
    hotel_id: item.hotelId,
    city_name: item.cityName,
    hotel_address: item.hotelAddress,
    search_id: item.searchId,
    star_rating: item.starRating,
    lat: item.lat,
    long: item.long,
    fromdate: item.fromDate,
    todate: item.toDate,
    rooms: item.rooms.map((room) => ({ ...room })),
    search_req: item.searchRequest,
    no_of_nights: item.nights,
    no_of_rooms: item.rooms.length,
    price: item.price,
    tax: item.tax,
    inclusive: item.inclusive,
    supplier_code: item.supplierCode,
    per_night_price: item.nights > 0 ? round2(item.inclusive / item.nights) : item.inclusive,
    strike_out_price: item.strikeOutPrice ?? 0,
    discount_percentage: discount,
    usd_price: item.usd.price,
    usd_tax: item.usd.tax,
    usd_inclusive: item.usd.inclusive,
    currency: item.currency,
    status: 'A' as const,
  };
}

const tripList = {
  payload: 'hotel',
  calls: { create: 'createTripList', update: 'updateTripList' },
  build: hotelTripPayload,
} satisfies TripListDefinition<HotelTripItem>;

/**
 * Hotels, and holiday homes (apartments, villas, cottages let whole) in the same flow under
 * /holidaystays (app/domain/hotel-flow.ts). Packages are hotel stays at package rates.
 */
export const hotel = defineProduct({
  code: 'HLT',
  loyaltyCode: 'HTL',
  family: 'hotel',
  pathSegments: ['hotels', 'holidaystays', 'packages'],
  landingPages: [
    { slug: 'hotels', search: false, adsCategory: null, nav: true },
    { slug: 'holidaystays', search: true, adsCategory: 'HLT', nav: false },
    { slug: 'packages', search: true, adsCategory: null, nav: false },
  ],
  pages: { searchForm: '/hotels', results: '/search-detail', details: '/hotel-details', checkout: '/hotel-checkout' },
  membersOnlyAds: false,
  quote: {
    party: 'rooms',
    priceLines: ['perNight', 'beforeTax', 'total', 'strikeTotal', 'tax', 'markup', 'memberDiscount'],
    // strikeTotal: only a room with a struck-through price has it; memberDiscount: only an ACTIVE member's quote.
    requiredLines: ['perNight', 'beforeTax', 'total', 'tax'],
  },
  success: { page: '/checkout-success', holidayHomesPage: '/holidaystays/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList,
});
