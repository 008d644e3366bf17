import { describe, expect, it } from 'vitest';
import { type HotelQuery, builtInHotelSupplier as hotels, stayRange } from '~/services/suppliers/hotels.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { type Backend, useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const backends: Backend[] = ['pglite', 'postgres'];
const consumer: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2C' };
const business: SupplierContext = { orgId: 'voyagerpro', userId: null, priceType: 'B2B' };

/** A date `days` from today, as YYYY-MM-DD. */
const query = (extra: Partial<HotelQuery> = {}): HotelQuery => ({
  propertyType: 'hotel',
  destination: 'cancun',
  checkin: inDays(30),
  checkout: inDays(33),
  rooms: 1,
  guestsPerRoom: 2,
  ...extra,
});

describe('stayRange', () => {
  it('counts nights and refuses impossible or reversed dates', () => {
    expect(stayRange({ checkin: '2027-01-30', checkout: '2027-02-02' })?.nights).toBe(3);
    expect(stayRange({ checkin: '2027-02-30', checkout: '2027-03-02' })).toBeNull();
    expect(stayRange({ checkin: '2027-01-05', checkout: '2027-01-05' })).toBeNull();
    expect(stayRange({ checkin: '2027-01-05', checkout: '2027-01-01' })).toBeNull();
    expect(stayRange({ checkin: 'soon', checkout: '2027-01-01' })).toBeNull();
  });
});

describe.each(backends)('built-in hotel supplier on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('finds the seeded hotels of a destination with a priced, available cheapest room', async (ctx) => {
    if (database.skip) return ctx.skip();
    const offers = await hotels.search(query(), consumer);
    // Eight hotels (issue 15), most stars first; today's three keep their names.
    expect(offers).toHaveLength(8);
    expect(offers.map((o) => o.stars)).toEqual([...offers.map((o) => o.stars)].sort((a, b) => b - a));
    expect(offers.map((o) => o.name)).toEqual(expect.arrayContaining(['Grand Plaza Cancún', 'Harbour View Cancún', 'Casa Central Cancún']));
    expect(offers[0]!.name).toBe('Grand Plaza Cancún');
    for (const offer of offers) {
      expect(offer.cheapest).not.toBeNull();
      expect(offer.cheapest!.code).toMatch(
        offer.slug.endsWith('-grand-plaza') || offer.slug.endsWith('-harbour-view') || offer.slug.endsWith('-casa-central') ? /^STD$/ : /^(STD|DBL)$/,
      );
      expect(offer.image).toMatch(new RegExp(`^/images/properties/v1/${offer.slug}/facade\\.svg$`));
      expect(offer.cheapest!.price).toMatchObject({ nights: 3, rooms: 1, price_type: 'B2C', supplier_code: 'OWN', currency: 'USD' });
      expect(offer.cheapest!.price.inclusive).toBe(offer.cheapest!.price.exclusive + offer.cheapest!.price.tax);
    }
    expect(await hotels.search(query({ destination: 'atlantis' }), consumer)).toEqual([]);
    expect(await hotels.search(query({ checkout: inDays(29) }), consumer)).toEqual([]);
  });

  it('shows agents and business brands the B2B price, lower than B2C', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [b2c] = await hotels.search(query(), consumer);
    const [b2b] = await hotels.search(query(), business);
    expect(b2b!.cheapest!.price.price_type).toBe('B2B');
    expect(b2b!.cheapest!.price.inclusive).toBeLessThan(b2c!.cheapest!.price.inclusive);
  });

  it('prices a package search at the package rate, between B2B and B2C', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [b2c] = await hotels.search(query(), consumer);
    const [b2b] = await hotels.search(query(), { ...consumer, priceType: 'B2B' });
    const [pkg] = await hotels.search(query(), { ...consumer, priceType: 'PKG' });
    expect(pkg!.cheapest!.price.price_type).toBe('PKG');
    expect(pkg!.cheapest!.price.inclusive).toBeLessThan(b2c!.cheapest!.price.inclusive);
    expect(pkg!.cheapest!.price.inclusive).toBeGreaterThan(b2b!.cheapest!.price.inclusive);
  });

  it('picks a room type that fits the party', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [offer] = await hotels.search(query({ guestsPerRoom: 4 }), consumer);
    expect(offer!.cheapest!.code).toBe('STE');
  });

  it('holds rooms until none are left, and availability follows', async (ctx) => {
    if (database.skip) return ctx.skip();
    const stay = query({ destination: 'tokyo', checkin: inDays(60), checkout: inDays(62) });
    const details = await hotels.details('tokyo-grand-plaza', stay, consumer);
    const suite = details!.rooms.find((r) => r.code === 'STE')!;
    expect(suite.available).toBe(2);
    const selection = { ...stay, roomTypeId: suite.roomTypeId, rooms: 2 };
    const held = await hotels.hold(selection, { ...consumer, ttlMinutes: 15 });
    expect(held.kind).toBe('held');
    expect((await hotels.price(selection, consumer))!.available).toBe(0);
    expect(await hotels.hold({ ...selection, rooms: 1 }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'sold_out', available: 0 });
    // The suite no longer fits, so a party of four gets no offer at this hotel.
    const [grand] = (await hotels.search({ ...stay, guestsPerRoom: 4 }, consumer)).filter((o) => o.slug === 'tokyo-grand-plaza');
    expect(grand!.cheapest).toBeNull();
    if (held.kind !== 'held') throw new Error('expected a hold');
    expect(await hotels.release(held.hold.token)).toBe(true);
    expect((await hotels.price(selection, consumer))!.available).toBe(2);
  });

  it('answers not found for unknown rooms or dates', async (ctx) => {
    if (database.skip) return ctx.skip();
    expect(await hotels.hold({ ...query(), roomTypeId: 999_999 }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'not_found' });
    expect(await hotels.details('no-such-hotel', query(), consumer)).toBeNull();
    expect(await hotels.price({ ...query(), roomTypeId: 999_999 }, consumer)).toBeNull();
  });
});
