// Money rules (issue 9, docs/decisions/0019) with the real pay service, a real database (PGlite
// and PostgreSQL) and the real `braintree` SDK against the sandbox gateway: invoice is a credit
// line with a limit (also under concurrent payments), set by the organisation's admin; a car's
// payment mode decides how the pay core lets it be paid.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHold, recordHoldQuote } from '~/services/booking/holds.server';
import { quoteCarHold } from '~/products/car/car-quote.server';
import { initBookingAction } from '~/http/pay-call.server';
import { reconcileProviderPagePayments } from '~/services/booking-payments/provider-page.server';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { accountEndpoints } from '~/api/account-endpoints.server';
import { loader as hostedReturnRoute } from '~/routes/payments.hosted-return';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { invoiceCreditOf } from '~/services/booking-payments/invoice-credit.server';
import { configurePayments, paymentGateway } from '~/services/payments/runtime.server';
import { DEMO_INVOICE_COMPANY, DEMO_INVOICE_LIMIT_MINOR } from '~/services/seed/seed.server';
import { createSession } from '~/services/identity/session.server';
import { builtInCarSupplier } from '~/services/suppliers/cars.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { type Backend, useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';
import { DEFAULT_FRAUD_RULES, type RiskSignals, orderRules, riskScore, screen } from '~/domain/fraud-risk';
import { defaultRulesVersion, screenAttempt, setFraudRulesMode } from '~/services/fraud/screening.server';
import { describeCard } from '~/services/payments/card-key.server';
import { getOrgById } from '~/services/config/config.server';
import { type Database, openDatabase } from '~/services/platform/db.server';
import * as reviewsRoute from '~/routes/admin.reviews';
import type { OpenReview } from '~/services/fraud/fraud-reviews.server';
import { verifyAudit } from '~/services/config/config-audit.server';
import { readConfigFiles } from '~/services/config/config-check.server';
import { seedConfigStore } from '~/services/config/config-store.server';
import { join } from 'node:path';

const cardGuaranteeRoute = bookingEndpoints['/api/booking/cardGuarantee'].action;
const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;
const zeroAmountBookingRoute = bookingEndpoints['/api/booking/zeroAmountBooking'].action;
const hostedPaymentRoute = bookingEndpoints['/api/booking/hostedPayment'].action;
const invoiceCreditRoute = accountEndpoints['/api/admin/invoiceCredit'].action;

const backends: Backend[] = ['pglite', 'postgres'];
let sandbox: SandboxGateway;

type SandboxTransaction = { id: string; type: string; status: string; amount: string; orderId: string | null; deviceDataCaptured: boolean };

const control = <T = Record<string, unknown>>(path: string, body?: unknown) => sandboxControl<T>(sandbox.url, path, body);

async function salesOf(reference: string): Promise<SandboxTransaction[]> {
  const { transactions } = await control<{ transactions: SandboxTransaction[] }>('transactions');
  return transactions.filter((t) => (t.orderId ?? '').startsWith(`${reference}:`));
}

const nonceFor = (number: string) => sandboxNonce(sandbox.url, number);

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => {
  await sandbox?.stop();
});

