// The fingerprints pages post (spec §7 POST /api/iqps/fqs, issue 37): what device a visitor uses
// and how likely the fingerprinting script thinks it is a fraud. Stored for the fraud checks to
// count devices per account and card, never as they came: the device id and the address are HMACs
// under the organisation's own salt, and rows go after 90 days.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Database, getDb } from '../platform/db.server';
import { log } from '../platform/logger.server';
import { addressKeyOf } from '../platform/address-key.server';
import type { ActiveSession } from '../identity/session.server';
import { requestFingerprint } from './user-events.server';

export const FINGERPRINT_RETENTION_DAYS = 90;
/** Spec §9: a fraud_chance of 90 or more is logged as a warning (and nothing else, yet). */
export const HIGH_FRAUD_CHANCE = 90;

/** Salts read, per database handle: a salt never changes once made. */
const salts = new WeakMap<Database, Map<string, Promise<string>>>();

/** The organisation's salt, made on first use; several instances racing make one. */
function saltOf(db: Database, orgId: string): Promise<string> {
  const known = salts.get(db) ?? new Map<string, Promise<string>>();
  salts.set(db, known);
  let salt = known.get(orgId);
  if (!salt) {
    salt = readOrMakeSalt(db, orgId);
    known.set(orgId, salt);
    // A failed read is not kept: the next call tries again.
    salt.catch(() => known.delete(orgId));
  }
  return salt;
}

async function readOrMakeSalt(db: Database, orgId: string): Promise<string> {
  await db
    .insertInto('fraud_salts')
    .values({ org_id: orgId, salt: randomBytes(32).toString('base64url') })
    .onConflict((c) => c.column('org_id').doNothing())
    .execute();
  const row = await db.selectFrom('fraud_salts').select('salt').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return row.salt;
}

const hashed = (salt: string, kind: string, value: string) => createHmac('sha256', salt).update(`${kind}:${value}`).digest('base64url');

/** Hashes ids the fraud checks keep (device, ip, card, email) under the organisation's salt: a fingerprint's and a decision's keys match. */
export async function fraudHasher(db: Database, orgId: string): Promise<(kind: 'device' | 'ip' | 'card' | 'email', value: string) => string> {
  const salt = await saltOf(db, orgId);
  return (kind, value) => hashed(salt, kind, value);
}

export type Fingerprint = { orgId: string; userId: number | null; ip: string; deviceId: string; fraudChance: number | null };

/** Keeps a posted fingerprint, hashed; a high fraud chance is logged (without the ids). */
export async function recordFingerprint(db: Database, fingerprint: Fingerprint): Promise<void> {
  const salt = await saltOf(db, fingerprint.orgId);
  await db
    .insertInto('device_fingerprints')
    .values({
      org_id: fingerprint.orgId,
      user_id: fingerprint.userId,
      device_hash: hashed(salt, 'device', fingerprint.deviceId),
      ip_hash: hashed(salt, 'ip', fingerprint.ip),
      fraud_chance: fingerprint.fraudChance,
    })
    .execute();
  if (fingerprint.fraudChance !== null && fingerprint.fraudChance >= HIGH_FRAUD_CHANCE) {
    log.warn('high fraud chance', { orgId: fingerprint.orgId, userId: fingerprint.userId, fraudChance: fingerprint.fraudChance });
  }
}

/** Drops fingerprints older than the retention; answers how many went. Idempotent, safe on N instances. */
export async function forgetOldFingerprints(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - FINGERPRINT_RETENTION_DAYS * 86_400_000);
  const result = await db.deleteFrom('device_fingerprints').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many fingerprints of `orgId` name the device `deviceId` (the fraud checks count accounts and cards per device). */
export async function fingerprintsOfDevice(db: Database, orgId: string, deviceId: string): Promise<number> {
  const salt = await saltOf(db, orgId);
  const row = await db
    .selectFrom('device_fingerprints')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('org_id', '=', orgId)
    .where('device_hash', '=', hashed(salt, 'device', deviceId))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The IP-change check (spec §4, §7): a signed-in request from another address than the session
 * was last used from asks the user's open pages for a new fingerprint (request_fingerprint). The
 * session keeps the new address's keyed hash; one without any yet (made before addresses were
 * kept) takes it quietly.
 */
export async function checkSessionAddress(
  db: Database,
  { orgId, session, clientIp }: { orgId: string; session: Pick<ActiveSession, 'sessionId' | 'userDbId' | 'addressKey'>; clientIp: string },
): Promise<void> {
  const address = await addressKeyOf(clientIp, db);
  if (address === session.addressKey) return;
  const moved = await db
    .updateTable('sessions')
    .set({ address_key: address })
    .where('id', '=', session.sessionId)
    .where((eb) => eb.or([eb('address_key', 'is', null), eb('address_key', '!=', address)]))
    .executeTakeFirst();
  if (session.addressKey !== null && Number(moved.numUpdatedRows) > 0) await requestFingerprint(db, { orgId, userId: session.userDbId });
}

/** Forgets fingerprints past their 90 days, hourly. */
export const fingerprintRetentionJob = {
  name: 'fingerprint-retention',
  everyMs: 60 * 60_000,
  run: async () => ({ forgotten: await forgetOldFingerprints(getDb()) }),
};
