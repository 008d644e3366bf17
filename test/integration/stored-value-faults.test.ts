// Issue 11 acceptance 3 and 4: stored value never loses nor mints a cent under concurrency and
// faults. Concurrent checkouts spending one balance (on PostgreSQL from two app instances),
// real bookings against the sandbox gateway that decline, expire, fail 3-D Secure or confirm, a
// crash between reserve and capture (a simulated one, and on PostgreSQL a real SIGKILL of a
// second instance), and a seeded random run of every operation with injected faults.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrgById } from '~/services/config/config.server';
import { type Database, openDatabase } from '~/services/platform/db.server';
import type { ApplicationStatus, BookingStatus } from '~/services/platform/db-schema';
import { createHold } from '~/services/booking/holds.server';
import { expireHolds, releaseHold } from '~/services/booking/hold-release.server';
import { balanceOf } from '~/services/stored-value/ledger.server';
import { initBookingAction } from '~/http/pay-call.server';
import { reconcilePayments } from '~/services/booking-payments/booking-reconcile.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { createSession } from '~/services/identity/session.server';
import {
  type ApplyAnswer,
  type ApplyRequest,
  type Member,
  applyToHold,
  creditInstrument,
  openInstrument,
  payableOfHold,
  reconcileApplications,
  refundApplicationsOfHold,
  releaseApplicationsOfHolds,
  settleApplicationsOfBooking,
  unapplyFromHold,
} from '~/services/stored-value/stored-value.server';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { type Backend, useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';
import type { CrashInput } from '../support/stored-value-crash-child';
import { ledgerProblems, memberHold, quoteOf } from '../support/stored-value';
import { seededRandom } from '../support/seeded-random';

const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;

const backends: Backend[] = ['pglite', 'postgres'];
let sandbox: SandboxGateway;
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}`;
const control = <T = Record<string, unknown>>(path: string, body?: unknown) => sandboxControl<T>(sandbox.url, path, body);
const nonceFor = (number?: string, extra?: Record<string, unknown>) => sandboxNonce(sandbox.url, number, extra);

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

const ok = (answer: ApplyAnswer): answer is Extract<ApplyAnswer, { ok: true }> => answer.ok;

describe.each(backends)('stored value under concurrency and faults on %s', (backend) => {
  const database = useSeededDatabase(backend);
  /** On PostgreSQL a second, independent pool plays the second app instance. */
  let second: Database | undefined;
  let member: Member;
  const instances = () => [database.db, second ?? database.db];
  const instanceAt = (index: 0 | 1) => instances()[index]!;
  const orgOf = (id: string) => getOrgById(id)!;

  beforeAll(async () => {
    if (database.skip) return;
    member = { orgId: 'wanderly', userId: await userId('wanderly', 'member') };
    if (backend === 'postgres') second = (await openDatabase({ databaseUrl: database.url!, poolSize: 10 })).db;
  });
  afterAll(async () => second?.destroy());

  async function userId(org: string, key: string): Promise<number> {
    return (await database.db.selectFrom('users').select('id').where('email', '=', `${key}@${org}.example`).executeTakeFirstOrThrow()).id;
  }

  /** A new instrument of the member's holding `amount` (minor units, or points). */
  async function freshInstrument(who: Member, kind: 'cash_card' | 'wallet' | 'points' | 'certificate', amount: number) {
    const code = unique(kind.toUpperCase());
    const id = await openInstrument(
      { orgId: who.orgId, ownerUserId: who.userId, kind, code, title: code, currency: 'USD', details: kind === 'points' ? { ratePerMiles: '0.01' } : {} },
      database.db,
    );
    await creditInstrument(id, amount, unique('grant'), unique('issue'), database.db);
    const { account_id } = await database.db.selectFrom('instruments').select('account_id').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, accountId: account_id, initial: amount };
  }

  async function expectLedgerConsistent() {
    expect(await ledgerProblems(database.db)).toEqual({ drift: [], unbalanced: [], negative: [] });
  }

  async function statusesOf(holdId: string): Promise<ApplicationStatus[]> {
    return (await database.db.selectFrom('checkout_applications').select('status').where('hold_id', '=', holdId).orderBy('created_at').execute()).map((r) => r.status);
  }

  /** A coupon row of the organisation's with `usesTotal` uses for everyone. */
  async function limitedCoupon(usesTotal: number, amountMinor = 100) {
    const code = unique('LIMITED').toUpperCase();
    return database.db
      .insertInto('coupons')
      .values({
        org_id: member.orgId,
        code,
        title: code,
        discount_kind: 'fixed',
        amount_minor: amountMinor,
        currency: 'USD',
        uses_per_user: 1_000,
        uses_total: usesTotal,
        for_user_id: null,
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
  }

  async function bookingRow(db: Database, holdId: string, who: Member, product: string, itemRef: string) {
    const reference = `SVF-${randomUUID().slice(0, 10).toUpperCase()}`;
    const row = await db
      .insertInto('bookings')
      .values({
        reference,
        org_id: who.orgId,
        user_id: who.userId,
        hold_id: holdId,
        product,
        item_ref: itemRef,
        starts_on: '2030-01-01',
        ends_on: null,
        guest_first_name: 'Maya',
        guest_last_name: 'Lopez',
        guest_email: 'maya@example.com',
        guest_phone: null,
        status: 'initiated',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, reference };
  }

  // -------------------------------------------------------------------------------------
  // Acceptance 3: concurrent checkouts spending one balance.
  // -------------------------------------------------------------------------------------

  it.for(['cash_card', 'wallet'] as const)('50 concurrent checkouts apply one %s: never more than its balance, the rest refused', async (kind, ctx) => {
    if (database.skip) return ctx.skip();
    const card = await freshInstrument(member, kind, 10_000);
    const holds = await Promise.all(Array.from({ length: 50 }, () => memberHold(database.db, member, quoteOf('HLT', 5_000))));
    const answers = await Promise.all(
      holds.map((hold, i) => applyToHold(member, hold.token, { kind, instrumentId: card.id, amount: '7.00' }, { org: orgOf('wanderly'), db: instances()[i % 2] })),
    );
    const applied = answers.filter(ok).map((a) => a.applied.amountMinor);
    const total = applied.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(10_000);
    // 14 × 7.00 fit; a later checkout may take the 2.00 left (the amount is capped at the balance it reads).
    expect(applied.filter((amount) => amount === 700)).toHaveLength(14);
    expect(applied.filter((amount) => amount !== 700).every((amount) => amount === 200)).toBe(true);
    const refusals = answers.filter((a) => !a.ok);
    expect(refusals.length).toBe(50 - applied.length);
    for (const refusal of refusals) {
      // Refused under the account's lock, or (the balance read already empty) as nothing to apply.
      expect([
        { ok: false, status: 409, message: 'The balance is no longer enough', reason: 'over_balance' },
        { ok: false, status: 409, message: 'This card has nothing left', reason: 'empty' },
        { ok: false, status: 400, message: 'Please Enter Cash Card Amount' },
      ]).toContainEqual(refusal);
    }
    expect(await balanceOf(card.accountId, database.db)).toMatchObject({ availableMinor: 10_000 - total, reservedMinor: total });
    const rows = await database.db.selectFrom('checkout_applications').select(['units', 'status']).where('instrument_id', '=', card.id).execute();
    expect(rows.reduce((sum, r) => sum + Number(r.units), 0)).toBe(total);

    // Every checkout lapses: the whole balance comes back, once.
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where(
        'id',
        'in',
        holds.map((h) => h.id),
      )
      .execute();
    await Promise.all([expireHolds(500, database.db), expireHolds(500, second ?? database.db)]);
    expect(await balanceOf(card.accountId, database.db)).toMatchObject({ availableMinor: 10_000, reservedMinor: 0 });
    await expectLedgerConsistent();
  });

  it('a coupon with 5 uses in all, applied by 40 concurrent checkouts: exactly 5 applications', async (ctx) => {
    if (database.skip) return ctx.skip();
    const coupon = await limitedCoupon(5);
    const holds = await Promise.all(Array.from({ length: 40 }, () => memberHold(database.db, member, quoteOf('HLT', 5_000))));
    const answers = await Promise.all(
      holds.map((hold, i) => applyToHold(member, hold.token, { kind: 'coupon', code: coupon.code }, { org: orgOf('wanderly'), db: instances()[i % 2] })),
    );
    expect(answers.filter(ok)).toHaveLength(5);
    for (const refusal of answers.filter((a) => !a.ok)) expect(refusal).toEqual({ ok: false, status: 409, message: 'THIS COUPON CODE HAS BEEN USED UP' });
    const usedTotal = async () => (await database.db.selectFrom('coupons').select('used_total').where('id', '=', coupon.id).executeTakeFirstOrThrow()).used_total;
    expect(await usedTotal()).toBe(5);
    // A use given back (unapplied) is one more use for someone else, and only one.
    const holder = holds[answers.findIndex(ok)]!;
    expect(await unapplyFromHold(member, holder.token, { kind: 'coupon', couponId: coupon.id }, database.db)).toMatchObject({ ok: true });
    const again = await Promise.all(
      holds.slice(0, 10).map((hold, i) => applyToHold(member, hold.token, { kind: 'coupon', code: coupon.code }, { org: orgOf('wanderly'), db: instances()[i % 2] })),
    );
    expect(again.filter(ok)).toHaveLength(1);
    expect(await usedTotal()).toBe(5);
    const live = await database.db
      .selectFrom('checkout_applications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('coupon_id', '=', coupon.id)
      .where('status', '=', 'applied')
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(5);
  });

  it('30 bookings paid with the same two instruments settle at once, from two instances, without a deadlock', async (ctx) => {
    if (database.skip) return ctx.skip();
    const cash = await freshInstrument(member, 'cash_card', 10_000);
    const wallet = await freshInstrument(member, 'wallet', 10_000);
    const holds = [];
    for (let i = 0; i < 30; i += 1) {
      const hold = await memberHold(database.db, member, quoteOf('HLT', 5_000));
      await bookingRow(database.db, hold.id, member, 'HLT', `test:${hold.token}`);
      for (const card of [cash, wallet]) {
        const kind = card === cash ? 'cash_card' : 'wallet';
        expect(await applyToHold(member, hold.token, { kind, instrumentId: card.id, amount: '1' }, { org: orgOf('wanderly'), db: database.db })).toMatchObject({ ok: true });
      }
      holds.push(hold);
    }
    // Each settlement locks both balances; half are confirmed, half expire, all at once.
    const results = await Promise.allSettled(
      holds.map((hold, i) =>
        i % 2 === 0
          ? instanceAt(i % 4 === 0 ? 0 : 1)
              .transaction()
              .execute(async (trx) => {
                await trx.updateTable('bookings').set({ status: 'confirmed' }).where('hold_id', '=', hold.id).execute();
                await settleApplicationsOfBooking(hold.id, 'confirmed', trx);
              })
          : releaseApplicationsOfHolds([hold.id], instances()[i % 4 === 1 ? 0 : 1]),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await balanceOf(cash.accountId, database.db)).toMatchObject({ availableMinor: 10_000 - 1_500, reservedMinor: 0 });
    expect(await balanceOf(wallet.accountId, database.db)).toMatchObject({ availableMinor: 10_000 - 1_500, reservedMinor: 0 });
    await expectLedgerConsistent();
  });

  // -------------------------------------------------------------------------------------
  // Acceptance 4: real bookings paid at the sandbox gateway, each fault ending every
  // application captured or released.
  // -------------------------------------------------------------------------------------

  type Checkout = {
    org: string;
    who: Member;
    holdId: string;
    token: string;
    bookingId: string;
    reference: string;
    cookie: string;
    payableMinor: number;
    card: Awaited<ReturnType<typeof freshInstrument>>;
  };

  /** A member's hold of `chargeMinor` with its booking row, a cash card applied for `applyMajor` and the payable total frozen (initBooking). */
  async function checkout(options: { org?: string; chargeMinor: number; applyMajor: string }): Promise<Checkout> {
    const org = options.org ?? 'wanderly';
    const who = { orgId: org, userId: await userId(org, 'member') };
    const itemRef = unique(`test:svf-${backend}`);
    await database.db.insertInto('inventory_units').values({ product: 'ACT', supplier_code: 'OWN', item_ref: itemRef, unit_label: 'u-1' }).execute();
    const startsAt = new Date(Date.now() + 40 * 86_400_000);
    const held = await createHold(
      { orgId: org, userId: who.userId, product: 'ACT', itemRef, startsAt, endsAt: new Date(startsAt.getTime() + 86_400_000), quantity: 1, ttlMinutes: 15 },
      database.db,
    );
    if (held.kind !== 'held') throw new Error('expected a hold');
    await database.db
      .updateTable('holds')
      .set({ quote: JSON.stringify(quoteOf('ACT', options.chargeMinor)) })
      .where('id', '=', held.hold.id)
      .execute();
    const booking = await bookingRow(database.db, held.hold.id, who, 'ACT', itemRef);
    const card = await freshInstrument(who, 'cash_card', 10_000);
    expect(await applyToHold(who, held.hold.token, { kind: 'cash_card', instrumentId: card.id, amount: options.applyMajor }, { org: orgOf(org), db: database.db })).toMatchObject({
      ok: true,
    });
    const { setCookie } = await createSession(freshVisitorOn(hostOf(org)), { userId: who.userId });
    const cookie = setCookie.split(';')[0]!;
    const payableMinor = (await payableOfHold(held.hold.id, database.db))!.payableMinor;
    const form = new FormData();
    form.set('hold', held.hold.token);
    const init = await initBookingAction(await loadContextFor(new Request(`http://${hostOf(org)}/activities/checkout`, { method: 'POST', headers: { cookie } })), form, 'ACT', {
      amountMinor: payableMinor,
      currency: 'USD',
      description: 'Test',
    });
    expect(init.status).toBe(200);
    return { org, who, holdId: held.hold.id, token: held.hold.token, bookingId: booking.id, reference: booking.reference, cookie, payableMinor, card };
  }

  function payCard(made: Checkout, nonce = 'fake-valid-nonce') {
    const pg = (made.payableMinor / 100).toFixed(2);
    const body = {
      id: made.reference,
      pg_amt: pg,
      pg_amount: pg,
      currency: 'USD',
      product_type: 'ACT',
      pg_type: 'PG_03',
      cashcard_amt: 0,
      cn_disc_amt: 0,
      email: 'maya@example.com',
      names: 'Maya Lopez',
      payment_method: 'card',
      nonce,
    };
    const headers = { 'content-type': 'application/json', cookie: made.cookie, 'idempotency-key': randomUUID() };
    return callAction(generatePgTokenRoute, new Request(`http://${hostOf(made.org)}/api/booking/generatePgToken`, { method: 'POST', headers, body: JSON.stringify(body) }));
  }

  const bookingStatus = async (made: Checkout): Promise<BookingStatus> =>
    (await database.db.selectFrom('bookings').select('status').where('id', '=', made.bookingId).executeTakeFirstOrThrow()).status;
  const balance = (made: Checkout) => balanceOf(made.card.accountId, database.db);

  it('a paid booking captures what was applied; a change after the payment began is refused', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await checkout({ chargeMinor: 14_845, applyMajor: '25' });
    expect(made.payableMinor).toBe(12_345);
    const answer = await payCard(made, await nonceFor());
    expect(answer.status).toBe(200);
    expect(await bookingStatus(made)).toBe('confirmed');
    expect(await statusesOf(made.holdId)).toEqual(['captured']);
    expect(await balance(made)).toMatchObject({ availableMinor: 7_500, reservedMinor: 0 });
    expect(await applyToHold(made.who, made.token, { kind: 'cash_card', instrumentId: made.card.id, amount: '1' }, { org: orgOf(made.org), db: database.db })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await reconcileApplications(database.db)).toBe(0);
    await expectLedgerConsistent();
  });

  it('a declined card releases what was applied, and the old frozen amount is refused (the total changed)', async (ctx) => {
    if (database.skip) return ctx.skip();
    // The sandbox declines 2000.00.
    const made = await checkout({ chargeMinor: 205_000, applyMajor: '50' });
    expect(made.payableMinor).toBe(200_000);
    expect((await payCard(made)).status).toBe(402);
    expect(await bookingStatus(made)).toBe('initiated');
    expect(await statusesOf(made.holdId)).toEqual(['released']);
    expect(await balance(made)).toMatchObject({ availableMinor: 10_000, reservedMinor: 0 });
    const retry = await payCard(made);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ status: 'booking_failed', error: 'The amount to pay changed: reload the checkout' });
    expect((await control<{ transactions: { orderId: string | null }[] }>('transactions')).transactions.filter((t) => t.orderId?.startsWith(`${made.reference}:`))).toHaveLength(1);
    await expectLedgerConsistent();
  });

  it('a hold that expired before the payment: the booking fails and what was applied is released', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await checkout({ chargeMinor: 9_000, applyMajor: '30' });
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', made.holdId)
      .execute();
    const answer = await payCard(made);
    expect(answer.status).toBe(409);
    expect(await bookingStatus(made)).toBe('failed');
    expect(await statusesOf(made.holdId)).toEqual(['released']);
    expect(await balance(made)).toMatchObject({ availableMinor: 10_000, reservedMinor: 0 });
    await expireHolds(500, database.db);
    expect(await reconcileApplications(database.db)).toBe(0);
    await expectLedgerConsistent();
  });

  it('3-D Secure refused (viajamas) releases; a checkout whose payment never begins is released when its hold expires', async (ctx) => {
    if (database.skip) return ctx.skip();
    const refused = await checkout({ org: 'viajamas', chargeMinor: 9_000, applyMajor: '20' });
    const answer = await payCard(refused, await nonceFor());
    expect(answer.status).toBe(402);
    expect(await answer.json()).toMatchObject({ status: 'three_d_secure' });
    expect(await statusesOf(refused.holdId)).toEqual(['released']);
    expect(await balance(refused)).toMatchObject({ availableMinor: 10_000, reservedMinor: 0 });

    // The challenge abandoned: no payment attempt at all; the hold lapses.
    const abandoned = await checkout({ org: 'viajamas', chargeMinor: 9_000, applyMajor: '20' });
    expect(await balance(abandoned)).toMatchObject({ availableMinor: 8_000, reservedMinor: 2_000 });
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', abandoned.holdId)
      .execute();
    await expireHolds(500, second ?? database.db);
    expect(await statusesOf(abandoned.holdId)).toEqual(['released']);
    expect(await bookingStatus(abandoned)).toBe('initiated');
    expect(await balance(abandoned)).toMatchObject({ availableMinor: 10_000, reservedMinor: 0 });
    await expectLedgerConsistent();
  });

  it('a crash between the booking move and its stored value (applications left applied) is settled by the reconciler, once', async (ctx) => {
    if (database.skip) return ctx.skip();
    const card = await freshInstrument(member, 'cash_card', 10_000);
    const moved: Record<string, { id: string; token: string }> = {};
    for (const status of ['confirmed', 'failed', 'cancelled', 'lapsed'] as const) {
      const hold = await memberHold(database.db, member, quoteOf('HLT', 2_000));
      await bookingRow(database.db, hold.id, member, 'HLT', `test:${hold.token}`);
      expect(await applyToHold(member, hold.token, { kind: 'cash_card', instrumentId: card.id, amount: '10' }, { org: orgOf('wanderly'), db: database.db })).toMatchObject({
        ok: true,
      });
      if (status === 'lapsed') await database.db.updateTable('holds').set({ status: 'expired' }).where('id', '=', hold.id).execute();
      else await database.db.updateTable('bookings').set({ status }).where('hold_id', '=', hold.id).execute();
      moved[status] = hold;
    }
    // A booking still paying is left alone.
    const paying = await memberHold(database.db, member, quoteOf('HLT', 2_000));
    await bookingRow(database.db, paying.id, member, 'HLT', `test:${paying.token}`);
    await applyToHold(member, paying.token, { kind: 'cash_card', instrumentId: card.id, amount: '10' }, { org: orgOf('wanderly'), db: database.db });
    await database.db.updateTable('bookings').set({ status: 'pending' }).where('hold_id', '=', paying.id).execute();

    const runs = await Promise.all([reconcileApplications(database.db), reconcileApplications(second ?? database.db)]);
    expect(runs[0] + runs[1]).toBe(4);
    expect(await reconcileApplications(database.db)).toBe(0);
    expect(await statusesOf(moved.confirmed!.id)).toEqual(['captured']);
    for (const status of ['failed', 'cancelled', 'lapsed'] as const) expect(await statusesOf(moved[status]!.id)).toEqual(['released']);
    expect(await statusesOf(paying.id)).toEqual(['applied']);
    expect(await balanceOf(card.accountId, database.db)).toMatchObject({ availableMinor: 8_000, reservedMinor: 1_000 });
    await expectLedgerConsistent();
  });

  // A second Node process compiles the app with tsx first: slow on a loaded CI machine.
  it('SIGKILL of an instance between reserve and capture: the reconciler finishes the payment and captures once (PostgreSQL)', { timeout: 180_000 }, async (ctx) => {
    if (database.skip || backend !== 'postgres') return ctx.skip();
    const who = member;
    const itemRef = unique(`test:svf-kill`);
    await database.db.insertInto('inventory_units').values({ product: 'ACT', supplier_code: 'OWN', item_ref: itemRef, unit_label: 'u-1' }).execute();
    const startsAt = new Date(Date.now() + 50 * 86_400_000);
    const held = await createHold(
      { orgId: who.orgId, userId: who.userId, product: 'ACT', itemRef, startsAt, endsAt: new Date(startsAt.getTime() + 86_400_000), quantity: 1, ttlMinutes: 15 },
      database.db,
    );
    if (held.kind !== 'held') throw new Error('expected a hold');
    await database.db
      .updateTable('holds')
      .set({ quote: JSON.stringify(quoteOf('ACT', 6_000)) })
      .where('id', '=', held.hold.id)
      .execute();
    const booking = await bookingRow(database.db, held.hold.id, who, 'ACT', itemRef);
    const card = await freshInstrument(who, 'cash_card', 10_000);
    const { setCookie } = await createSession(freshVisitorOn(hostOf('wanderly')), { userId: who.userId });
    // The sale reaches the gateway only after the kill.
    await control('faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: 1_500 });
    const faultsWaiting = async () => (await control<{ faults: unknown[] }>('faults')).faults.length;
    const withTheSaleWaiting = await faultsWaiting();
    const input: CrashInput = {
      databaseUrl: database.url!,
      sandboxUrl: sandbox.url,
      host: hostOf('wanderly'),
      cookie: setCookie.split(';')[0]!,
      member: who,
      holdToken: held.hold.token,
      holdId: held.hold.id,
      reference: booking.reference,
      instrumentId: card.id,
      amount: '15',
    };
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/support/stored-value-crash-child.ts'], {
      env: { ...process.env, STORED_VALUE_CRASH: JSON.stringify(input) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed once its payment attempt is written (the booking pending, the card reserved) and its
    // sale has reached the gateway, which holds it: the sale lands after the kill. (Killed before
    // the sale left, there would be nothing for the reconciler to find.)
    for (;;) {
      const attempt = await database.db.selectFrom('payment_attempts').select('status').where('booking_id', '=', booking.id).executeTakeFirst();
      if (attempt && (await faultsWaiting()) < withTheSaleWaiting) break;
      if (child.exitCode !== null) throw new Error(`the instance ended before paying: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await exited;
    expect(await bookingStatus({ bookingId: booking.id } as Checkout)).toBe('pending');
    expect(await statusesOf(held.hold.id)).toEqual(['applied']);
    expect(await balanceOf(card.accountId, database.db)).toMatchObject({ availableMinor: 8_500, reservedMinor: 1_500 });
    // Nothing settles a paying booking's stored value before its payment is finished.
    expect(await reconcileApplications(database.db)).toBe(0);

    // The held sale lands at the gateway; the reconciler finds it, captures and confirms.
    const salesOf = async () =>
      (await control<{ transactions: { type: string; orderId: string | null }[] }>('transactions')).transactions.filter(
        (t) => t.type === 'sale' && t.orderId?.startsWith(`${booking.reference}:`),
      );
    while ((await salesOf()).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await reconcilePayments({ staleMs: 0 }, database.db);
    expect(await bookingStatus({ bookingId: booking.id } as Checkout)).toBe('confirmed');
    expect(await statusesOf(held.hold.id)).toEqual(['captured']);
    expect(await balanceOf(card.accountId, database.db)).toMatchObject({ availableMinor: 8_500, reservedMinor: 0 });
    expect(await reconcileApplications(database.db)).toBe(0);
    await expectLedgerConsistent();
  });

  // -------------------------------------------------------------------------------------
  // A seeded random run of every operation, with faults.
  // -------------------------------------------------------------------------------------

  it('a seeded random run of applies, unapplies, payments, declines, expiries, cancellations, crashes and reconciles keeps every cent', async (ctx) => {
    if (database.skip) return ctx.skip();
    const seed = Number(process.env.STORED_VALUE_SEED ?? 20_251_111);
    const random = seededRandom(seed);
    const org = orgOf('wanderly');
    const instruments = [
      { kind: 'cash_card' as const, ...(await freshInstrument(member, 'cash_card', 40_000)) },
      { kind: 'wallet' as const, ...(await freshInstrument(member, 'wallet', 30_000)) },
      { kind: 'points' as const, ...(await freshInstrument(member, 'points', 200_000)) },
      { kind: 'certificate' as const, ...(await freshInstrument(member, 'certificate', 5_000)) },
    ];
    const coupon = await limitedCoupon(6, 300);
    type Slot = { id: string; token: string; booked: boolean };
    /** A new checkout (most with their booking row); every one made, for the final checks. */
    const made: Slot[] = [];
    const newCheckout = async (): Promise<Slot> => {
      const hold = await memberHold(database.db, member, quoteOf('HLT', random.int(5, 400) * 100, { markupMinor: random.int(0, 20) * 100 }));
      const booked = random.next() < 0.8;
      if (booked) await bookingRow(database.db, hold.id, member, 'HLT', `test:${hold.token}`);
      made.push({ ...hold, booked });
      return { ...hold, booked };
    };
    // Few live checkouts at a time, so that operations meet on the same hold and the same balances.
    const holds: Slot[] = [];
    for (let i = 0; i < 12; i += 1) holds.push(await newCheckout());

    class Crash extends Error {}
    /** The operation's own transaction, rolled back at its end as if the process died before the commit. */
    const crashing = async (db: Database, work: (trx: Database) => Promise<unknown>) => {
      await db
        .transaction()
        .execute(async (trx) => {
          await work(trx);
          throw new Crash();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Crash)) throw error;
        });
    };
    /** booking-payment's moveBooking: the booking and its stored value in one transaction (or the booking alone: a crash between them). */
    const moveBooking = async (db: Database, holdId: string, from: BookingStatus[], to: 'confirmed' | 'failed' | 'initiated' | 'cancelled' | 'pending', settle = true) => {
      const move = async (trx: Database) => {
        const moved = await trx
          .updateTable('bookings')
          .set({ status: to, updated_at: new Date() })
          .where('hold_id', '=', holdId)
          .where('status', 'in', from)
          .returning('id')
          .executeTakeFirst();
        if (moved && settle && to !== 'pending') await settleApplicationsOfBooking(holdId, to, trx as Parameters<typeof settleApplicationsOfBooking>[2]);
        if (moved && to === 'cancelled') await refundApplicationsOfHold(holdId, trx as Parameters<typeof refundApplicationsOfHold>[1]);
        return Boolean(moved);
      };
      return db.isTransaction ? move(db) : db.transaction().execute(move);
    };
    const applyRequest = (): ApplyRequest => {
      if (random.next() < 0.15) return { kind: 'coupon', code: random.pick([coupon.code, 'SAVE25', 'WELCOME10']) };
      const instrument = random.pick(instruments);
      const amount = random.pick(['', '0', '5', '12.50', '40', '99.99', '250']);
      switch (instrument.kind) {
        case 'points':
          return { kind: 'points', instrumentId: instrument.id, points: random.int(1, 60) * 100 };
        case 'certificate':
          return { kind: 'certificate', instrumentId: instrument.id };
        default:
          return { kind: instrument.kind, instrumentId: instrument.id, amount };
      }
    };

    const counts: Record<string, number> = {};
    const operation = async (db: Database) => {
      const slot = random.int(0, holds.length - 1);
      const hold = holds[slot]!;
      const roll = random.next();
      // Now and then a checkout is done with and a new one takes its place.
      if (random.next() < 0.06) holds[slot] = await newCheckout();
      const fault = random.next() < 0.12;
      const name =
        roll < 0.35
          ? 'apply'
          : roll < 0.45
            ? 'unapply'
            : roll < 0.55
              ? 'confirm'
              : roll < 0.62
                ? 'fail'
                : roll < 0.7
                  ? 'decline'
                  : roll < 0.76
                    ? 'expire'
                    : roll < 0.8
                      ? 'release'
                      : roll < 0.88
                        ? 'cancel'
                        : 'reconcile';
      const label = fault && !['expire', 'release', 'reconcile'].includes(name) ? `${name}+crash` : name;
      counts[label] = (counts[label] ?? 0) + 1;
      switch (name) {
        case 'apply': {
          const request = applyRequest();
          if (fault) return crashing(db, (trx) => applyToHold(member, hold.token, request, { org, db: trx }));
          return applyToHold(member, hold.token, request, { org, db });
        }
        case 'unapply': {
          const kind = random.pick(['coupon', ...instruments.map((i) => i.kind)] as const);
          if (fault) return crashing(db, (trx) => unapplyFromHold(member, hold.token, { kind }, trx));
          return unapplyFromHold(member, hold.token, { kind }, db);
        }
        case 'confirm':
        case 'fail':
        case 'decline': {
          if (!hold.booked) return;
          if (name === 'decline') {
            // The payment began (pending) and its card was declined: back to initiated.
            if (!(await moveBooking(db, hold.id, ['initiated'], 'pending'))) return;
            return fault ? crashing(db, (trx) => moveBooking(trx, hold.id, ['pending'], 'initiated')) : moveBooking(db, hold.id, ['pending'], 'initiated');
          }
          const to = name === 'confirm' ? 'confirmed' : 'failed';
          // The hold is converted before the booking is confirmed (a separate transaction, as convertHoldToBooking).
          if (to === 'confirmed') {
            const converted = await db.updateTable('holds').set({ status: 'booked' }).where('id', '=', hold.id).where('status', '=', 'active').executeTakeFirst();
            if (Number(converted.numUpdatedRows) === 0) return;
          }
          // A fault here is the booking moved without its stored value: the reconciler's case.
          return moveBooking(db, hold.id, ['initiated'], to, !fault);
        }
        case 'expire':
          await db
            .updateTable('holds')
            .set({ expires_at: sql<Date>`now() - interval '1 second'` })
            .where('id', '=', hold.id)
            .where('status', '=', 'active')
            .execute();
          return expireHolds(500, db);
        case 'release':
          return releaseHold(hold.token, db);
        case 'cancel':
          if (!hold.booked) return;
          return fault ? crashing(db, (trx) => moveBooking(trx, hold.id, ['confirmed'], 'cancelled')) : moveBooking(db, hold.id, ['confirmed'], 'cancelled');
        default:
          return reconcileApplications(db);
      }
    };

    // 600 operations, four at a time (from both instances on PostgreSQL).
    for (let round = 0; round < 150; round += 1) {
      // Every operation answers (a refusal is an answer): none throws, not even a deadlock.
      await Promise.all([0, 1, 2, 3].map((i) => operation(instances()[i % 2]!)));
    }
    await reconcileApplications(database.db);

    await expectLedgerConsistent();
    const stray = await database.db
      .selectFrom('checkout_applications as a')
      .innerJoin('holds as h', 'h.id', 'a.hold_id')
      .leftJoin('bookings as b', 'b.hold_id', 'a.hold_id')
      .select(['a.id', 'h.status as hold', 'b.status as booking'])
      .where('a.status', '=', 'applied')
      .where((eb) => eb.or([eb('h.status', 'in', ['expired', 'released']), eb('b.status', 'in', ['confirmed', 'failed', 'cancelled'])]))
      .execute();
    expect(stray, 'nothing stays applied on a lapsed hold or a settled booking').toEqual([]);

    /** Every instrument: its balance is what was issued less what is reserved and captured, plus what was refunded. */
    const expectBalancesKept = async () => {
      for (const instrument of instruments) {
        const rows = await database.db.selectFrom('checkout_applications').select(['status', 'units']).where('instrument_id', '=', instrument.id).execute();
        const units = (status: ApplicationStatus) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + Number(r.units), 0);
        const capturedEver = units('captured') + units('refunded');
        expect(await balanceOf(instrument.accountId, database.db), instrument.kind).toEqual({
          accountId: instrument.accountId,
          currency: instrument.kind === 'points' ? expect.any(String) : 'USD',
          availableMinor: instrument.initial - capturedEver + units('refunded') - units('applied'),
          reservedMinor: units('applied'),
        });
      }
      const coupons = await sql<{ id: string; used_total: number; uses: string }>`
        select c.id, c.used_total, count(a.id) as uses from coupons c
        left join checkout_applications a on a.coupon_id = c.id and a.status in ('applied', 'captured')
        group by c.id, c.used_total having c.used_total <> count(a.id)`.execute(database.db);
      expect(coupons.rows, 'every coupon counts its applied and captured uses').toEqual([]);
    };
    await expectBalancesKept();

    // Every checkout lapses: nothing is left reserved.
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where(
        'id',
        'in',
        made.map((h) => h.id),
      )
      .execute();
    await expireHolds(500, database.db);
    await reconcileApplications(second ?? database.db);
    const left = await database.db
      .selectFrom('checkout_applications')
      .select('id')
      .where(
        'hold_id',
        'in',
        made.map((h) => h.id),
      )
      .where('status', '=', 'applied')
      .execute();
    expect(left).toEqual([]);
    await expectBalancesKept();
    await expectLedgerConsistent();
    const statuses = await database.db
      .selectFrom('checkout_applications')
      .select('status')
      .where(
        'hold_id',
        'in',
        made.map((h) => h.id),
      )
      .execute();
    // The run did exercise every path.
    expect(statuses.map((s) => s.status)).toEqual(expect.arrayContaining(['released', 'refunded']));
    console.info(`stored-value random run on ${backend}: seed ${seed}, ${JSON.stringify(counts)}`);
  });
});
