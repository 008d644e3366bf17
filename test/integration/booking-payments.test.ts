// Paying for a booking once and only once: the real pay service, a real database (PGlite and
// PostgreSQL) and the real `braintree` SDK against the sandbox gateway, with its faults.
import { addressKeyOf } from '~/services/platform/address-key.server';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchBooking } from '~/services/booking/booking-status.server';
import { createHold } from '~/services/booking/holds.server';
import { expireOxxoVouchers, OXXO_EXPIRED_TEXT } from '~/services/booking-payments/oxxo-vouchers.server';
import { initBookingAction } from '~/http/pay-call.server';
import { reconcilePayments } from '~/services/booking-payments/booking-reconcile.server';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { configurePayments, paymentGateway } from '~/services/payments/runtime.server';
import { createSession } from '~/services/identity/session.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { type Backend, useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';

const generateCheckSumRoute = bookingEndpoints['/api/pgv2/generateCheckSum'].action;
const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;
const oxxoWebhookRoute = bookingEndpoints['/api/payments/oxxo/webhook'].action;
const paymentWithSavedCardRoute = bookingEndpoints['/api/pgv2/paymentWithSavedCard'].action;
const zeroAmountBookingRoute = bookingEndpoints['/api/booking/zeroAmountBooking'].action;

const backends: Backend[] = ['pglite', 'postgres'];
const TIMEOUT_MS = 1_000;

let sandbox: SandboxGateway;
let webhookServer: Server;
let webhookUrl = '';

type SandboxTransaction = { id: string; type: string; status: string; amount: string; orderId: string | null };

const control = <T = Record<string, unknown>>(path: string, body?: unknown) => sandboxControl<T>(sandbox.url, path, body);

/** The sales the sandbox holds for a booking (every attempt's order id starts with its reference). */
async function salesOf(reference: string): Promise<SandboxTransaction[]> {
  const { transactions } = await control<{ transactions: SandboxTransaction[] }>('transactions');
  return transactions.filter((t) => t.type === 'sale' && (t.orderId ?? '').startsWith(`${reference}:`));
}

/** Polls until `done` holds (the test's own time limit bounds it). */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Runs `body` with another gateway timeout (so a held sale can come back to its own pay call), then restores the file's. */
async function withGatewayTimeout<T>(timeoutMs: number, body: () => Promise<T>): Promise<T> {
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs });
  try {
    return await body();
  } finally {
    configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: TIMEOUT_MS });
  }
}

// The pay endpoints as the server calls them: route action, load context from the request.
const generateCheckSumAction = (request: Request) => callAction(generateCheckSumRoute, request);
const generatePgTokenAction = (request: Request) => callAction(generatePgTokenRoute, request);
const oxxoWebhookAction = (request: Request) => callAction(oxxoWebhookRoute, request);
const paymentWithSavedCardAction = (request: Request) => callAction(paymentWithSavedCardRoute, request);
const zeroAmountBookingAction = (request: Request) => callAction(zeroAmountBookingRoute, request);

