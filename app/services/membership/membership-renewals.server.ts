/**
 * Automatic membership renewals (issue 12, "Billing that runs by itself"; spec §3 subscription
 * plan: sub_plan_charge_after, validity and auto-validity, is_renewable, renew_charge_org).
 *
 * The rules, run by `renewalJob` every few minutes on any number of instances, each organisation
 * on its own day (decision 0039: "today" is the organisation's, in its `timeZone`; tests may name
 * one day for all):
 * - A plan is renewed on its expiry day (expires_on; a trial's expires_on is the end of its
 *   free days, so sub_plan_charge_after needs nothing more here). An ACTIVE subscription whose
 *   expires_on has come, on a renewable plan the organisation still offers, gets one
 *   renewal_charges row for that period (period_from = expires_on): the unique key
 *   (subscription_id, period_from) makes it one row per period however many instances insert it.
 *   The amount is the plan's renewal price, nothing else (debt is paid in the renewal flow).
 * - A plan that does not renew (not renewable, or no longer offered: its members keep it until
 *   it ends) becomes EXPIRED on its expiry day: no charge, no debt.
 * - Organisation-paid (membership.organisationPays, or the plan's renew_charge_org): no gateway
 *   call; the row is 'org_paid' and the plan runs for its auto-validity from the old expiry,
 *   next_payment_by_org set, in one transaction.
 * - Member-paid: a try is made on the renewal day and after each of the organisation's
 *   membership.dunning.retryAfterDays (at most one a day, see dueRenewalTry). A row is claimed
 *   with a lease (status 'charging', guarded update: one instance wins), the member's default
 *   saved card (else their newest) is charged outside any transaction with order id
 *   SUB-R-<row id> and idempotency key <row id>:try<n>, and the result is recorded at once:
 *   - paid: row 'paid', plan extended by its auto-validity from the old expiry, ACTIVE;
 *   - declined, refused, or no card: tries + 1 and the member is e-mailed (amount, next try,
 *     update the card in the profile); after the last try the row is 'expired', the plan
 *     EXPIRED and the amount added to debt_minor, and the e-mail says so. Each e-mail is queued
 *     in the transaction that records the try: one per try.
 *   - no answer (transport): the row stays 'charging' until its lease ends; the next claim
 *     looks the order id up at the gateway and records a sale it finds instead of charging.
 *     The same try's idempotency key makes a second charge impossible even if it does not.
 * - A row whose subscription moved on meanwhile (a renewal bought by hand, an admin change) is
 *   left alone: only rows whose subscription is ACTIVE with expires_on = period_from are worked.
 *   One that moved on while its card was being charged is 'giving_back': its sale is voided (or
 *   refunded once settled), then 'given_back'; a run that cannot reach the gateway leaves it for
 *   the next.
 */
import type { Selectable } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { dueRenewalTry, isEntitled, nextRenewalTryDay, organisationPaysFor, renewalExpiry } from '~/domain/membership';
import { dayIn } from '~/domain/time-zone';
import { getConfigRegistry, getOrgById, publicOriginOf } from '../config/config.server';
import type { RenewalChargesTable } from '../platform/db-schema';
import { type Database, getDb } from '../platform/db.server';
import { errorFields, log } from '../platform/logger.server';
import { mailLanguage, queueEmail, renderEmail } from '../platform/mail.server';
import { formatCalendarDay } from '~/domain/date-format';
import { formatMoney } from '~/domain/money';
import type { LanguageCode } from '~/domain/reference-data';
import type { PaymentFailure } from '../payments/port';
import { giveBack } from '../payments/gateway-calls.server';
import { paymentGateway, paymentsOrNull } from '../payments/runtime.server';

type RenewalCharge = Selectable<RenewalChargesTable>;

/** Far longer than one gateway call (BRAINTREE_TIMEOUT_MS is seconds): a live charge never loses its row. */
const MIN_LEASE_MS = 5 * 60_000;
/** The gateway statuses of a sale that took the money (submitted for settlement on creation). */
const CHARGED: readonly string[] = ['submitted_for_settlement', 'settling', 'settled'];

export const renewalOrderId = (rowId: string) => `SUB-R-${rowId}`;

/** The job (server/index.ts), every 10 minutes: a renewal day's tries start at the organisation's midnight. */
export const renewalJob = { name: 'membership-renewals', everyMs: 10 * 60_000, run: () => runRenewals({}) };

