// The membership renewal job (issue 12, acceptance 5) against the real sandbox gateway, with
// the day passed in (the controllable clock): a renewal charges the saved card once and extends
// the plan; a decline is tried again on the organisation's days, e-mailing the member each time,
// and after the last the plan is EXPIRED with the amount as debt; an organisation-paid renewal
// charges nobody; two instances at once, a crash after the sale and a lost answer charge once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renewalExpiry } from '~/domain/membership';
import { type Database, openDatabase } from '~/services/platform/db.server';
import { renewalOrderId, runRenewals } from '~/services/membership/membership-renewals.server';
import { configurePayments, paymentGateway } from '~/services/payments/runtime.server';
import { saveCard } from '~/services/payments/saved-cards.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';

let sandbox: SandboxGateway;
type SandboxTransaction = { id: string; type: string; status: string; amount: string; orderId: string | null };

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

/** Long after the lease of any claim made "now": what the next run sees after a crash. */
const afterLease = () => new Date(Date.now() + 60 * 60_000);

describe.each(['pglite', 'postgres'] as const)('membership renewals on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const skip = () => database.skip;

  async function planId(orgId: string, code: string) {
    return (await database.db.selectFrom('membership_plans').select('id').where('org_id', '=', orgId).where('code', '=', code).executeTakeFirstOrThrow()).id;
  }

  /** A plan whose renewal the sandbox's bank declines (2001 Insufficient Funds: any total 2000.00–2999.99). */
  async function decliningPlan(): Promise<number> {
    const row = await database.db
      .insertInto('membership_plans')
      .values({
        org_id: 'wanderly',
        code: `DECLINE_${randomUUID().slice(0, 8).toUpperCase()}`,
        name: 'Declining',
        description: 'Renews at a declined amount',
        currency_code: 'USD',
        initial_price_minor: 0,
        renewal_price_minor: 200_100,
        validity_months: 12,
        is_renewable: true,
        texts: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A member of `orgId` on `planId` whose plan expires on `expiresOn`, with a vaulted card unless told otherwise. */
  async function member(orgId: string, plan: number, expiresOn: string, options: { card?: boolean } = {}) {
    const email = `renew-${randomUUID()}@${orgId}.example`;
    const user = await database.db
      .insertInto('users')
      .values({
        org_id: orgId,
        email,
        email_normalized: email,
        password_hash: null,
        first_name: 'Rene',
        last_name: 'Wal',
        role: 'member',
        nationality: null,
        preferred_language: null,
        preferred_currency: null,
        personal_picture: null,
      })
      .returning(['id', 'public_id', 'email'])
      .executeTakeFirstOrThrow();
    const subscription = await database.db
      .insertInto('user_subscriptions')
      .values({ user_id: user.id, plan_id: plan, status: 'ACTIVE', member_since: '2025-01-01', expires_on: expiresOn })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (options.card ?? true) {
      const nonce = await sandboxNonce(sandbox.url, '4111111111111111', { expirationYear: '2031', cvv: '123' });
      const saved = await saveCard({ userDbId: user.id, userPublicId: user.public_id, email, nonce, nickname: null, makeDefault: true });
      expect(saved.ok).toBe(true);
    }
    return { userId: user.id, email, subscriptionId: subscription.id };
  }

  const subscription = (id: number) =>
    database.db.selectFrom('user_subscriptions').select(['status', 'expires_on', 'debt_minor', 'next_payment_by_org']).where('id', '=', id).executeTakeFirstOrThrow();
  const renewals = (subscriptionId: number) =>
    database.db
      .selectFrom('renewal_charges')
      .select(['id', 'period_from', 'status', 'tries', 'amount_minor', 'charge_org', 'gateway_transaction_id'])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('period_from')
      .execute();
  const mails = (to: string) => database.db.selectFrom('outbox').select(['subject', 'text_body']).where('recipient', '=', to).orderBy('id').execute();
  async function salesOf(rowId: string) {
    const { transactions } = await sandboxControl<{ transactions: SandboxTransaction[] }>(sandbox.url, 'transactions');
    return transactions.filter((t) => t.orderId === renewalOrderId(rowId));
  }

  it('charges the default saved card on the renewal day, once, and extends the plan from the old expiry', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-01-10');
    // The day before nothing is due.
    await runRenewals({ today: '2026-01-09' }, database.db);
    expect(await renewals(m.subscriptionId)).toEqual([]);

    await runRenewals({ today: '2026-01-10' }, database.db);
    const [row] = await renewals(m.subscriptionId);
    expect(row).toMatchObject({ period_from: '2026-01-10', status: 'paid', tries: 1, charge_org: false, gateway_transaction_id: expect.any(String) });
    const plan = await database.db
      .selectFrom('membership_plans')
      .select(['renewal_price_minor', 'auto_validity_years', 'auto_validity_months'])
      .where('code', '=', 'ESSENTIAL')
      .where('org_id', '=', 'wanderly')
      .executeTakeFirstOrThrow();
    expect(row!.amount_minor).toBe(plan.renewal_price_minor);
    expect(await salesOf(row!.id)).toEqual([
      expect.objectContaining({ id: row!.gateway_transaction_id, type: 'sale', status: 'submitted_for_settlement', amount: (plan.renewal_price_minor / 100).toFixed(2) }),
    ]);
    const expiresOn = renewalExpiry('2026-01-10', { years: plan.auto_validity_years, months: plan.auto_validity_months });
    expect(expiresOn > '2026-02-10').toBe(true);
    expect(await subscription(m.subscriptionId)).toEqual({ status: 'ACTIVE', expires_on: expiresOn, debt_minor: 0, next_payment_by_org: false });

    // Later runs (same day, or days later) find nothing more to charge for that period.
    await runRenewals({ today: '2026-01-10', now: afterLease() }, database.db);
    await runRenewals({ today: '2026-01-14' }, database.db);
    expect(await renewals(m.subscriptionId)).toHaveLength(1);
    expect(await salesOf(row!.id)).toHaveLength(1);
    expect(await mails(m.email)).toEqual([]);
  });

  it('tries a declined renewal on each dunning day, e-mailing each time, then expires the plan with the amount as debt', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await decliningPlan(), '2026-02-10');
    // wanderly's dunning: tries on the day, then 1, 3 and 7 days after.
    const schedule = [
      { today: '2026-02-10', next: '2026-02-11' },
      { today: '2026-02-11', next: '2026-02-13' },
      { today: '2026-02-13', next: '2026-02-17' },
    ];
    for (const [i, step] of schedule.entries()) {
      await runRenewals({ today: step.today }, database.db);
      // Runs later the same day, and on the days between, make no try.
      await runRenewals({ today: step.today }, database.db);
      const [row] = await renewals(m.subscriptionId);
      expect(row).toMatchObject({ status: 'due', tries: i + 1 });
      expect(await salesOf(row!.id)).toHaveLength(i + 1);
      const sent = await mails(m.email);
      expect(sent).toHaveLength(i + 1);
      expect(sent[i]!.subject).toBe('Your Wanderly Travel membership renewal failed');
      expect(sent[i]!.text_body).toContain('charging $2,001 to your saved card');
      // The day in the member's language (issue 14), not ISO.
      expect(sent[i]!.text_body).toContain(
        `We will try again on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${step.next}T00:00:00Z`))}`,
      );
      expect(sent[i]!.text_body).toContain('Insufficient Funds');
      expect(sent[i]!.text_body).toMatch(/update your card in your profile[^\n]*\n\S+\/user\/profile/);
      expect(await subscription(m.subscriptionId)).toMatchObject({ status: 'ACTIVE', expires_on: '2026-02-10', debt_minor: 0 });
    }
    await runRenewals({ today: '2026-02-16' }, database.db);
    expect(await mails(m.email)).toHaveLength(3);

    await runRenewals({ today: '2026-02-17' }, database.db);
    const [row] = await renewals(m.subscriptionId);
    expect(row).toMatchObject({ status: 'expired', tries: 4 });
    expect(await salesOf(row!.id)).toHaveLength(4);
    expect((await salesOf(row!.id)).every((t) => t.status === 'processor_declined')).toBe(true);
    expect(await subscription(m.subscriptionId)).toMatchObject({ status: 'EXPIRED', expires_on: '2026-02-10', debt_minor: 200_100 });
    const sent = await mails(m.email);
    expect(sent).toHaveLength(4);
    expect(sent[3]!.subject).toBe('Your Wanderly Travel membership has expired');
    expect(sent[3]!.text_body).toContain('$2,001 is owed');

    // Nothing more happens to an EXPIRED plan.
    await runRenewals({ today: '2026-03-30' }, database.db);
    expect(await salesOf(row!.id)).toHaveLength(4);
    expect(await mails(m.email)).toHaveLength(4);
  });

  it('without a saved card, each try fails without a charge and the member is told', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-03-10', { card: false });
    await runRenewals({ today: '2026-03-10' }, database.db);
    const [row] = await renewals(m.subscriptionId);
    expect(row).toMatchObject({ status: 'due', tries: 1 });
    expect(await salesOf(row!.id)).toEqual([]);
    expect((await mails(m.email))[0]!.text_body).toContain('there is no saved card on your account');
  });

  it('tells a Spanish-speaking member why in Spanish, with the amount in their language', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('viajamas', await planId('viajamas', 'ESSENTIAL'), '2026-03-10', { card: false });
    await runRenewals({ today: '2026-03-10' }, database.db);
    const [mail] = await mails(m.email);
    expect(mail!.text_body).toContain('no hay una tarjeta guardada en tu cuenta');
    expect(mail!.text_body).not.toContain('saved card');
  });

  it('records an organisation-paid renewal against the organisation: no sale, next_payment_by_org, extended', async (ctx) => {
    if (skip()) return ctx.skip();
    // voyagerpro pays its members' plans; CORPORATE also says renew_charge_org.
    const m = await member('voyagerpro', await planId('voyagerpro', 'ESSENTIAL'), '2026-04-10');
    await database.db.updateTable('user_subscriptions').set({ next_payment_by_org: false }).where('id', '=', m.subscriptionId).execute();
    await runRenewals({ today: '2026-04-12' }, database.db);
    const [row] = await renewals(m.subscriptionId);
    expect(row).toMatchObject({ period_from: '2026-04-10', status: 'org_paid', charge_org: true, tries: 0, gateway_transaction_id: null });
    expect(await salesOf(row!.id)).toEqual([]);
    const plan = await database.db
      .selectFrom('membership_plans')
      .select(['auto_validity_years as years', 'auto_validity_months as months'])
      .where('code', '=', 'ESSENTIAL')
      .where('org_id', '=', 'voyagerpro')
      .executeTakeFirstOrThrow();
    expect(await subscription(m.subscriptionId)).toEqual({ status: 'ACTIVE', expires_on: renewalExpiry('2026-04-10', plan), debt_minor: 0, next_payment_by_org: true });
    expect(await mails(m.email)).toEqual([]);
  });

  it('ends a plan that does not renew on its expiry day, without charge or debt', async (ctx) => {
    if (skip()) return ctx.skip();
    const plan = await decliningPlan();
    await database.db.updateTable('membership_plans').set({ is_renewable: false }).where('id', '=', plan).execute();
    const m = await member('wanderly', plan, '2026-05-10');
    await runRenewals({ today: '2026-05-09' }, database.db);
    expect((await subscription(m.subscriptionId)).status).toBe('ACTIVE');
    await runRenewals({ today: '2026-05-10' }, database.db);
    expect(await subscription(m.subscriptionId)).toMatchObject({ status: 'EXPIRED', expires_on: '2026-05-10', debt_minor: 0 });
    expect(await renewals(m.subscriptionId)).toEqual([]);
  });

  it("never charges a demo account's plan (it cannot pay): it ends on its expiry day", async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-06-10');
    await database.db.updateTable('users').set({ is_demo: true }).where('id', '=', m.userId).execute();
    await runRenewals({ today: '2026-06-10' }, database.db);
    expect(await subscription(m.subscriptionId)).toMatchObject({ status: 'EXPIRED', debt_minor: 0 });
    expect(await renewals(m.subscriptionId)).toEqual([]);
    expect(await mails(m.email)).toEqual([]);
  });

  it('after a crash between the sale and its record, the next run records the sale without charging again', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-06-10');
    const plan = await database.db
      .selectFrom('membership_plans')
      .select('renewal_price_minor')
      .where('code', '=', 'ESSENTIAL')
      .where('org_id', '=', 'wanderly')
      .executeTakeFirstOrThrow();
    // What a run that died after charging leaves: the row claimed, its lease running out, the sale made.
    const row = await database.db
      .insertInto('renewal_charges')
      .values({
        subscription_id: m.subscriptionId,
        period_from: '2026-06-10',
        plan_id: await planId('wanderly', 'ESSENTIAL'),
        amount_minor: plan.renewal_price_minor,
        currency: 'USD',
        charge_org: false,
        status: 'charging',
        lease_until: new Date(Date.now() + 5 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const card = await database.db.selectFrom('saved_cards').select(['token', 'gateway_customer_id']).where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    const sale = await paymentGateway().authorize({
      amountMinor: plan.renewal_price_minor,
      source: { token: card.token },
      orderId: renewalOrderId(row.id),
      idempotencyKey: `${row.id}:try0`,
      threeDSecureRequired: false,
      customerId: card.gateway_customer_id,
      submitForSettlement: true,
    });
    expect(sale.ok).toBe(true);

    // While the lease runs the row is someone else's.
    await runRenewals({ today: '2026-06-10' }, database.db);
    expect(await renewals(m.subscriptionId)).toEqual([expect.objectContaining({ status: 'charging', tries: 0 })]);

    const authorize = vi.spyOn(paymentGateway(), 'authorize');
    await runRenewals({ today: '2026-06-10', now: afterLease() }, database.db);
    // Found by its order id: not even a replay of the same idempotency key.
    expect(authorize).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(await renewals(m.subscriptionId)).toEqual([expect.objectContaining({ status: 'paid', tries: 1, gateway_transaction_id: sale.ok ? sale.value.id : null })]);
    expect(await salesOf(row.id)).toHaveLength(1);
    expect((await subscription(m.subscriptionId)).expires_on > '2026-06-10').toBe(true);
  });

  it('leaves a sale whose answer was lost for the next run, which finds it at the gateway: one charge', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-07-10');
    // The gateway makes the sale, then its answer is lost.
    await sandboxControl(sandbox.url, 'faults', { method: 'POST', path: '/transactions', kind: '500', phase: 'after' });
    const first = await runRenewals({ today: '2026-07-10' }, database.db);
    expect(first.pending).toBe(1);
    const [row] = await renewals(m.subscriptionId);
    expect(row).toMatchObject({ status: 'charging', tries: 0 });
    expect(await salesOf(row!.id)).toHaveLength(1);

    const authorize = vi.spyOn(paymentGateway(), 'authorize');
    await runRenewals({ today: '2026-07-10', now: afterLease() }, database.db);
    expect(authorize).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(await renewals(m.subscriptionId)).toEqual([expect.objectContaining({ status: 'paid', tries: 1, gateway_transaction_id: (await salesOf(row!.id))[0]!.id })]);
    expect(await salesOf(row!.id)).toHaveLength(1);
    expect(await mails(m.email)).toEqual([]);
  });

  it('a renewal charged while its subscription moved on (bought again by hand) is given back: voided, never kept', async (ctx) => {
    if (skip()) return ctx.skip();
    const m = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-09-10');
    // The sale is held at the gateway while the member renews by hand; then its void is not answered once.
    await sandboxControl(sandbox.url, 'faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: 400 });
    await sandboxControl(sandbox.url, 'faults', { method: 'PUT', path: '/transactions/*/void', kind: '500', count: 3 });
    const running = runRenewals({ today: '2026-09-10' }, database.db);
    while ((await sandboxControl<{ faults: { kind: string }[] }>(sandbox.url, 'faults')).faults.some((f) => f.kind === 'delay')) await new Promise((r) => setTimeout(r, 10));
    await database.db.updateTable('user_subscriptions').set({ expires_on: '2027-09-10' }).where('id', '=', m.subscriptionId).execute();
    const first = await running;
    expect(first).toMatchObject({ paid: 0, givenBack: 0, pending: 1 });
    const [row] = await renewals(m.subscriptionId);
    expect(row).toMatchObject({ status: 'giving_back', gateway_transaction_id: expect.any(String) });
    expect(await salesOf(row!.id)).toEqual([expect.objectContaining({ status: 'submitted_for_settlement' })]);

    // The next run gives it back.
    expect(await runRenewals({ today: '2026-09-10' }, database.db)).toMatchObject({ givenBack: 1 });
    expect(await renewals(m.subscriptionId)).toEqual([expect.objectContaining({ status: 'given_back' })]);
    expect(await salesOf(row!.id)).toEqual([expect.objectContaining({ status: 'voided' })]);
    expect(await subscription(m.subscriptionId)).toMatchObject({ status: 'ACTIVE', expires_on: '2027-09-10' });
    expect(await runRenewals({ today: '2026-09-10' }, database.db)).toMatchObject({ givenBack: 0, paid: 0 });
  });

  it("renews on each organisation's own day: from its midnight in its time zone, not UTC's", async (ctx) => {
    if (skip()) return ctx.skip();
    const inLosAngeles = await member('wanderly', await planId('wanderly', 'ESSENTIAL'), '2026-10-10');
    const inMexicoCity = await member('viajamas', await planId('viajamas', 'ESSENTIAL'), '2026-10-10');
    const periods = async (m: { subscriptionId: number }) => (await renewals(m.subscriptionId)).map((row) => row.period_from);
    // 03:00 UTC on the 10th: still the 9th in Mexico City (UTC-6) and Los Angeles (UTC-7).
    await runRenewals({ now: new Date('2026-10-10T03:00:00Z') }, database.db);
    expect([await periods(inMexicoCity), await periods(inLosAngeles)]).toEqual([[], []]);
    // 00:30 in Mexico City, 23:30 the day before in Los Angeles.
    await runRenewals({ now: new Date('2026-10-10T06:30:00Z') }, database.db);
    expect([await periods(inMexicoCity), await periods(inLosAngeles)]).toEqual([['2026-10-10'], []]);
    await runRenewals({ now: new Date('2026-10-10T07:30:00Z') }, database.db);
    expect([await periods(inMexicoCity), await periods(inLosAngeles)]).toEqual([['2026-10-10'], ['2026-10-10']]);
    for (const m of [inMexicoCity, inLosAngeles]) expect((await subscription(m.subscriptionId)).expires_on > '2026-10-10').toBe(true);
  });

  it('two instances running the job at once charge each renewal once', async (ctx) => {
    if (skip() || backend !== 'postgres') return ctx.skip();
    // A second app instance: its own pool on the same PostgreSQL.
    const second: Database = (await openDatabase({ databaseUrl: database.url!, poolSize: 5 })).db;
    try {
      const essential = await planId('wanderly', 'ESSENTIAL');
      const members = await Promise.all([0, 1, 2, 3].map(() => member('wanderly', essential, '2026-08-10')));
      // One gateway call per renewal: the claim, not the gateway's idempotency key, keeps the instances apart.
      const authorize = vi.spyOn(paymentGateway(), 'authorize');
      const runs = [];
      for (let round = 0; round < 3; round++) {
        runs.push(
          ...(await Promise.all([
            runRenewals({ today: '2026-08-10' }, database.db),
            runRenewals({ today: '2026-08-10' }, second),
            runRenewals({ today: '2026-08-10' }, database.db),
          ])),
        );
      }
      // Each renewal was created by one run and recorded as paid by one run, whichever.
      expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(members.length);
      expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(members.length);
      expect(authorize).toHaveBeenCalledTimes(members.length);
      for (const m of members) {
        const rows = await renewals(m.subscriptionId);
        expect(rows).toEqual([expect.objectContaining({ period_from: '2026-08-10', status: 'paid', tries: 1 })]);
        expect(await salesOf(rows[0]!.id)).toHaveLength(1);
        expect((await subscription(m.subscriptionId)).expires_on > '2026-08-10').toBe(true);
      }
    } finally {
      vi.restoreAllMocks();
      await second.destroy();
    }
  });
});
