// The fraud screening of a sign-in, a hold or a payment (spec §7 "A user-fraud check sends userId,
// ip, action"; issue 37). Its signals are read in one query from what every instance writes to
// the database (earlier decisions, fingerprints, bookings), so velocity counts across instances;
// the rules are pure (app/domain/fraud-risk.ts). Each screening is stored as a decision with its
// signals, score, rule hits, rules version and action: a reviewer reads why, a backtest replays it.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { DEFAULT_FRAUD_RULES, FRAUD_DECISION_RETENTION_DAYS, type FraudRule, type RiskSignals, type Screening, orderRules, screen } from '~/domain/fraud-risk';
import { inMarketOf, isDeviceData, isDisposableEmail, leadTimeHours, looksAutomated } from '~/domain/fraud-signals';
import { countryLocale } from '~/domain/ip-country';
import { type Database, getDb } from '../platform/db.server';
import { getEnv } from '../platform/env.server';
import { countryOfAddress } from '../site/ip-country.server';
import type { DescribedCard } from '../payments/card-key.server';
import type { GatewayRiskDecision } from '../payments/port';
import { fraudHasher } from './fingerprints.server';

export type ScreeningStage = 'sign_in' | 'hold' | 'payment';

/** What is screened: who asks, from where, for what. Raw ids here are hashed before anything is kept. */
export type ScreenedAttempt = {
  org: Pick<OrgConfig, 'orgId' | 'locale'>;
  stage: ScreeningStage;
  userId: number | null;
  /** The e-mail the attempt names: the one signed in with, or the booking's traveller. */
  email: string | null;
  clientIp: string;
  userAgent: string | null;
  /** The card at payment, as the gateway described it (services/payments/card-key.server.ts). */
  card: DescribedCard | null;
  /**
   * The page's device data sent with a new card's payment (fraud-signals.ts isDeviceData), null
   * when none came; absent where no new card is paid (sign-in, hold, a saved card), which leaves
   * the signal unknown.
   */
  deviceData?: string | null;
  bookingId: string | null;
  amount: { minor: number; currency: string } | null;
  /** The booked day ('YYYY-MM-DD'), for the lead time. */
  startsOn: string | null;
};

export type FraudDecision = Screening & { decisionId: number; rulesVersion: string };

type CompiledRules = { ordered: FraudRule[]; version: string };
const compiled = new WeakMap<readonly FraudRule[], { enforce: CompiledRules; shadow: CompiledRules }>();

const compileOne = (rules: readonly FraudRule[]): CompiledRules => ({
  ordered: orderRules(rules),
  version: createHash('sha256').update(JSON.stringify(rules)).digest('hex').slice(0, 16),
});

/** Set by a test that screens as production does; otherwise the environment's mode. */
let modeOverride: 'enforce' | 'shadow' | null = null;
export function setFraudRulesMode(mode: 'enforce' | 'shadow' | null): void {
  modeOverride = mode;
}
const rulesMode = () => modeOverride ?? getEnv().fraudRulesMode;

/**
 * The rules in evaluation order and their version (a hash of what they say), once per rules
 * object. In shadow mode (FRAUD_RULES_MODE) every enforced rule runs as a shadow: its hits are
 * recorded, nothing is refused, and the version says so.
 */
function compile(rules: readonly FraudRule[], mode: 'enforce' | 'shadow'): CompiledRules {
  let known = compiled.get(rules);
  if (!known) {
    known = { enforce: compileOne(rules), shadow: compileOne(rules.map((rule) => (rule.mode === 'enforce' ? { ...rule, mode: 'shadow' } : rule))) };
    compiled.set(rules, known);
  }
  return known[mode];
}

/** An organisation's median charge per currency, read at most every ten minutes (a sort over its bookings). */
const MEDIAN_KEPT_MS = 10 * 60_000;
const medians = new WeakMap<Database, Map<string, { value: Promise<number | null>; until: number }>>();

function medianAmountOf(db: Database, orgId: string, currency: string): Promise<number | null> {
  const known = medians.get(db) ?? new Map<string, { value: Promise<number | null>; until: number }>();
  medians.set(db, known);
  const key = `${orgId}:${currency}`;
  const kept = known.get(key);
  if (kept && kept.until > Date.now()) return kept.value;
  const value = sql<{ median: number | null }>`
    select percentile_cont(0.5) within group (order by amount_minor)::float8 as median from bookings
    where org_id = ${orgId} and currency = ${currency} and status = 'confirmed' and created_at > now() - interval '90 days'`
    .execute(db)
    .then(({ rows }) => rows[0]?.median ?? null);
  known.set(key, { value, until: Date.now() + MEDIAN_KEPT_MS });
  value.catch(() => known.delete(key));
  return value;
}

