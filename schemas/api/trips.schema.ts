// Bodies of the trip calls (docs/api.md "Trips"; spec §3 "Trip list payloads", §7 "Trips"), field
// names as the spec has them. Every object the spec describes is closed; the free-form parts of a
// payload (a fare summary, the search request a hotel was found by, a flight's bounds) are
// objects kept as sent. A product's required data is not `required` here: a payload without it
// is the spec's own refusal ("data required for … trip creation", app/domain/trips.ts).
import { PRODUCT_CODES } from '~/products/types';

const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const uuid = { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } as const;
const text = { type: 'string', maxLength: 300 } as const;
/** A product's own id: its supplier's text or number. */
const ref = { type: ['string', 'integer'], maxLength: 100 } as const;
const number = { type: 'number' } as const;
const flag = { type: 'integer', enum: [0, 1] } as const;
const count = { type: 'integer', minimum: 0, maximum: 100 } as const;
/** Kept as sent (a fare summary, a search request). */
const freeObject = { type: 'object', maxProperties: 60 } as const;
const userId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const orgId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const productType = { type: 'string', enum: PRODUCT_CODES } as const;
/** Spec §7: the trip calls send type 3. */
const tripType = { type: 'integer', enum: [3] } as const;
const usrType = { type: 'integer', minimum: 1, maximum: 9 } as const;
const detailsFlag = { type: ['integer', 'boolean'], enum: [0, 1, true, false] } as const;

/** Spec §3 "Common fields", plus product_type: which of the call's products the item is (resorts: RST or STY). */
const common = {
  trip_list_id: { oneOf: [uuid, { type: 'null' }] },
  trip_list_name: { type: 'string', maxLength: 120 },
  user_id: userId,
  org_id: orgId,
  checkin_date: day,
  checkout_date: day,
  type: tripType,
  trip_image: { type: 'string', maxLength: 500 },
  usr_type: usrType,
  product_type: productType,
} as const;
const commonRequired = ['user_id', 'org_id', 'checkin_date', 'checkout_date'] as const;

/** Spec §3 "Hotel trip". */
const hotel = {
  Hotel_name: text,
  hotel_id: ref,
  city_name: text,
  hotel_address: text,
  search_id: ref,
  star_rating: number,
  lat: number,
  long: number,
  fromdate: text,
  todate: text,
  rooms: { type: 'array', maxItems: 9, items: { type: 'object', properties: { adults: count, children: count }, additionalProperties: false } },
  search_req: freeObject,
  no_of_nights: count,
  no_of_rooms: count,
  price: number,
  tax: number,
  inclusive: number,
  supplier_code: text,
  per_night_price: number,
  strike_out_price: number,
  discount_percentage: number,
  usd_price: number,
  usd_tax: number,
  usd_inclusive: number,
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  status: { type: 'string', enum: ['A'] },
} as const;