export type RenewalRun = { created: number; expired: number; orgPaid: number; paid: number; declined: number; lapsed: number; pending: number; givenBack: number };

/**
 * One pass of the renewal job. Each organisation's day is its own at `now` (the lease clock too),
 * unless `today` ('YYYY-MM-DD') names one day for all; `limit` bounds each step (the next run
 * takes the rest).
 */
export async function runRenewals(options: { today?: string; now?: Date; limit?: number }, db: Database = getDb()): Promise<RenewalRun> {
  const { limit = 100 } = options;
  // The lease clock is read at each claim (a long run must not hand out leases that already ended); tests fix it.
  const clock = () => options.now ?? new Date();
  const todayOf = (org: OrgConfig) => options.today ?? dayIn(org.timeZone, clock());
  const run: RenewalRun = { created: 0, expired: 0, orgPaid: 0, paid: 0, declined: 0, lapsed: 0, pending: 0, givenBack: 0 };
  for (const org of getConfigRegistry().orgs) {
    run.created += await createDueRenewals(org, todayOf(org), limit, db);
    run.expired += await expireUnrenewable(org, todayOf(org), db);
  }
  run.orgPaid = await recordOrganisationPaid(limit, db);
  const payments = paymentsOrNull();
  if (!payments) return run;
  run.givenBack = await retryGivingBack(limit, db);
  const leaseMs = Math.max(MIN_LEASE_MS, 3 * payments.timeoutMs);
  for (const row of await dueMemberTries(todayOf, clock(), db)) {
    if (run.paid + run.declined + run.lapsed + run.pending + run.givenBack >= limit) break;
    try {
      const outcome = await chargeRow(row, { today: todayOf(row.org), now: clock(), leaseMs }, db);
      if (outcome) run[outcome] += 1;
    } catch (error) {
      // One row's fault (a database hiccup) must not stop the others; its lease brings it back.
      log.error('membership renewal failed', { renewalId: row.id, ...errorFields(error) });
    }
  }
  return run;
}

