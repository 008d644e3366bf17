import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, getOpenedDatabase } from '~/services/platform/db.server';
import { keptUntilChanged } from '~/services/platform/kept-until-changed.server';
import { hasActivePlan } from '~/services/catalog/member-rates.server';
import { countAvailableUnitsByItem, createHold, findHoldByToken, findVisitorHold } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { getOrgById } from '~/services/config/config.server';
import { savedTraveler } from '~/services/booking/checkout.server';
import { listCards } from '~/services/payments/saved-cards.server';
import { type Member, appliedToHold, applyToHold, availableCoupons, instrumentsOf } from '~/services/stored-value/stored-value.server';
import { addSavedTraveler, listSavedTravelers } from '~/services/identity/user-details.server';
import { pageVersions } from '~/services/site/page-cache.server';
import { createSession, getSessionByToken, hashToken } from '~/services/identity/session.server';
import { type Backend, useSeededDatabase } from '../support/databases';
import { memberHold, quoteOf } from '../support/stored-value';

/** A reader that counts its reads and answers the count. */
function countingReader() {
  const reader = { reads: 0, read: async () => ++reader.reads };
  return reader;
}

const notify = (channel: string) => sql`select pg_notify(${channel}, '')`.execute(getDb());

describe('values kept until the embedded database notifies a change', () => {
  const database = useSeededDatabase('pglite');

  it('reads once, then again only after a committed notice on its channel', async () => {
    const kept = keptUntilChanged<number>('test-values', ['test_kept_values'], 10);
    const reader = countingReader();
    expect(await kept.get('a', reader.read)).toBe(1);
    expect(await kept.get('a', reader.read)).toBe(1);
    await notify('another_channel');
    expect(await kept.get('a', reader.read)).toBe(1);

    await notify('test_kept_values');
    expect(await kept.get('a', reader.read)).toBe(2);

    // Sent inside a transaction that rolls back: never delivered.
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify('test_kept_values', '')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await kept.get('a', reader.read)).toBe(2);
  });

  it('forgets everything past its size, and never keeps a failed read', async () => {
    const kept = keptUntilChanged<number>('test-bounded', ['test_kept_bounded'], 2);
    const reader = countingReader();
    await kept.get('a', reader.read);
    await kept.get('b', reader.read);
    expect(await kept.get('a', reader.read)).toBe(1);
    await kept.get('c', reader.read);
    expect(await kept.get('a', reader.read)).toBe(4);

    await expect(kept.get('d', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await kept.get('d', reader.read)).toBe(5);
  });

  it('sees a hold or a catalogue change on the very next read of the page versions', async () => {
    const before = await pageVersions();
    expect(await pageVersions()).toBe(before);
    await sql`update inventory_units set id = id where id = (select min(id) from inventory_units)`.execute(database.db);
    const afterHold = await pageVersions();
    expect(afterHold.availability).not.toBe(before.availability);
    expect(afterHold.content).toBe(before.content);
    await sql`update hotels set name = name where id = (select min(id) from hotels)`.execute(database.db);
    expect((await pageVersions()).content).not.toBe(before.content);
  });

  it('keeps a session read, and reads it again after any change to sessions or users', async () => {
    const user = await database.db.selectFrom('users').select(['id', 'org_id']).where('is_demo', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const cookieContext = { hostname: 'localhost', cookie: () => undefined };
    const { token } = await createSession(cookieContext, { userId: user.id });
    const open = () => getSessionByToken({ token, orgId: user.org_id });
    expect((await open())?.user.first_name).not.toBe('Renamed');
    // With triggers off (as a replica applies changes), a deleted session is still read from memory.
    await sql`set session_replication_role = replica`.execute(database.db);
    await database.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    await sql`set session_replication_role = origin`.execute(database.db);
    expect(await open()).not.toBeNull();
    const again = await createSession(cookieContext, { userId: user.id });
    expect(await open()).toBeNull();
    const reopen = () => getSessionByToken({ token: again.token, orgId: user.org_id });
    await database.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', user.id).execute();
    expect((await reopen())?.user.first_name).toBe('Renamed');
    await database.db.updateTable('users').set({ is_blocked: true }).where('id', '=', user.id).execute();
    expect(await reopen()).toBeNull();
  });

  it("keeps a member's plan, decides it against each day, and reads it again after any change to plans", async () => {
    const subscription = await database.db
      .selectFrom('user_subscriptions')
      .select(['user_id', 'expires_on'])
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const session = { userDbId: subscription.user_id };
    const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await hasActivePlan(session, subscription.expires_on)).toBe(true);
    // Kept as a row, not a verdict: the day after its last day the same kept row says no.
    expect(await hasActivePlan(session, dayAfter(subscription.expires_on))).toBe(false);
    // With triggers off, the expired plan is still read from memory: the saving is real.
    await sql`set session_replication_role = replica`.execute(database.db);
    await database.db.updateTable('user_subscriptions').set({ status: 'EXPIRED' }).where('user_id', '=', session.userDbId).execute();
    await sql`set session_replication_role = origin`.execute(database.db);
    expect(await hasActivePlan(session, subscription.expires_on)).toBe(true);
    await database.db.updateTable('user_subscriptions').set({ debt_minor: 0 }).where('user_id', '=', -1).execute();
    expect(await hasActivePlan(session, subscription.expires_on)).toBe(false);
    await database.db.updateTable('user_subscriptions').set({ status: 'ACTIVE' }).where('user_id', '=', session.userDbId).execute();
    expect(await hasActivePlan(session, subscription.expires_on)).toBe(true);
  });

  it('keeps free counts until units or allocations change, or until a counted hold expires', async () => {
    const itemRef = `test:kept-counts-${Date.now()}`;
    const addUnits = (labels: string[]) =>
      database.db
        .insertInto('inventory_units')
        .values(labels.map((label) => ({ product: 'HLT', supplier_code: 'OWN', item_ref: itemRef, unit_label: label })))
        .execute();
    await addUnits(['room-1', 'room-2']);
    const stay = { startsAt: new Date(Date.UTC(2027, 4, 10)), endsAt: new Date(Date.UTC(2027, 4, 12)) };
    const free = async () => (await countAvailableUnitsByItem({ products: ['HLT'], itemRefs: [itemRef], ...stay })).get(itemRef) ?? 0;
    expect(await free()).toBe(2);
    const hold = await createHold({ orgId: 'wanderly', userId: null, product: 'HLT', itemRef, ...stay, quantity: 1, ttlMinutes: 15 });
    if (hold.kind !== 'held') throw new Error('no hold');
    const expiry = await sql<{
      at: Date;
    }>`update unit_allocations set expires_at = now() + interval '3 seconds' where hold_id = ${hold.hold.id} returning expires_at as at`.execute(database.db);
    expect(await free()).toBe(1);
    // With triggers off, a new unit is not counted: the count is kept.
    await sql`set session_replication_role = replica`.execute(database.db);
    await addUnits(['room-3']);
    await sql`set session_replication_role = origin`.execute(database.db);
    expect(await free()).toBe(1);
    // The hold expires with no write at all: the count is read again.
    await new Promise((resolve) => setTimeout(resolve, new Date(expiry.rows[0]!.at).getTime() - Date.now() + 50));
    expect(await free()).toBe(3);
  });
});