/** Spec §3 "Car trip". */
const car = {
  uid: ref,
  id: ref,
  carfamily: text,
  baggage: count,
  cartype: text,
  pickup_location: text,
  dropoff_location: text,
  fare_summary: freeObject,
  is_ac: flag,
  noPax: count,
  mileage: text,
  is_transport: flag,
  freecancellation: flag,
  request: {
    type: 'object',
    properties: {
      pickup_code: text,
      dropoff_code: text,
      pickup_date: text,
      dropoff_date: text,
      pickup_time: text,
      dropoff_time: text,
      pickup_city: text,
      dropoff_city: text,
      pickup_country: text,
      dropoff_country: text,
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
    additionalProperties: false,
  },
} as const;

/** Spec §3 "Flight trip". */
const flight = {
  bnds: { type: 'array', maxItems: 8, items: freeObject },
  fare_summary: freeObject,
  id: ref,
  uid: ref,
  request: {
    type: 'object',
    properties: {
      triptype: text,
      cabinclass: text,
      noofadults: count,
      noofchilds: count,
      noofinfants: count,
      brandedfare: text,
      flightsearch: { type: 'array', maxItems: 8, items: { type: 'object', properties: { from: text, to: text, date: text }, additionalProperties: false } },
      lat: number,
      lng: number,
    },
    additionalProperties: false,
  },
} as const;

/** Spec §3 "Activity trip" (cruises and restaurants send the same). */
const activity = {
  product_code: text,
  option_code: text,
  start_time: text,
  pax: count,
  destination: text,
  guest_rating: { type: ['number', 'null'] },
  price: { type: 'object', properties: { b2b: number, b2c: number, markup: number, taxes: number, strike: number }, additionalProperties: false },
} as const;

/** Spec §3 "Resort trip" (stays and weeks send the same). */
const resort = {
  rst_resort_id: ref,
  rst_provider: text,
  rst_whitelabel_no: text,
  rst_unit_cost: number,
  rst_retail_price: number,
  rst_feed_cost: number,
  rst_nights: count,
  rst_stars: number,
  rst_review: text,
  rst_address: text,
  rst_lat: number,
  rst_long: number,
} as const;

/** Spec §3 "Transfer trip". */
const transfer = {
  trf_transfers_name: text,
  trf_date: text,
  trf_time: text,
  trf_return_date: { type: ['string', 'null'], maxLength: 300 },
  trf_return_time: { type: ['string', 'null'], maxLength: 300 },
} as const;

const tripListSchema = (product: Record<string, unknown>) => ({
  type: 'object',
  properties: { json: { type: 'object', properties: { ...common, ...product }, required: commonRequired, additionalProperties: false } },
  required: ['json'],
  additionalProperties: false,
});

/** Each trip list call's body schema, by call name (spec §7 "Trips"). */
export const tripListSchemas = {
  createTripList: tripListSchema(hotel),
  updateTripList: tripListSchema(hotel),
  createCarTripList: tripListSchema(car),
  updateCarTripList: tripListSchema(car),
  createActivitiesTripList: tripListSchema(activity),
  updateActivitiesTripList: tripListSchema(activity),
  createTransfersTripList: tripListSchema(transfer),
  updateTransfersTripList: tripListSchema(transfer),
  createFlightTripList: tripListSchema(flight),
  updateFlightTripList: tripListSchema(flight),
  createResortsTripList: tripListSchema(resort),
  updateResortsTripList: tripListSchema(resort),
} as const;
export type TripListCallName = keyof typeof tripListSchemas;

/** What every trip list body is, once its schema passed (the product's fields are its own). */
export type TripListBody = {
  json: {
    trip_list_id?: string | null;
    trip_list_name?: string;
    user_id: string;
    org_id: string;
    checkin_date: string;
    checkout_date: string;
    type?: 3;
    trip_image?: string;
    usr_type?: number;
    product_type?: (typeof PRODUCT_CODES)[number];
  } & Record<string, unknown>;
};

const productTypes = { oneOf: [productType, { type: 'array', items: productType, maxItems: PRODUCT_CODES.length }] } as const;

/** POST /api/trips/gettrips {json}: the user's trips, or one. */
export const getTripsSchema = {
  type: 'object',
  properties: {
    json: {
      type: 'object',
      properties: { user_id: userId, type: tripType, usr_type: usrType, org_id: orgId, is_details_required: detailsFlag, trip_id: uuid, product_type: productTypes },
      required: ['user_id', 'org_id'],
      additionalProperties: false,
    },
  },
  required: ['json'],
  additionalProperties: false,
} as const;

/** POST /api/trips/gettrips/getTripsList {json}: the user's trips near some dates. */
export const getTripsListSchema = {
  type: 'object',
  properties: {
    json: {
      type: 'object',
      properties: { user_id: userId, org_id: orgId, checkin_date: day, checkout_date: day },
      required: ['user_id', 'org_id', 'checkin_date', 'checkout_date'],
      additionalProperties: false,
    },
  },
  required: ['json'],
  additionalProperties: false,
} as const;

/** POST /api/trips/belongsThistrip: whether the user is on a trip. */
export const belongsToTripSchema = {
  type: 'object',
  properties: {
    user_id: userId,
    type: tripType,
    trip_id: uuid,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    is_details_required: detailsFlag,
    product_type: productTypes,
    org_id: orgId,
  },
  required: ['user_id', 'trip_id', 'org_id'],
  additionalProperties: false,
} as const;

/** POST /api/trips/citieimages {json}: our image of a place. */
export const cityImagesSchema = {
  type: 'object',
  properties: {
    json: {
      type: 'object',
      properties: {
        city: { type: 'string', maxLength: 120 },
        state: { type: 'string', maxLength: 120 },
        country: { type: 'string', maxLength: 120 },
        // A number, or its text ('' when the place has none).
        latitude: { type: ['number', 'string'], minimum: -90, maximum: 90, pattern: '^(-?[0-9]{1,2}(\\.[0-9]+)?)?$' },
        longitude: { type: ['number', 'string'], minimum: -180, maximum: 180, pattern: '^(-?[0-9]{1,3}(\\.[0-9]+)?)?$' },
      },
      additionalProperties: false,
    },
  },
  required: ['json'],
  additionalProperties: false,
} as const;

/** An invitation's access code (as inviteToTrip makes them; older or foreign codes are simply unknown). */
const accessCode = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * POST /api/trips/addUserToTrip: the invited user joins the trip. `accesscode` (beyond the spec)
 * is the invitation link's: the invitation flow sends it, so a used or expired code is named.
 */
export const addUserToTripSchema = {
  type: 'object',
  properties: { mytrip_id: uuid, user_id: userId, accesscode: accessCode },
  required: ['mytrip_id', 'user_id'],
  additionalProperties: false,
} as const;

/** POST /api/trips/invite (beyond the spec): the trip's owner invites someone by e-mail. */
export const inviteToTripSchema = {
  type: 'object',
  properties: {
    trip_id: uuid,
    email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
    firstname: { type: 'string', maxLength: 100 },
    lastname: { type: 'string', maxLength: 100 },
    role: { type: 'string', enum: ['traveller', 'viewer'] },
  },
  required: ['trip_id', 'email', 'role'],
  additionalProperties: false,
} as const;

/**
 * POST /api/trips/addBooking {json} (beyond the spec; issue 34): one of the user's confirmed
 * bookings joins a trip (the one trip_list_id names, or a new one). The booking decides the
 * product and the dates; `city_name` only names a new trip's place.
 */
export const addBookingToTripSchema = {
  type: 'object',
  properties: {
    json: {
      type: 'object',
      properties: {
        trip_list_id: common.trip_list_id,
        trip_list_name: common.trip_list_name,
        user_id: userId,
        org_id: orgId,
        checkin_date: day,
        checkout_date: day,
        type: tripType,
        trip_image: common.trip_image,
        usr_type: usrType,
        booking_id: { type: 'string', pattern: '^[A-Za-z0-9-]{3,64}$' },
        city_name: { type: 'string', maxLength: 120 },
      },
      required: ['user_id', 'org_id', 'booking_id'],
      additionalProperties: false,
    },
  },
  required: ['json'],
  additionalProperties: false,
} as const;
