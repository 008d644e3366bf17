// What an organisation's admin does about a risky traveller from the console (issue 37 "a review
// queue in the admin console"): block them, or raise their minimum check-in days. Each change is
// made, audited in the organisation's hash-chained log and its user event written in one
// transaction; the event is announced after the commit.
import type { Transaction } from 'kysely';
import { appendOrgAudit } from '../config/config-audit.server';
import type { ConsoleCaller } from '../config/config-access.server';
import type { Database } from '../platform/db.server';
import type { DB } from '../platform/db-schema';
import { log } from '../platform/logger.server';
import { announceUserEvents, blockUserIn, setMinCheckinDaysIn } from './user-events.server';

export type TravellerChange = { kind: 'changed' } | { kind: 'unknown-user' } | { kind: 'own-account' } | { kind: 'already-blocked' };

/** A traveller an admin watches: blocked, or with a lead time of their own. */
export type WatchedTraveller = { email: string; name: string; blocked: boolean; minCheckinDays: number | null };

/** Finds the traveller by e-mail in the caller's organisation, locks the org's audit head, changes, audits. */
async function changeTraveller(
  db: Database,
  caller: ConsoleCaller,
  email: string,
  audit: { action: 'block' | 'min-checkin-days'; note: string; detail: Record<string, unknown> },
  change: (trx: Transaction<DB>, user: { id: number; is_blocked: boolean }) => Promise<number | 'already-blocked'>,
): Promise<TravellerChange> {
  const normalized = email.trim().toLowerCase();
  const outcome = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'is_blocked'])
      .where('org_id', '=', caller.orgId)
      .where('email_normalized', '=', normalized)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return { kind: 'unknown-user' } as const;
    if (user.id === caller.actor.userId) return { kind: 'own-account' } as const;
    const changed = await change(trx, user);
    if (changed === 'already-blocked') return { kind: 'already-blocked' } as const;
    await appendOrgAudit(trx, {
      orgId: caller.orgId,
      actor: caller.actor.name,
      action: audit.action,
      versionId: null,
      note: audit.note,
      detail: JSON.stringify({ user: normalized, ...audit.detail }),
    });
    return { kind: 'changed', userId: user.id } as const;
  });
  if (outcome.kind !== 'changed') return outcome;
  await announceUserEvents(db, outcome.userId);
  return { kind: 'changed' };
}

/** Blocks a traveller of the caller's organisation: out everywhere within a second (blockUserIn). */
export async function blockTraveller(db: Database, caller: ConsoleCaller, email: string, note: string): Promise<TravellerChange> {
  const result = await changeTraveller(db, caller, email, { action: 'block', note, detail: {} }, (trx, user) =>
    user.is_blocked ? Promise.resolve('already-blocked') : blockUserIn(trx, user.id),
  );
  if (result.kind === 'changed') log.warn('user blocked from the console', { orgId: caller.orgId, by: caller.actor.userId });
  return result;
}

/** Sets a traveller's own minimum check-in lead days (null: the organisation's); their open pages recompute the earliest date. */
export function setTravellerMinCheckinDays(db: Database, caller: ConsoleCaller, email: string, days: number | null, note: string): Promise<TravellerChange> {
  return changeTraveller(db, caller, email, { action: 'min-checkin-days', note, detail: { days } }, (trx, user) => setMinCheckinDaysIn(trx, user.id, days));
}

/** The organisation's blocked travellers and those with a lead time of their own, newest accounts first (at most 100). */
export async function watchedTravellers(db: Database, orgId: string): Promise<WatchedTraveller[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'is_blocked', 'min_checkin_days'])
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('is_blocked', '=', true), eb('min_checkin_days', 'is not', null)]))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({ email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), blocked: row.is_blocked, minCheckinDays: row.min_checkin_days }));
}
