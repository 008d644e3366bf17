import { describe, expect, it, vi } from 'vitest';
import { addDays, formatDay, parseDay, weekStartOnOrAfter } from '~/domain/weeks';
import { getDb } from '~/services/platform/db.server';
import type { SupplierContext } from '~/services/suppliers/port';
import {
  builtInResortSupplier as resorts,
  builtInStaySupplier as stays,
  minWeekPrices,
  orgToday,
  resolveWeekSelection,
  resortReviews,
  weekStartDayOf,
} from '~/services/suppliers/weeks.server';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];
const consumer: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2C' };
const business: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2B' };
const hold = { ...consumer, ttlMinutes: 15 };

const inDays = (days: number) => formatDay(new Date(Date.now() + days * 86_400_000));
const dayOfWeek = (day: string) => parseDay(day)!.getUTCDay();

/** The unit type of a resort by code, with its id and start weekday, straight from the table. */
async function unitType(resortSlug: string, code: string) {
  return getDb()
    .selectFrom('resort_unit_types as t')
    .innerJoin('resorts as r', 'r.id', 't.resort_id')
    .select(['t.id', 't.week_start_weekday', 'r.id as resort_id'])
    .where('r.slug', '=', resortSlug)
    .where('t.code', '=', code)
    .executeTakeFirstOrThrow();
}

/** Whole weeks of a unit type from the first start day on or after `days` from today. */
function weekOf(weekday: number, days: number, weeks = 1) {
  const start = weekStartOnOrAfter(parseDay(inDays(days))!, weekday);
  return { checkIn: formatDay(start), checkOut: formatDay(addDays(start, weeks * 7)) };
}

