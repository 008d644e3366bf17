import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enUS } from '~/i18n/en-US';
import { esMX } from '~/i18n/es-MX';
import { hotel } from '~/products/hotel/hotel';
import {
  LANDING_PAGES,
  PRODUCT_CODES,
  type ProductCode,
  type ProductDefinition,
  type ProductRegistry,
  isProductCode,
  loyaltyProductType,
  paymentRulesOf,
  productFromPath,
  productOfSegment,
  productTakesInvoice,
  products,
  successPath,
} from './registry';
import { byTripPayload, tripItems, tripPayloadOf } from '../../test/support/trip-items';
import { type TripListInput, defineProduct } from './types';

const trip: TripListInput = {
  tripListId: null,
  tripListName: 'Cancún · Dec 2026',
  userId: 'user-7',
  orgId: 'org-1',
  checkinDate: '2026-12-01',
  checkoutDate: '2026-12-08',
  tripImage: '/images/cancun.jpg',
};

const items = tripItems;

/** Spec §3 "Trip list payloads": the fields each product's payload carries besides the common ones (a product missing here sends one listed's payload). */
const specFields: { [C in ProductCode]?: readonly string[] } = {
  HLT: [
    'Hotel_name',
    'hotel_id',
    'city_name',
    'hotel_address',
    'search_id',
    'star_rating',
    'lat',
    'long',
    'fromdate',
    'todate',
    'rooms',
    'search_req',
    'no_of_nights',
    'no_of_rooms',
    'price',
    'tax',
    'inclusive',
    'supplier_code',
    'per_night_price',
    'strike_out_price',
    'discount_percentage',
    'usd_price',
    'status',
  ],
  CAR: [
    'uid',
    'id',
    'carfamily',
    'baggage',
    'cartype',
    'pickup_location',
    'dropoff_location',
    'fare_summary',
    'is_ac',
    'noPax',
    'mileage',
    'is_transport',
    'freecancellation',
    'request',
  ],
  FLT: ['bnds', 'fare_summary', 'id', 'uid', 'request'],
  ACT: ['product_code', 'option_code', 'start_time', 'pax', 'destination', 'guest_rating', 'price'],
  CRUISE: ['product_code', 'option_code', 'start_time', 'pax', 'destination', 'guest_rating', 'price'],
  RESTAURANT: ['product_code', 'option_code', 'start_time', 'pax', 'destination', 'guest_rating', 'price'],
  RST: [
    'rst_resort_id',
    'rst_provider',
    'rst_whitelabel_no',
    'rst_unit_cost',
    'rst_retail_price',
    'rst_feed_cost',
    'rst_nights',
    'rst_stars',
    'rst_review',
    'rst_address',
    'rst_lat',
    'rst_long',
  ],
  STY: ['rst_resort_id', 'rst_retail_price', 'rst_nights'],
  WEEKS: ['rst_resort_id', 'rst_retail_price', 'rst_nights'],
  TRF: ['trf_transfers_name', 'trf_date', 'trf_return_date'],
};

const COMMON_TRIP_FIELDS = ['trip_list_id', 'trip_list_name', 'user_id', 'org_id', 'checkin_date', 'checkout_date', 'type', 'trip_image', 'usr_type'];

const buildTrip = (code: ProductCode) => tripPayloadOf(code, trip);

