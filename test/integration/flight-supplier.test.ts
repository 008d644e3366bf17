import { describe, expect, it } from 'vitest';
import type { FlightSearch } from '~/domain/flight-query';
import { getDb } from '~/services/platform/db.server';
import { type FlightQuery, builtInFlightSupplier as flights } from '~/services/suppliers/flights.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const consumer: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2C' };
const business: SupplierContext = { orgId: 'voyagerpro', userId: null, priceType: 'B2B' };
const search = (legs: FlightSearch['legs'], extra: Partial<FlightQuery> = {}): FlightQuery => ({
  tripType: legs.length === 1 ? 'oneway' : 'multicity',
  legs,
  cabin: 'economy',
  adults: 1,
  children: 0,
  infants: 0,
  ...extra,
});

describe('built-in flight supplier on pglite', () => {
  const database = useSeededDatabase('pglite');

  it('seeds a schedule with small cabins and their seats', async () => {
    const count = await database.db
      .selectFrom('flights')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(150);
    const seats = await getDb()
      .selectFrom('inventory_units')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('product', '=', 'FLT')
      .executeTakeFirstOrThrow();
    expect(Number(seats.n)).toBe(Number(count.n) * 15);
  });

  it('finds direct round trips every day, priced per passenger, B2B below B2C', async () => {
    for (const day of [2, 90, 179]) {
      const offers = await flights.search(
        search(
          [
            { from: 'CUN', to: 'MCO', date: inDays(day) },
            { from: 'MCO', to: 'CUN', date: inDays(day + 7) },
          ],
          { tripType: 'roundtrip' },
        ),
        consumer,
      );
      expect(offers.length, `day ${day}`).toBeGreaterThan(0);
      expect(offers.some((o) => o.legs.every((l) => l.stops === 0))).toBe(true);
    }
    const query = search([{ from: 'CUN', to: 'MCO', date: inDays(30) }], { adults: 2, children: 1, infants: 1 });
    const [b2c] = await flights.search(query, consumer);
    const [b2b] = await flights.search(query, business);
    expect(b2c!.cheapest!.price.passengers.map((p) => [p.type, p.count])).toEqual([
      ['adult', 2],
      ['child', 1],
      ['infant', 1],
    ]);
    expect(b2c!.cheapest!.price.inclusive).toBe(b2c!.cheapest!.price.exclusive + b2c!.cheapest!.price.tax);
    expect(b2b!.cheapest!.price.price_type).toBe('B2B');
    expect(b2b!.cheapest!.price.inclusive).toBeLessThan(b2c!.cheapest!.price.inclusive);
  });

  it('connects where no direct flight flies, and searches multi-city trips leg after leg', async () => {
    const oneStop = await flights.search(search([{ from: 'CUN', to: 'JFK', date: inDays(20) }]), consumer);
    expect(oneStop.length).toBeGreaterThan(0);
    expect(oneStop.every((o) => o.legs[0]!.stops === 1)).toBe(true);
    const multi = await flights.search(
      search([
        { from: 'CUN', to: 'MCO', date: inDays(20) },
        { from: 'MCO', to: 'JFK', date: inDays(23) },
        { from: 'JFK', to: 'CUN', date: inDays(26) },
      ]),
      consumer,
    );
    expect(multi.length).toBeGreaterThan(0);
    expect(multi[0]!.legs.map((l) => `${l.from}-${l.to}`)).toEqual(['CUN-MCO', 'MCO-JFK', 'JFK-CUN']);
    expect(await flights.search(search([{ from: 'CUN', to: 'GDL', date: inDays(20) }]), consumer)).toEqual([]);
  });

  it('shows every branded fare on details, and refuses an offer that does not fly the query', async () => {
    const query = search([{ from: 'CUN', to: 'MCO', date: inDays(40) }]);
    const [offer] = await flights.search(query, consumer);
    const details = await flights.details(offer!.id, query, consumer);
    expect(details!.fares.map((f) => f.brand.name)).toEqual(['Basic', 'Standard', 'Flex']);
    const totals = details!.fares.map((f) => f.price.inclusive);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(await flights.details(offer!.id, search([{ from: 'CUN', to: 'MCO', date: inDays(41) }]), consumer)).toBeNull();
    expect(await flights.details('not-an-offer', query, consumer)).toBeNull();
    expect(await flights.price({ ...query, offerId: offer!.id, fare: 'NOPE' }, consumer)).toBeNull();
    expect((await flights.price({ ...query, offerId: offer!.id, fare: 'FLEX' }, consumer))!.fare.brand.refundable).toBe(true);
  });

  it('holds every flight of a trip for the seated passengers, until business sells out', async () => {
    const query = search(
      [
        { from: 'CUN', to: 'JFK', date: inDays(60) },
        { from: 'JFK', to: 'CUN', date: inDays(64) },
      ],
      {
        tripType: 'roundtrip',
        cabin: 'business',
        adults: 1,
        children: 1,
        infants: 1,
      },
    );
    const [offer] = await flights.search(query, consumer);
    expect(offer!.available).toBe(2);
    const selection = { ...query, offerId: offer!.id, fare: 'STANDARD' };
    const held = await flights.hold(selection, { ...consumer, ttlMinutes: 15 });
    if (held.kind !== 'held') throw new Error(`expected a hold, got ${held.kind}`);
    // Two seated passengers on each of the (at least three) flights; the lap infant takes none.
    expect(held.hold.quantity).toBe(2);
    expect(held.hold.itemRef.split(' ').length).toBeGreaterThanOrEqual(3);
    const after = await flights.details(offer!.id, query, consumer);
    expect(after!.available).toBe(0);
    expect(after!.fares).toEqual([]);
    expect(await flights.hold({ ...selection, children: 0 }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'sold_out', available: 0 });
    expect(await flights.hold({ ...selection, fare: 'NOPE' }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'not_found' });
    expect(await flights.release(held.hold.token)).toBe(true);
    expect((await flights.details(offer!.id, query, consumer))!.available).toBe(2);
  });
});
