import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORED_VALUE_TEXT } from '~/domain/instruments';
import { getOrgById } from '~/services/config/config.server';
import { expireHolds } from '~/services/booking/hold-release.server';
import { balanceOf } from '~/services/stored-value/ledger.server';
import {
  type Member,
  applyToHold,
  availableCoupons,
  earnPointsForBooking,
  loyaltyOf,
  matureEarnedPoints,
  instrumentsOf,
  payableOfHold,
  releaseApplicationsOfHolds,
  settleApplicationsOfBooking,
  unapplyFromHold,
} from '~/services/stored-value/stored-value.server';
import { useSeededDatabase } from '../support/databases';
import { memberHold, quoteOf } from '../support/stored-value';

/** Issue 11: applying stored value to a hold, the payable total, and settling with the booking. */
describe.each(['pglite', 'postgres'] as const)('stored value at checkout on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const org = () => getOrgById('voyagerpro')!;
  let member: Member;
  let other: Member;
  beforeAll(async () => {
    if (database.skip) return;
    const ids = await database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('org_id', '=', 'voyagerpro')
      .where('email', 'in', ['member@voyagerpro.example', 'agent@voyagerpro.example'])
      .execute();
    member = { orgId: 'voyagerpro', userId: ids.find((u) => u.email.startsWith('member'))!.id };
    other = { orgId: 'voyagerpro', userId: ids.find((u) => u.email.startsWith('agent'))!.id };
  });

  const instrument = async (who: Member, code: string) =>
    (await instrumentsOf(who, ['cash_card', 'points', 'wallet', 'certificate', 'discount_card'], database.db)).find((i) => i.code === code)!;

  async function expectLedgerConsistent() {
    const drift = await sql<{ id: number }>`
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(database.db);
    expect(drift.rows).toEqual([]);
  }

  it('seeds every instrument for the demo member', async (ctx) => {
    if (database.skip) return ctx.skip();
    const held = await instrumentsOf(member, ['cash_card', 'points', 'wallet', 'certificate', 'discount_card'], database.db);
    expect(held.map((i) => i.code).sort()).toEqual(['CASH-1001', 'CERT-50', 'DISC-100', 'MILES', 'STARS', 'WALLET']);
    expect((await availableCoupons(member, 'HLT', 'USD', database.db)).map((c) => c.code).sort()).toEqual(['SAVE25', 'WELCOME10']);
  });

  it('lists a coupon until the member has used it as often as it allows; released, it is theirs again', async (ctx) => {
    if (database.skip) return ctx.skip();
    const codes = async (who: Member) => (await availableCoupons(who, 'HLT', 'USD', database.db)).map((c) => c.code).sort();
    const first = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    expect(await applyToHold(member, first.token, { kind: 'coupon', code: 'WELCOME10' }, { org: org(), db: database.db })).toMatchObject({ ok: true });
    // WELCOME10 is once per member: applied on a hold counts as used, for this member only.
    expect(await codes(member)).toEqual(['SAVE25']);
    expect(await codes(other)).toEqual(['SAVE25', 'WELCOME10']);
    const second = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    expect(await applyToHold(member, second.token, { kind: 'coupon', code: 'WELCOME10' }, { org: org(), db: database.db })).toEqual({
      ok: false,
      status: 409,
      message: 'YOU HAVE ALREADY USED THIS COUPON CODE',
    });
    expect(await unapplyFromHold(member, first.token, { kind: 'coupon' }, database.db)).toMatchObject({ ok: true });
    expect(await codes(member)).toEqual(['SAVE25', 'WELCOME10']);
  });

  it('applies a coupon, a cash card, points and a wallet; the rest is payable; confirming captures them', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 50_000, { markupMinor: 5_000 }));
    const cash = await instrument(member, 'CASH-1001');
    const miles = await instrument(member, 'MILES');
    const wallet = await instrument(member, 'WALLET');
    const coupon = await applyToHold(member, hold.token, { kind: 'coupon', code: 'save25' }, { org: org(), db: database.db });
    expect(coupon).toMatchObject({ ok: true, applied: { amountMinor: 2_500 }, payableMinor: 47_500 });
    const cashApplied = await applyToHold(member, hold.token, { kind: 'cash_card', instrumentId: cash.id, amount: '100.50' }, { org: org(), db: database.db });
    expect(cashApplied).toMatchObject({ ok: true, applied: { amountMinor: 10_050 }, payableMinor: 37_450 });
    const points = await applyToHold(member, hold.token, { kind: 'points', instrumentId: miles.id, points: 1_000 }, { org: org(), db: database.db });
    expect(points).toMatchObject({ ok: true, applied: { amountMinor: 1_000, units: 1_000 }, payableMinor: 36_450 });
    const walletApplied = await applyToHold(member, hold.token, { kind: 'wallet', instrumentId: wallet.id, amount: '50' }, { org: org(), db: database.db });
    expect(walletApplied).toMatchObject({ ok: true, applied: { amountMinor: 5_000 }, payableMinor: 31_450 });
    expect(await payableOfHold(hold.id, database.db)).toEqual({ chargeMinor: 50_000, payableMinor: 31_450, currency: 'USD' });
    expect(
      (await balanceOf((await database.db.selectFrom('instruments').select('account_id').where('id', '=', cash.id).executeTakeFirstOrThrow()).account_id, database.db))
        .reservedMinor,
    ).toBeGreaterThanOrEqual(10_050);

    await database.db.transaction().execute((trx) => settleApplicationsOfBooking(hold.id, 'confirmed', trx));
    const statuses = await database.db.selectFrom('checkout_applications').select('status').where('hold_id', '=', hold.id).execute();
    expect(statuses.map((s) => s.status)).toEqual(['captured', 'captured', 'captured', 'captured']);
    expect((await instrument(member, 'CASH-1001')).balance).toBe(cash.balance - 10_050);
    await expectLedgerConsistent();
  });

  it('earns points on a confirmed booking once, pending until the trip; a cancellation forfeits them', async (ctx) => {
    if (database.skip) return ctx.skip();
    const miles = await instrument(member, 'MILES');
    const accountId = (await database.db.selectFrom('instruments').select('account_id').where('id', '=', miles.id).executeTakeFirstOrThrow()).account_id;
    const rules = org().payments.storedValue!.earn!;
    const earned = 123 * rules[0]!.pointsPerUnit;
    const earn = async (startsOn: string) => {
      const hold = await memberHold(database.db, member, quoteOf('HLT', 12_399));
      const booking = await database.db
        .insertInto('bookings')
        .values({
          reference: `SV-${hold.token.slice(-8)}`,
          org_id: 'voyagerpro',
          user_id: member.userId,
          hold_id: hold.id,
          product: 'HLT',
          item_ref: 'x',
          starts_on: startsOn,
          guest_first_name: 'A',
          guest_last_name: 'B',
          guest_email: 'a@b.example',
          status: 'confirmed',
          amount_minor: 12_399,
          currency: 'USD',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < 2; i++)
        await database.db
          .transaction()
          .execute((trx) =>
            earnPointsForBooking({ id: booking.id, orgId: 'voyagerpro', userId: member.userId, holdId: hold.id, paid: { amountMinor: 12_399, currency: 'USD' } }, rules, trx),
          );
      return booking.id;
    };
    const before = await balanceOf(accountId, database.db);
    const travelled = await earn('2020-01-01');
    const upcoming = await earn('2099-01-01');
    const cancelled = await earn('2099-01-01');
    const startsInNewYork = await earn('2027-01-10');
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: before.availableMinor, reservedMinor: before.reservedMinor + 4 * earned });
    await database.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
    expect(await matureEarnedPoints(database.db)).toBe(2);
    expect(await matureEarnedPoints(database.db)).toBe(0);
    // The trip that started made its points available; the cancelled one forfeited its; the upcoming one waits.
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: before.availableMinor + earned, reservedMinor: before.reservedMinor + 2 * earned });
    expect([travelled, upcoming, startsInNewYork]).toHaveLength(3);
    // A trip starts on its organisation's day (voyagerpro: New York, UTC-5 in January), not UTC's.
    expect(await matureEarnedPoints(database.db, new Date('2027-01-10T03:00:00Z'))).toBe(0);
    expect(await matureEarnedPoints(database.db, new Date('2027-01-10T05:30:00Z'))).toBe(1);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: before.availableMinor + 2 * earned, reservedMinor: before.reservedMinor + earned });
    // The profile's view: available, pending until the trip, and the movements that changed the total.
    const [loyalty] = (await loyaltyOf(member, 'America/New_York', database.db)).filter((type) => type.code === 'MILES');
    expect(loyalty).toMatchObject({ title: miles.title, available: before.availableMinor + 2 * earned, pending: earned });
    // Newest first: the cancelled trip's forfeit came after the four earnings.
    expect(loyalty!.movements.slice(0, 5).map((m) => [m.kind, m.points])).toEqual([['forfeited', -earned], ...Array(4).fill(['earned', earned])]);
    await expectLedgerConsistent();
  });

  it('refuses bad input and other members’ instruments, and changes nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const cash = await instrument(member, 'CASH-1001');
    const theirs = await instrument(other, 'CASH-1001');
    expect(await applyToHold(member, hold.token, { kind: 'cash_card', instrumentId: theirs.id, amount: '' }, { org: org(), db: database.db })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await applyToHold(member, hold.token, { kind: 'cash_card', instrumentId: cash.id, amount: '1.234' }, { org: org(), db: database.db })).toEqual({
      ok: false,
      status: 400,
      message: STORED_VALUE_TEXT.cashAmount,
    });
    expect(await applyToHold(member, hold.token, { kind: 'coupon', code: 'NOPE' }, { org: org(), db: database.db })).toEqual({
      ok: false,
      status: 400,
      message: STORED_VALUE_TEXT.couponInvalid,
      reason: 'coupon_invalid',
    });
    expect(await applyToHold(other, hold.token, { kind: 'cash_card', instrumentId: theirs.id, amount: '' }, { org: org(), db: database.db })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await payableOfHold(hold.id, database.db)).toMatchObject({ payableMinor: 20_000 });
    expect((await instrument(member, 'CASH-1001')).balance).toBe(cash.balance);
  });

  it('caps a cash card at the payable total; unapply and expiry release', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 3_000));
    const cash = await instrument(member, 'CASH-1001');
    expect(await applyToHold(member, hold.token, { kind: 'cash_card', instrumentId: cash.id, amount: '' }, { org: org(), db: database.db })).toMatchObject({
      ok: true,
      applied: { amountMinor: 3_000 },
      payableMinor: 0,
    });
    expect((await instrument(member, 'CASH-1001')).balance).toBe(cash.balance - 3_000);
    expect(await unapplyFromHold(member, hold.token, { kind: 'cash_card', instrumentId: cash.id }, database.db)).toMatchObject({ ok: true, payableMinor: 3_000 });
    expect((await instrument(member, 'CASH-1001')).balance).toBe(cash.balance);

    const lapsing = await memberHold(database.db, member, quoteOf('HLT', 3_000));
    await applyToHold(member, lapsing.token, { kind: 'cash_card', instrumentId: cash.id, amount: '10' }, { org: org(), db: database.db });
    await applyToHold(member, lapsing.token, { kind: 'coupon', code: 'SAVE25' }, { org: org(), db: database.db });
    await database.db
      .updateTable('holds')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', lapsing.id)
      .execute();
    await expireHolds(500, database.db);
    expect((await database.db.selectFrom('checkout_applications').select('status').where('hold_id', '=', lapsing.id).execute()).map((r) => r.status)).toEqual([
      'released',
      'released',
    ]);
    expect((await instrument(member, 'CASH-1001')).balance).toBe(cash.balance);
    expect(await releaseApplicationsOfHolds([lapsing.id], database.db)).toBe(0);
    await expectLedgerConsistent();
  });
});
