// The fraud channel's user events (spec §4 "Fingerprint and fraud channel events", §7; issue 37):
// request_fingerprint, user_blocked and min_checkin_days_updated, for every open page of a user.
// An outbox: each event is a row numbered per user, written in the transaction that makes the
// change; only after the commit does a NOTIFY tell every instance to read (a NOTIFY inside a
// committing transaction takes a global lock and serialises every such commit). A socket asks
// for what follows the last number it saw, so one that reconnects to another instance misses
// nothing, and a NOTIFY that never came costs at most one safety poll.
import { type Transaction, sql } from 'kysely';
import { MAX_MIN_CHECKIN_DAYS } from '~/domain/lead-days';
import { type Database, getDb } from '../platform/db.server';
import type { DB, UserEventsTable } from '../platform/db-schema';
import { currentCorrelationId, errorFields, log, underCorrelation } from '../platform/logger.server';
import { watchNotifications } from '../platform/notify-feed.server';

const CHANNEL = 'user_events';
/** How often a follower reads even without a NOTIFY (one lost between commit and send). */
const SAFETY_POLL_MS = 10_000;
/** Events are for open pages; a page away for longer signs in again or reloads anyway. */
const USER_EVENT_RETENTION_DAYS = 30;

type UserEventKind = UserEventsTable['kind'];
/** What a page receives: the event's number (its cursor), its kind and, for min_checkin_days_updated, the days. */
export type UserEvent = { seq: number; kind: UserEventKind; minCheckinDays: number | null };

/**
 * Appends an event for `userId` in `trx` and answers its number. Taking the number locks the
 * user's row until the commit, so a user's events commit in the order of their numbers and a
 * reader past number n never skips an n-1 still being written.
 */
async function appendUserEvent(trx: Transaction<DB>, userId: number, kind: UserEventKind, minCheckinDays: number | null = null): Promise<number> {
  const { event_seq: seq } = await trx
    .updateTable('users')
    .set({ event_seq: sql`event_seq + 1` })
    .where('id', '=', userId)
    .returning('event_seq')
    .executeTakeFirstOrThrow();
  await trx.insertInto('user_events').values({ user_id: userId, seq, kind, min_checkin_days: minCheckinDays, correlation_id: currentCorrelationId() }).execute();
  return seq;
}