/** Step 1: one renewal row per subscription of `org` whose renewable plan reached its expiry day. */
async function createDueRenewals(org: OrgConfig, today: string, limit: number, db: Database): Promise<number> {
  const due = await db
    .selectFrom('user_subscriptions as s')
    .innerJoin('membership_plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.expires_on', 's.plan_id', 'p.renewal_price_minor', 'p.currency_code', 'p.renew_charge_org', 'u.email', 'u.company'])
    .where('p.org_id', '=', org.orgId)
    .where('s.status', '=', 'ACTIVE')
    .where('s.expires_on', '<=', today)
    .where('p.is_renewable', '=', true)
    .where('u.is_demo', '=', false)
    .where('p.offered', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('renewal_charges as r').select('r.id').whereRef('r.subscription_id', '=', 's.id').whereRef('r.period_from', '=', 's.expires_on'))),
    )
    .orderBy('s.expires_on')
    .limit(limit)
    .execute();
  let created = 0;
  for (const subscription of due) {
    const inserted = await db
      .insertInto('renewal_charges')
      .values({
        subscription_id: subscription.id,
        period_from: subscription.expires_on,
        plan_id: subscription.plan_id,
        amount_minor: subscription.renewal_price_minor,
        currency: subscription.currency_code,
        // The organisation pays only for a member it still entitles (decision 0052).
        charge_org: organisationPaysFor(isEntitled(org.membership.entitled, subscription), org.membership.organisationPays, subscription.renew_charge_org),
        status: 'due',
      })
      .onConflict((oc) => oc.constraint('renewal_charges_one_per_period').doNothing())
      .executeTakeFirst();
    created += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

/**
 * Step 1, the other half: plans that do not renew end on their expiry day, owing nothing; so
 * does a demo account's (it can never pay, spec §6).
 */
async function expireUnrenewable(org: OrgConfig, today: string, db: Database): Promise<number> {
  const result = await db
    .updateTable('user_subscriptions')
    .set({ status: 'EXPIRED' })
    .where('status', '=', 'ACTIVE')
    .where('expires_on', '<=', today)
    .where('plan_id', 'in', (w) => w.selectFrom('membership_plans').select('id').where('org_id', '=', org.orgId))
    .where((w) =>
      w.or([
        w(
          'plan_id',
          'in',
          w
            .selectFrom('membership_plans')
            .select('id')
            .where((p) => p.or([p('is_renewable', '=', false), p('offered', '=', false)])),
        ),
        w('user_id', 'in', w.selectFrom('users').select('id').where('is_demo', '=', true)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The subscription a row renews, while it still waits for this renewal. */
const stillDue = (db: Database, row: Pick<RenewalCharge, 'subscription_id' | 'period_from'>) =>
  db.updateTable('user_subscriptions').where('id', '=', row.subscription_id).where('status', '=', 'ACTIVE').where('expires_on', '=', row.period_from);

const autoValidityOf = (db: Database, planId: number) =>
  db.selectFrom('membership_plans').select(['auto_validity_years as years', 'auto_validity_months as months']).where('id', '=', planId).executeTakeFirstOrThrow();

/** Step 2: renewals the organisation pays are recorded against it: no charge. */
async function recordOrganisationPaid(limit: number, db: Database): Promise<number> {
  const rows = await db
    .selectFrom('renewal_charges as r')
    .innerJoin('user_subscriptions as s', 's.id', 'r.subscription_id')
    .select(['r.id'])
    .where('r.status', '=', 'due')
    .where('r.charge_org', '=', true)
    .where('s.status', '=', 'ACTIVE')
    .whereRef('s.expires_on', '=', 'r.period_from')
    .limit(limit)
    .execute();
  let recorded = 0;
  for (const { id } of rows) {
    const done = await db.transaction().execute(async (trx) => {
      // Guarded: of several instances, one moves the row; the others find it moved and stop.
      const row = await trx
        .updateTable('renewal_charges')
        .set({ status: 'org_paid', updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'due')
        .returningAll()
        .executeTakeFirst();
      if (!row) return false;
      const expiresOn = renewalExpiry(row.period_from, await autoValidityOf(trx, row.plan_id));
      await stillDue(trx, row).set({ expires_on: expiresOn, next_payment_by_org: true }).execute();
      return true;
    });
    if (done) recorded += 1;
  }
  return recorded;
}

type DueTry = RenewalCharge & { org: OrgConfig; try: number };

/** Step 3's work list: member-paid rows whose try is due on their organisation's day, or whose lease ran out (a crash). */
async function dueMemberTries(todayOf: (org: OrgConfig) => string, now: Date, db: Database): Promise<DueTry[]> {
  const rows = await db
    .selectFrom('renewal_charges as r')
    .innerJoin('user_subscriptions as s', 's.id', 'r.subscription_id')
    .innerJoin('membership_plans as p', 'p.id', 's.plan_id')
    .selectAll('r')
    .select('p.org_id')
    .where('r.charge_org', '=', false)
    .where((w) => w.or([w('r.status', '=', 'due'), w.and([w('r.status', '=', 'charging'), w('r.lease_until', '<', now)])]))
    .where('s.status', '=', 'ACTIVE')
    .whereRef('s.expires_on', '=', 'r.period_from')
    .orderBy('r.period_from')
    .orderBy('r.id')
    .execute();
  const due: DueTry[] = [];
  for (const { org_id, ...row } of rows) {
    const org = getOrgById(org_id);
    if (!org) continue;
    // A 'charging' row's try was claimed and not recorded: the same try, taken over once its lease ends.
    const lastTriedOn = row.status === 'charging' ? null : triedOn(row);
    const n = dueRenewalTry(todayOf(org), row.period_from, retryAfterDays(org), row.tries, lastTriedOn);
    if (n !== null) due.push({ ...row, org, try: n });
  }
  return due;
}

const retryAfterDays = (org: Pick<OrgConfig, 'membership'>) => org.membership.dunning?.retryAfterDays ?? [];
const triedOn = (row: Pick<RenewalCharge, 'failure'>) => (typeof row.failure?.triedOn === 'string' ? row.failure.triedOn : null);

type Outcome = 'paid' | 'declined' | 'lapsed' | 'pending' | 'givenBack';
type Clock = { today: string; now: Date; leaseMs: number };

/** Claims one row's try, charges it (or finds the crashed try's sale) and records the result. */
async function chargeRow(candidate: DueTry, clock: Clock, db: Database): Promise<Outcome | null> {
  const lease = new Date(clock.now.getTime() + clock.leaseMs);
  const claimed = await db
    .updateTable('renewal_charges')
    .set({ status: 'charging', lease_until: lease, updated_at: new Date() })
    .where('id', '=', candidate.id)
    .where('tries', '=', candidate.tries)
    .where((w) => w.or([w('status', '=', 'due'), w.and([w('status', '=', 'charging'), w('lease_until', '<', clock.now)])]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return null; // another instance has it
  const row = { ...claimed, org: candidate.org, try: candidate.try };
  const gateway = paymentGateway();
  const orderId = renewalOrderId(row.id);

  if (candidate.status === 'charging') {
    // A crash (or a run that lost its answer) after the claim: the sale may have been made.
    const found = await gateway.findByOrderId(orderId);
    if (!found.ok) return leaveCharging(row, found.failure);
    const sale = found.value.find((t) => CHARGED.includes(t.status));
    if (sale) return recordPaid(row, lease, sale.id, db);
  }
  if (row.amount_minor === 0) return recordPaid(row, lease, null, db);

  const card = await db
    .selectFrom('saved_cards as c')
    .innerJoin('user_subscriptions as s', 's.user_id', 'c.user_id')
    .select(['c.token', 'c.gateway_customer_id'])
    .where('s.id', '=', row.subscription_id)
    .orderBy('c.is_default', 'desc')
    .orderBy('c.created_at', 'desc')
    .executeTakeFirst();
  if (!card) return recordFailure(row, lease, { kind: 'no_card' }, clock.today, db);

  const sale = await gateway.authorize({
    amountMinor: row.amount_minor,
    source: { token: card.token },
    orderId,
    idempotencyKey: `${row.id}:try${row.try}`,
    threeDSecureRequired: false,
    customerId: card.gateway_customer_id,
    submitForSettlement: true,
  });
  if (sale.ok) return recordPaid(row, lease, sale.value.id, db);
  if (sale.failure.kind === 'transport') return leaveCharging(row, sale.failure);
  return recordFailure(row, lease, sale.failure, clock.today, db);
}

function leaveCharging(row: DueTry, failure: PaymentFailure): Outcome {
  log.warn('membership renewal outcome unknown: the next run after its lease looks the order id up', { renewalId: row.id, orderId: renewalOrderId(row.id), failure: failure.kind });
  return 'pending';
}

/**
 * Records the try's sale (or a free renewal) and extends the plan, in one transaction; nothing
 * when another claim recorded it. A sale for a subscription that moved on meanwhile is given back.
 */
async function recordPaid(row: DueTry, lease: Date, transactionId: string | null, db: Database): Promise<Outcome | null> {
  const recorded = await db.transaction().execute(async (trx): Promise<Outcome | 'moved_on' | null> => {
    const paid = await trx
      .updateTable('renewal_charges')
      .set({ status: 'paid', gateway_transaction_id: transactionId, tries: row.tries + 1, lease_until: null, updated_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'charging')
      .where('lease_until', '=', lease)
      .returningAll()
      .executeTakeFirst();
    if (!paid) return null;
    const expiresOn = renewalExpiry(paid.period_from, await autoValidityOf(trx, paid.plan_id));
    const extended = await stillDue(trx, paid).set({ expires_on: expiresOn, next_payment_by_org: false }).executeTakeFirst();
    if (Number(extended.numUpdatedRows) > 0) return 'paid';
    // The subscription changed while the card was charged (bought again by hand, an admin): the
    // money buys nothing here, so it goes back to the card (a free renewal has nothing to give).
    await trx
      .updateTable('renewal_charges')
      .set({ status: transactionId ? 'giving_back' : 'given_back', updated_at: new Date() })
      .where('id', '=', paid.id)
      .execute();
    return 'moved_on';
  });
  if (recorded !== 'moved_on') return recorded;
  log.warn('membership renewal charged for a subscription that moved on: giving it back', { renewalId: row.id, transactionId });
  return transactionId === null || (await giveBackRenewal({ id: row.id, gateway_transaction_id: transactionId }, db)) ? 'givenBack' : 'pending';
}

/** Voids or refunds a renewal's sale that bought nothing; true once given back (else the next run tries again). */
async function giveBackRenewal(row: { id: string; gateway_transaction_id: string }, db: Database): Promise<boolean> {
  if (!(await giveBack(row.id, row.gateway_transaction_id, 'renewal of a subscription that moved on'))) return false;
  await db.updateTable('renewal_charges').set({ status: 'given_back', updated_at: new Date() }).where('id', '=', row.id).where('status', '=', 'giving_back').execute();
  return true;
}

/** Renewals still to give back (the gateway did not answer the first time): tried again on every run. */
async function retryGivingBack(limit: number, db: Database): Promise<number> {
  const rows = await db.selectFrom('renewal_charges').select(['id', 'gateway_transaction_id']).where('status', '=', 'giving_back').limit(limit).execute();
  let given = 0;
  for (const { id, gateway_transaction_id } of rows) {
    if (gateway_transaction_id && (await giveBackRenewal({ id, gateway_transaction_id }, db))) given += 1;
  }
  return given;
}

type TryFailure = PaymentFailure | { kind: 'no_card' };

/** What the member is told went wrong, in words they can act on. */
/** Why a renewal try failed, in the member's mail language (the bank's own words stay as sent). */
const FAILURE_REASONS = {
  'en-US': {
    noCard: 'there is no saved card on your account',
    declined: 'the bank declined it',
    rejected: 'the payment service refused it',
    unreachable: 'the card processor could not be reached',
    unusable: 'the saved card could not be used',
  },
  'es-MX': {
    noCard: 'no hay una tarjeta guardada en tu cuenta',
    declined: 'el banco la rechazó',
    rejected: 'el servicio de pagos la rechazó',
    unreachable: 'no se pudo contactar al procesador de la tarjeta',
    unusable: 'no se pudo usar la tarjeta guardada',
  },
} satisfies Record<LanguageCode, Record<string, string>>;

function failureReason(failure: TryFailure, language: LanguageCode): string {
  const reasons = FAILURE_REASONS[language];
  switch (failure.kind) {
    case 'no_card':
      return reasons.noCard;
    case 'processor_declined':
      return `${reasons.declined}: ${failure.text}`;
    case 'gateway_rejected':
      return reasons.rejected;
    case 'failed':
      return reasons.unreachable;
    case 'validation':
    case 'transport':
      return reasons.unusable;
  }
}

/**
 * Records a failed try and e-mails the member, in one transaction: back to 'due' for the next
 * scheduled try, or, after the last, 'expired' with the plan EXPIRED and the amount owed.
 */
async function recordFailure(row: DueTry, lease: Date, failure: TryFailure, today: string, db: Database): Promise<Outcome | null> {
  const { org } = row;
  const tries = row.tries + 1;
  const nextTry = nextRenewalTryDay(today, row.period_from, retryAfterDays(org), tries);
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .updateTable('renewal_charges')
      .set({ status: nextTry ? 'due' : 'expired', tries, lease_until: null, failure: JSON.stringify({ ...failure, triedOn: today }), updated_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'charging')
      .where('lease_until', '=', lease)
      .returningAll()
      .executeTakeFirst();
    if (!recorded) return null;
    if (!nextTry) {
      await stillDue(trx, row)
        .set((eb) => ({ status: 'EXPIRED', debt_minor: eb('debt_minor', '+', row.amount_minor) }))
        .execute();
    }
    const member = await trx
      .selectFrom('user_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.email', 'u.first_name', 'u.role', 'u.preferred_language'])
      .where('s.id', '=', row.subscription_id)
      .executeTakeFirstOrThrow();
    const plan = await trx.selectFrom('membership_plans').select('name').where('id', '=', row.plan_id).executeTakeFirstOrThrow();
    const language = mailLanguage(org, member.preferred_language);
    const values = {
      orgName: org.name,
      firstName: member.first_name,
      planName: plan.name,
      amount: formatMoney({ amountMinor: row.amount_minor, currency: row.currency }, 2, language),
      reason: failureReason(failure, language),
      nextTry: nextTry ? formatCalendarDay(nextTry, { language, dateFormat: null }) : '',
      profileLink: `${publicOriginOf(org)}${member.role === 'agent' ? '/agent/profile' : '/user/profile'}`,
    };
    await queueEmail({ orgId: org.orgId, to: member.email, ...renderEmail(nextTry ? 'renewalDeclined' : 'renewalExpired', language, values) }, trx);
    return nextTry ? 'declined' : 'lapsed';
  });
}
