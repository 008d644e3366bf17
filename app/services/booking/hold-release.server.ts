// Giving a hold's units back, with what was applied at its checkout: at once (releaseHold) or
// once it expired (expireHolds, the hold-expiry job). Apart from holds.server.ts, which stored
// value reads holds through, so that holds and stored value never import each other.
import { sql } from 'kysely';
import { type Database, getDb } from '../platform/db.server';
import { holdReference, releaseReservationsOf } from '../stored-value/ledger.server';
import { releaseApplicationsOfHolds } from '../stored-value/stored-value.server';

/** Gives an active hold's units back at once. Returns false for an unknown or finished hold. */
export async function releaseHold(token: string, db: Database = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const hold = await trx.updateTable('holds').set({ status: 'released' }).where('token', '=', token).where('status', '=', 'active').returning('id').executeTakeFirst();
    if (!hold) return false;
    await trx.deleteFrom('unit_allocations').where('hold_id', '=', hold.id).execute();
    await releaseApplicationsOfHolds([hold.id], trx);
    return true;
  });
}

/**
 * Up to `batch` holds past their TTL, locked for this run: on the partial index of active holds,
 * so the claim costs the same with millions of finished ones (test/integration/job-claims.test.ts).
 */
export function expiredHoldsClaim(db: Database, batch: number) {
  return db
    .selectFrom('holds')
    .select('id')
    .where('status', '=', 'active')
    .where('expires_at', '<=', sql<Date>`now()`)
    .limit(batch)
    .forUpdate()
    .skipLocked();
}

/**
 * Marks holds past their TTL as expired and frees their units and any stored value reserved
 * against them. Safe with several app instances: each run takes the holds it finishes with FOR UPDATE SKIP LOCKED.
 */
export async function expireHolds(batch = 500, db: Database = getDb()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await expiredHoldsClaim(trx, batch).execute();
    if (expired.length === 0) return 0;
    const ids = expired.map((h) => h.id);
    await trx.deleteFrom('unit_allocations').where('hold_id', 'in', ids).execute();
    await trx.updateTable('holds').set({ status: 'expired' }).where('id', 'in', ids).execute();
    // Stored value applied at an expired hold's checkout goes back in the same transaction
    // (its applications, then any other reservation made against the hold).
    await releaseApplicationsOfHolds(ids, trx);
    await releaseReservationsOf(ids.map(holdReference), trx);
    return ids.length;
  });
}

export const holdExpiryJob = { name: 'hold-expiry', everyMs: 15_000, run: () => expireHolds() };
