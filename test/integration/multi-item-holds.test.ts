import { describe, expect, it } from 'vitest';
import type { Database } from '~/services/platform/db.server';
import { type MultiItemHoldRequest, convertHoldToBooking, countAvailableUnits, createMultiItemHold, findVisitorHold } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];
let item = 0;

async function newItem(db: Database, units: number): Promise<string> {
  const itemRef = `test:leg-${++item}-${Date.now()}`;
  await db
    .insertInto('inventory_units')
    .values(Array.from({ length: units }, (_, i) => ({ product: 'FLT', supplier_code: 'OWN', item_ref: itemRef, unit_label: `seat-${i + 1}` })))
    .execute();
  return itemRef;
}

const at = (day: number, hour: number) => new Date(Date.UTC(2027, 2, day, hour));
const request = (items: MultiItemHoldRequest['items'], quantity: number): MultiItemHoldRequest => ({
  orgId: 'wanderly',
  userId: null,
  product: 'FLT',
  items,
  quantity,
  ttlMinutes: 15,
});

describe.each(backends)('multi-item holds on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('holds every item for the quantity, or none when one item is short', async (ctx) => {
    if (database.skip) return ctx.skip();
    const out = await newItem(database.db, 3);
    const back = await newItem(database.db, 2);
    const trip = [
      { itemRef: out, startsAt: at(1, 8), endsAt: at(1, 11) },
      { itemRef: back, startsAt: at(8, 8), endsAt: at(8, 11) },
    ];
    const first = await createMultiItemHold(request(trip, 2));
    expect(first.kind).toBe('held');
    if (first.kind !== 'held') throw new Error('expected a hold');
    expect(first.hold.itemRef).toBe(`${out} ${back}`);
    expect(first.hold.startsAt.toISOString()).toBe(at(1, 8).toISOString());
    expect(first.hold.endsAt.toISOString()).toBe(at(8, 11).toISOString());
    // One seat left out, none back: all or nothing, and the out seat stays free.
    expect(await createMultiItemHold(request(trip, 1))).toEqual({ kind: 'sold_out', available: 0 });
    expect(await countAvailableUnits({ product: 'FLT', ...trip[0]! })).toBe(1);
    // Other times of the same items are free: seats do not multiply by date, ranges decide.
    expect((await createMultiItemHold(request([{ itemRef: back, startsAt: at(9, 8), endsAt: at(9, 11) }], 2))).kind).toBe('held');

    expect(await releaseHold(first.hold.token)).toBe(true);
    expect(await countAvailableUnits({ product: 'FLT', ...trip[0]! })).toBe(3);
    expect(await countAvailableUnits({ product: 'FLT', ...trip[1]! })).toBe(2);
  });

  it("shows a checkout link's hold only in its organisation, and a signed-in maker's hold only to them", async (ctx) => {
    if (database.skip) return ctx.skip();
    const users = await database.db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['member@wanderly.example', 'agent@wanderly.example']).execute();
    const member = users.find((u) => u.email.startsWith('member'))!.id;
    const agent = users.find((u) => u.email.startsWith('agent'))!.id;
    const leg = [{ itemRef: await newItem(database.db, 2), startsAt: at(6, 8), endsAt: at(6, 10) }];
    const anonymous = await createMultiItemHold(request(leg, 1));
    const members = await createMultiItemHold({ ...request(leg, 1), userId: member });
    if (anonymous.kind !== 'held' || members.kind !== 'held') throw new Error('expected holds');

    expect((await findVisitorHold(anonymous.hold.token, { orgId: 'wanderly', userId: null }))?.id).toBe(anonymous.hold.id);
    expect((await findVisitorHold(anonymous.hold.token, { orgId: 'wanderly', userId: agent }))?.id).toBe(anonymous.hold.id);
    expect(await findVisitorHold(anonymous.hold.token, { orgId: 'voyagerpro', userId: null })).toBeNull();
    expect((await findVisitorHold(members.hold.token, { orgId: 'wanderly', userId: member }))?.userId).toBe(member);
    expect(await findVisitorHold(members.hold.token, { orgId: 'wanderly', userId: agent })).toBeNull();
    expect(await findVisitorHold(members.hold.token, { orgId: 'wanderly', userId: null })).toBeNull();
    expect(await findVisitorHold("x' or 1=1 --", { orgId: 'wanderly', userId: null })).toBeNull();
  });

  it('turns into a booking as one, and refuses to claim one item twice at once', async (ctx) => {
    if (database.skip) return ctx.skip();
    const leg = await newItem(database.db, 2);
    const held = await createMultiItemHold(
      request(
        [
          { itemRef: leg, startsAt: at(3, 8), endsAt: at(3, 10) },
          { itemRef: leg, startsAt: at(4, 8), endsAt: at(4, 10) },
        ],
        2,
      ),
    );
    if (held.kind !== 'held') throw new Error('expected a hold');
    expect(await convertHoldToBooking(held.hold.token)).toBe(true);
    expect(await countAvailableUnits({ product: 'FLT', itemRef: leg, startsAt: at(4, 8), endsAt: at(4, 10) })).toBe(0);
    await expect(
      createMultiItemHold(
        request(
          [
            { itemRef: leg, startsAt: at(5, 8), endsAt: at(5, 10) },
            { itemRef: leg, startsAt: at(5, 9), endsAt: at(5, 11) },
          ],
          1,
        ),
      ),
    ).rejects.toThrow(RangeError);
    await expect(createMultiItemHold(request([], 1))).rejects.toThrow(RangeError);
  });

  it('gives one hold and clean sold-outs when many race for the last seats of a trip', async (ctx) => {
    if (database.skip) return ctx.skip();
    const out = await newItem(database.db, 1);
    const back = await newItem(database.db, 1);
    const trip = [
      { itemRef: out, startsAt: at(10, 8), endsAt: at(10, 11) },
      { itemRef: back, startsAt: at(12, 8), endsAt: at(12, 11) },
    ];
    const results = await Promise.all(Array.from({ length: 20 }, () => createMultiItemHold(request(trip, 1))));
    expect(results.filter((r) => r.kind === 'held')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'sold_out')).toHaveLength(19);
  });
});
