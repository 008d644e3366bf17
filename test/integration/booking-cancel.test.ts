// Issue 11: the owner cancels a booking paid partly by a cash card and partly by card through
// the sandbox gateway: the sale is given back, the cash card refilled, the ledger consistent,
// the units freed; a second cancel changes nothing. Real pay service, real routes, both backends.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { dayIn } from '~/domain/time-zone';
import { getOrgById } from '~/services/config/config.server';
import { createHold, recordHoldQuote } from '~/services/booking/holds.server';
import { listUserBookings } from '~/services/booking/bookings.server';
import { cancelBooking } from '~/services/booking-payments/booking-cancel.server';
import { initBookingAction } from '~/http/pay-call.server';
import { reconcileCancelledPayments } from '~/services/booking-payments/booking-cancel.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { createSession } from '~/services/identity/session.server';
import { applyToHold, availableCoupons, instrumentsOf, storedValuePartsOf } from '~/services/stored-value/stored-value.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxControl } from '../support/sandbox-control';
import { quoteOf } from '../support/stored-value';

const cancelRoute = bookingEndpoints['/api/booking/cancel'].action;
const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;

let sandbox: SandboxGateway;
type SandboxTransaction = { id: string; type: string; status: string; amount: string; orderId: string | null };

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

const transactions = async () => (await sandboxControl<{ transactions: SandboxTransaction[] }>(sandbox.url, 'transactions')).transactions;