describe('the product registry', () => {
  it('files every product code under its own code', () => {
    expect(Object.keys(products).sort()).toEqual([...PRODUCT_CODES].sort());
    for (const code of PRODUCT_CODES) expect(products[code].code).toBe(code);
  });

  it.each(PRODUCT_CODES)('%s has pages, a quote, a success path, payment rules and a trip list payload builder', (code) => {
    const product: ProductDefinition = products[code];
    expect(product.pathSegments.length).toBeGreaterThan(0);
    expect(product.landingPages.length).toBeGreaterThan(0);
    expect(product.pages.searchForm).toMatch(/^\//);
    expect(product.pages.results).toMatch(/^\/.*search-details?$/);
    // A product without details and checkout pages of its own books as products that have them.
    const holdsThrough = 'bookedAs' in product.success ? product.success.bookedAs.map((booked) => products[booked]) : [product];
    for (const holding of holdsThrough) {
      expect(holding.pages.details).toMatch(/^\//);
      expect(holding.pages.checkout).toMatch(/^\/.*checkout$/);
      expect('page' in holding.success && holding.success.page).toMatch(/checkout-success$/);
    }
    expect(product.quote.priceLines.length).toBeGreaterThan(0);
    expect(product.quote.party).toBeTruthy();
    expect(product.tripList.calls.create).toMatch(/^create\w*TripList$/);
    expect(product.tripList.calls.update).toMatch(/^update\w*TripList$/);
    expect(typeof product.tripList.build).toBe('function');
  });

  it('has a display name for every product in every language', () => {
    // Compile-time too: a product without an en-US name makes this assignment fail.
    const names: Record<`product.${ProductCode}`, string> = enUS;
    for (const code of PRODUCT_CODES) {
      expect(names[`product.${code}`]).toBeTruthy();
      expect(esMX[`product.${code}`]).toBeTruthy();
    }
  });

  it('keeps its browser half free of server modules', () => {
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.includes('.server') && !name.includes('.test'))) {
      expect(readFileSync(new URL(file, dir), 'utf8'), file).not.toMatch(/from '[^']*\.server'/);
    }
  });
});

describe('productFromPath (spec §2 "Product code from the first path segment")', () => {
  it.each([
    ['/hotels', 'HLT'],
    ['/flight/search-details', 'FLT'],
    ['/cars/checkout', 'CAR'],
    ['/activities/details', 'ACT'],
    ['/transfers', 'TRF'],
    ['/resorts/checkout-success', 'RST'],
    ['/stays/details?x=1', 'STY'],
    ['/Cars', 'CAR'],
  ])('%s gives %s', (path, code) => {
    expect(productFromPath(path)).toBe(code);
  });

  it('gives HLT for an empty path and for unknown segments (the hotel flow sits at the root)', () => {
    for (const path of ['', '/', '/search-detail', '/hotel-checkout', '/checkout-success', '/user/profile']) expect(productFromPath(path), path).toBe('HLT');
  });

  it("knows the segments of the products the spec's table predates", () => {
    expect(productFromPath('/cruises/details')).toBe('CRUISE');
    expect(productFromPath('/restaurants')).toBe('RESTAURANT');
    expect(productFromPath('/weeks/search-details')).toBe('WEEKS');
    expect(productFromPath('/holidaystays/hotel-details')).toBe('HLT');
    expect(productOfSegment('nowhere')).toBeNull();
  });

  it('gives each landing page its own product', () => {
    for (const page of LANDING_PAGES) expect(productFromPath(`/${page.slug}`), page.slug).toBe(page.product);
  });
});

describe('successPath', () => {
  it('sends each product to its own checkout-success page with booking_id', () => {
    expect(successPath('FLT', 'WAN-ABC')).toBe('/flight/checkout-success?booking_id=WAN-ABC');
    expect(successPath('CAR', 'WAN-ABC')).toBe('/cars/checkout-success?booking_id=WAN-ABC');
    expect(successPath('RESTAURANT', 'WAN-ABC')).toBe('/restaurants/checkout-success?booking_id=WAN-ABC');
    expect(successPath('STY', 'WAN-ABC')).toBe('/stays/checkout-success?booking_id=WAN-ABC');
  });

  it('keeps hotels at the root, or under /holidaystays for holiday homes', () => {
    expect(successPath('HLT', 'WAN-ABC')).toBe('/checkout-success?booking_id=WAN-ABC');
    expect(successPath('HLT', 'WAN-ABC', true)).toBe('/holidaystays/checkout-success?booking_id=WAN-ABC');
    expect(successPath('FLT', 'WAN-ABC', true)).toBe('/flight/checkout-success?booking_id=WAN-ABC');
  });

  it('escapes the reference', () => {
    expect(successPath('CAR', 'A&B')).toBe('/cars/checkout-success?booking_id=A%26B');
  });
});