describe.each(backends)('money rules on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let serial = 0;

  async function userId(org: string, email: string): Promise<number> {
    return (await database.db.selectFrom('users').select('id').where('org_id', '=', org).where('email', '=', email).executeTakeFirstOrThrow()).id;
  }

  async function cookieOf(org: string, email: string): Promise<string> {
    const { setCookie } = await createSession(freshVisitorOn(hostOf(org)), { userId: await userId(org, email) });
    return setCookie.split(';')[0]!;
  }

  /** A user of `org` with no credit of their own (and no company). */
  async function newUser(org: string): Promise<{ email: string; id: number; cookie: string }> {
    const email = `rules-${backend}-${++serial}-${randomUUID().slice(0, 8)}@${org}.example`;
    const row = await database.db
      .insertInto('users')
      .values({ org_id: org, email, email_normalized: email, password_hash: null, first_name: 'Rita', last_name: 'Rules', role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { email, id: row.id, cookie: await cookieOf(org, email) };
  }

  function post(org: string, path: string, body: unknown, options: { cookie?: string; key?: string | null } = {}): Request {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.key !== null) headers['idempotency-key'] = options.key ?? randomUUID();
    return new Request(`http://${hostOf(org)}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  }

  type Made = { reference: string; bookingId: string; hold: string; cookie: string | undefined; org: string; amountMinor: number; currency: string; product: string };

  /** A booking 'initiated' for a hold (the traveller step), then init-booking freezes `amountMinor`. */
  async function bookingOf(
    org: string,
    owner: { id: number; cookie: string } | null,
    held: { id: string; token: string },
    product: string,
    itemRef: string,
    amountMinor: number,
    currency = 'USD',
  ): Promise<Made> {
    const reference = `${org.slice(0, 3).toUpperCase()}-R${++serial}${randomUUID().slice(0, 6).toUpperCase()}`;
    const row = await database.db
      .insertInto('bookings')
      .values({
        reference,
        org_id: org,
        user_id: owner?.id ?? null,
        hold_id: held.id,
        product,
        item_ref: itemRef,
        starts_on: inDays(40),
        ends_on: null,
        guest_first_name: 'Rita',
        guest_last_name: 'Rules',
        guest_email: 'rita@example.com',
        guest_phone: null,
        status: 'initiated',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const form = new FormData();
    form.set('hold', held.token);
    const init = await initBookingAction(await loadContextFor(post(org, '/checkout', '', { cookie: owner?.cookie, key: null })), form, product, {
      amountMinor,
      currency,
      description: 'Test',
    });
    expect(init.status).toBe(200);
    return { reference, bookingId: row.id, hold: held.token, cookie: owner?.cookie, org, amountMinor, currency, product };
  }

  /** An activity booking of `amountMinor` for `owner` (one unit of its own). */
  async function activity(org: string, owner: { id: number; cookie: string }, amountMinor: number, currency = 'USD'): Promise<Made> {
    const itemRef = `test:rules-${backend}-${++serial}-${Date.now()}`;
    await database.db.insertInto('inventory_units').values({ product: 'ACT', supplier_code: 'OWN', item_ref: itemRef, unit_label: 'u-1' }).execute();
    const startsAt = new Date(Date.now() + 40 * 86_400_000);
    const held = await createHold({
      orgId: org,
      userId: owner.id,
      product: 'ACT',
      itemRef,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 86_400_000),
      quantity: 1,
      ttlMinutes: 15,
    });
    if (held.kind !== 'held') throw new Error('expected a hold');
    return bookingOf(org, owner, held.hold, 'ACT', itemRef, amountMinor, currency);
  }

  const major = (minor: number) => (minor / 100).toFixed(2);
  const payBody = (made: Made, extra: Record<string, unknown> = {}) => ({
    id: made.reference,
    pg_amt: major(made.amountMinor),
    pg_amount: major(made.amountMinor),
    currency: made.currency,
    product_type: made.product,
    payment_method: 'invoice',
    hold: made.hold,
    ...extra,
  });
  const generatePgTokenAction = (request: Request) => callAction(generatePgTokenRoute, request);
  const zeroAmountBookingAction = (request: Request) => callAction(zeroAmountBookingRoute, request);
  const cardGuaranteeAction = (request: Request) => callAction(cardGuaranteeRoute, request);
  const pay = (made: Made, extra: Record<string, unknown> = {}) =>
    generatePgTokenAction(post(made.org, '/api/booking/generatePgToken', payBody(made, extra), { cookie: made.cookie }));

  async function state(made: Made) {
    const booking = await database.db.selectFrom('bookings').selectAll().where('id', '=', made.bookingId).executeTakeFirstOrThrow();
    const attempts = await database.db.selectFrom('payment_attempts').select(['method', 'status']).where('booking_id', '=', made.bookingId).execute();
    return { booking, attempts };
  }

  const grant = (cookie: string | undefined, body: unknown, org = 'voyagerpro') =>
    callAction(invoiceCreditRoute, post(org, '/api/admin/invoiceCredit', body, { cookie, key: null }));

  /** The payment options a checkout of `amountMinor` offers this user. */
  async function offered(org: string, cookie: string, amountMinor: number): Promise<string[]> {
    const request = new Request(`http://${hostOf(org)}/activities/checkout`, { headers: { cookie } });
    const page = await withCheckoutPayment(await loadContextFor(request), 'ACT', { savedTraveler: null, charge: { amountMinor, currency: 'USD' } });
    return page.payment.options.map((option) => option.value);
  }

  it('a booking in a currency the organisation does not settle in (its account removed since the quote) is refused before any charge (decision 0056)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const owner = await newUser('viajamas');
    const made = await activity('viajamas', owner, 50_000, 'EUR');
    const refused = await pay(made, { payment_method: 'card', nonce: 'fake-valid-nonce' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ status: 'booking_failed', error: 'Card payments in EUR are not available: search again' });
    expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
    expect(await salesOf(made.reference)).toEqual([]);
  });

  describe('the fraud screening of a payment (issue 37)', () => {
    // As production runs them (a test server only records its rules: FRAUD_RULES_MODE).
    beforeAll(() => setFraudRulesMode('enforce'));
    afterAll(() => setFraudRulesMode(null));
    const decisionsOf = (bookingId: string) => database.db.selectFrom('fraud_decisions').selectAll().where('booking_id', '=', bookingId).execute();

    it('screens a card payment before the gateway, stores why with its rules version, and replays to the same answer', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const owner = await newUser('voyagerpro');
      const made = await activity('voyagerpro', owner, 4_500);
      const answer = await pay(made, { payment_method: 'card', nonce: await nonceFor('4111111111111111') });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('server-timing')).toMatch(/^risk;dur=\d+\.\d\d$/);
      const [decision, ...more] = await decisionsOf(made.bookingId);
      expect(more).toEqual([]);
      expect(decision).toMatchObject({
        stage: 'payment',
        user_id: owner.id,
        action: 'allow',
        outcome: 'paid',
        rules_version: defaultRulesVersion(),
        amount_minor: 4_500,
        currency: 'USD',
      });
      // Hashes only: no address, card or e-mail as it came.
      expect(decision!.address_key).not.toContain('127.0.0.1');
      expect(decision!.card_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(decision)).not.toContain(owner.email);
      const signals = decision!.signals as RiskSignals;
      expect(signals).toMatchObject({ cardAttempts1h: 0, userAttempts1h: 0, accountAgeDays: 0, disposableEmail: false, botUserAgent: false });
      expect(signals.leadTimeHours).toBeGreaterThan(38 * 24);
      // The same signals under the same rules version: the same score, hits and action.
      const replayed = screen(signals, orderRules(DEFAULT_FRAUD_RULES));
      expect({ score: replayed.score, hits: replayed.hits, action: replayed.action }).toEqual({ score: decision!.score, hits: decision!.hits, action: decision!.action });
    });

    it('blocks a card tried six times in the hour, on any instance, before it reaches the gateway; another card still pays', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const org = getOrgById('voyagerpro')!;
      const nonce = await nonceFor('4000111111111115');
      const card = await describeCard({ nonce });
      expect(card.key).not.toBeNull();
      // Six earlier tries of the card, screened by another instance (its own pool on PostgreSQL).
      const other: { db: Database; close: () => Promise<unknown> } = database.url
        ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }).then((opened) => ({ db: opened.db, close: () => opened.db.destroy() }))
        : { db: database.db, close: async () => undefined };
      try {
        for (let i = 0; i < 6; i++) {
          const attempt = {
            org,
            stage: 'payment',
            userId: null,
            email: `tester-${i}@example.com`,
            clientIp: `198.51.100.${i + 1}`,
            userAgent: null,
            card,
            bookingId: null,
            amount: { minor: 100, currency: 'USD' },
            startsOn: null,
          } as const;
          await screenAttempt(attempt, DEFAULT_FRAUD_RULES, other.db);
        }
      } finally {
        await other.close();
      }
      const owner = await newUser('voyagerpro');
      const made = await activity('voyagerpro', owner, 3_000);
      const refused = await pay(made, { payment_method: 'card', nonce });
      expect(refused.status).toBe(402);
      expect(await refused.json()).toMatchObject({ status: 'card_declined' });
      expect(await salesOf(made.reference)).toEqual([]);
      const [decision] = await decisionsOf(made.bookingId);
      expect(decision).toMatchObject({ action: 'block', outcome: null });
      expect((decision!.signals as RiskSignals).cardAttempts1h).toBe(6);
      expect(decision!.hits).toContainEqual({ rule: 'block-card-testing', action: 'block', mode: 'enforce' });
      const after = await state(made);
      expect(after.attempts).toEqual([{ method: 'card', status: 'declined' }]);
      expect(after.booking.status).toBe('initiated');
      // The traveller's own card is another card: it pays.
      const paid = await pay(made, { payment_method: 'card', nonce: await nonceFor('4111111111111111') });
      expect(paid.status).toBe(200);
      expect((await state(made)).booking.status).toBe('confirmed');
      expect((await decisionsOf(made.bookingId)).map((d) => d.action)).toEqual(['block', 'allow']);
    });

    it('challenges a card issued abroad for a stay within 48 hours: the gateway is asked for 3-D Secure, and the decision names both countries', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const owner = await newUser('voyagerpro');
      const made = await activity('voyagerpro', owner, 6_000);
      await database.db
        .updateTable('bookings')
        .set({ starts_on: inDays(1) })
        .where('id', '=', made.bookingId)
        .execute();
      // A Mexican card, paid from an American address (8.8.8.8), without 3-D Secure.
      const request = post(made.org, '/api/booking/generatePgToken', payBody(made, { payment_method: 'card', nonce: await nonceFor('4000004840008001') }), { cookie: made.cookie });
      const answer = await generatePgTokenRoute({ request, params: {}, context: await loadContextFor(request, '8.8.8.8') });
      expect(answer.status).toBe(402);
      expect(await answer.json()).toMatchObject({ status: 'three_d_secure' });
      const [decision] = await decisionsOf(made.bookingId);
      expect(decision).toMatchObject({ action: 'require_3ds', outcome: 'declined' });
      expect(decision!.signals).toMatchObject({ ipCountry: 'US', binCountry: 'MX' });
      expect(decision!.hits).toContainEqual({ rule: 'challenge-foreign-card-short-notice', action: 'require_3ds', mode: 'enforce' });
      // The same card from Mexico is no stranger: it pays.
      const again = post(made.org, '/api/booking/generatePgToken', payBody(made, { payment_method: 'card', nonce: await nonceFor('4000004840008001') }), { cookie: made.cookie });
      expect((await generatePgTokenRoute({ request: again, params: {}, context: await loadContextFor(again, '187.188.1.1') })).status).toBe(200);
      expect((await decisionsOf(made.bookingId)).map((d) => d.action)).toEqual(['require_3ds', 'allow']);
    });

    it('keeps the gateway’s own risk check of a sale, and screens the user’s next payment with it', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const owner = await newUser('voyagerpro');
      const first = await activity('voyagerpro', owner, 2_000);
      // The sandbox's risk check sends this card's sales to review: authorised all the same.
      expect((await pay(first, { payment_method: 'card', nonce: await nonceFor('4000111111111123') })).status).toBe(200);
      expect((await decisionsOf(first.bookingId))[0]).toMatchObject({ outcome: 'paid', gateway_risk: 'review' });
      const second = await activity('voyagerpro', owner, 2_000);
      expect((await pay(second, { payment_method: 'card', nonce: await nonceFor('4111111111111111') })).status).toBe(200);
      const [next] = await decisionsOf(second.bookingId);
      expect(next!.signals).toMatchObject({ gatewayRisk: 'review' });
      expect(next!.score).toBeGreaterThanOrEqual(20);
      // A sale its fraud tools reject is a declining risk check.
      const other = await newUser('voyagerpro');
      const third = await activity('voyagerpro', other, 2_000);
      expect((await pay(third, { payment_method: 'card', nonce: await nonceFor('4000111111111511') })).status).toBe(402);
      expect((await decisionsOf(third.bookingId))[0]).toMatchObject({ outcome: 'declined', gateway_risk: 'decline' });
    });

    it('sends the page’s device data with the sale; a card paid without it is screened with that reason', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const owner = await newUser('voyagerpro');
      const deviceData = JSON.stringify({ device_session_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', correlation_id: 'c0ffee00c0ffee00' });
      const withData = await activity('voyagerpro', owner, 3_000);
      expect((await pay(withData, { payment_method: 'card', nonce: await nonceFor('4111111111111111'), device_data: deviceData })).status).toBe(200);
      const [seen] = await decisionsOf(withData.bookingId);
      expect(seen!.signals).toMatchObject({ deviceData: true });
      const [sale] = await salesOf(withData.reference);
      expect(sale).toMatchObject({ type: 'sale', deviceDataCaptured: true });

      const without = await activity('voyagerpro', owner, 3_000);
      expect((await pay(without, { payment_method: 'card', nonce: await nonceFor('4111111111111111') })).status).toBe(200);
      const [bare] = await decisionsOf(without.bookingId);
      expect(bare!.signals).toMatchObject({ deviceData: false });
      expect(riskScore(bare!.signals as RiskSignals).contributions).toContainEqual({ signal: 'deviceData', points: 10, why: "card paid without the page's device data" });
      expect((await salesOf(without.reference))[0]).toMatchObject({ deviceDataCaptured: false });
      // Not device data: refused by its schema, nothing paid.
      const bad = await activity('voyagerpro', owner, 3_000);
      expect((await pay(bad, { payment_method: 'card', nonce: await nonceFor('4111111111111111'), device_data: 'x'.repeat(4097) })).status).toBe(400);
      expect(await salesOf(bad.reference)).toEqual([]);
    });
  });

  describe('the fraud review queue (issue 37)', () => {
    const reviewsAction = (cookie: string, form: Record<string, string>, org = 'voyagerpro') =>
      callAction(
        reviewsRoute.action,
        new Request(`http://${hostOf(org)}/admin/reviews`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }),
      );
    const queue = async (cookie: string) =>
      ((await (await callAction(reviewsRoute.loader, new Request(`http://${hostOf('voyagerpro')}/admin/reviews`, { headers: { cookie } }))).json()) as { reviews: OpenReview[] })
        .reviews;
    const auditRows = () =>
      database.db.selectFrom('config_audit').select(['action', 'note', 'detail']).where('org_id', '=', 'voyagerpro').where('action', '=', 'review').orderBy('seq').execute();

    beforeAll(async () => {
      if (!database.skip) await seedConfigStore(database.db, readConfigFiles(join(__dirname, '..', '..')).sources);
    });

    /** A card payment the rules sent to review: paid, its decision marked as a review rule would have. */
    async function reviewed() {
      const owner = await newUser('voyagerpro');
      const made = await activity('voyagerpro', owner, 2_500);
      expect((await pay(made, { payment_method: 'card', nonce: await nonceFor('4111111111111111') })).status).toBe(200);
      const { id } = await database.db.updateTable('fraud_decisions').set({ action: 'review' }).where('booking_id', '=', made.bookingId).returning('id').executeTakeFirstOrThrow();
      return { owner, made, decisionId: String(id) };
    }

    it('lists a payment sent to review with its reasons; approving keeps the booking, is audited once, and a second verdict is refused', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const admin = await cookieOf('voyagerpro', 'admin@voyagerpro.example');
      const { made, decisionId } = await reviewed();
      const listed = (await queue(admin)).find((review) => String(review.decisionId) === decisionId);
      expect(listed).toMatchObject({ reference: made.reference, amountMinor: 2_500, currency: 'USD', bookingStatus: 'confirmed' });
      // A new account: its reasons say so, in points that add up to the stored score.
      expect(listed!.reasons).toContainEqual({ signal: 'accountAgeDays', points: 10, why: 'account made today' });
      expect(listed!.reasons.reduce((sum, reason) => sum + reason.points, 0)).toBe(listed!.score);
      // Two admins press at once: one verdict.
      const answers = await Promise.all([reviewsAction(admin, { intent: 'approve', review: decisionId }), reviewsAction(admin, { intent: 'approve', review: decisionId })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await state(made)).booking.status).toBe('confirmed');
      expect((await queue(admin)).some((review) => String(review.decisionId) === decisionId)).toBe(false);
      expect((await auditRows()).filter((row) => JSON.parse(row.detail).decision === Number(decisionId))).toEqual([
        { action: 'review', note: '', detail: JSON.stringify({ decision: Number(decisionId), booking: made.reference, verdict: 'approved' }) },
      ]);
      expect(await verifyAudit(database.db)).toEqual([]);
    });

    it('refunding cancels the booking and gives its charge back; blocking also signs the traveller out for good', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const admin = await cookieOf('voyagerpro', 'admin@voyagerpro.example');
      const refunded = await reviewed();
      expect((await reviewsAction(admin, { intent: 'refund', review: refunded.decisionId, note: 'card holder called' })).status).toBe(200);
      expect((await state(refunded.made)).booking.status).toBe('cancelled');
      expect((await salesOf(refunded.made.reference)).map((sale) => sale.status)).toEqual(['voided']);
      const blocked = await reviewed();
      expect((await reviewsAction(admin, { intent: 'block', review: blocked.decisionId, note: 'stolen card' })).status).toBe(200);
      expect((await state(blocked.made)).booking.status).toBe('cancelled');
      const user = await database.db.selectFrom('users').select('is_blocked').where('id', '=', blocked.owner.id).executeTakeFirstOrThrow();
      expect(user.is_blocked).toBe(true);
      expect(
        await database.db
          .selectFrom('fraud_decisions')
          .select(['review_verdict'])
          .where('id', 'in', [Number(refunded.decisionId), Number(blocked.decisionId)])
          .orderBy('id')
          .execute(),
      ).toEqual([{ review_verdict: 'refunded' }, { review_verdict: 'blocked' }]);
    });

    it('refuses bad input, another organisation’s admin and anyone but an org admin, changing nothing', async (ctx) => {
      if (database.skip) return ctx.skip(database.skip);
      const admin = await cookieOf('voyagerpro', 'admin@voyagerpro.example');
      const { owner, made, decisionId } = await reviewed();
      const before = await auditRows();
      expect((await reviewsAction(admin, { intent: 'delete', review: decisionId })).status).toBe(400);
      expect((await reviewsAction(admin, { intent: 'refund', review: decisionId })).status).toBe(400);
      expect((await reviewsAction(admin, { intent: 'approve', review: 'x' })).status).toBe(404);
      expect((await reviewsAction(admin, { intent: 'approve', review: '999999999' })).status).toBe(404);
      expect((await reviewsAction(admin, { intent: 'approve', review: decisionId, note: 'n'.repeat(501) })).status).toBe(400);
      // Another organisation's admin, on their own site: not theirs to see.
      const foreign = await cookieOf('wanderly', 'admin@wanderly.example');
      expect((await reviewsAction(foreign, { intent: 'refund', review: decisionId, note: 'mine now' }, 'wanderly')).status).toBe(404);
      // A traveller is no admin.
      expect((await reviewsAction(owner.cookie, { intent: 'approve', review: decisionId })).status).toBeGreaterThanOrEqual(401);
      expect(await auditRows()).toEqual(before);
      expect((await state(made)).booking.status).toBe('confirmed');
      expect((await queue(admin)).some((review) => String(review.decisionId) === decisionId)).toBe(true);
    });
  });

  describe('invoice is a credit line', () => {
    it('the demo company covers its member up to its limit; over it, invoice is neither offered nor taken, and nothing changes', async (ctx) => {
      if (database.skip) return ctx.skip();
      const member = { id: await userId('voyagerpro', 'member@voyagerpro.example'), cookie: await cookieOf('voyagerpro', 'member@voyagerpro.example') };
      expect((await database.db.selectFrom('users').select('company').where('id', '=', member.id).executeTakeFirstOrThrow()).company).toBe(DEMO_INVOICE_COMPANY);
      const credit = await invoiceCreditOf(member.id);
      expect(credit).toMatchObject({ limitMinor: DEMO_INVOICE_LIMIT_MINOR, currency: 'USD' });
      const left = credit!.limitMinor - credit!.usedMinor;
      expect(left).toBeGreaterThan(10_000);

      expect(await offered('voyagerpro', member.cookie, left)).toContain('pay with invoice');
      expect(await offered('voyagerpro', member.cookie, left + 1)).not.toContain('pay with invoice');

      const over = await activity('voyagerpro', member, left + 1);
      const refused = await pay(over);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ status: 'booking_failed', error: expect.stringMatching(/over your invoice credit/) });
      expect(await state(over)).toMatchObject({ booking: { status: 'initiated', payment_method: null, invoice_credit_line_id: null }, attempts: [] });

      // Exactly the rest of the limit is taken; then nothing more is.
      const exact = await activity('voyagerpro', member, left);
      expect((await pay(exact)).status).toBe(200);
      expect(await state(exact)).toMatchObject({ booking: { status: 'confirmed', payment_method: 'invoice', invoice_credit_line_id: expect.any(Number) } });
      expect(await offered('voyagerpro', member.cookie, 1)).not.toContain('pay with invoice');
      const one = await activity('voyagerpro', member, 100);
      expect((await pay(one)).status).toBe(409);
      expect(await salesOf(exact.reference)).toEqual([]);
    });

    it('a user without a credit line is not offered invoice and is refused; the admin grants it, and two concurrent payments cannot pass the limit together', async (ctx) => {
      if (database.skip) return ctx.skip();
      const user = await newUser('voyagerpro');
      expect(await offered('voyagerpro', user.cookie, 5_000)).not.toContain('pay with invoice');
      const before = await activity('voyagerpro', user, 5_000);
      expect((await pay(before)).status).toBe(409);
      expect(await state(before)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });

      const admin = await cookieOf('voyagerpro', 'admin@voyagerpro.example');
      const granted = await grant(admin, { email: user.email.toUpperCase(), limit: '100.00', currency: 'USD' });
      expect(granted.status).toBe(200);
      expect(await granted.json()).toMatchObject({ status: 200, data: { email: user.email.toUpperCase(), limit_minor: 10_000, currency: 'USD', used_minor: 0 } });
      expect(await offered('voyagerpro', user.cookie, 6_000)).toContain('pay with invoice');

      // 60.00 + 60.00 > 100.00: whatever the interleaving, one is invoiced and one refused.
      const first = await activity('voyagerpro', user, 6_000);
      const second = await activity('voyagerpro', user, 6_000);
      const answers = await Promise.all([pay(first), pay(second)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const states = await Promise.all([state(first), state(second)]);
      expect(states.map((s) => s.booking.status).sort()).toEqual(['confirmed', 'initiated']);
      expect(states.flatMap((s) => s.attempts)).toEqual([{ method: 'invoice', status: 'completed' }]);

      // Raising the limit lets the other one through; lowering it to 0 withdraws invoice.
      expect((await grant(admin, { email: user.email, limit: 120, currency: 'USD' })).status).toBe(200);
      const refused = states[0]!.booking.status === 'initiated' ? first : second;
      expect((await pay(refused)).status).toBe(200);
      expect((await grant(admin, { email: user.email, limit: 0, currency: 'USD' })).status).toBe(200);
      expect(await offered('voyagerpro', user.cookie, 1)).not.toContain('pay with invoice');
      expect(await database.db.selectFrom('invoice_credit_lines').select('limit_minor').where('user_id', '=', user.id).execute()).toEqual([{ limit_minor: 0 }]);
    });

    it('a company line covers the users of the company; a line in another currency covers nothing', async (ctx) => {
      if (database.skip) return ctx.skip();
      const user = await newUser('voyagerpro');
      const company = `Rules Co ${backend} ${serial}`;
      await database.db.updateTable('users').set({ company }).where('id', '=', user.id).execute();
      const admin = await cookieOf('voyagerpro', 'admin@voyagerpro.example');
      // Voyager Pro grants credit in USD only; a line in another currency (made before that rule) covers nothing.
      expect((await grant(admin, { company, limit: '50', currency: 'MXN' })).status).toBe(409);
      await database.db
        .insertInto('invoice_credit_lines')
        .values({ org_id: 'voyagerpro', user_id: null, company, limit_minor: 5_000, currency: 'MXN', updated_at: new Date() })
        .execute();
      expect(await offered('voyagerpro', user.cookie, 1_000)).not.toContain('pay with invoice');
      expect((await pay(await activity('voyagerpro', user, 1_000))).status).toBe(409);
      expect((await grant(admin, { company, limit: '50', currency: 'USD' })).status).toBe(200);
      expect(await offered('voyagerpro', user.cookie, 1_000)).toContain('pay with invoice');
      expect((await pay(await activity('voyagerpro', user, 1_000))).status).toBe(200);
    });

    it("grants follow the organisation's rules: no self-grant, no grant over its ceiling or in a currency it does not grant in; each grant, made or refused, is audited", async (ctx) => {
      if (database.skip) return ctx.skip();
      const user = await newUser('voyagerpro');
      const adminEmail = 'admin@voyagerpro.example';
      const adminId = await userId('voyagerpro', adminEmail);
      const admin = await cookieOf('voyagerpro', adminEmail);
      const audit = () =>
        database.db
          .selectFrom('invoice_credit_grants')
          .select(['granted_by', 'user_id', 'company', 'currency', 'old_limit_minor', 'new_limit_minor', 'outcome', 'reason'])
          .where('granted_by', '=', adminId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
      const lineOf = (id: number) => database.db.selectFrom('invoice_credit_lines').select(['limit_minor', 'currency']).where('user_id', '=', id).execute();

      const self = await grant(admin, { email: adminEmail.toUpperCase(), limit: '10', currency: 'USD' });
      expect(self.status).toBe(403);
      expect(await self.json()).toMatchObject({ message: 'An administrator cannot grant invoice credit to themselves or to their own company' });
      expect(await audit()).toMatchObject({ user_id: adminId, outcome: 'refused', reason: 'self', new_limit_minor: 1_000 });
      expect(await lineOf(adminId)).toEqual([]);

      const over = await grant(admin, { email: user.email, limit: '25000.01', currency: 'USD' });
      expect(over.status).toBe(409);
      expect(await over.json()).toMatchObject({ message: 'limit: at most 25000.00 USD a line' });
      expect(await audit()).toMatchObject({ user_id: user.id, outcome: 'refused', reason: 'ceiling', old_limit_minor: null, new_limit_minor: 2_500_001 });

      const foreign = await grant(admin, { email: user.email, limit: '10', currency: 'XXX' });
      expect(foreign.status).toBe(409);
      expect(await foreign.json()).toMatchObject({ message: 'currency: this organisation grants credit in USD only' });
      expect(await audit()).toMatchObject({ user_id: user.id, currency: 'XXX', outcome: 'refused', reason: 'currency' });
      expect(await lineOf(user.id)).toEqual([]);

      // Within the rules: granted, then raised to the ceiling, each written down with the limit before.
      expect((await grant(admin, { email: user.email, limit: '100', currency: 'USD' })).status).toBe(200);
      expect(await audit()).toMatchObject({
        granted_by: adminId,
        user_id: user.id,
        currency: 'USD',
        old_limit_minor: null,
        new_limit_minor: 10_000,
        outcome: 'granted',
        reason: null,
      });
      expect((await grant(admin, { email: user.email, limit: '25000', currency: 'USD' })).status).toBe(200);
      expect(await audit()).toMatchObject({ old_limit_minor: 10_000, new_limit_minor: 2_500_000, outcome: 'granted' });
      expect(await lineOf(user.id)).toEqual([{ limit_minor: 2_500_000, currency: 'USD' }]);
      // The audit is append-only.
      await expect(database.db.deleteFrom('invoice_credit_grants').where('granted_by', '=', adminId).execute()).rejects.toThrow(/audit trail/);
    });

    it('POST /api/admin/invoiceCredit: bad input is a 400, a non-admin 403, signed out 401, an unknown user 404; nothing changes', async (ctx) => {
      if (database.skip) return ctx.skip();
      const count = async () =>
        Number(
          (
            await database.db
              .selectFrom('invoice_credit_lines')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const lines = await count();
      const user = await newUser('voyagerpro');
      const admin = await cookieOf('voyagerpro', 'admin@voyagerpro.example');
      for (const body of [
        '{"email":',
        '[1]',
        { email: user.email, limit: '10.001', currency: 'USD' },
        { email: user.email, limit: -5, currency: 'USD' },
        { email: user.email, limit: 10, currency: 'usd' },
        { email: user.email, company: 'Both', limit: 10, currency: 'USD' },
        { limit: 10, currency: 'USD' },
        { email: user.email, limit: 10, currency: 'USD', user_id: 1 },
      ]) {
        const answer = await grant(admin, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(await answer.json()).toMatchObject({ status: 400, message: expect.any(String) });
      }
      for (const key of ['member', 'agent']) {
        expect((await grant(await cookieOf('voyagerpro', `${key}@voyagerpro.example`), { email: user.email, limit: 10, currency: 'USD' })).status).toBe(403);
      }
      // Another organisation's admin is signed out on this organisation's site.
      expect((await grant(await cookieOf('wanderly', 'admin@wanderly.example'), { email: user.email, limit: 10, currency: 'USD' })).status).toBe(401);
      expect((await grant(undefined, { email: user.email, limit: 10, currency: 'USD' })).status).toBe(401);
      // A user of another organisation is not found here.
      expect((await grant(admin, { email: 'member@wanderly.example', limit: 10, currency: 'USD' })).status).toBe(404);
      expect(await count()).toBe(lines);
    });
  });

  it('a car quoted in pesos records its payment rule in pesos, the currency its stored value is counted in (decision 0056)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const owner = await newUser('viajamas');
    const offer = await database.db.selectFrom('car_offers').select('id').where('code', '=', 'CUNA-ECO2').executeTakeFirstOrThrow();
    const search = {
      pickupCode: 'CUNA',
      dropoffCode: 'CUNA',
      sameDropoff: true,
      pickupDate: inDays(91),
      pickupTime: '10:00',
      dropoffDate: inDays(94),
      dropoffTime: '09:00',
      driverAge: 35,
    };
    const context = { orgId: 'viajamas', userId: owner.id, priceType: 'B2C' as const };
    const held = await builtInCarSupplier.hold({ ...search, offerId: offer.id }, { ...context, ttlMinutes: 15 });
    if (held.kind !== 'held') throw new Error('expected a car hold');
    const pesos = await quoteCarHold(held.hold, context, 'PG_01', {
      display: { currency: 'MXN', perUsd: '17.05000000', minorDigits: 2 },
      chargeCurrency: 'MXN',
      chargeMinorDigits: 2,
    });
    const total = pesos!.lines.find((line) => line.key === 'total')!;
    expect(pesos!.charge.currency).toBe('MXN');
    expect(pesos!.facts.paymentRule!.chargeMinor).toBe(total.amountMinor);
  });

  describe('a car is paid as its payment mode says', () => {
    /** A hold of the CUNA offer `code` (e.g. CUNA-ECO2) for `owner`, its quote and its booking. */
    async function car(code: string, owner: { id: number; cookie: string }, pickupDays: number) {
      const offer = await database.db.selectFrom('car_offers').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      const search = {
        pickupCode: 'CUNA',
        dropoffCode: 'CUNA',
        sameDropoff: true,
        pickupDate: inDays(pickupDays),
        pickupTime: '10:00',
        dropoffDate: inDays(pickupDays + 3),
        dropoffTime: '09:00',
        driverAge: 35,
      };
      const context = { orgId: 'wanderly', userId: owner.id, priceType: 'B2C' as const };
      const held = await builtInCarSupplier.hold({ ...search, offerId: offer.id }, { ...context, ttlMinutes: 15 });
      if (held.kind !== 'held') throw new Error(`expected a hold of ${code}`);
      // The hold's quote, recorded as opening the car checkout records it (the pay core reads it).
      const recorded = await quoteCarHold(held.hold, context, 'PG_01', { display: { currency: 'USD', perUsd: '1', minorDigits: 2 }, chargeCurrency: 'USD', chargeMinorDigits: 2 });
      if (!recorded) throw new Error('expected a quote');
      await recordHoldQuote(held.hold, recorded);
      const amount = (key: string) => [...recorded.lines, ...recorded.fees].find((line) => line.key === key)!.amountMinor;
      const quote = { mode: recorded.facts.paymentMode, chargeMinor: recorded.charge.amountMinor, offer: { fare_summary: { total: amount('total'), markup: amount('markup') } } };
      const made = await bookingOf('wanderly', owner, held.hold, 'CAR', held.hold.itemRef, quote.chargeMinor);
      return { made, quote };
    }

    const card = (made: Made, nonce = 'fake-valid-nonce') => ({ payment_method: 'card', nonce, pg_amt: '10.00', pg_amount: '10.00' });
    const zero = (made: Made) =>
      zeroAmountBookingAction(post(made.org, '/api/booking/zeroAmountBooking', { id: made.reference, hold: made.hold }, { cookie: made.cookie, key: null }));
    const guarantee = (made: Made, body: Record<string, unknown>) =>
      cardGuaranteeAction(post(made.org, '/api/booking/cardGuarantee', { id: made.reference, hold: made.hold, ...body }, { cookie: made.cookie }));

    it("'nopg' (postpaid, no guarantee: CMP): books on the zero path only; no card is charged, whatever the request says", async (ctx) => {
      if (database.skip) return ctx.skip();
      const owner = await newUser('wanderly');
      const { made, quote } = await car('CUNA-CMP', owner, 70);
      expect(quote.mode).toEqual({ mode: 'nopg' });
      expect(quote.chargeMinor).toBe(0);
      const forged = await pay(made, card(made));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ message: expect.stringMatching(/payment mode nopg/) });
      expect((await guarantee(made, { nonce: await nonceFor('4111111111111111') })).status).toBe(400);
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
      expect((await zero(made)).status).toBe(200);
      expect(await state(made)).toMatchObject({ booking: { status: 'confirmed', payment_method: 'zero', amount_minor: 0 } });
      expect(await salesOf(made.reference)).toEqual([]);
    });

    it("'iframe' (postpaid, guarantee, no markup: ECO2): the zero path and a card charge are refused; a card that fails verification books nothing; a verified card is vaulted as the guarantee, nothing charged", async (ctx) => {
      if (database.skip) return ctx.skip();
      const owner = await newUser('wanderly');
      const { made, quote } = await car('CUNA-ECO2', owner, 74);
      expect(quote.mode).toEqual({ mode: 'iframe' });
      expect(quote.chargeMinor).toBe(0);
      const forgedZero = await zero(made);
      expect(forgedZero.status).toBe(400);
      expect(await forgedZero.json()).toMatchObject({ message: expect.stringMatching(/payment mode iframe/) });
      expect((await pay(made, card(made))).status).toBe(400);
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });

      // Bad input to cardGuarantee is a 400 and changes nothing.
      expect((await guarantee(made, {})).status).toBe(400);
      expect((await guarantee(made, { nonce: 'has spaces' })).status).toBe(400);
      expect((await guarantee(made, { id: 'WAN-NaN', nonce: 'fake-valid-nonce' })).status).toBe(400);
      expect(
        (await cardGuaranteeAction(post(made.org, '/api/booking/cardGuarantee', { id: made.reference, nonce: 'fake-valid-nonce' }, { cookie: made.cookie, key: null }))).status,
      ).toBe(400);
      expect((await cardGuaranteeAction(post(made.org, '/api/booking/cardGuarantee', '[1]', { cookie: made.cookie }))).status).toBe(400);
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
      const declined = await guarantee(made, { nonce: await nonceFor('4000111111111115') });
      expect(declined.status).toBe(402);
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated', guarantee_token: null }, attempts: [{ method: 'guarantee', status: 'declined' }] });

      const answer = await guarantee(made, { nonce: await nonceFor('4111111111111111') });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ status: 'confirmed', booking_id: made.reference });
      const now = await state(made);
      expect(now.booking).toMatchObject({ status: 'confirmed', payment_method: 'guarantee', amount_minor: 0, guarantee_card: 'Visa 1111', guarantee_token: expect.any(String) });
      expect(now.attempts).toContainEqual({ method: 'guarantee', status: 'completed' });
      // Vaulted and verified at the gateway, never charged.
      const customer = now.booking.guarantee_customer_id!;
      expect((await paymentGateway().createNonceForCard(now.booking.guarantee_token!)).ok).toBe(true);
      expect(customer).toMatch(/^g/);
      expect(await salesOf(made.reference)).toEqual([]);
    });

    it("'card-provider' (prepaid with markup: SUV): charged by card; a guarantee or the zero path is refused", async (ctx) => {
      if (database.skip) return ctx.skip();
      const owner = await newUser('wanderly');
      const { made, quote } = await car('CUNA-SUV', owner, 78);
      expect(quote.mode).toEqual({ mode: 'card-provider', variant: expect.any(String), referenceProvider: expect.any(Boolean) });
      expect(quote.chargeMinor).toBe(quote.offer.fare_summary.total);
      expect((await guarantee(made, { nonce: await nonceFor('4111111111111111') })).status).toBe(400);
      expect((await zero(made)).status).toBe(409);
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [] });
      const paid = await pay(made, { payment_method: 'card', nonce: await nonceFor('4111111111111111') });
      expect(paid.status).toBe(200);
      expect((await salesOf(made.reference)).map((s) => ({ type: s.type, amount: s.amount }))).toEqual([{ type: 'sale', amount: major(made.amountMinor) }]);
    });

    it("acceptance 6 (issue 34): a Northway car (LUX at CUNA, PG_02) is paid on its provider's page: the card form is refused, a cancelled visit gives the booking back, a paid one comes back confirmed and captured", async (ctx) => {
      if (database.skip) return ctx.skip();
      const owner = await newUser('wanderly');
      const { made, quote } = await car('CUNA-LUX', owner, 84);
      expect(quote.mode).toEqual({ mode: 'card-provider', variant: 'redirect', referenceProvider: false });
      const page = await withCheckoutPayment(await loadContextFor(post('wanderly', '/cars/checkout', '', { cookie: owner.cookie, key: null })), 'CAR', {
        savedTraveler: null,
        paymentMode: quote.mode,
        hold: { token: made.hold },
        charge: { amountMinor: made.amountMinor, currency: 'USD' },
      });
      expect(page.payment).toMatchObject({ providerPage: true, options: [] });
      expect((await pay(made, { payment_method: 'card', nonce: await nonceFor('4111111111111111') })).status).toBe(400);
      const open = async () => {
        const answer = await callAction(
          hostedPaymentRoute,
          post('wanderly', '/api/booking/hostedPayment', { id: made.reference, pg_amt: major(made.amountMinor), currency: 'USD', hold: made.hold }, { cookie: owner.cookie }),
        );
        expect(answer.status).toBe(200);
        const body = (await answer.json()) as { status: string; redirect_url: string };
        expect(body.status).toBe('redirect');
        return body.redirect_url;
      };
      /** The payer on the provider's page: the form post, then where its redirect lands on our site. */
      const onProviderPage = async (url: string, form: Record<string, string>) => {
        const left = await fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
        expect(left.status).toBe(303);
        const back = new URL(left.headers.get('location')!);
        expect(back.pathname).toBe('/payments/hosted-return');
        const landed = await hostedReturnRoute({
          request: new Request(`http://${hostOf('wanderly')}${back.pathname}${back.search}`),
          context: await loadContextFor(new Request(`http://${hostOf('wanderly')}/`)),
          params: {},
        }).catch((thrown: unknown) => thrown);
        return (landed as Response).headers.get('location');
      };

      const cancelledAt = await open();
      expect(await (await fetch(cancelledAt)).text()).toContain('Secure payment');
      // Asked again while the page is open (a lost answer, a double click, another tab): the payer is sent to that page, never a second one.
      const ask = async (key: string) =>
        (await (
          await callAction(
            hostedPaymentRoute,
            post(
              'wanderly',
              '/api/booking/hostedPayment',
              { id: made.reference, pg_amt: major(made.amountMinor), currency: 'USD', hold: made.hold },
              { cookie: owner.cookie, key },
            ),
          )
        ).json()) as { status: string; redirect_url?: string };
      const key = randomUUID();
      expect(await ask(key)).toMatchObject({ status: 'redirect', redirect_url: cancelledAt });
      expect(await ask(key)).toMatchObject({ status: 'redirect', redirect_url: cancelledAt });
      expect(await onProviderPage(cancelledAt, { action: 'cancel' })).toBe(`/cars/checkout?${new URLSearchParams({ hold: made.hold, hosted: 'not_paid' })}`);
      expect(await state(made)).toMatchObject({ booking: { status: 'initiated' }, attempts: [{ method: 'card', status: 'failed' }] });
      expect(await salesOf(made.reference)).toEqual([]);

      // A visit the reconciler gave up on (its page left open past its time): a late payment there is voided, never kept.
      const lateAt = await open();
      await database.db
        .updateTable('payment_attempts')
        .set({ updated_at: new Date(Date.now() - 30 * 60_000) })
        .where('booking_id', '=', made.bookingId)
        .where('status', '=', 'awaiting_payment')
        .execute();
      expect(await reconcileProviderPagePayments(database.db)).toBe(1);
      expect((await state(made)).booking).toMatchObject({ status: 'initiated' });
      expect(await onProviderPage(lateAt, { action: 'pay', number: '4111111111111111', expiry: '12/30' })).toBe(
        `/cars/checkout?${new URLSearchParams({ hold: made.hold, hosted: 'not_paid' })}`,
      );
      expect((await salesOf(made.reference)).map((sale) => sale.status)).toEqual(['voided']);
      expect((await state(made)).booking).toMatchObject({ status: 'initiated' });

      // A page past its time takes no payment.
      const expiredAt = await open();
      await control('clock', { advanceMs: 16 * 60_000 });
      const refusedLate = await fetch(expiredAt, { method: 'POST', body: new URLSearchParams({ action: 'pay', number: '4111111111111111', expiry: '12/30' }), redirect: 'manual' });
      expect(refusedLate.status).toBe(410);
      expect(await onProviderPage(expiredAt, { action: 'cancel' })).toBe(`/cars/checkout?${new URLSearchParams({ hold: made.hold, hosted: 'not_paid' })}`);

      const paidAt = await open();
      expect(await onProviderPage(paidAt, { action: 'pay', number: '4111 1111 1111 1111', expiry: '12/30' })).toBe(`/cars/checkout-success?booking_id=${made.reference}`);
      // A second submit of the page (back and pay again) charges nothing more.
      const again = await fetch(paidAt, { method: 'POST', body: new URLSearchParams({ action: 'pay', number: '4111111111111111', expiry: '12/30' }), redirect: 'manual' });
      expect(again.status).toBe(303);
      expect((await state(made)).booking).toMatchObject({ status: 'confirmed', payment_method: 'card' });
      const sales = await salesOf(made.reference);
      expect(sales.map((sale) => ({ amount: sale.amount, status: sale.status }))).toEqual([
        { amount: major(quote.offer.fare_summary.markup), status: 'voided' },
        { amount: major(quote.offer.fare_summary.markup), status: 'submitted_for_settlement' },
      ]);
      // Coming back again (a reload) changes nothing and lands on the same page.
      expect(
        await hostedReturnRoute({
          request: new Request(`http://${hostOf('wanderly')}/payments/hosted-return?attempt=${randomUUID()}`),
          context: await loadContextFor(new Request(`http://${hostOf('wanderly')}/`)),
          params: {},
        }).catch((thrown: unknown) => (thrown as Response).status),
      ).toBe(404);
    });

    it('a postpaid car with a guarantee and markup (LUX) takes the card-provider path and charges the markup now', async (ctx) => {
      if (database.skip) return ctx.skip();
      const owner = await newUser('wanderly');
      const { quote } = await car('CUNA-LUX', owner, 82);
      expect(quote.mode.mode).toBe('card-provider');
      expect(quote.chargeMinor).toBe(quote.offer.fare_summary.markup);
      expect(quote.chargeMinor).toBeGreaterThan(0);
    });
  });
});
