import { json } from '@remix-run/node';
import { sql } from 'kysely';
import {
  counterKeys,
  type LimitedAction,
  MAX_ACTIVE_HOLDS,
  RATE_LIMITS,
  type RateVerdict,
  rateVerdict,
  scaledLimit,
  windowOf,
} from '~/domain/rate-limits';
import { purgeAuthFailures } from './auth.server';
import { type Database, getDb } from './db.server';
import { getEnv } from './env.server';
import { log } from './logger.server';
import type { RequestContext } from './request-context.server';
import { hashToken, SESSION_COOKIE } from './session.server';

/** Who is asking: the client address (TRUST_PROXY decides whose word counts) and their session, if any. */
export type Visitor = { clientIp: string; sessionKey: string | null };

/** What counting a request needs of its context. */
export type RateContext = Pick<RequestContext, 'clientIp' | 'session' | 'cookie'>;

/** Who the 429 is for: an /api caller gets JSON, a page a plain message. */
export type Answering = 'page' | 'api';

/**
 * The visitor of a request. A signed-in visitor counts as their user (all their sessions
 * together); otherwise a session cookie counts by its hash without a database read. A made-up
 * cookie only changes the session count: the address is counted all the same.
 */
export function visitorOf({ clientIp, session, cookie }: RateContext): Visitor {
  if (session) return { clientIp, sessionKey: `user:${session.userDbId}` };
  const secret = cookie(SESSION_COOKIE);
  const sessionKey = secret && secret.length >= 32 && secret.length <= 128 ? `cookie:${hashToken(secret)}` : null;
  return { clientIp, sessionKey };
}

/**
 * Counts this request against the visitor's limits of `action` and says whether it may go on.
 * One statement: both counters (address, session) are bumped by one upsert, so several app
 * instances share the counts and a burst of parallel requests cannot slip past the check.
 */
export async function hitRateLimit(action: LimitedAction, visitor: Visitor, db: Database = getDb(), now = Date.now()): Promise<RateVerdict> {
  const limit = RATE_LIMITS[action];
  const window = windowOf(now, limit.windowMs);
  const keys = counterKeys(action, visitor, window.index);
  const expiresAt = new Date(window.endsAt);
  const rows = await db
    .insertInto('rate_limit_counters')
    .values([keys.address, ...(keys.session ? [keys.session] : [])].map((key) => ({ key, hits: 1, expires_at: expiresAt })))
    .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }))
    .returning(['key', 'hits'])
    .execute();
  const hitsOf = (key: string | null) => (key === null ? null : (rows.find((r) => r.key === key)?.hits ?? 0));
  const verdict = rateVerdict({ address: hitsOf(keys.address) ?? 0, session: hitsOf(keys.session) }, limit, getEnv().rateLimitScale, now);
  if (!verdict.ok) log.warn('rate limited', { action, clientIp: visitor.clientIp, retryAfterSeconds: verdict.retryAfterSeconds });
  return verdict;
}

const WHAT: Record<LimitedAction, string> = {
  hold: 'booking attempts',
  signup: 'sign-up requests',
  reset: 'password reset requests',
  search: 'searches',
  autosuggest: 'airport look-ups',
  tripInvite: 'trip invitations',
};

export function rateLimitedMessage(action: LimitedAction, retryAfterSeconds: number): string {
  return `Too many ${WHAT[action]} in a short time. Please wait ${retryAfterSeconds} seconds and try again.`;
}

/**
 * A 429 answer: JSON `{ status, message, retry_after }` on /api, a plain message otherwise
 * (the page's error boundary shows it). Retry-After in both.
 */
export function tooManyRequests(answering: Answering, message: string, retryAfterSeconds: number): Response {
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
  if (answering === 'api') {
    return json({ status: 429, message, retry_after: retryAfterSeconds }, { status: 429, headers });
  }
  return new Response(message, { status: 429, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Counts the request and throws a 429 when the visitor is over a limit of `action`. */
export async function requireWithinRateLimit(context: RateContext, action: LimitedAction, answering: Answering): Promise<void> {
  const verdict = await hitRateLimit(action, visitorOf(context));
  if (!verdict.ok) throw tooManyRequests(answering, rateLimitedMessage(action, verdict.retryAfterSeconds), verdict.retryAfterSeconds);
}

/**
 * Active holds of a visitor in an organisation: a signed-in user's own (so colleagues behind one
 * office address do not share a cap), else those made from the address.
 */
export async function countActiveHolds(visitor: { orgId: string; clientIp: string; userId: number | null }, db: Database = getDb()) {
  const row = await db
    .selectFrom('holds')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('expires_at').as('first_expiry')])
    .where('org_id', '=', visitor.orgId)
    .where('status', '=', 'active')
    .where('expires_at', '>', sql<Date>`now()`)
    .where((eb) => (visitor.userId === null ? eb('client_ip', '=', visitor.clientIp) : eb('user_id', '=', visitor.userId)))
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), firstExpiry: row?.first_expiry ? new Date(row.first_expiry) : null };
}

export function tooManyHoldsMessage(max: number): string {
  return `You already have ${max} bookings on hold. Complete or release one, or wait for one to expire, before starting another.`;
}

/**
 * Before a hold: the visitor is within the hold rate limit and below the active-holds cap
 * (MAX_ACTIVE_HOLDS), else a 429 that says which. The cap is checked, not locked: parallel
 * holds of one visitor may pass it by a few, which the rate limit bounds.
 */
export async function requireHoldAllowed(visitor: RateContext & { org: { orgId: string } }, answering: Answering): Promise<void> {
  await requireWithinRateLimit(visitor, 'hold', answering);
  const max = scaledLimit(MAX_ACTIVE_HOLDS, getEnv().rateLimitScale);
  const active = await countActiveHolds({ orgId: visitor.org.orgId, clientIp: visitor.clientIp, userId: visitor.session?.userDbId ?? null });
  if (active.count < max) return;
  const retryAfter = Math.max(1, Math.ceil(((active.firstExpiry?.getTime() ?? Date.now()) - Date.now()) / 1000));
  log.warn('active holds cap reached', { clientIp: visitor.clientIp, active: active.count });
  throw tooManyRequests(answering, tooManyHoldsMessage(max), retryAfter);
}

/** Drops counters whose window has ended. */
export async function purgeRateLimitCounters(db: Database = getDb()): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps the abuse tables small: ended rate-limit windows and sign-in failures past their hour. Idempotent, safe on N instances. */
export const abuseCleanupJob = {
  name: 'abuse-cleanup',
  everyMs: 60_000,
  run: async () => ({ counters: await purgeRateLimitCounters(), authFailures: await purgeAuthFailures() }),
};