type Counts = {
  device_key: string | null;
  card_1h: number;
  email_1h: number;
  ip_1h: number;
  device_1h: number;
  user_1h: number;
  device_accounts: number;
  device_cards: number;
  failed_24h: number;
  refunds_24h: number;
  account_created: Date | string | null;
  /** The gateway's worst risk decision of the day for the card, user or device: 3 decline, 2 review, 1 approve. */
  gateway_risk: number | null;
};

/** How many of a key's latest decisions of the day are read: every count is bounded, whatever the traffic of one key. */
const PER_KEY = 200;

/**
 * Everything counted, in one round trip, each part bounded (an index range per key, at most
 * PER_KEY rows), so a screening costs the same with ten decisions or ten million: e2e traffic,
 * one address and one device for everything, is the worst case. The device is the last one the
 * user's (or, for a visitor, the address's) pages fingerprinted within a day; attempts count this
 * stage's decisions of the last hour among each key's latest of the day, on every instance.
 */
async function countsOf(
  db: Database,
  a: { orgId: string; stage: ScreeningStage; userId: number | null; card: string | null; email: string | null; address: string },
): Promise<Counts> {
  const latest = (key: 'card' | 'email' | 'address' | 'device' | 'user', where: ReturnType<typeof sql>) => sql`
    (select ${key}::text as k, stage, created_at, outcome, gateway_risk from fraud_decisions
      where ${where} and org_id = ${a.orgId} and created_at > now() - interval '1 day' order by created_at desc limit ${PER_KEY})`;
  const { rows } = await sql<Counts>`
    with device as (
      select coalesce(
        (select device_hash from device_fingerprints
          where user_id = ${a.userId}::int and org_id = ${a.orgId} and created_at > now() - interval '1 day' order by created_at desc limit 1),
        (select device_hash from device_fingerprints
          where ${a.userId}::int is null and ip_hash = ${a.address} and org_id = ${a.orgId} and created_at > now() - interval '1 day' order by created_at desc limit 1)
      ) as device_hash
    ), mine as (
      ${latest('card', sql`card_key = ${a.card}`)}
      union all ${latest('email', sql`email_key = ${a.email}`)}
      union all ${latest('address', sql`address_key = ${a.address}`)}
      union all ${latest('device', sql`device_key = (select device_hash from device)`)}
      union all ${latest('user', sql`user_id = ${a.userId}::int`)}
    ), hour as (
      select k, count(*)::int as n from mine where stage = ${a.stage} and created_at > now() - interval '1 hour' group by k
    )
    select
      (select device_hash from device) as device_key,
      coalesce((select n from hour where k = 'card'), 0) as card_1h,
      coalesce((select n from hour where k = 'email'), 0) as email_1h,
      coalesce((select n from hour where k = 'address'), 0) as ip_1h,
      coalesce((select n from hour where k = 'device'), 0) as device_1h,
      coalesce((select n from hour where k = 'user'), 0) as user_1h,
      (select count(distinct user_id) from (
        select user_id from device_fingerprints
        where device_hash = (select device_hash from device) and org_id = ${a.orgId} and user_id is not null order by created_at desc limit ${PER_KEY}) t)::int as device_accounts,
      (select count(distinct card_key) from (
        select card_key from fraud_decisions
        where device_key = (select device_hash from device) and org_id = ${a.orgId} and card_key is not null order by created_at desc limit ${PER_KEY}) t)::int as device_cards,
      -- The most refusals any one of the user, card, address or device had today.
      coalesce((select max(n) from (
        select count(*) as n from mine where stage = 'payment' and outcome = 'declined' group by k) t), 0)::int as failed_24h,
      (select count(*) from (
        select 1 from bookings
        where user_id = ${a.userId}::int and org_id = ${a.orgId} and status = 'cancelled' and updated_at > now() - interval '1 day' limit ${PER_KEY}) t)::int as refunds_24h,
      (select created_at from users where id = ${a.userId}::int) as account_created,
      (select max(case gateway_risk when 'decline' then 3 when 'review' then 2 when 'approve' then 1 end) from mine
        where stage = 'payment' and k in ('card', 'user', 'device'))::int as gateway_risk`.execute(db);
  return rows[0]!;
}

