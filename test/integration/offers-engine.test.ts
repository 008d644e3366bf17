import { describe, expect, it } from 'vitest';
import { type OfferSearch, weekdayOf } from '~/domain/offers';
import { getDb } from '~/services/platform/db.server';
import { offerSuppliers } from '~/services/suppliers/offers.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { type Backend, useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const backends: Backend[] = ['pglite', 'postgres'];
const consumer: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2C' };
const business: SupplierContext = { orgId: 'voyagerpro', userId: null, priceType: 'B2B' };
/** The first day `from` days out or later that falls on `weekday`. */
const nextWeekday = (from: number, weekday: number) => {
  for (let d = from; ; d++) if (weekdayOf(inDays(d)) === weekday) return inDays(d);
};
const search = (extra: Partial<OfferSearch> = {}): OfferSearch => ({
  destination: 'cancun',
  date: inDays(40),
  until: inDays(40),
  month: null,
  time: null,
  guests: 2,
  bags: 0,
  returnDate: null,
  returnTime: null,
  ...extra,
});
const hold = { ttlMinutes: 15, ...consumer };

describe.each(backends)('scheduled offers engine on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('finds a destination’s activities with priced, bookable start times; agents pay the B2B price', async (ctx) => {
    if (database.skip) return ctx.skip();
    const offers = await offerSuppliers.ACT.search(search(), consumer);
    expect(offers.map((o) => o.name)).toEqual(['Cancún snorkelling trip', 'Cancún sunset catamaran']);
    for (const offer of offers) {
      expect(offer.facts.product).toBe('ACT');
      expect(offer.cheapest?.code).toBe('GROUP');
      expect(offer.cheapest?.slots.every((s) => s.bookable && s.available === 8)).toBe(true);
      expect(offer.cheapest?.price).toMatchObject({ quantity: 2, legs: 1, price_type: 'B2C' });
    }
    const [b2b] = await offerSuppliers.ACT.search(search(), business);
    expect(b2b!.cheapest!.price.inclusive).toBeLessThan(offers[0]!.cheapest!.price.inclusive);
    expect(await offerSuppliers.ACT.search(search({ destination: 'atlantis' }), consumer)).toEqual([]);
    expect(await offerSuppliers.ACT.details('cancun-snorkelling-trip', search(), consumer)).toMatchObject({ options: [{ code: 'GROUP' }, { code: 'SMALL' }] });
    expect(await offerSuppliers.TRF.details('cancun-snorkelling-trip', search(), consumer)).toBeNull();
  });

  it('holds one place per guest, and the last places sell out', async (ctx) => {
    if (database.skip) return ctx.skip();
    const day = inDays(41);
    const pick = { query: search({ date: day, until: day, guests: 2 }), offer: 'cancun-sunset-catamaran', option: 'SMALL', day, time: '10:00' };
    const first = await offerSuppliers.ACT.hold(pick, hold);
    expect(first).toMatchObject({ kind: 'held', hold: { quantity: 2, product: 'ACT' } });
    expect(await offerSuppliers.ACT.hold({ ...pick, query: { ...pick.query, guests: 1 } }, hold)).toEqual({ kind: 'sold_out', available: 0 });
    const priced = await offerSuppliers.ACT.price(pick, consumer);
    expect(priced?.slots).toEqual([{ day, time: '10:00', available: 0, bookable: false }]);
    // Another start time of the same day, or another day, is still free: units do not multiply by date.
    expect((await offerSuppliers.ACT.price({ ...pick, day: inDays(42), query: search({ date: inDays(42), until: inDays(42) }) }, consumer))?.slots[0]?.available).toBe(2);
    if (first.kind === 'held') expect(await offerSuppliers.ACT.release(first.hold.token)).toBe(true);
    expect(await offerSuppliers.ACT.hold({ ...pick, time: '11:30' }, hold)).toEqual({ kind: 'not_found' });
  });

  it('seats transfer parties in a vehicle that takes them and their bags, on both legs of a return', async (ctx) => {
    if (database.skip) return ctx.skip();
    const query = search({ date: inDays(50), until: inDays(50), time: '10:00', guests: 5, bags: 6, returnDate: inDays(57), returnTime: '12:00' });
    const details = await offerSuppliers.TRF.details('cancun-airport-hotel-zone', query, consumer);
    expect(details?.options.map((o) => [o.code, o.fits])).toEqual([
      ['SEDAN', false],
      ['VAN', true],
      ['MINIBUS', true],
    ]);
    const van = details!.options.find((o) => o.code === 'VAN')!;
    expect(van.price).toMatchObject({ quantity: 1, legs: 2 });
    expect(details!.cheapest?.code).toBe('VAN');
    // A return is one hold of the vehicle on both legs, made from the outbound slot.
    const both = await offerSuppliers.TRF.hold({ query, offer: details!.slug, option: 'MINIBUS', day: inDays(50), time: '10:00' }, hold);
    expect(both).toMatchObject({ kind: 'held' });
    if (both.kind === 'held') expect(both.hold.itemRef.split(' ')).toHaveLength(2);
    expect(await offerSuppliers.TRF.hold({ query, offer: details!.slug, option: 'MINIBUS', day: inDays(57), time: '12:00' }, hold)).toEqual({ kind: 'not_found' });
    expect(await offerSuppliers.TRF.hold({ query, offer: details!.slug, option: 'MINIBUS', day: inDays(51), time: '10:00' }, hold)).toEqual({ kind: 'not_found' });
    const again = await offerSuppliers.TRF.details('cancun-airport-hotel-zone', query, consumer);
    expect(again!.options.find((o) => o.code === 'MINIBUS')!.slots[0]).toMatchObject({ available: 0, bookable: false });
  });

  it('sails cruises weekly and holds a cabin for the whole sailing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [cruise] = await offerSuppliers.CRUISE.search(search({ date: inDays(60), until: inDays(90), guests: 2 }), consumer);
    expect(cruise?.name).toBe('Western Caribbean explorer on Ocean Aurora');
    expect(cruise?.facts).toMatchObject({ product: 'CRUISE', facts: { nights: 7, ports: ['Cozumel', 'Roatán', 'Belize City', 'Costa Maya'] } });
    const sailings = cruise!.cheapest!.slots.map((s) => s.day);
    expect(sailings.length).toBeGreaterThanOrEqual(4);
    expect(sailings.every((d) => weekdayOf(d) === 6)).toBe(true);
    const suite = { query: search({ date: sailings[0]!, until: sailings[0]!, guests: 4 }), offer: cruise!.slug, option: 'SUITE', day: sailings[0]!, time: '16:00' };
    const held = await offerSuppliers.CRUISE.hold(suite, hold);
    expect(held.kind === 'held' && held.hold.endsAt.getTime() - held.hold.startsAt.getTime()).toBe(7 * 86_400_000);
    expect(await offerSuppliers.CRUISE.hold(suite, hold)).toMatchObject({ kind: 'sold_out' });
    expect(await offerSuppliers.CRUISE.hold({ ...suite, option: 'INSIDE' }, hold)).toEqual({ kind: 'not_found' });
  });

  it('books restaurant tables by slot and party size; the second restaurant rests on Mondays', async (ctx) => {
    if (database.skip) return ctx.skip();
    const monday = nextWeekday(30, 1);
    const offers = await offerSuppliers.RESTAURANT.search(search({ date: monday, until: monday, time: '20:00', guests: 6 }), consumer);
    expect(offers).toHaveLength(2);
    expect(offers[0]!.cheapest?.code).toBe('T6');
    expect(offers[0]!.cheapest?.slots).toEqual([{ day: monday, time: '20:00', available: 1, bookable: true }]);
    expect(offers[1]!.cheapest).toBeNull();
    const rows = await getDb()
      .selectFrom('inventory_units')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('product', '=', 'RESTAURANT')
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(32 * 2 * 9);
  });
});