describe.each(['pglite', 'postgres'] as const)('cancelling a booking on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const ORG = 'wanderly';
  let serial = 0;

  const userId = async (key: string) => (await database.db.selectFrom('users').select('id').where('email', '=', `${key}@${ORG}.example`).executeTakeFirstOrThrow()).id;
  const cookieOf = async (key: string) => (await createSession(freshVisitorOn(hostOf(ORG)), { userId: await userId(key) })).setCookie.split(';')[0]!;
  const post = (path: string, body: unknown, cookie?: string, key: string | null = randomUUID()) =>
    new Request(`http://${hostOf(ORG)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const cancel = async (reference: unknown, cookie?: string) => {
    const response = await callAction(cancelRoute, post('/api/booking/cancel', typeof reference === 'string' ? { id: reference } : reference, cookie, null));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const cash = async (owner: number) => (await instrumentsOf({ orgId: ORG, userId: owner }, ['cash_card'], database.db)).find((i) => i.code === 'CASH-1001')!;

  /**
   * A member's ACT booking of 300.00, 100.50 of it on their cash card (or, with `coupon`, that
   * coupon's discount) and the rest paid by card through the sandbox.
   */
  async function paidBooking(options: { coupon?: string } = {}) {
    const owner = await userId('member');
    const cookie = await cookieOf('member');
    const itemRef = `test:cancel-${backend}-${++serial}-${Date.now()}`;
    await database.db.insertInto('inventory_units').values({ product: 'ACT', supplier_code: 'OWN', item_ref: itemRef, unit_label: 'u-1' }).execute();
    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    const held = await createHold({ orgId: ORG, userId: owner, product: 'ACT', itemRef, startsAt, endsAt: new Date(startsAt.getTime() + 86_400_000), quantity: 1, ttlMinutes: 15 });
    if (held.kind !== 'held') throw new Error('expected a hold');
    await recordHoldQuote(held.hold, quoteOf('ACT', 30_000), database.db);
    const reference = `WAN-C${serial}${randomUUID().slice(0, 6).toUpperCase()}`;
    const row = await database.db
      .insertInto('bookings')
      .values({
        reference,
        org_id: ORG,
        user_id: owner,
        hold_id: held.hold.id,
        product: 'ACT',
        item_ref: itemRef,
        starts_on: startsAt.toISOString().slice(0, 10),
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
    const card = await cash(owner);
    const request = options.coupon ? ({ kind: 'coupon', code: options.coupon } as const) : ({ kind: 'cash_card', instrumentId: card.id, amount: '100.50' } as const);
    const applied = await applyToHold({ orgId: ORG, userId: owner }, held.hold.token, request, { org: getOrgById(ORG)!, db: database.db });
    if (!applied.ok) throw new Error(applied.message);
    const payable = applied.payableMinor;
    const form = new FormData();
    form.set('hold', held.hold.token);
    const init = await initBookingAction(
      await loadContextFor(post('/activities/checkout', '', cookie, null)),
      form,
      'ACT',
      { amountMinor: payable, currency: 'USD', description: 'Test' },
      { db: database.db },
    );
    expect(init.status).toBe(200);
    const amount = (payable / 100).toFixed(2);
    const paid = await callAction(
      generatePgTokenRoute,
      post(
        '/api/booking/generatePgToken',
        {
          id: reference,
          pg_amt: amount,
          pg_amount: amount,
          currency: 'USD',
          product_type: 'ACT',
          pg_type: 'PG_03',
          cashcard_amt: (30_000 - payable) / 100,
          cn_disc_amt: 0,
          email: 'maya@example.com',
          names: 'Maya Lopez',
          payment_method: 'card',
          nonce: 'fake-valid-nonce',
        },
        cookie,
      ),
    );
    expect(paid.status).toBe(200);
    return { reference, bookingId: row.id, holdId: held.hold.id, owner, cookie, cashBefore: card.balance };
  }

  type Paid = Awaited<ReturnType<typeof paidBooking>>;
  async function state(made: Paid) {
    const booking = await database.db.selectFrom('bookings').select(['status', 'payment_method']).where('id', '=', made.bookingId).executeTakeFirstOrThrow();
    const attempts = await database.db.selectFrom('payment_attempts').select(['status', 'gateway_transaction_id']).where('booking_id', '=', made.bookingId).execute();
    const hold = await database.db.selectFrom('holds').select('status').where('id', '=', made.holdId).executeTakeFirstOrThrow();
    const allocations = await database.db.selectFrom('unit_allocations').select('id').where('hold_id', '=', made.holdId).execute();
    const applications = await database.db.selectFrom('checkout_applications').select(['status', 'amount_minor']).where('hold_id', '=', made.holdId).execute();
    const sales = (await transactions()).filter((t) => (t.orderId ?? '').startsWith(`${made.reference}:`));
    return { booking, attempts, hold: hold.status, allocations: allocations.length, applications, sales, cash: (await cash(made.owner)).balance };
  }

  async function expectLedgerConsistent() {
    const drift = await sql<{ id: number }>`
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(database.db);
    expect(drift.rows).toEqual([]);
    const unbalanced = await sql<{ transaction_id: string }>`select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`.execute(
      database.db,
    );
    expect(unbalanced.rows).toEqual([]);
  }

  it('gives back the card sale and the cash card, frees the units; a second cancel changes nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await paidBooking();
    const paid = await state(made);
    expect(paid).toMatchObject({
      booking: { status: 'confirmed', payment_method: 'card' },
      hold: 'booked',
      allocations: 1,
      applications: [{ status: 'captured', amount_minor: 10_050 }],
    });
    expect(paid.cash).toBe(made.cashBefore - 10_050);
    expect(paid.sales).toEqual([expect.objectContaining({ status: 'submitted_for_settlement', amount: '199.50' })]);
    const publicId = (await database.db.selectFrom('users').select('public_id').where('id', '=', made.owner).executeTakeFirstOrThrow()).public_id;
    const listed = async () =>
      (await listUserBookings({ userPublicId: publicId, orgId: ORG, language: 'en-US', timeZone: getOrgById(ORG)!.timeZone, limit: 50 })).find(
        (b) => b.reference === made.reference,
      )!;
    expect(await listed()).toMatchObject({
      status: 'confirmed',
      cancellable: true,
      payment: [
        { kind: 'card', amountText: '$199.50', status: 'paid' },
        { kind: 'cash_card', code: 'CASH-1001', amountText: '$100.50', points: null, status: 'paid' },
      ],
    });

    // Someone else's booking, a malformed body, no session: nothing changes.
    expect(await cancel(made.reference, await cookieOf('agent'))).toEqual({ status: 404, body: { status: 404, message: 'No such booking' } });
    expect((await cancel({ id: made.reference, extra: 1 }, made.cookie)).status).toBe(400);
    expect((await cancel({ id: 7 }, made.cookie)).status).toBe(400);
    expect((await cancel(made.reference)).status).toBe(401);
    expect(await state(made)).toEqual(paid);

    const answer = await cancel(made.reference, made.cookie);
    expect(answer).toEqual({
      status: 200,
      body: {
        status: 200,
        result: 'cancelled',
        message: 'Your booking is cancelled and everything you paid is refunded.',
        data: {
          booking_id: made.reference,
          card: { amount_minor: 19_950, currency: 'USD', refunded: true },
          parts: [{ kind: 'cash_card', title: 'Gift cash card', code: 'CASH-1001', amount_minor: 10_050, currency: 'USD', units: 10_050 }],
        },
      },
    });
    const cancelled = await state(made);
    expect(cancelled).toMatchObject({
      booking: { status: 'cancelled' },
      hold: 'released',
      allocations: 0,
      applications: [{ status: 'refunded', amount_minor: 10_050 }],
      cash: made.cashBefore,
    });
    expect(cancelled.attempts).toEqual([{ status: 'voided', gateway_transaction_id: paid.attempts[0]!.gateway_transaction_id }]);
    expect(cancelled.sales).toEqual([expect.objectContaining({ status: 'voided', amount: '199.50' })]);
    await expectLedgerConsistent();
    expect(await listed()).toMatchObject({
      status: 'cancelled',
      cancellable: false,
      payment: [
        { kind: 'card', status: 'refunded' },
        { kind: 'cash_card', status: 'refunded' },
      ],
    });
    // The refunded part still shows on the booking, marked refunded.
    expect((await storedValuePartsOf([made.holdId], database.db)).get(made.holdId)).toEqual([expect.objectContaining({ code: 'CASH-1001', status: 'refunded' })]);

    const before = (await transactions()).length;
    expect(await cancel(made.reference, made.cookie)).toEqual({
      status: 200,
      body: { status: 200, result: 'already_cancelled', message: 'This booking is already cancelled.', data: { booking_id: made.reference, card: null, parts: [] } },
    });
    expect(await state(made)).toEqual(cancelled);
    expect((await transactions()).length).toBe(before);
    await expectLedgerConsistent();
  });

  it('a single-use coupon comes back with a cancellation unless the coupon says otherwise (returned_on_cancel)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const owner = await userId('member');
    const coupon = async (returned: boolean) => {
      const code = `ONCE-${backend.toUpperCase()}-${++serial}${returned ? 'R' : 'K'}`;
      await database.db
        .insertInto('coupons')
        .values({
          org_id: ORG,
          code,
          title: 'Once',
          discount_kind: 'fixed',
          amount_minor: 5_000,
          currency: 'USD',
          products: JSON.stringify([]),
          uses_per_user: 1,
          uses_total: 1,
          returned_on_cancel: returned,
        })
        .execute();
      return code;
    };
    const usable = async (code: string) => (await availableCoupons({ orgId: ORG, userId: owner }, 'ACT', 'USD', database.db)).some((c) => c.code === code);
    const usedTotal = async (code: string) => (await database.db.selectFrom('coupons').select('used_total').where('code', '=', code).executeTakeFirstOrThrow()).used_total;

    for (const returned of [true, false]) {
      const code = await coupon(returned);
      const made = await paidBooking({ coupon: code });
      expect([await usedTotal(code), await usable(code)]).toEqual([1, false]);
      expect((await cancel(made.reference, made.cookie)).status).toBe(200);
      expect([await usedTotal(code), await usable(code)], `returned_on_cancel ${returned}`).toEqual(returned ? [0, true] : [1, false]);
    }
  });

  it('two cancels at once: one cancels, the other finds it cancelled; one give-back, one refund', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await paidBooking();
    const answers = await Promise.all([cancel(made.reference, made.cookie), cancel(made.reference, made.cookie)]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['already_cancelled', 'cancelled']);
    const after = await state(made);
    expect(after).toMatchObject({ booking: { status: 'cancelled' }, applications: [{ status: 'refunded' }], cash: made.cashBefore, attempts: [{ status: 'voided' }] });
    expect(after.sales.map((s) => s.status)).toEqual(['voided']);
    await expectLedgerConsistent();
  });

  it('a void the gateway does not answer: cancelled at once, the stored value back, the card given back by the reconciler', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await paidBooking();
    await sandboxControl(sandbox.url, 'faults', { method: 'PUT', path: '/transactions/*/void', kind: '500', count: 3 });
    const answer = await cancel(made.reference, made.cookie);
    expect(answer).toMatchObject({ status: 200, body: { result: 'cancelled', data: { card: { amount_minor: 19_950, refunded: false } } } });
    expect(answer.body.message).toMatch(/card refund is delayed/);
    const owed = await state(made);
    expect(owed).toMatchObject({
      booking: { status: 'cancelled' },
      applications: [{ status: 'refunded' }],
      cash: made.cashBefore,
      attempts: [{ status: 'captured' }],
      hold: 'released',
    });
    expect(owed.sales.map((s) => s.status)).toEqual(['submitted_for_settlement']);
    expect(await reconcileCancelledPayments(database.db)).toBeGreaterThanOrEqual(1);
    const after = await state(made);
    expect(after.attempts).toEqual([expect.objectContaining({ status: 'voided' })]);
    expect(after.sales.map((s) => s.status)).toEqual(['voided']);
    await expectLedgerConsistent();
  });

  it("refuses a booking that has started on the organisation's clock, and changes nothing; days are the organisation's", async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await paidBooking();
    const { timeZone } = getOrgById(ORG)!;
    await database.db
      .updateTable('bookings')
      .set({ starts_on: dayIn(timeZone) })
      .where('id', '=', made.bookingId)
      .execute();
    const before = await state(made);
    expect(await cancel(made.reference, made.cookie)).toEqual({
      status: 409,
      body: { status: 409, message: 'This booking has already started: it can no longer be cancelled here.' },
    });
    expect(await state(made)).toEqual(before);

    // The days are the organisation's, not UTC's: Kiritimati (UTC+14) is always a day or two
    // ahead of Pago Pago (UTC-11), and UTC's day is never after Kiritimati's nor before Pago Pago's.
    await database.db
      .updateTable('bookings')
      .set({ starts_on: dayIn('Pacific/Kiritimati') })
      .where('id', '=', made.bookingId)
      .execute();
    const publicId = (await database.db.selectFrom('users').select('public_id').where('id', '=', made.owner).executeTakeFirstOrThrow()).public_id;
    const cancellableIn = async (timeZone: string) =>
      (await listUserBookings({ userPublicId: publicId, orgId: ORG, language: 'en-US', timeZone, limit: 50 })).find((b) => b.reference === made.reference)?.cancellable;
    expect(await cancellableIn('Pacific/Pago_Pago')).toBe(true);
    expect(await cancellableIn('Pacific/Kiritimati')).toBe(false);
    const member = { orgId: ORG, userId: made.owner };
    expect(await cancelBooking({ ...member, timeZone: 'Pacific/Kiritimati' }, { id: made.reference }, database.db)).toMatchObject({ status: 409 });
    expect(await cancelBooking({ ...member, timeZone: 'Pacific/Pago_Pago' }, { id: made.reference }, database.db)).toMatchObject({ status: 200, result: 'cancelled' });
  });
});
