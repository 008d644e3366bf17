import { sql } from 'kysely';
import { counterKeys, type LimitedAction, RATE_LIMITS, type RateVerdict, rateVerdict, windowOf } from '~/domain/rate-limits';
import { purgeAuthFailures } from './auth.server';
import { type Database, getDb, getOpenedDatabase } from '../platform/db.server';
import { addressKeyOf } from '../platform/address-key.server';
import { getEnv } from '../platform/env.server';
import { log } from '../platform/logger.server';
import type { RequestContext } from '../site/request-context.server';
import { hashToken, SESSION_COOKIE } from './session.server';
import { singleton } from '~/utils/singleton.server';
import { apiMessage } from '~/i18n/api-messages';
import type { LanguageCode } from '~/domain/reference-data';

/**
 * Who is asking: the client address (TRUST_PROXY decides whose word counts) and their session, if
 * any; for a card action, the card too (`cardKeyOf`).
 */
export type Visitor = { clientIp: string; sessionKey: string | null; cardKey?: string | null };

/** What counting a request needs of its context (the locale: the language of the 429's message). */
export type RateContext = Pick<RequestContext, 'clientIp' | 'session' | 'cookie' | 'locale'>;

/** Who the 429 is for: an /api caller gets JSON, a page a plain message. */
export type Answering = 'page' | 'api';

/**
 * The visitor of a request. A signed-in visitor counts as their user (all their sessions
 * together); otherwise a session cookie counts by its hash without a database read. A made-up
 * cookie only changes the session count: the address is counted all the same.
 */
export function visitorOf({ clientIp, session, cookie }: Pick<RateContext, 'clientIp' | 'session' | 'cookie'>): Visitor {
  if (session) return { clientIp, sessionKey: `user:${session.userDbId}` };
  const secret = cookie(SESSION_COOKIE);
  const sessionKey = secret && secret.length >= 32 && secret.length <= 128 ? `cookie:${hashToken(secret)}` : null;
  return { clientIp, sessionKey };
}

/** Hit counters by key: `bump` adds one to each key (a new key starts a window ending at `expiresAt`) and answers the counts. */
export type RateCounters = {
  bump(keys: string[], expiresAt: Date): Promise<Map<string, number>>;
  /** Drops counters whose window has ended; answers how many. */
  purge(): Promise<number>;
};

/**
 * Counters in the database (`rate_limit_counters`): one upsert bumps all keys and returns them,
 * so several app instances share the counts and a burst of parallel requests cannot slip past.
 */
export function databaseCounters(db: Database): RateCounters {
  return {
    async bump(keys, expiresAt) {
      const rows = await db
        .insertInto('rate_limit_counters')
        .values(keys.map((key) => ({ key, hits: 1, expires_at: expiresAt })))
        .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }))
        .returning(['key', 'hits'])
        .execute();
      return new Map(rows.map((row) => [row.key, row.hits]));
    },
    async purge() {
      const result = await db
        .deleteFrom('rate_limit_counters')
        .where('expires_at', '<=', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** How many counters one process keeps in memory at most (a counter is a few dozen bytes). */
const MAX_MEMORY_COUNTERS = 200_000;

/**
 * Counters in this process's memory, for the embedded database (decision 0041): only one
 * process can open a PGlite folder, so its counts are all the counts there are, and a search
 * need not write to the database. A restart forgets them, as it ends every window early.
 */
export function memoryCounters(now: () => number = Date.now, maxCounters = MAX_MEMORY_COUNTERS): RateCounters {
  const counters = new Map<string, { hits: number; expiresAt: number }>();
  const purgeEnded = () => {
    let purged = 0;
    for (const [key, counter] of counters) {
      if (counter.expiresAt <= now()) {
        counters.delete(key);
        purged += 1;
      }
    }
    return purged;
  };
  return {
    async bump(keys, expiresAt) {
      // Made-up session cookies each start a counter: past the cap, ended windows go, then the oldest.
      if (counters.size >= maxCounters && purgeEnded() === 0) {
        for (const key of [...counters.keys()].slice(0, Math.ceil(maxCounters / 10))) counters.delete(key);
      }
      const counts = new Map<string, number>();
      for (const key of keys) {
        const counter = counters.get(key);
        if (counter && counter.expiresAt > now()) counter.hits += 1;
        else counters.set(key, { hits: 1, expiresAt: expiresAt.getTime() });
        counts.set(key, counters.get(key)!.hits);
      }
      return counts;
    },
    purge: async () => purgeEnded(),
  };
}

const processCounters = singleton('rate-limit-counters', () => memoryCounters());

/** The counters of the database in use: this process's on the embedded database, the database's own on PostgreSQL. */
function countersInUse(): RateCounters {
  const opened = getOpenedDatabase();
  return opened.kind === 'pglite' ? processCounters : databaseCounters(opened.db);
}

/** Counts this request against the visitor's limits of `action` (address and session alike) and says whether it may go on. */
export async function hitRateLimit(action: LimitedAction, visitor: Visitor, counters: RateCounters = countersInUse(), now = Date.now()): Promise<RateVerdict> {
  const limit = RATE_LIMITS[action];
  const window = windowOf(now, limit.windowMs);
  // The address is counted (and named in the log) by its keyed hash: the counters are rows.
  const address = await addressKeyOf(visitor.clientIp);
  const keys = counterKeys(action, { ...visitor, clientIp: address }, window.index);
  const counted = [keys.address, keys.session, keys.card].filter((key): key is string => key !== null);
  const counts = await counters.bump(counted, new Date(window.endsAt));
  const hitsOf = (key: string | null) => (key === null ? null : (counts.get(key) ?? 0));
  const verdict = rateVerdict({ address: hitsOf(keys.address) ?? 0, session: hitsOf(keys.session), card: hitsOf(keys.card) }, limit, getEnv().rateLimitScale, now);
  if (!verdict.ok) log.warn('rate limited', { action, by: verdict.by, address, retryAfterSeconds: verdict.retryAfterSeconds });
  return verdict;
}

/** The 429's message in `language`: the visitor's limit of `action`, or the card's. */
export function rateLimitedMessage(action: LimitedAction, verdict: { retryAfterSeconds: number; by: 'visitor' | 'card' }, language: LanguageCode): string {
  return apiMessage(language, verdict.by === 'card' ? 'limit.card' : `limit.${action}`, { seconds: verdict.retryAfterSeconds });
}

/**
 * Active holds of a visitor in an organisation: a signed-in user's own (so colleagues behind one
 * office address do not share a cap), else those made from the address.
 */
export async function countActiveHolds(visitor: { orgId: string; clientIp: string; userId: number | null }, db: Database = getDb()) {
  const address = await addressKeyOf(visitor.clientIp, db);
  const row = await db
    .selectFrom('holds')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('expires_at').as('first_expiry')])
    .where('org_id', '=', visitor.orgId)
    .where('status', '=', 'active')
    .where('expires_at', '>', sql<Date>`now()`)
    .where((eb) => (visitor.userId === null ? eb('client_ip', '=', address) : eb('user_id', '=', visitor.userId)))
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), firstExpiry: row?.first_expiry ? new Date(row.first_expiry) : null };
}

/** Keeps the abuse tables small: ended rate-limit windows (in the database and in memory) and sign-in failures past their hour. Idempotent, safe on N instances. */
export const abuseCleanupJob = {
  name: 'abuse-cleanup',
  everyMs: 60_000,
  run: async () => ({
    counters: (await processCounters.purge()) + (await databaseCounters(getDb()).purge()),
    authFailures: await purgeAuthFailures(),
  }),
};