/** After the commit, tells every instance that `userId` has new events. A failure is logged: the followers' safety poll finds them. */
export async function announceUserEvents(db: Database, userId: number): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${String(userId)})`.execute(db).catch((error: unknown) => log.warn('user event notification failed', { userId, ...errorFields(error) }));
}

/** The user `userId` of `orgId`, locked for this transaction; null when there is none in that organisation. */
async function lockUser(trx: Transaction<DB>, orgId: string, userId: number) {
  return trx.selectFrom('users').select('id').where('id', '=', userId).where('org_id', '=', orgId).forUpdate().executeTakeFirst();
}

export type UserActionResult = { ok: true; seq: number } | { ok: false; reason: 'not-found' };

/**
 * Blocks the user `userId` in `trx` (spec §4 user_blocked; issue 37 "blocked means out"): marks
 * them blocked, ends every session they hold or opened as someone else (an unblock later revives
 * none of them) and appends user_blocked. Every instance then refuses the old sessions on their
 * next request and closes their sockets 4403 within a sweep (server/graphql.ts). Announce after
 * the commit.
 */
export async function blockUserIn(trx: Transaction<DB>, userId: number): Promise<number> {
  await trx.updateTable('users').set({ is_blocked: true }).where('id', '=', userId).execute();
  await trx
    .updateTable('sessions')
    .set({ expires_at: sql`least(expires_at, now())` })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_id', '=', userId)]))
    .execute();
  return appendUserEvent(trx, userId, 'user_blocked');
}

/** Sets the user's own minimum check-in lead days in `trx` (null: the organisation's) and appends min_checkin_days_updated. Announce after the commit. */
export async function setMinCheckinDaysIn(trx: Transaction<DB>, userId: number, days: number | null): Promise<number> {
  if (days !== null && !(Number.isInteger(days) && days >= 0 && days <= MAX_MIN_CHECKIN_DAYS)) {
    throw new RangeError(`min check-in days must be a whole number from 0 to ${MAX_MIN_CHECKIN_DAYS}, got ${days}`);
  }
  await trx.updateTable('users').set({ min_checkin_days: days }).where('id', '=', userId).execute();
  return appendUserEvent(trx, userId, 'min_checkin_days_updated', days);
}

/** Runs `change` on the user `userId` of `orgId` in one transaction, then announces the user's new events. */
async function changeUser(db: Database, orgId: string, userId: number, change: (trx: Transaction<DB>) => Promise<number>): Promise<UserActionResult> {
  const seq = await db.transaction().execute(async (trx) => ((await lockUser(trx, orgId, userId)) ? change(trx) : null));
  if (seq === null) return { ok: false, reason: 'not-found' };
  await announceUserEvents(db, userId);
  return { ok: true, seq };
}

/** Blocks a user (blockUserIn) and announces it. */
export async function blockUser(db: Database, { orgId, userId }: { orgId: string; userId: number }): Promise<UserActionResult> {
  const result = await changeUser(db, orgId, userId, (trx) => blockUserIn(trx, userId));
  if (result.ok) log.warn('user blocked', { orgId, userId });
  return result;
}

/** Sets a user's own minimum check-in lead days (setMinCheckinDaysIn) and announces it. */
export function setMinCheckinDays(db: Database, { orgId, userId, days }: { orgId: string; userId: number; days: number | null }): Promise<UserActionResult> {
  return changeUser(db, orgId, userId, (trx) => setMinCheckinDaysIn(trx, userId, days));
}

/** Asks the user's open pages for a new fingerprint (spec §4 request_fingerprint; an address change does, issue 37). */
export function requestFingerprint(db: Database, { orgId, userId }: { orgId: string; userId: number }): Promise<UserActionResult> {
  return changeUser(db, orgId, userId, (trx) => appendUserEvent(trx, userId, 'request_fingerprint'));
}

/**
 * The user's events after number `after` (null: from now on), then each new one as it commits,
 * in order, until `return()`. A hand-written iterator like booking-status's: `return()` ends it
 * at once, even while `next()` waits.
 */
export function userEventUpdates(userId: number, after: number | null, db: Database = getDb()): AsyncIterableIterator<UserEvent> {
  const done = { done: true, value: undefined } as const;
  /** Each event with the correlation id it was committed under, logged with it as it is sent. */
  const queue: { event: UserEvent; cause: string | null }[] = [];
  let cursor = after;
  let ended = false;
  let notified = false;
  let stopWatching: (() => void) | undefined;
  let wake: (() => void) | undefined;
  const onNotify = () => {
    notified = true;
    wake?.();
  };
  const end = () => {
    ended = true;
    stopWatching?.();
    stopWatching = undefined;
    wake?.();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (!stopWatching && !ended) {
        // Watching before reading the cursor: an event committed in between is not lost.
        const stop = await watchNotifications(CHANNEL, String(userId), onNotify);
        if (ended) stop();
        else stopWatching = stop;
        if (cursor === null && !ended) {
          const user = await db.selectFrom('users').select('event_seq').where('id', '=', userId).executeTakeFirst();
          if (!user) end();
          else cursor = user.event_seq;
        }
      }
      while (!ended) {
        const next = queue.shift();
        if (next) {
          underCorrelation(next.cause, () => log.info('user event sent', { userId, seq: next.event.seq, kind: next.event.kind }));
          return { done: false, value: next.event };
        }
        notified = false;
        const rows = await db
          .selectFrom('user_events')
          .select(['seq', 'kind', 'min_checkin_days', 'correlation_id'])
          .where('user_id', '=', userId)
          .where('seq', '>', cursor ?? 0)
          .orderBy('seq')
          .limit(100)
          .execute();
        for (const row of rows) queue.push({ event: { seq: row.seq, kind: row.kind, minCheckinDays: row.min_checkin_days }, cause: row.correlation_id });
        cursor = rows.at(-1)?.seq ?? cursor;
        if (queue.length > 0 || notified || ended) continue;
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, SAFETY_POLL_MS);
        });
        clearTimeout(timer);
        wake = undefined;
      }
      return done;
    },
    async return() {
      end();
      return done;
    },
  };
}

/** Drops user events past their retention; answers how many went. Idempotent, safe on N instances. */
export async function forgetOldUserEvents(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - USER_EVENT_RETENTION_DAYS * 86_400_000);
  const result = await db.deleteFrom('user_events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets user events past their retention, hourly. */
export const userEventRetentionJob = {
  name: 'user-event-retention',
  everyMs: 60 * 60_000,
  run: async () => ({ forgotten: await forgetOldUserEvents(getDb()) }),
};