const nonceFor = (number?: string, extra?: Record<string, unknown>) => sandboxNonce(sandbox.url, number, extra);

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: TIMEOUT_MS });
  // The app's webhook endpoint, served over HTTP so the sandbox can post to it.
  webhookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const signature = req.headers['x-oxxo-signature'];
      if (typeof signature === 'string') headers['x-oxxo-signature'] = signature;
      const request = new Request(`http://localhost${req.url ?? '/'}`, { method: req.method ?? 'POST', headers, body: Buffer.concat(chunks) });
      void oxxoWebhookAction(request).then(async (response) => {
        res.writeHead(response.status, { 'content-type': 'application/json' });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
  const address = webhookServer.address();
  webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/payments/oxxo/webhook`;
});
afterAll(async () => {
  await new Promise((resolve) => webhookServer?.close(resolve));
  await sandbox?.stop();
});

describe.each(backends)('booking payments on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let serial = 0;

  async function userId(org: string, key: string): Promise<number> {
    return (await database.db.selectFrom('users').select('id').where('email', '=', `${key}@${org}.example`).executeTakeFirstOrThrow()).id;
  }

  async function cookieOf(org: string, key: string): Promise<string> {
    const { setCookie } = await createSession(freshVisitorOn(hostOf(org)), { userId: await userId(org, key) });
    return setCookie.split(';')[0]!;
  }

  function post(org: string, path: string, body: unknown, options: { cookie?: string; key?: string | null } = {}): Request {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.key !== null) headers['idempotency-key'] = options.key ?? randomUUID();
    return new Request(`http://${hostOf(org)}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  }

  type Made = { reference: string; bookingId: string; hold: string; holdId: string; cookie: string | undefined; org: string; amountMinor: number; itemRef: string; startsAt: Date };

  /** A hold, its traveller step (booking 'initiated') and the init-booking step, as a checkout does. */
  async function booking(options: { org?: string; user?: string | null; amountMinor?: number; product?: string } = {}): Promise<Made> {
    const org = options.org ?? 'wanderly';
    const user = options.user === undefined ? 'member' : options.user;
    const amountMinor = options.amountMinor ?? 12_345;
    const product = options.product ?? 'ACT';
    const itemRef = `test:pay-${backend}-${++serial}-${Date.now()}`;
    await database.db.insertInto('inventory_units').values({ product, supplier_code: 'OWN', item_ref: itemRef, unit_label: 'u-1' }).execute();
    const owner = user ? await userId(org, user) : null;
    const startsAt = new Date(Date.now() + 40 * 86_400_000);
    const held = await createHold({ orgId: org, userId: owner, product, itemRef, startsAt, endsAt: new Date(startsAt.getTime() + 86_400_000), quantity: 1, ttlMinutes: 15 });
    if (held.kind !== 'held') throw new Error('expected a hold');
    const reference = `${org.slice(0, 3).toUpperCase()}-T${serial}${randomUUID().slice(0, 6).toUpperCase()}`;
    const row = await database.db
      .insertInto('bookings')
      .values({
        reference,
        org_id: org,
        user_id: owner,
        hold_id: held.hold.id,
        product,
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
    const cookie = user ? await cookieOf(org, user) : undefined;
    const form = new FormData();
    form.set('hold', held.hold.token);
    const init = await initBookingAction(await loadContextFor(post(org, '/activities/checkout', '', { cookie, key: null })), form, product, {
      amountMinor,
      currency: 'USD',
      description: 'Test',
    });
    expect(init.status).toBe(200);
    expect(await init.json()).toEqual({ booking_id: reference, amount_minor: amountMinor, currency: 'USD' });
    return { reference, bookingId: row.id, hold: held.hold.token, holdId: held.hold.id, cookie, org, amountMinor, itemRef, startsAt };
  }

  const major = (minor: number) => (minor / 100).toFixed(2);
  const cardBody = (made: Made, extra: Record<string, unknown> = {}) => ({
    id: made.reference,
    pg_amt: major(made.amountMinor),
    pg_amount: major(made.amountMinor),
    currency: 'USD',
    product_type: 'ACT',
    pg_type: 'PG_03',
    cashcard_amt: 0,
    cn_disc_amt: 0,
    email: 'maya@example.com',
    names: 'Maya Lopez',
    payment_method: 'card',
    nonce: 'fake-valid-nonce',
    ...extra,
  });
  const payCard = (made: Made, extra: Record<string, unknown> = {}, key?: string) =>
    generatePgTokenAction(post(made.org, '/api/booking/generatePgToken', cardBody(made, extra), { cookie: made.cookie, key }));

  async function state(made: Made) {
    const row = await database.db.selectFrom('bookings').selectAll().where('id', '=', made.bookingId).executeTakeFirstOrThrow();
    const attempts = await database.db.selectFrom('payment_attempts').selectAll().where('booking_id', '=', made.bookingId).orderBy('created_at').execute();
    const hold = await database.db.selectFrom('holds').select('status').where('id', '=', made.holdId).executeTakeFirstOrThrow();
    return { booking: row, attempts, hold: hold.status };
  }

  async function expectConfirmedOnce(made: Made) {
    const now = await state(made);
    expect(now.booking).toMatchObject({ status: 'confirmed', amount_minor: made.amountMinor });
    expect(now.booking.confirmed_at).not.toBeNull();
    expect(now.hold).toBe('booked');
    const sales = await salesOf(made.reference);
    expect(sales.filter((s) => s.status !== 'processor_declined' && s.status !== 'gateway_rejected')).toEqual([
      expect.objectContaining({ status: 'submitted_for_settlement', amount: major(made.amountMinor) }),
    ]);
  }

  it('pays a booking: the attempt exists first, one sale is captured, the booking is confirmed', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    const answer = await payCard(made, { nonce: await nonceFor() });
    expect(answer.status).toBe(200);
    const [sale] = await salesOf(made.reference);
    // The answer names the payment (spec §7 payment_id): the gateway's transaction.
    expect(await answer.json()).toEqual({
      status: 'confirmed',
      booking_id: made.reference,
      return_url: `/activities/checkout-success?booking_id=${made.reference}`,
      payment_id: sale!.id,
    });
    await expectConfirmedOnce(made);
    const { attempts, booking: row } = await state(made);
    // The attempt keeps who asked (spec §7 ip), as the address's keyed hash only (issue 37).
    expect(attempts).toEqual([
      expect.objectContaining({ status: 'captured', method: 'card', amount_minor: made.amountMinor, gateway_transaction_id: sale!.id, client_ip: await addressKeyOf('127.0.0.1') }),
    ]);
    expect(row.payment_method).toBe('card');
    // Paid: init refuses another amount, and a second key is answered without a second charge.
    const form = new FormData();
    form.set('hold', made.hold);
    const again = await initBookingAction(await loadContextFor(post(made.org, '/x', '', { cookie: made.cookie, key: null })), form, 'ACT', {
      amountMinor: 1,
      currency: 'USD',
      description: '',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'already_paid' });
    expect((await payCard(made)).status).toBe(200);
    await expectConfirmedOnce(made);
  });

  it('publishes each committed move of the booking (booking-status channel)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    let moves = 0;
    const stop = await watchBooking(made.bookingId, () => moves++);
    try {
      expect((await payCard(made, { nonce: await nonceFor() })).status).toBe(200);
      // initiated → pending → confirmed: two moves, each published once it committed.
      await until(async () => moves >= 2);
      expect(moves).toBe(2);
    } finally {
      stop();
    }
  });

  it('a decline (2000.00) leaves no booking and no charge; the traveller may try again', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ amountMinor: 200_000 });
    const answer = await payCard(made);
    expect(answer.status).toBe(402);
    const [declined] = await salesOf(made.reference);
    expect(await answer.json()).toMatchObject({
      status: 'card_declined',
      message: "WE COULDN'T PROCESS PAYMENT ON YOUR CURRENT CARD, PLEASE USE A DIFFERENT ONE AND TRY AGAIN",
      payment_id: declined!.id,
    });
    const now = await state(made);
    expect(now.booking.status).toBe('initiated');
    expect(now.booking.confirmed_at).toBeNull();
    expect(now.hold).toBe('active');
    expect(now.attempts.map((a) => a.status)).toEqual(['declined']);
    expect((await salesOf(made.reference)).map((s) => s.status)).toEqual(['processor_declined']);
    // Another card, another key: asked again (and declined again at this amount), never captured.
    expect((await payCard(made, { nonce: 'fake-valid-mastercard-nonce' })).status).toBe(402);
    expect((await salesOf(made.reference)).every((s) => s.status === 'processor_declined')).toBe(true);
  });

  it('the same key with the same body replays; 50 concurrent identical submits make one booking and one charge', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    const key = randomUUID();
    const nonce = await nonceFor('5555555555554444');
    const answers = await Promise.all(Array.from({ length: 50 }, () => payCard(made, { nonce }, key)));
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    await expectConfirmedOnce(made);
    expect((await state(made)).attempts).toHaveLength(1);
    const replay = await payCard(made, { nonce }, key);
    expect(replay.status).toBe(200);
    await expectConfirmedOnce(made);
  });

  it('two keys at once for one booking charge once', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    const answers = await Promise.all([payCard(made), payCard(made, { nonce: 'fake-valid-visa-nonce' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200]);
    await expectConfirmedOnce(made);
  });

  it('the same key with another body is a conflict and changes nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ amountMinor: 200_100 });
    const key = randomUUID();
    expect((await payCard(made, {}, key)).status).toBe(402);
    const before = await state(made);
    const salesBefore = await salesOf(made.reference);
    const conflict = await payCard(made, { nonce: 'fake-valid-visa-nonce' }, key);
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ status: 'conflict' });
    expect(await state(made)).toEqual(before);
    expect(await salesOf(made.reference)).toEqual(salesBefore);
    // The same key on another booking is a conflict too.
    const other = await booking();
    expect((await payCard(other, {}, key)).status).toBe(409);
    expect((await state(other)).booking.status).toBe('initiated');
  });

  it('a pg_amt that disagrees with the frozen amount is refused before any charge', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    const answer = await payCard(made, { pg_amt: '1.00', pg_amount: '1.00' });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ status: 'booking_failed' });
    expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
    expect(await salesOf(made.reference)).toEqual([]);
  });

  it.for([
    { name: '500 before the sale', fault: { method: 'POST', path: '/transactions', kind: '500', phase: 'before' } },
    { name: '500 after the sale (a lost answer)', fault: { method: 'POST', path: '/transactions', kind: '500', phase: 'after' } },
    { name: 'a reset after the sale', fault: { method: 'POST', path: '/transactions', kind: 'reset', phase: 'after' } },
    { name: 'a lost capture answer', fault: { path: '/transactions/*/submit_for_settlement', kind: '500', phase: 'after' } },
  ])('$name: retried with the same key, charged once, confirmed', async ({ fault }, ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    await control('faults', fault);
    const answer = await payCard(made);
    expect(answer.status).toBe(200);
    await expectConfirmedOnce(made);
  });

  it('a sale slower than the timeout is left unknown (pending); the reconciler confirms it, charged once', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    await control('faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: 2_500 });
    const answer = await payCard(made);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ status: 'pending', booking_id: made.reference });
    expect((await state(made)).attempts.map((a) => a.status)).toEqual(['unknown']);
    expect((await state(made)).booking.status).toBe('pending');
    // A second key meanwhile does not charge beside it.
    expect((await payCard(made)).status).toBe(202);
    for (let tries = 0; (await salesOf(made.reference)).length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await reconcilePayments({ staleMs: 0 })).toBeGreaterThanOrEqual(1);
    await expectConfirmedOnce(made);
    expect((await state(made)).attempts.map((a) => a.status)).toEqual(['captured']);
  });

  it('an attempt left unknown by lost answers (as after a crash) is finished by the reconciler; one left with nothing at the gateway frees the booking', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    await control('faults', { method: 'POST', path: '/transactions', kind: '500', phase: 'after', count: 3 });
    expect((await payCard(made)).status).toBe(202);
    expect((await salesOf(made.reference)).map((s) => s.status)).toEqual(['authorized']);
    await reconcilePayments({ staleMs: 0 });
    await expectConfirmedOnce(made);

    const lost = await booking();
    await control('faults', { method: 'POST', path: '/transactions', kind: '500', phase: 'before', count: 3 });
    expect((await payCard(lost)).status).toBe(202);
    await reconcilePayments({ staleMs: 0 });
    const now = await state(lost);
    expect(now.booking.status).toBe('initiated');
    expect(now.attempts.map((a) => a.status)).toEqual(['failed']);
    expect(await salesOf(lost.reference)).toEqual([]);
    // Not stale yet: the reconciler leaves a fresh attempt alone.
    const fresh = await booking();
    await control('faults', { method: 'POST', path: '/transactions', kind: '500', phase: 'before', count: 3 });
    expect((await payCard(fresh)).status).toBe(202);
    await reconcilePayments({ staleMs: 60_000 });
    expect((await state(fresh)).attempts.map((a) => a.status)).toEqual(['unknown']);
  });

  it('a late authorisation after the reconciler refused its attempt is voided; the traveller paid again and is charged once (acceptance 9)', async (ctx) => {
    if (database.skip) return ctx.skip();
    await withGatewayTimeout(10_000, async () => {
      const made = await booking();
      // The gateway holds the first sale (a slow authorisation) without doing it yet.
      await control('faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: 1_500 });
      const first = payCard(made);
      await until(async () => (await state(made)).attempts.length === 1);
      const firstAttempt = (await state(made)).attempts[0]!;
      // The reconciler takes the attempt, finds nothing at the gateway yet, and refuses it.
      await reconcilePayments({ staleMs: 0 });
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [expect.objectContaining({ status: 'failed' })] });
      // The traveller pays again: a second attempt, captured, the booking confirmed.
      const second = await payCard(made, { nonce: 'fake-valid-visa-nonce' });
      expect(second.status).toBe(200);
      // The first authorisation comes back late: it is voided, never left holding money.
      const late = await first;
      const lateBody = await late.json();
      if (late.status === 200) expect(lateBody).toMatchObject({ status: 'confirmed', booking_id: made.reference });
      else expect({ status: late.status, body: lateBody }).toMatchObject({ status: 409, body: { status: 'booking_failed', error: expect.stringMatching(/took too long/) } });
      expect(await state(made)).toMatchObject({ booking: { status: 'confirmed', amount_minor: made.amountMinor }, hold: 'booked' });
      const sales = await salesOf(made.reference);
      expect(sales.find((sale) => sale.orderId === `${made.reference}:${firstAttempt.id}`)).toMatchObject({ status: 'voided' });
      expect(sales.map((sale) => sale.status).sort()).toEqual(['submitted_for_settlement', 'voided']);
      const attempts = (await state(made)).attempts;
      expect(attempts.map((a) => a.status)).toEqual(['failed', 'captured']);
      // The voided sale is noted on the attempt that lost it.
      expect(attempts[0]!.gateway_transaction_id).toBe(sales.find((sale) => sale.status === 'voided')!.id);
    });
  });

  it('a booking that leaves pending while its payment is captured: the move to confirmed is refused, the capture given back and the unit freed', async (ctx) => {
    if (database.skip) return ctx.skip();
    await withGatewayTimeout(10_000, async () => {
      const made = await booking();
      await control('faults', { path: '/transactions/*/submit_for_settlement', kind: 'delay', delayMs: 1_000 });
      const paying = payCard(made);
      await until(async () => (await state(made)).attempts[0]?.status === 'authorized');
      // Someone else ends the booking meanwhile (an agent's cancellation, an expiry).
      await database.db.updateTable('bookings').set({ status: 'failed', failure_text: 'Cancelled by the agency' }).where('id', '=', made.bookingId).execute();
      const answer = await paying;
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ status: 'booking_failed', error: 'Cancelled by the agency' });
      expect(await state(made)).toMatchObject({
        booking: { status: 'failed', failure_text: 'Cancelled by the agency', confirmed_at: null },
        hold: 'released',
        attempts: [expect.objectContaining({ status: 'voided' })],
      });
      expect((await salesOf(made.reference)).map((sale) => sale.status)).toEqual(['voided']);
    });
  });

  it('one live attempt per booking is a database rule: a second live attempt row is refused, a finished one is not', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ org: 'viajamas' });
    expect((await payCard(made, { payment_method: 'oxxo' })).status).toBe(202);
    const row = (status: 'created' | 'failed') => ({
      booking_id: made.bookingId,
      idempotency_key: randomUUID(),
      request_fingerprint: 'raw',
      method: 'card' as const,
      amount_minor: made.amountMinor,
      currency: 'USD',
      status,
    });
    await expect(database.db.insertInto('payment_attempts').values(row('created')).execute()).rejects.toMatchObject({ code: '23505', constraint: 'payment_attempts_one_live' });
    await database.db.insertInto('payment_attempts').values(row('failed')).execute();
    expect((await state(made)).attempts.map((a) => a.status)).toEqual(['awaiting_payment', 'failed']);
  });

  it('an OXXO voucher lapses unpaid: its webhook is refused (409) and changes nothing; the expiry job fails the booking and frees the unit', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ org: 'viajamas' });
    const issued = await payCard(made, { payment_method: 'oxxo' });
    expect(issued.status).toBe(202);
    const { oxxo_reference: reference } = (await issued.json()) as { oxxo_reference: string };
    const pending = await state(made);
    // viajamas: payments.oxxo.voucherHours = 48, counted from when the voucher was issued.
    expect(pending.booking.oxxo_expires_at).toBeInstanceOf(Date);
    expect(Math.round((pending.booking.oxxo_expires_at!.getTime() - pending.booking.updated_at.getTime()) / 3_600_000)).toBe(48);
    const sameUnit = {
      orgId: 'viajamas',
      userId: null,
      product: 'ACT',
      itemRef: made.itemRef,
      startsAt: made.startsAt,
      endsAt: new Date(made.startsAt.getTime() + 86_400_000),
      quantity: 1,
      ttlMinutes: 15,
    };
    expect((await createHold(sameUnit)).kind).toBe('sold_out');
    // Not due yet: the job leaves it alone.
    await expireOxxoVouchers();
    expect((await state(made)).booking.status).toBe('pending');

    await database.db
      .updateTable('bookings')
      .set({ oxxo_expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', made.bookingId)
      .execute();
    const lapsed = await state(made);
    const early = await control<{ status: number; body: string }>('oxxo/pay', { reference, notifyUrl: webhookUrl, amountMinor: made.amountMinor });
    expect(early.status).toBe(409);
    expect(JSON.parse(early.body)).toMatchObject({ status: 'expired', booking_id: made.reference });
    expect(await state(made)).toEqual(lapsed);

    expect(await expireOxxoVouchers()).toBeGreaterThanOrEqual(1);
    expect(await state(made)).toMatchObject({
      booking: { status: 'failed', failure_text: OXXO_EXPIRED_TEXT, confirmed_at: null },
      hold: 'released',
      attempts: [expect.objectContaining({ status: 'failed' })],
    });
    // The unit can be held again; a payment of the lapsed voucher after the job changes nothing.
    expect((await createHold(sameUnit)).kind).toBe('held');
    const expired = await state(made);
    const late = await control<{ status: number; body: string }>('oxxo/pay', { reference, notifyUrl: webhookUrl, amountMinor: made.amountMinor });
    expect(late.status).toBe(409);
    expect(await state(made)).toEqual(expired);
    // Paying again is refused too: the booking failed.
    expect((await payCard(made, { payment_method: 'oxxo' })).status).toBe(409);
  });

  it('OXXO is neither accepted nor its webhook served where nobody can collect it (Braintree keys, no OXXO acquirer)', async (ctx) => {
    if (database.skip) return ctx.skip();
    // Braintree's own environment: configuring it makes no network call; Braintree does not collect OXXO.
    configurePayments({ ...SANDBOX_CREDENTIALS, environment: 'sandbox', timeoutMs: TIMEOUT_MS });
    try {
      const made = await booking({ org: 'viajamas' });
      const refused = await payCard(made, { payment_method: 'oxxo' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ status: 'invalid', message: expect.stringMatching(/oxxo is not offered/) });
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
      const webhook = await oxxoWebhookAction(new Request(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
      expect(webhook.status).toBe(503);
    } finally {
      configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: TIMEOUT_MS });
    }
  });

  it('a capture whose outcome stays unknown is finished by the reconciler', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    await control('faults', { path: '/transactions/*/submit_for_settlement', kind: '500', phase: 'before', count: 3 });
    expect((await payCard(made)).status).toBe(202);
    expect((await state(made)).attempts.map((a) => a.status)).toEqual(['authorized']);
    await reconcilePayments({ staleMs: 0 });
    await expectConfirmedOnce(made);
  });

  it('a hold that expired before payment: the authorisation is voided and the booking fails', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', made.holdId)
      .execute();
    const answer = await payCard(made);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ status: 'booking_failed', error: expect.stringMatching(/expired/) });
    const now = await state(made);
    expect(now.booking).toMatchObject({ status: 'failed', failure_text: expect.stringMatching(/expired/) });
    expect(now.attempts.map((a) => a.status)).toEqual(['voided']);
    expect((await salesOf(made.reference)).map((s) => s.status)).toEqual(['voided']);
    // A failed booking is not paid later with another key.
    const retry = await payCard(made);
    expect(retry.status).toBe(409);
    expect(await salesOf(made.reference)).toHaveLength(1);
  });

  it('a void whose outcome stays unknown is retried by the reconciler', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', made.holdId)
      .execute();
    await control('faults', { path: '/transactions/*/void', kind: '500', phase: 'before', count: 3 });
    expect((await payCard(made)).status).toBe(409);
    expect(await state(made)).toMatchObject({ booking: { status: 'failed' }, attempts: [expect.objectContaining({ status: 'authorized' })] });
    expect((await salesOf(made.reference)).map((s) => s.status)).toEqual(['authorized']);
    await reconcilePayments({ staleMs: 0 });
    expect(await state(made)).toMatchObject({ booking: { status: 'failed' }, attempts: [expect.objectContaining({ status: 'voided' })] });
    expect((await salesOf(made.reference)).map((s) => s.status)).toEqual(['voided']);
  });

  it('invoice where the organisation allows it (voyagerpro), not elsewhere', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ org: 'voyagerpro' });
    const answer = await payCard(made, { payment_method: 'invoice', nonce: undefined });
    expect(answer.status).toBe(200);
    expect(await state(made)).toMatchObject({
      booking: { status: 'confirmed', payment_method: 'invoice' },
      hold: 'booked',
      attempts: [expect.objectContaining({ status: 'completed' })],
    });
    expect(await salesOf(made.reference)).toEqual([]);
    const wanderly = await booking();
    expect((await payCard(wanderly, { payment_method: 'invoice' })).status).toBe(400);
    const viajamas = await booking({ org: 'viajamas' });
    expect((await payCard(viajamas, { payment_method: 'invoice' })).status).toBe(400);
    // An invoice goes to an account: a guest booking cannot be invoiced.
    const guest = await booking({ org: 'voyagerpro', user: null });
    expect((await payCard(guest, { payment_method: 'invoice', nonce: undefined, hold: guest.hold })).status).toBe(400);
    expect((await state(guest)).booking).toMatchObject({ status: 'initiated' });
    expect((await state(wanderly)).attempts).toEqual([]);
  });

  it('OXXO (viajamas): a voucher, pending until the sandbox pays it through a signed webhook; replays change nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ org: 'viajamas' });
    const answer = await payCard(made, { payment_method: 'oxxo' });
    expect(answer.status).toBe(202);
    const body = await answer.json();
    expect(body).toMatchObject({ status: 'pending', booking_id: made.reference, oxxo_reference: expect.stringMatching(/^\d{14}$/) });
    expect(await state(made)).toMatchObject({ booking: { status: 'pending', payment_method: 'oxxo', oxxo_reference: body.oxxo_reference }, hold: 'booked' });

    const paid = await control<{ status: number; body: string; payload: string; signature: string }>('oxxo/pay', {
      reference: body.oxxo_reference,
      notifyUrl: webhookUrl,
      amountMinor: made.amountMinor,
    });
    expect(paid.status).toBe(200);
    expect(await state(made)).toMatchObject({ booking: { status: 'confirmed' }, attempts: [expect.objectContaining({ status: 'completed' })] });
    // The same delivery again: nothing changes. A forged or tampered one is refused.
    const headers = { 'content-type': 'application/json', 'x-oxxo-signature': paid.signature };
    const replay = await oxxoWebhookAction(new Request(webhookUrl, { method: 'POST', headers, body: paid.payload }));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ replay: true });
    const tampered = await oxxoWebhookAction(new Request(webhookUrl, { method: 'POST', headers, body: paid.payload.replace(/"amount_minor":\d+/, '"amount_minor":1') }));
    expect(tampered.status).toBe(401);
    const unsigned = await oxxoWebhookAction(new Request(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: paid.payload }));
    expect(unsigned.status).toBe(401);
    expect(await salesOf(made.reference)).toEqual([]);

    const wanderly = await booking();
    expect((await payCard(wanderly, { payment_method: 'oxxo' })).status).toBe(400);
    const voyagerpro = await booking({ org: 'voyagerpro' });
    expect((await payCard(voyagerpro, { payment_method: 'oxxo' })).status).toBe(400);
  });

  it('3-D Secure always (viajamas): a card without it is refused with its message; a verified one pays', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking({ org: 'viajamas' });
    const refused = await payCard(made, { nonce: await nonceFor() });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ status: 'three_d_secure', message: 'Please enter another payment method', payment_id: expect.any(String) });
    expect((await state(made)).booking.status).toBe('initiated');
    const verified = await payCard(made, { nonce: await nonceFor('4000000000001000', { expirationMonth: '01', threeDSecure: true }) });
    expect(verified.status).toBe(200);
    await expectConfirmedOnce(made);
  });

  it('zero-amount bookings are confirmed without the gateway; a priced one is refused', async (ctx) => {
    if (database.skip) return ctx.skip();
    const free = await booking({ amountMinor: 0 });
    const answer = await zeroAmountBookingAction(post(free.org, '/api/booking/zeroAmountBooking', { id: free.reference }, { cookie: free.cookie, key: null }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'confirmed', booking_id: free.reference });
    expect(await state(free)).toMatchObject({ booking: { status: 'confirmed', payment_method: 'zero' }, hold: 'booked' });
    const twice = await zeroAmountBookingAction(post(free.org, '/api/booking/zeroAmountBooking', { id: free.reference }, { cookie: free.cookie, key: null }));
    expect(twice.status).toBe(200);
    expect((await state(free)).attempts).toHaveLength(1);

    const priced = await booking();
    const refused = await zeroAmountBookingAction(post(priced.org, '/api/booking/zeroAmountBooking', { id: priced.reference }, { cookie: priced.cookie, key: null }));
    expect(refused.status).toBe(409);
    expect(await state(priced)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
    // A card payment of a free booking is refused too (pg_amt must be above 0).
    expect((await payCard(free, { pg_amt: '0', pg_amount: '0' })).status).toBe(400);
  });

  it("demo accounts cannot book; nobody pays another user's booking; a guest booking needs its hold", async (ctx) => {
    if (database.skip) return ctx.skip();
    const demoCookie = await cookieOf('wanderly', 'demo');
    const made = await booking({ user: null });
    const form = new FormData();
    form.set('hold', made.hold);
    const init = await initBookingAction(await loadContextFor(post('wanderly', '/x', '', { cookie: demoCookie, key: null })), form, 'ACT', {
      amountMinor: 100,
      currency: 'USD',
      description: '',
    });
    expect(init.status).toBe(403);
    expect(await init.json()).toMatchObject({ error: 'demo' });
    expect((await generatePgTokenAction(post('wanderly', '/api/booking/generatePgToken', { ...cardBody(made), hold: made.hold }, { cookie: demoCookie }))).status).toBe(403);

    const member = await booking();
    const agentCookie = await cookieOf('wanderly', 'agent');
    const stranger = await generatePgTokenAction(post('wanderly', '/api/booking/generatePgToken', cardBody(member), { cookie: agentCookie }));
    expect(stranger.status).toBe(404);
    expect((await payCard(made)).status).toBe(404);
    expect((await payCard(made, { hold: member.hold })).status).toBe(404);
    expect(await salesOf(made.reference)).toEqual([]);
    expect(await salesOf(member.reference)).toEqual([]);
    const guest = await payCard(made, { hold: made.hold });
    expect(guest.status).toBe(200);
    await expectConfirmedOnce(made);
    // Another organisation's site does not find the booking.
    const elsewhere = await booking();
    expect((await generatePgTokenAction(post('voyagerpro', '/api/booking/generatePgToken', cardBody(elsewhere), { cookie: elsewhere.cookie }))).status).toBe(404);
  });

  it("saved cards: the user's own card pays (also through pgv2 with a checksum); another user's card is refused with no charge", async (ctx) => {
    if (database.skip) return ctx.skip();
    const gateway = paymentGateway();
    const memberId = await userId('wanderly', 'member');
    const customerId = `t${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const ensured = await gateway.ensureCustomer({ customerId });
    expect(ensured.ok).toBe(true);
    const vaulted = await gateway.vaultPaymentMethod({ customerId, nonce: await nonceFor('378282246310005') });
    if (!vaulted.ok) throw new Error('vaulting failed');
    const card = await database.db
      .insertInto('saved_cards')
      .values({ user_id: memberId, gateway_customer_id: customerId, token: vaulted.value.token, brand: 'amex', last4: '0005', exp_month: '12', exp_year: '2030' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const made = await booking();
    const answer = await payCard(made, { payment_method: 'saved_card', card_id: card.id, nonce: undefined });
    expect(answer.status).toBe(200);
    await expectConfirmedOnce(made);
    expect((await state(made)).booking.payment_method).toBe('saved_card');

    const agents = await booking({ user: 'agent' });
    const stolen = await payCard(agents, { payment_method: 'saved_card', card_id: card.id });
    expect(stolen.status).toBe(404);
    expect(await salesOf(agents.reference)).toEqual([]);
    expect(await state(agents)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });

    // Second provider: checksum, then the saved-card payment; a wrong checksum charges nothing.
    const second = await booking();
    const fields = { orderId: second.reference, currency: 'USD', countryCode: 'MX', amount: major(second.amountMinor), api_key: 'pk_test' };
    const sum = await generateCheckSumAction(post('wanderly', '/api/pgv2/generateCheckSum', fields, { cookie: second.cookie, key: null }));
    expect(sum.status).toBe(200);
    const { checksum } = (await sum.json()) as { checksum: string };
    const payment = {
      country_code: 'MX',
      card_id: card.id,
      ip: '127.0.0.1',
      email: 'member@wanderly.example',
      order_id: second.reference,
      amount: fields.amount,
      currency: 'USD',
      description: 'Test',
      subscription: false,
      api_key: 'pk_test',
      metadata: { bookingId: second.reference, productType: 'ACT' },
    };
    const forged = await paymentWithSavedCardAction(
      post('wanderly', '/api/pgv2/paymentWithSavedCard', { ...payment, checksum: checksum.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }, { cookie: second.cookie }),
    );
    expect(forged.status).toBe(403);
    const otherAmount = await paymentWithSavedCardAction(post('wanderly', '/api/pgv2/paymentWithSavedCard', { ...payment, amount: '1.00', checksum }, { cookie: second.cookie }));
    expect(otherAmount.status).toBe(403);
    expect(await salesOf(second.reference)).toEqual([]);
    const paid = await paymentWithSavedCardAction(post('wanderly', '/api/pgv2/paymentWithSavedCard', { ...payment, checksum }, { cookie: second.cookie }));
    expect(paid.status).toBe(200);
    await expectConfirmedOnce(second);
    // Another user's checksum does not verify for this one.
    const agentSum = await generateCheckSumAction(post('wanderly', '/api/pgv2/generateCheckSum', fields, { cookie: await cookieOf('wanderly', 'agent'), key: null }));
    expect(((await agentSum.json()) as { checksum: string }).checksum).not.toBe(checksum);
  });

  it('bad bodies are a 400 and change nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await booking();
    const bad = [
      { body: cardBody(made), key: null },
      { body: cardBody(made, { id: 'WAN-undefined' }) },
      { body: cardBody(made, { id: 'NaN' }) },
      { body: cardBody(made, { payment_method: 'cash' }) },
      { body: cardBody(made, { pg_amt: '12.345' }) },
      { body: cardBody(made, { pg_amount: '1.00' }) },
      { body: cardBody(made, { currency: 'usd' }) },
      { body: cardBody(made, { nonce: undefined }) },
      { body: cardBody(made, { payment_method: 'saved_card', card_id: 'not-a-uuid' }) },
      { body: '[1,2]' },
      { body: '{"id":' },
    ];
    for (const { body, key } of bad) {
      const answer = await generatePgTokenAction(post(made.org, '/api/booking/generatePgToken', body, { cookie: made.cookie, ...(key === null ? { key: null } : {}) }));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
    expect(await salesOf(made.reference)).toEqual([]);
  });
});
