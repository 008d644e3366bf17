// The configuration audit log (docs/decisions/0063): append-only (a trigger refuses any change to
// a row) and hash-chained per organisation, each entry's hash taken over the one before and its
// own fields, the last one kept on the organisation's head. `npm run audit:verify` walks it.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db.server';
import type { DB } from '../platform/db-schema';

export const AUDIT_GENESIS = '0'.repeat(64);

export type AuditAction = 'import' | 'seed' | 'save' | 'approve' | 'publish' | 'rollback' | 'roles' | 'four-eyes' | 'block' | 'min-checkin-days' | 'review';

export type AuditEntry = {
  orgId: string;
  /** ISO time. */
  at: string;
  /** Who: an e-mail, or the script that acted. */
  actor: string;
  action: AuditAction;
  versionId: number | null;
  note: string;
  /** What else the entry records (approvals, the previous pointer, a role), as JSON text. */
  detail: string;
};

export function auditHash(prevHash: string, entry: AuditEntry): string {
  const fields = [entry.orgId, entry.at, entry.actor, entry.action, entry.versionId, entry.note, entry.detail];
  return createHash('sha256')
    .update(`${prevHash}\n${JSON.stringify(fields)}`)
    .digest('hex');
}

/**
 * Appends an entry after `prevHash` (the organisation's head's, read under its lock) in the
 * caller's transaction; answers the new hash, which the caller keeps on the head.
 */
export async function appendAudit(trx: Transaction<DB>, prevHash: string, entry: Omit<AuditEntry, 'at'>): Promise<string> {
  const full: AuditEntry = { ...entry, at: new Date().toISOString() };
  const hash = auditHash(prevHash, full);
  await trx
    .insertInto('config_audit')
    .values({
      org_id: full.orgId,
      at: full.at,
      actor: full.actor,
      action: full.action,
      version_id: full.versionId,
      note: full.note,
      detail: full.detail,
      prev_hash: prevHash,
      hash,
    })
    .execute();
  return hash;
}

/**
 * Appends an entry that moves no configuration pointer (a role, a blocked traveller, a review's
 * verdict): the organisation's head is locked, the entry chained after its hash, the new hash
 * kept on it, all in the caller's transaction.
 */
export async function appendOrgAudit(trx: Transaction<DB>, entry: Omit<AuditEntry, 'at'>): Promise<void> {
  const head = await trx.selectFrom('config_heads').select('audit_hash').where('org_id', '=', entry.orgId).forUpdate().executeTakeFirstOrThrow();
  const hash = await appendAudit(trx, head.audit_hash, entry);
  await trx.updateTable('config_heads').set({ audit_hash: hash }).where('org_id', '=', entry.orgId).execute();
}

/** What is wrong with the audit log: entries whose chain or hash does not hold, a tail cut off. Empty: it verifies. */
export async function verifyAudit(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const heads = await db.selectFrom('config_heads').select(['org_id', 'audit_hash']).orderBy('org_id').execute();
  const rows = await db.selectFrom('config_audit').selectAll().orderBy('seq').execute();
  const orgs = new Set([...heads.map((h) => h.org_id), ...rows.map((r) => r.org_id)]);
  for (const orgId of [...orgs].sort()) {
    let last = AUDIT_GENESIS;
    for (const row of rows.filter((r) => r.org_id === orgId)) {
      const entry: AuditEntry = { orgId, at: row.at, actor: row.actor, action: row.action as AuditAction, versionId: row.version_id, note: row.note, detail: row.detail };
      if (row.prev_hash !== last) problems.push(`${orgId}: entry ${row.seq} does not follow the entry before it`);
      if (auditHash(row.prev_hash, entry) !== row.hash) problems.push(`${orgId}: entry ${row.seq} was changed after it was written`);
      last = row.hash;
    }
    const head = heads.find((h) => h.org_id === orgId);
    if (!head) problems.push(`${orgId}: audit entries without a configuration`);
    else if (head.audit_hash !== last) problems.push(`${orgId}: the log does not end where the configuration says it does (entries removed or added)`);
  }
  return problems;
}