describe.each(backends)('built-in weeks supplier on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('seeds at least 12 resorts and 8 stays with 2–3 unit types, units and 2–4 reviews each', async (ctx) => {
    if (database.skip) return ctx.skip();
    const db = getDb();
    const rows = await db.selectFrom('resorts').select(['id', 'kind']).execute();
    expect(rows.filter((r) => r.kind === 'RST').length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.kind === 'STY').length).toBeGreaterThanOrEqual(8);
    for (const resort of rows) {
      const types = await db.selectFrom('resort_unit_types').select('id').where('resort_id', '=', resort.id).execute();
      expect(types.length).toBeGreaterThanOrEqual(2);
      expect(types.length).toBeLessThanOrEqual(3);
      const units = await db.selectFrom('inventory_units').select('id').where('product', '=', resort.kind).where('item_ref', '=', `resort-unit:${types[0]!.id}`).execute();
      expect(units.length).toBeGreaterThan(0);
      const reviews = await resortReviews(resort.id, 1, 10);
      expect(reviews!.total).toBeGreaterThanOrEqual(2);
      expect(reviews!.total).toBeLessThanOrEqual(4);
    }
  });

  it('finds the resorts and stays of a destination, each week starting on its unit start day', async (ctx) => {
    if (database.skip) return ctx.skip();
    const query = { destination: 'cancun', checkIn: inDays(30) };
    const found = await resorts.search(query, consumer);
    expect(found.map((r) => r.name)).toEqual(['Royal Palm Cancún Beach Resort', 'Coral Bay Resort Cancún']);
    for (const resort of found) {
      expect(resort.kind).toBe('RST');
      expect(resort.cheapest).toMatchObject({ code: 'STU', available: 3, price: { nights: 7, weeks: 1, price_type: 'B2C', currency: 'USD' } });
      const start = parseDay(resort.cheapest!.checkInDate)!;
      expect(start.getUTCDay()).toBe(resort.cheapest!.weekStartWeekday);
      expect(start.getTime()).toBeGreaterThanOrEqual(parseDay(query.checkIn)!.getTime());
      expect(start.getTime() - parseDay(query.checkIn)!.getTime()).toBeLessThan(7 * 86_400_000);
    }
    expect((await stays.search(query, consumer)).map((s) => s.name)).toEqual(['Sunset Holiday Homes Cancún']);
    expect(await resorts.search({ destination: 'atlantis', checkIn: inDays(30) }, consumer)).toEqual([]);
    expect(await resorts.search({ destination: 'cancun', checkIn: inDays(-3) }, consumer)).toEqual([]);
    // A city without resorts still has its holiday stay.
    expect(await resorts.search({ destination: 'lisbon', checkIn: inDays(30) }, consumer)).toEqual([]);
    expect(await stays.search({ destination: 'lisbon', checkIn: inDays(30) }, consumer)).toHaveLength(1);
  });

  it("with guests, takes each place's cheapest week among the units that sleep that many", async (ctx) => {
    if (database.skip) return ctx.skip();
    const [royalPalm] = await resorts.search({ destination: 'cancun', checkIn: inDays(30), guests: 6 }, consumer);
    expect(royalPalm!.cheapest).toMatchObject({ code: '2BR', sleeps: 6 });
    const [sunset] = await stays.search({ destination: 'cancun', checkIn: inDays(30), guests: 3 }, consumer);
    expect(sunset!.cheapest).toMatchObject({ code: 'APT', sleeps: 4 });
  });

  it('details list every unit type, priced for the weeks asked; B2B pays the feed cost, below retail', async (ctx) => {
    if (database.skip) return ctx.skip();
    const query = { destination: 'cozumel', checkIn: inDays(20), checkOut: inDays(34) };
    const details = await resorts.details('cozumel-royal-palm', query, consumer);
    expect(details!.inventory.map((o) => o.code).sort()).toEqual(['1BR', '2BR', 'STU']);
    for (const offer of details!.inventory) {
      expect(offer.price).toMatchObject({ weeks: 2, nights: 14 });
      expect(offer.price.amount).toBe(offer.price.retail_price);
      expect(dayOfWeek(offer.checkInDate)).toBe(offer.weekStartWeekday);
    }
    const b2b = await resorts.details(String(details!.resortId), query, business);
    for (const offer of b2b!.inventory) {
      expect(offer.price.price_type).toBe('B2B');
      expect(offer.price.amount).toBeLessThan(offer.price.retail_price);
    }
    expect(await resorts.details('no-such-resort', query, consumer)).toBeNull();
    // A stay is not a resort: each supplier serves its own kind.
    expect(await resorts.details('cozumel-sunset-homes', query, consumer)).toBeNull();
  });

  it('holds the last unit of a week, then answers sold out; release frees it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const villa = await unitType('bali-royal-palm', '2BR');
    const week = weekOf(villa.week_start_weekday, 50);
    const selection = { inventoryId: villa.id, ...week };
    expect((await resorts.price(selection, consumer))!.available).toBe(1);
    const held = await resorts.hold(selection, hold);
    if (held.kind !== 'held') throw new Error(`expected a hold, got ${held.kind}`);
    expect(held.hold).toMatchObject({ product: 'RST', itemRef: `resort-unit:${villa.id}`, quantity: 1, status: 'active' });
    expect(held.hold.endsAt.getTime() - held.hold.startsAt.getTime()).toBe(7 * 86_400_000);
    expect((await resorts.price(selection, consumer))!.available).toBe(0);
    expect(await resorts.hold(selection, hold)).toEqual({ kind: 'sold_out', available: 0 });
    // Two weeks over the held one overlap it; the week after does not.
    expect(await resorts.hold({ ...selection, checkOut: formatDay(addDays(parseDay(week.checkOut)!, 7)) }, hold)).toMatchObject({ kind: 'sold_out' });
    const next = { inventoryId: villa.id, checkIn: week.checkOut, checkOut: formatDay(addDays(parseDay(week.checkOut)!, 7)) };
    expect((await resorts.price(next, consumer))!.available).toBe(1);

    expect(await resorts.release(held.hold.token)).toBe(true);
    expect(await resorts.release(held.hold.token)).toBe(false);
    expect((await resorts.price(selection, consumer))!.available).toBe(1);
    const again = await resorts.hold(selection, hold);
    expect(again.kind).toBe('held');
    if (again.kind === 'held') expect(await resorts.confirm(again.hold.token)).toBe(true);
    expect(await resorts.hold(selection, hold)).toEqual({ kind: 'sold_out', available: 0 });
  });

  it('stops counting an expired week hold at once, before the expiry job runs', async (ctx) => {
    if (database.skip) return ctx.skip();
    const home = await unitType('cancun-sunset-homes', 'HOM');
    const selection = { inventoryId: home.id, ...weekOf(home.week_start_weekday, 70) };
    const held = await stays.hold(selection, hold);
    if (held.kind !== 'held') throw new Error(`expected a hold, got ${held.kind}`);
    expect((await stays.details('cancun-sunset-homes', { destination: 'cancun', checkIn: selection.checkIn }, consumer))!.inventory.find((o) => o.code === 'HOM')!.available).toBe(
      0,
    );
    await getDb()
      .updateTable('holds')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('token', '=', held.hold.token)
      .execute();
    await getDb()
      .updateTable('unit_allocations')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('hold_id', '=', held.hold.id)
      .execute();
    expect((await stays.details('cancun-sunset-homes', { destination: 'cancun', checkIn: selection.checkIn }, consumer))!.inventory.find((o) => o.code === 'HOM')!.available).toBe(
      1,
    );
    expect((await stays.hold(selection, hold)).kind).toBe('held');
  });

  it('respects each unit type start weekday, read through the cached lookup', async (ctx) => {
    if (database.skip) return ctx.skip();
    const studio = await unitType('honolulu-coral-bay', 'STU');
    expect(await weekStartDayOf(studio.id)).toBe(studio.week_start_weekday);
    expect(await weekStartDayOf(999_999)).toBeNull();
    const week = weekOf(studio.week_start_weekday, 40);
    const offDay = { inventoryId: studio.id, checkIn: formatDay(addDays(parseDay(week.checkIn)!, 1)), checkOut: formatDay(addDays(parseDay(week.checkOut)!, 1)) };
    const resolved = await resolveWeekSelection(offDay, consumer.orgId);
    expect(resolved).toMatchObject({ kind: 'invalid', error: expect.stringMatching(/^check_in_date: weeks of this unit start on a/) });
    expect(await resorts.hold(offDay, hold)).toEqual({ kind: 'not_found' });
    expect(await resorts.price(offDay, consumer)).toBeNull();
    expect(await resolveWeekSelection({ inventoryId: studio.id, checkIn: week.checkIn, checkOut: formatDay(addDays(parseDay(week.checkIn)!, 10)) }, consumer.orgId)).toMatchObject({
      kind: 'invalid',
    });
    expect(await resolveWeekSelection({ inventoryId: 999_999, ...week }, consumer.orgId)).toEqual({ kind: 'not_found' });
    // A resort unit is not sold by the stays supplier.
    expect(await stays.hold({ inventoryId: studio.id, ...week }, hold)).toEqual({ kind: 'not_found' });
  });

  it('gives the lowest free one-week price per resort of a country', async (ctx) => {
    if (database.skip) return ctx.skip();
    const prices = await minWeekPrices({ country: 'MX', dates: [inDays(60), inDays(67)] }, consumer);
    const slugs = prices.map((p) => p.resort.slug);
    expect(slugs).toContain('cancun-royal-palm');
    expect(slugs).toContain('los-cabos-sunset-homes');
    expect(slugs.every((s) => /^(cancun|los-cabos|puerto-vallarta|cozumel)-/.test(s))).toBe(true);
    for (const { resort, offer } of prices) {
      const details = await (resort.kind === 'RST' ? resorts : stays).details(resort.slug, { destination: resort.destination, checkIn: inDays(60) }, consumer);
      const cheapest = Math.min(...details!.inventory.filter((o) => o.available > 0).map((o) => o.price.amount));
      expect(offer.price.amount).toBeLessThanOrEqual(cheapest);
      expect(offer.price.weeks).toBe(1);
    }
    expect(await minWeekPrices({ country: 'MX', dates: [inDays(60)], whitelabelIds: [99] }, consumer)).toEqual([]);
    expect(await minWeekPrices({ country: 'JP', dates: [inDays(60)] }, consumer)).toEqual([]);
  });

  it("refuses only days before the organisation's own today, not the UTC one (decision 0039)", async (ctx) => {
    if (database.skip) return ctx.skip();
    // 03:00 UTC: already the next day in UTC, still the evening before in Mexico City (UTC-6).
    const mexican: SupplierContext = { ...consumer, orgId: 'viajamas' };
    const studio = await unitType('honolulu-coral-bay', 'STU');
    const week = weekOf(studio.week_start_weekday, 200);
    const firstDay = parseDay(week.checkIn)!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(`${formatDay(addDays(firstDay, 1))}T03:00:00Z`));
      expect(formatDay(orgToday('viajamas'))).toBe(week.checkIn);
      expect((await resolveWeekSelection({ inventoryId: studio.id, ...week }, 'viajamas')).kind).toBe('ok');
      expect((await resorts.search({ destination: 'cancun', checkIn: week.checkIn }, mexican)).length).toBeGreaterThan(0);
      expect(await resorts.search({ destination: 'cancun', checkIn: formatDay(addDays(firstDay, -1)) }, mexican)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    expect(() => orgToday('nowhere')).toThrow('Unknown organisation nowhere');
  });
});