/**
 * Screens one attempt with the organisation's rules and stores the decision. The caller acts on
 * `action` (block: refuse; require_3ds: challenge; review: go on and queue it).
 */
export async function screenAttempt(attempt: ScreenedAttempt, rules: readonly FraudRule[] = DEFAULT_FRAUD_RULES, db: Database = getDb(), now = new Date()): Promise<FraudDecision> {
  const orgId = attempt.org.orgId;
  const hash = await fraudHasher(db, orgId);
  const address = hash('ip', attempt.clientIp);
  const card = attempt.card?.key ? hash('card', attempt.card.key) : null;
  const email = attempt.email === null ? null : hash('email', attempt.email.trim().toLowerCase());
  const [counts, median] = await Promise.all([
    countsOf(db, { orgId, stage: attempt.stage, userId: attempt.userId, card, email, address }),
    attempt.amount ? medianAmountOf(db, orgId, attempt.amount.currency) : null,
  ]);
  const country = countryOfAddress(attempt.clientIp);
  const signals: RiskSignals = {
    deviceAccounts: counts.device_accounts,
    deviceCards: counts.device_cards,
    cardAttempts1h: counts.card_1h,
    emailAttempts1h: counts.email_1h,
    ipAttempts1h: counts.ip_1h,
    deviceAttempts1h: counts.device_1h,
    userAttempts1h: counts.user_1h,
    ipCountry: country,
    binCountry: attempt.card?.country ?? null,
    inMarket: country === null ? null : inMarketOf(countryLocale(country).currency, attempt.org.locale.currencies),
    accountAgeDays: counts.account_created === null ? null : Math.floor((now.getTime() - new Date(counts.account_created).getTime()) / 86_400_000),
    disposableEmail: isDisposableEmail(attempt.email),
    botUserAgent: looksAutomated(attempt.userAgent),
    leadTimeHours: leadTimeHours(attempt.startsOn, now),
    amountToMedian: attempt.amount && median ? Math.round((attempt.amount.minor / median) * 100) / 100 : null,
    failedAuthorisations24h: counts.failed_24h,
    refunds24h: counts.refunds_24h,
    gatewayRisk: counts.gateway_risk === null ? null : (['approve', 'review', 'decline'] as const)[counts.gateway_risk - 1]!,
    deviceData: attempt.deviceData === undefined ? null : isDeviceData(attempt.deviceData),
  };
  const { ordered, version } = compile(rules, rulesMode());
  const screening = screen(signals, ordered);
  const row = await db
    .insertInto('fraud_decisions')
    .values({
      org_id: orgId,
      stage: attempt.stage,
      user_id: attempt.userId,
      booking_id: attempt.bookingId,
      card_key: card,
      email_key: email,
      address_key: address,
      device_key: counts.device_key,
      signals: JSON.stringify(signals),
      score: screening.score,
      hits: JSON.stringify(screening.hits),
      rules_version: version,
      action: screening.action,
      amount_minor: attempt.amount?.minor ?? null,
      currency: attempt.amount?.currency ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...screening, decisionId: row.id, rulesVersion: version };
}

/**
 * What the gateway then said of a screened payment: a decline counts as a failed authorisation
 * from now on, and its own risk check is the `gatewayRisk` of the next screenings of the card,
 * user or device.
 */
export async function noteDecisionOutcome(decisionId: number, outcome: 'paid' | 'declined', db: Database = getDb(), gatewayRisk: GatewayRiskDecision | null = null): Promise<void> {
  await db.updateTable('fraud_decisions').set({ outcome, gateway_risk: gatewayRisk }).where('id', '=', decisionId).execute();
}

/** The version of the shipped default rules as this server runs them (what a decision made under them records). */
export const defaultRulesVersion = (): string => compile(DEFAULT_FRAUD_RULES, rulesMode()).version;

/** Forgets decisions past their 90 days, hourly; idempotent on N instances. */
export const fraudDecisionRetentionJob = {
  name: 'fraud-decision-retention',
  everyMs: 60 * 60_000,
  run: async () => {
    const result = await getDb()
      .deleteFrom('fraud_decisions')
      .where('created_at', '<', new Date(Date.now() - FRAUD_DECISION_RETENTION_DAYS * 86_400_000))
      .executeTakeFirst();
    return { forgotten: Number(result.numDeletedRows) };
  },
};
