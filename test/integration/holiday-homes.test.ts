import { describe, expect, it } from 'vitest';
import { holidayHomeCatalogFor } from '~/services/seed/seed-catalog.server';
import { destinationsSeed } from '~/services/seed/seed.server';
import { type HotelQuery, builtInHotelSupplier as hotels } from '~/services/suppliers/hotels.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const consumer: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2C' };
const business: SupplierContext = { orgId: 'voyagerpro', userId: null, priceType: 'B2B' };
const query = (extra: Partial<HotelQuery> = {}): HotelQuery => ({
  propertyType: 'holiday_home',
  destination: 'cancun',
  checkin: inDays(30),
  checkout: inDays(33),
  rooms: 1,
  guestsPerRoom: 2,
  ...extra,
});

describe('holiday homes seed', () => {
  it('is deterministic: seaside villas by the sea, cottages elsewhere, sleeping 2 to 6', () => {
    const cancun = destinationsSeed.find((d) => d.slug === 'cancun')!;
    expect(holidayHomeCatalogFor(cancun)).toEqual(holidayHomeCatalogFor(cancun));
    expect(holidayHomeCatalogFor(cancun).map((h) => h.slug)).toEqual(['cancun-old-town-apartments', 'cancun-seaside-villas']);
    const sleeps = destinationsSeed.flatMap((d) => holidayHomeCatalogFor(d).flatMap((h) => h.roomTypes.map((u) => u.max_guests)));
    expect(Math.min(...sleeps)).toBe(2);
    expect(Math.max(...sleeps)).toBe(6);
  });
});

describe('holiday homes on the built-in hotel supplier (pglite)', () => {
  useSeededDatabase('pglite');

  it('searches hotels and holiday homes apart', async () => {
    const homes = await hotels.search(query(), consumer);
    expect(homes.map((h) => h.name)).toEqual(['Seaside Villas Cancún', 'Old Town Apartments Cancún']);
    const hotelNames = (await hotels.search(query({ propertyType: 'hotel' }), consumer)).map((h) => h.name);
    expect(hotelNames).toHaveLength(8);
    expect(hotelNames).toEqual(expect.arrayContaining(['Grand Plaza Cancún', 'Harbour View Cancún', 'Casa Central Cancún']));
    expect(hotelNames).not.toEqual(expect.arrayContaining(['Seaside Villas Cancún']));
    // Details answer only inside their own flow, whatever the catalogue cache holds.
    expect(await hotels.details('cancun-seaside-villas', query(), consumer)).not.toBeNull();
    expect(await hotels.details('cancun-seaside-villas', query({ propertyType: 'hotel' }), consumer)).toBeNull();
    expect(await hotels.details('cancun-grand-plaza', query(), consumer)).toBeNull();
  });

  it('prices homes with the room price rules: B2B below B2C', async () => {
    const [b2c] = await hotels.search(query(), consumer);
    const [b2b] = await hotels.search(query(), business);
    expect(b2c!.cheapest!.price).toMatchObject({ nights: 3, rooms: 1, price_type: 'B2C', supplier_code: 'OWN', currency: 'USD' });
    expect(b2b!.cheapest!.price.price_type).toBe('B2B');
    expect(b2b!.cheapest!.price.inclusive).toBeLessThan(b2c!.cheapest!.price.inclusive);
  });

  it('holds a holiday home until it sells out, and never holds one through the hotel flow', async () => {
    const stay = query({ checkin: inDays(80), checkout: inDays(84) });
    const details = await hotels.details('cancun-seaside-villas', stay, consumer);
    const villa = details!.rooms.find((r) => r.name === 'Three-bedroom villa')!;
    expect(villa).toMatchObject({ maxGuests: 6, available: 1 });
    const selection = { ...stay, roomTypeId: villa.roomTypeId };
    expect(await hotels.hold({ ...selection, propertyType: 'hotel' }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'not_found' });
    expect(await hotels.price({ ...selection, propertyType: 'hotel' }, consumer)).toBeNull();
    const held = await hotels.hold(selection, { ...consumer, ttlMinutes: 15 });
    expect(held.kind).toBe('held');
    expect((await hotels.price(selection, consumer))!.available).toBe(0);
    expect(await hotels.hold(selection, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'sold_out', available: 0 });
    if (held.kind !== 'held') throw new Error('expected a hold');
    expect(await hotels.release(held.hold.token)).toBe(true);
  });
});