describe("a checkout's reads, kept by the embedded database (decision 0047)", () => {
  const database = useSeededDatabase('pglite');
  const org = () => getOrgById('voyagerpro')!;
  let member: Member & { publicId: string };
  beforeAll(async () => {
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'public_id'])
      .where('org_id', '=', 'voyagerpro')
      .where('email', '=', 'member@voyagerpro.example')
      .executeTakeFirstOrThrow();
    member = { orgId: 'voyagerpro', userId: user.id, publicId: user.public_id };
  });

  /** Two reads with no write between them answer the same kept, frozen value. */
  async function expectKept<V extends object>(read: () => Promise<V>): Promise<V> {
    const first = await read();
    expect(await read()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    return first;
  }

  it('keeps the hold, frozen, until a statement on holds; a transaction reads it itself', async () => {
    const { token } = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const hold = await expectKept(async () => (await findHoldByToken(token))!);
    expect(hold.status).toBe('active');
    expect(Object.isFrozen(hold.quote)).toBe(true);
    expect(() => Object.assign(hold, { status: 'released' })).toThrow(TypeError);
    expect(await findVisitorHold(token, member)).toBe(hold);
    expect(await findHoldByToken(token, database.db)).not.toBe(hold);
    expect(await releaseHold(token)).toBe(true);
    expect((await findHoldByToken(token))?.status).toBe('released');
  });

  it("keeps a hold's traveller until a statement on bookings", async () => {
    const { token } = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const hold = (await findHoldByToken(token))!;
    expect(await savedTraveler(hold)).toBeNull();
    expect(await savedTraveler(hold)).toBeNull();
    await database.db
      .insertInto('bookings')
      .values({
        reference: `KEPT-${hold.id.slice(0, 8)}`,
        org_id: member.orgId,
        user_id: member.userId,
        hold_id: hold.id,
        product: 'HLT',
        item_ref: hold.itemRef,
        starts_on: '2030-01-01',
        ends_on: null,
        guest_first_name: 'Maya',
        guest_last_name: 'Lopez',
        guest_email: 'maya@example.com',
        guest_phone: null,
        status: 'initiated',
        updated_at: new Date(),
      })
      .execute();
    expect(await expectKept(async () => (await savedTraveler(hold))!)).toMatchObject({ firstName: 'Maya', lastName: 'Lopez' });
  });

  it("keeps a member's applications, coupons and balances until a statement on their tables", async () => {
    const { token } = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const applied = () => appliedToHold(member, token).then((held) => held!.applied);
    const coupons = () => availableCoupons(member, 'HLT', 'USD');
    const cashCard = async () => (await instrumentsOf(member, ['cash_card'])).find((i) => i.code === 'CASH-1001')!;
    expect(await expectKept(applied)).toEqual([]);
    expect((await coupons()).map((c) => c.code).sort()).toEqual(['SAVE25', 'WELCOME10']);
    const balance = (await cashCard()).balance;
    // Coupons and instruments are kept as rows (what has expired is decided per request): with
    // triggers off (as a replica applies changes), a change is not seen.
    await sql`set session_replication_role = replica`.execute(database.db);
    await database.db.updateTable('coupons').set({ title: 'Unseen' }).where('org_id', '=', member.orgId).execute();
    await database.db.updateTable('instruments').set({ title: 'Unseen' }).where('org_id', '=', member.orgId).execute();
    await sql`set session_replication_role = origin`.execute(database.db);
    expect((await coupons()).map((c) => c.title)).not.toContain('Unseen');
    expect((await cashCard()).title).not.toBe('Unseen');
    // A statement that changes no row still says its table changed.
    await database.db.updateTable('coupons').set({ title: 'Seen' }).where('org_id', '=', 'no-such-org').execute();
    await database.db.updateTable('instruments').set({ title: 'Seen' }).where('org_id', '=', 'no-such-org').execute();
    expect((await coupons()).map((c) => c.title)).toEqual(['Unseen', 'Unseen']);
    expect((await cashCard()).title).toBe('Unseen');
    // The real writers: applying takes a coupon's use and reserves a card's balance.
    expect(await applyToHold(member, token, { kind: 'coupon', code: 'WELCOME10' }, { org: org() })).toMatchObject({ ok: true });
    expect((await applied()).map((part) => part.code)).toEqual(['WELCOME10']);
    // WELCOME10 is once per member: applied counts as used.
    expect((await coupons()).map((c) => c.code)).toEqual(['SAVE25']);
    const card = await cashCard();
    expect(await applyToHold(member, token, { kind: 'cash_card', instrumentId: card.id, amount: '10' }, { org: org() })).toMatchObject({ ok: true });
    expect((await cashCard()).balance).toBe(balance - 1_000);
    expect((await applied()).map((part) => part.code)).toEqual(['WELCOME10', 'CASH-1001']);
    await database.db.updateTable('coupons').set({ title: 'Renamed' }).where('code', '=', 'SAVE25').where('org_id', '=', member.orgId).execute();
    expect((await coupons()).map((c) => c.title)).toEqual(['Renamed']);
    await database.db.updateTable('instruments').set({ active: false }).where('id', '=', card.id).execute();
    expect((await cashCard()).active).toBe(false);
  });

  it("keeps a member's saved cards and travellers until a statement on theirs", async () => {
    const cards = () => listCards(member.userId);
    const travelers = () => listSavedTravelers({ userPublicId: member.publicId });
    const cardsBefore = (await expectKept(cards)).length;
    const travelersBefore = (await expectKept(travelers)).length;
    await database.db
      .insertInto('saved_cards')
      .values({
        user_id: member.userId,
        gateway_customer_id: 'kept-test',
        token: `kept-${Date.now()}`,
        brand: 'Visa',
        last4: '4242',
        exp_month: '12',
        exp_year: '2030',
        nickname: null,
      })
      .execute();
    expect(await cards()).toHaveLength(cardsBefore + 1);
    expect(
      await addSavedTraveler({
        userPublicId: member.publicId,
        traveler: { firstName: 'Kept', lastName: 'Traveller', dateOfBirth: null, nationality: null, email: null, phone: null },
      }),
    ).toBe('added');
    expect((await travelers()).map((t) => t.firstName)).toContain('Kept');
    expect(await travelers()).toHaveLength(travelersBefore + 1);
  });
});

describe.each<Backend>(['postgres'])('values on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('are read from the database every time: other instances write too', async (ctx) => {
    if (database.skip) return ctx.skip();
    const kept = keptUntilChanged<number>('test-values', ['test_kept_values'], 10);
    const reader = countingReader();
    await kept.get('a', reader.read);
    expect(await kept.get('a', reader.read)).toBe(2);
  });

  it('send no notices there: no one listens, and a notifying commit takes a database-wide lock', async (ctx) => {
    if (database.skip) return ctx.skip();
    const heard: string[] = [];
    const unlisten = await getOpenedDatabase().listen(
      'sessions',
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      await database.db
        .updateTable('users')
        .set({ first_name: 'Renamed' })
        .where('id', '=', (eb) => eb.selectFrom('users').select(eb.fn.min('id').as('id')))
        .execute();
      await sql`select pg_notify('sessions', 'direct')`.execute(database.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual(['direct']);
    } finally {
      await unlisten();
    }
  });
});
