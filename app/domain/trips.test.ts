import { describe, expect, it } from 'vitest';
import { PRODUCT_CODES, products } from '~/products/registry';
import type { TripListInput, TripRules } from '~/products/types';
import { tripRules } from './trip-rules';
import { tripPayloadOf } from '../../test/support/trip-items';
import {
  DEFAULT_USR_TYPE,
  TRIP_CALLS,
  addDays,
  canChangeTrip,
  defaultTripName,
  inTripWindow,
  placeImageFor,
  tripImageRefusal,
  tripItemKey,
  tripPayloadRefusal,
  tripPlace,
  tripWindow,
  valueAt,
} from './trips';

const trip: TripListInput = {
  tripListId: null,
  tripListName: '',
  userId: 'user-7',
  orgId: 'org-1',
  checkinDate: '2026-12-01',
  checkoutDate: '2026-12-08',
  tripImage: '',
};

/** A copy of `payload` without the field at `path`. */
function without(payload: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(payload);
  const parts = path.split('.');
  const parent = parts.slice(0, -1).reduce<Record<string, unknown>>((at, part) => at[part] as Record<string, unknown>, copy);
  delete parent[parts.at(-1)!];
  return copy;
}

describe('trip list calls (spec §7 "Trips")', () => {
  it('are the twelve spec calls, each with the products that send it', () => {
    expect([...TRIP_CALLS.keys()].sort()).toEqual([
      'createActivitiesTripList',
      'createCarTripList',
      'createFlightTripList',
      'createResortsTripList',
      'createTransfersTripList',
      'createTripList',
      'updateActivitiesTripList',
      'updateCarTripList',
      'updateFlightTripList',
      'updateResortsTripList',
      'updateTransfersTripList',
      'updateTripList',
    ]);
    expect(TRIP_CALLS.get('createResortsTripList')).toMatchObject({ mode: 'create', products: ['RST', 'STY', 'WEEKS'] });
    expect(TRIP_CALLS.get('updateActivitiesTripList')).toMatchObject({ mode: 'update', products: ['ACT', 'CRUISE', 'RESTAURANT'] });
    expect(TRIP_CALLS.get('createTripList')).toMatchObject({ mode: 'create', products: ['HLT'] });
  });

  it('share one set of rules among the products of a call', () => {
    for (const call of TRIP_CALLS.values()) for (const code of call.products) expect(tripRules[products[code].tripList.payload], `${call.name} ${code}`).toBe(call.rules);
  });

  it('key items by required fields only', () => {
    for (const call of TRIP_CALLS.values())
      for (const path of call.rules.key)
        expect(
          call.rules.required.map(([field]) => field),
          call.name,
        ).toContain(path);
  });
});

describe.each(PRODUCT_CODES)('%s trip list payload (spec §3, §8)', (code) => {
  const { calls, payload: shape } = products[code].tripList;
  const rules: TripRules = tripRules[shape];
  const payload = tripPayloadOf(code, trip);

  it.each([calls.create, calls.update])('%s takes the spec payload', (name) => {
    expect(TRIP_CALLS.get(name)?.products).toContain(code);
    expect(tripPayloadRefusal(rules, payload)).toBeNull();
  });

  it.each(rules.required.map(([path, label]) => ({ path, label })))('refuses a payload without $path, naming "$label"', ({ path, label }) => {
    expect(tripPayloadRefusal(rules, without(payload, path))).toBe(`data required for ${rules.label} trip creation: ${label}`);
    // Empty is as missing as absent.
    const emptied = structuredClone(payload);
    const parts = path.split('.');
    const parent = parts.slice(0, -1).reduce<Record<string, unknown>>((at, part) => at[part] as Record<string, unknown>, emptied);
    parent[parts.at(-1)!] = Array.isArray(valueAt(payload, path)) ? [] : '';
    expect(tripPayloadRefusal(rules, emptied)).toBe(`data required for ${rules.label} trip creation: ${label}`);
  });

  it('has usr_type 2 and type 3 by default', () => {
    expect(payload).toMatchObject({ usr_type: DEFAULT_USR_TYPE, type: 3 });
    expect(DEFAULT_USR_TYPE).toBe(2);
  });
});

describe('the car refusal (spec §8)', () => {
  it('names the pickup location', () => {
    const rules = tripRules.car;
    expect(tripPayloadRefusal(rules, without(tripPayloadOf('CAR', trip), 'pickup_location'))).toBe('data required for CAR trip creation: pickup location');
    expect(tripPayloadRefusal(tripRules.resort, without(tripPayloadOf('STY', trip), 'rst_resort_id'))).toBe('data required for RST-STY trip creation: resort id');
  });
});

describe('items and places', () => {
  it('keys an item by its product fields', () => {
    expect(tripItemKey(tripRules.hotel, tripPayloadOf('HLT', trip))).toBe('h-1');
    expect(tripItemKey(tripRules.car, tripPayloadOf('CAR', trip))).toBe('car-1|2026-12-01');
    expect(tripItemKey(tripRules.offer, tripPayloadOf('ACT', trip))).toBe('ACT|opt-1|09:00');
  });

  it('reads where the item is, ignoring what is not a place', () => {
    expect(tripPlace(tripRules.hotel, tripPayloadOf('HLT', trip))).toEqual({ city: 'Cancún', country: null, latitude: 21.1, longitude: -86.8 });
    expect(tripPlace(tripRules.car, tripPayloadOf('CAR', trip))).toEqual({ city: 'Cancún', country: 'MX', latitude: null, longitude: null });
    expect(tripPlace(tripRules.transfer, tripPayloadOf('TRF', trip))).toEqual({ city: null, country: null, latitude: null, longitude: null });
    expect(tripPlace(tripRules.resort, { rst_lat: 95, rst_long: 'east' })).toMatchObject({ latitude: null, longitude: null });
  });

  it('reads dotted paths and nothing through arrays or scalars', () => {
    expect(valueAt({ request: { pickup_date: '2026-12-01' } }, 'request.pickup_date')).toBe('2026-12-01');
    expect(valueAt({ request: 'x' }, 'request.pickup_date')).toBeUndefined();
    expect(valueAt({ request: [1] }, 'request.0')).toBeUndefined();
  });
});

