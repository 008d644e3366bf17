import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '~/services/platform/db.server';
import { type HoldRequest, convertHoldToBooking, countAvailableUnits, createHold, findHoldByToken } from '~/services/booking/holds.server';
import { expireHolds, releaseHold } from '~/services/booking/hold-release.server';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];
let item = 0;

/** A fresh item with `units` units, so tests never share inventory. */
async function newItem(db: Database, units: number): Promise<string> {
  const itemRef = `test:item-${++item}-${Date.now()}`;
  await db
    .insertInto('inventory_units')
    .values(Array.from({ length: units }, (_, i) => ({ product: 'HLT', supplier_code: 'OWN', item_ref: itemRef, unit_label: `room-${i + 1}` })))
    .execute();
  return itemRef;
}

const day = (n: number) => new Date(Date.UTC(2027, 0, n));
const request = (itemRef: string, from: number, to: number, extra: Partial<HoldRequest> = {}): HoldRequest => ({
  orgId: 'wanderly',
  userId: null,
  product: 'HLT',
  itemRef,
  startsAt: day(from),
  endsAt: day(to),
  quantity: 1,
  ttlMinutes: 15,
  ...extra,
});

describe.each(backends)('holds on %s', (backend) => {
  const database = useSeededDatabase(backend);
  /** On PostgreSQL a second, independent pool plays the second app instance. */
  let second: Database | undefined;
  beforeAll(async () => {
    if (backend !== 'postgres' || database.skip) return;
    second = (await openDatabase({ databaseUrl: database.url!, poolSize: 10 })).db;
  });
  afterAll(async () => second?.destroy());

  it('200 concurrent holds on the last unit: exactly 1 succeeds, 199 sold out, no errors (R1)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const itemRef = await newItem(database.db, 1);
    const instances = [database.db, second ?? database.db];
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => createHold(request(itemRef, 10, 13), instances[i % instances.length])));
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const answers = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof createHold>>>).value.kind);
    expect(answers.filter((k) => k === 'held')).toHaveLength(1);
    expect(answers.filter((k) => k === 'sold_out')).toHaveLength(199);
    const allocations = await database.db
      .selectFrom('unit_allocations as a')
      .innerJoin('inventory_units as u', 'u.id', 'a.unit_id')
      .select('a.id')
      .where('u.item_ref', '=', itemRef)
      .execute();
    expect(allocations).toHaveLength(1);
  });

  it('holds several units at once and refuses what is not there', async (ctx) => {
    if (database.skip) return ctx.skip();
    const itemRef = await newItem(database.db, 3);
    expect((await createHold(request(itemRef, 1, 4, { quantity: 2 }))).kind).toBe('held');
    expect(await createHold(request(itemRef, 2, 3, { quantity: 2 }))).toEqual({ kind: 'sold_out', available: 1 });
    expect((await createHold(request(itemRef, 2, 3))).kind).toBe('held');
    expect(await countAvailableUnits({ product: 'HLT', itemRef, startsAt: day(1), endsAt: day(4) })).toBe(0);
  });

  it('treats ranges as half-open: a stay may start the day another ends', async (ctx) => {
    if (database.skip) return ctx.skip();
    const itemRef = await newItem(database.db, 1);
    expect((await createHold(request(itemRef, 5, 8))).kind).toBe('held');
    expect((await createHold(request(itemRef, 8, 10))).kind).toBe('held');
    expect((await createHold(request(itemRef, 7, 9))).kind).toBe('sold_out');
    expect((await createHold(request(itemRef, 1, 5))).kind).toBe('held');
  });

  it('an expired hold stops blocking at its TTL, and the expiry job finishes it (R2)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const itemRef = await newItem(database.db, 1);
    const first = await createHold(request(itemRef, 10, 12));
    if (first.kind !== 'held') throw new Error('expected a hold');
    expect((await createHold(request(itemRef, 10, 12))).kind).toBe('sold_out');

    // Let the first hold run out.
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', first.hold.id)
      .execute();
    await database.db
      .updateTable('unit_allocations')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('hold_id', '=', first.hold.id)
      .execute();
    expect(await countAvailableUnits({ product: 'HLT', itemRef, startsAt: day(10), endsAt: day(12) })).toBe(1);
    // It can no longer become a booking.
    expect(await convertHoldToBooking(first.hold.token)).toBe(false);

    expect(await expireHolds()).toBeGreaterThanOrEqual(1);
    expect((await findHoldByToken(first.hold.token))?.status).toBe('expired');
    const leftovers = await database.db.selectFrom('unit_allocations').select('id').where('hold_id', '=', first.hold.id).execute();
    expect(leftovers).toEqual([]);
    expect((await createHold(request(itemRef, 10, 12))).kind).toBe('held');
  });

  it('a released hold frees its units at once; a booked one never expires', async (ctx) => {
    if (database.skip) return ctx.skip();
    const itemRef = await newItem(database.db, 1);
    const held = await createHold(request(itemRef, 20, 22));
    if (held.kind !== 'held') throw new Error('expected a hold');
    expect(await releaseHold(held.hold.token)).toBe(true);
    expect(await releaseHold(held.hold.token)).toBe(false);
    expect((await findHoldByToken(held.hold.token))?.status).toBe('released');

    const again = await createHold(request(itemRef, 20, 22));
    if (again.kind !== 'held') throw new Error('expected a hold');
    expect(await convertHoldToBooking(again.hold.token)).toBe(true);
    expect(await releaseHold(again.hold.token)).toBe(false);
    await expireHolds();
    expect((await findHoldByToken(again.hold.token))?.status).toBe('booked');
    expect(await countAvailableUnits({ product: 'HLT', itemRef, startsAt: day(20), endsAt: day(22) })).toBe(0);
  });

  it('refuses an empty or reversed range and a bad quantity before touching the database', async (ctx) => {
    if (database.skip) return ctx.skip();
    const itemRef = await newItem(database.db, 1);
    await expect(createHold(request(itemRef, 5, 5))).rejects.toThrow(RangeError);
    await expect(createHold(request(itemRef, 6, 5))).rejects.toThrow(RangeError);
    await expect(createHold(request(itemRef, 1, 2, { quantity: 0 }))).rejects.toThrow(RangeError);
    await expect(createHold(request(itemRef, 1, 2, { quantity: 1.5 }))).rejects.toThrow(RangeError);
    expect(await countAvailableUnits({ product: 'HLT', itemRef, startsAt: day(1), endsAt: day(9) })).toBe(1);
  });
});