describe('payment rules and loyalty codes', () => {
  it('never offers an invoice for memberships and wallet top-ups (spec §4), and does for every product', () => {
    expect(productTakesInvoice('SUB')).toBe(false);
    expect(productTakesInvoice('WLT')).toBe(false);
    for (const code of PRODUCT_CODES) expect(productTakesInvoice(code), code).toBe(true);
  });

  it('keeps the card guarantee and the Client CC entry to cars', () => {
    expect(PRODUCT_CODES.filter((code) => paymentRulesOf(code)?.cardGuarantee)).toEqual(['CAR']);
    expect(PRODUCT_CODES.filter((code) => paymentRulesOf(code)?.clientCardToSupplier)).toEqual(['CAR']);
    expect(paymentRulesOf('XYZ')).toBeNull();
  });

  it('sends HLT as HTL to loyalty (spec §7) and every other code as itself', () => {
    expect(loyaltyProductType('HLT')).toBe('HTL');
    for (const code of PRODUCT_CODES.filter((c) => c !== 'HLT')) expect(loyaltyProductType(code)).toBe(code);
    expect(isProductCode('HTL')).toBe(false);
  });
});

describe('trip list payloads (spec §3)', () => {
  it.each(PRODUCT_CODES)("%s's payload has the common fields and its product's fields", (code) => {
    const payload = buildTrip(code);
    for (const field of [...COMMON_TRIP_FIELDS, ...byTripPayload(specFields, code)]) expect(payload, field).toHaveProperty(field);
    expect(payload).toMatchObject({
      trip_list_name: 'Cancún · Dec 2026',
      user_id: 'user-7',
      org_id: 'org-1',
      checkin_date: '2026-12-01',
      checkout_date: '2026-12-08',
      usr_type: 2,
      type: 3,
    });
  });

  it('prices a hotel trip per night, with its discount and status A', () => {
    expect(products.HLT.tripList.build(trip, items.HLT)).toMatchObject({ no_of_rooms: 1, per_night_price: 116, discount_percentage: 20, strike_out_price: 1015, status: 'A' });
  });

  it("carries a flight's request and a car's request as the spec names their fields", () => {
    expect(products.FLT.tripList.build(trip, items.FLT).request).toEqual({
      triptype: 'oneway',
      cabinclass: 'economy',
      noofadults: 2,
      noofchilds: 1,
      noofinfants: 0,
      brandedfare: 'basic',
      flightsearch: [{ from: 'MEX', to: 'CUN', date: '2026-12-01' }],
      lat: 19.4,
      lng: -99.1,
    });
    expect(products.CAR.tripList.build(trip, items.CAR).request).toMatchObject({ pickup_code: 'CUN', dropoff_code: 'CUN', pickup_time: '10:00', currency: 'USD' });
  });

  it('keeps the trip list id when updating and an explicit usr_type', () => {
    expect(products.TRF.tripList.build({ ...trip, tripListId: 'trip-42', usrType: 1 }, items.TRF)).toMatchObject({
      trip_list_id: 'trip-42',
      usr_type: 1,
      trf_transfers_name: 'Hotel zone · Private van',
    });
  });
});

describe('a product missing a piece does not compile', () => {
  it('is refused by defineProduct and by the registry type', () => {
    const { tripList: _tripList, ...withoutTripList } = hotel;
    // @ts-expect-error a definition without its trip list payload is not a product
    defineProduct(withoutTripList);

    const { WEEKS: _weeks, ...withoutWeeks } = products;
    // @ts-expect-error a registry without the WEEKS definition is not the registry
    const incomplete: ProductRegistry = withoutWeeks;

    // @ts-expect-error a definition filed under another product's code is refused
    const misfiled: ProductRegistry = { ...products, CAR: products.FLT };

    expect([incomplete, misfiled]).toHaveLength(2);
  });
});
