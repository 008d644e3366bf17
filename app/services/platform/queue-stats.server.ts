// The background work waiting in the database, per queue, for the metrics endpoint (issue 38
// item 7): how many rows each job has yet to take and how long the oldest has waited. The
// outbox's figure is the mail lag; a growing age on any queue means its job has stopped or
// cannot keep up, whichever instance should be running it.
import { sql } from 'kysely';
import { type Database, getDb } from './db.server';

export type QueueStat = { queue: 'mail' | 'renewals' | 'payment_reconciliation' | 'hold_expiry'; depth: number; oldestAgeSeconds: number };

type Row = { depth: number | string; oldest: Date | string | null };

const ageSeconds = (oldest: Row['oldest'], now: Date) => (oldest === null ? 0 : Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1_000));

/** One read per queue, each on an index the job itself claims by. */
export async function queueStats(db: Database = getDb(), now = new Date()): Promise<QueueStat[]> {
  const [mail, renewals, payments, holds] = await Promise.all([
    db
      .selectFrom('outbox')
      .select([sql<number>`count(*)`.as('depth'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('renewal_charges')
      .select([sql<number>`count(*)`.as('depth'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', 'in', ['due', 'charging', 'giving_back'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_attempts')
      .select([sql<number>`count(*)`.as('depth'), sql<Date | null>`min(updated_at)`.as('oldest')])
      .where('status', 'in', ['created', 'authorized', 'unknown'])
      .executeTakeFirstOrThrow(),
    // Holds past their expiry that the expiry job has not released yet: its backlog, aged from the expiry.
    db
      .selectFrom('holds')
      .select([sql<number>`count(*)`.as('depth'), sql<Date | null>`min(expires_at)`.as('oldest')])
      .where('status', '=', 'active')
      .where('expires_at', '<', now)
      .executeTakeFirstOrThrow(),
  ]);
  const stat = (queue: QueueStat['queue'], row: Row): QueueStat => ({ queue, depth: Number(row.depth), oldestAgeSeconds: ageSeconds(row.oldest, now) });
  return [stat('mail', mail), stat('renewals', renewals), stat('payment_reconciliation', payments), stat('hold_expiry', holds)];
}