describe('trip list name (spec §5)', () => {
  it.each([
    ['Cancún', '2026-12-01', '2026-12-08', 'Cancún · Dec 2026'],
    ['Cancún', '2026-11-28', '2026-12-08', 'Cancún · Nov – Dec 2026'],
    ['Cancún', '2026-12-28', '2027-01-04', 'Cancún · Dec 2026 – Jan 2027'],
    [null, '2026-03-01', '2026-03-02', 'My trip · Mar 2026'],
    ['  ', '2026-03-01', '2026-03-02', 'My trip · Mar 2026'],
  ])('%s from %s to %s is "%s"', (destination, start, end, name) => {
    expect(defaultTripName(destination, start, end)).toBe(name);
  });

  it("is written in the traveller's language, months and all", () => {
    expect(defaultTripName('Cancún', '2026-12-01', '2026-12-08', 'es-MX')).toBe('Cancún · dic 2026');
    expect(defaultTripName('Cancún', '2026-12-28', '2027-01-04', 'es-MX')).toBe('Cancún · dic 2026 – ene 2027');
    expect(defaultTripName(null, '2026-03-01', '2026-03-02', 'es-MX')).toBe('Mi viaje · mar 2026');
    expect(defaultTripName('Paris', '2027-02-14', '2027-02-20', 'fr-FR')).toBe('Paris · févr. 2027');
    // As cookies write it; and what Intl cannot read falls back to English.
    expect(defaultTripName('Cancún', '2026-12-01', '2026-12-08', 'es_MX')).toBe('Cancún · dic 2026');
    for (const language of ['', 'not a locale!', 'en US']) expect(defaultTripName('Rome', '2027-01-01', '2027-01-02', language)).toBe('Rome · Jan 2027');
    // Gregorian, whatever the tag asks for; the first and last day of a month are that month's.
    expect(defaultTripName('Bangkok', '2026-12-01', '2026-12-02', 'th-TH-u-ca-buddhist')).toContain('2026');
    expect(defaultTripName('Rome', '2026-12-31', '2026-12-31', 'en-US')).toBe('Rome · Dec 2026');
  });
});

describe('trip window (spec §9)', () => {
  it('reaches 14 days before the start and 14 days after the end', () => {
    expect(tripWindow('2026-12-10', '2026-12-20')).toEqual({ from: '2026-11-26', to: '2027-01-03' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it.each([
    ['2026-11-20', '2026-11-26', true],
    ['2026-11-20', '2026-11-25', false],
    ['2027-01-03', '2027-01-10', true],
    ['2027-01-04', '2027-01-10', false],
    ['2026-11-01', '2027-02-01', true],
  ])('a trip from %s to %s is listed for 2026-12-10…2026-12-20: %s', (startsOn, endsOn, listed) => {
    expect(inTripWindow({ startsOn, endsOn }, '2026-12-10', '2026-12-20')).toBe(listed);
  });
});

describe('trip image', () => {
  it('takes our own images and https addresses, nothing else', () => {
    for (const image of ['/images/destinations/cancun.svg', '/images/ads/city-breaks.svg', 'https://cdn.example.com/beach.jpg']) expect(tripImageRefusal(image), image).toBeNull();
    for (const image of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'http://cdn.example.com/beach.jpg',
      'https://user:pw@cdn.example.com/a.jpg',
      '//evil.example/a.jpg',
      '/images/../user/my-trips',
      '/logout',
      'beach.jpg',
    ]) {
      expect(tripImageRefusal(image), image).toBe('trip_image: must be one of our images (/images/…) or an https:// address');
    }
  });
});

describe('roles', () => {
  it('lets owners and travellers change a trip, never viewers', () => {
    expect([canChangeTrip('owner'), canChangeTrip('traveller'), canChangeTrip('viewer')]).toEqual([true, true, false]);
  });
});

describe('place images (spec §7 citieimages)', () => {
  const place = (slug: string, name: string, countryCode: string, countryName: string, latitude: number, longitude: number) => ({
    slug,
    name,
    countryCode,
    countryName,
    latitude,
    longitude,
    imagePath: `/images/destinations/${slug}.svg`,
  });
  const places = [
    place('cancun', 'Cancún', 'MX', 'Mexico', 21.16, -86.85),
    place('mexico-city', 'Mexico City', 'MX', 'Mexico', 19.43, -99.13),
    place('paris', 'Paris', 'FR', 'France', 48.86, 2.35),
  ];

  it('takes the destination named, accents and case aside, in the country named', () => {
    expect(placeImageFor(places, { city: 'cancun' })?.slug).toBe('cancun');
    expect(placeImageFor(places, { city: 'MEXICO CITY', country: 'mexico' })?.slug).toBe('mexico-city');
    expect(placeImageFor(places, { city: 'Paris', country: 'US' })).toBeNull();
  });

  it('else the nearest within reach, else the first of the country', () => {
    expect(placeImageFor(places, { city: 'Playa del Carmen', latitude: 20.63, longitude: -87.08 })?.slug).toBe('cancun');
    expect(placeImageFor(places, { latitude: 0, longitude: 0 })).toBeNull();
    expect(placeImageFor(places, { city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.84 })?.slug).toBe('paris');
    expect(placeImageFor(places, {})).toBeNull();
  });
});
