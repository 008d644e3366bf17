// The configuration store (docs/decisions/0063): each organisation's config and layouts as
// immutable versions, a draft pointer admins save to (each save names its base: a stale one is
// refused, the caller merges) and one published pointer every instance serves, moved with its
// audit entry in one transaction. The files under org-configs/ and layouts/ seed it and are its
// export format.
import { createHash } from 'node:crypto';
import { type Selectable, type Transaction, sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { CONFIG_SCHEMA_VERSION, type ConfigBundle, type RawBundle, bundleJson, fileJson } from '~/domain/config-bundle';
import { migrateBundle } from '~/domain/config-migrations';
import type { Database } from '../platform/db.server';
import type { ConfigVersionsTable, DB } from '../platform/db-schema';
import { syncMembershipPlans } from '../membership/membership-plans.server';
import { type AuditAction, AUDIT_GENESIS, appendAudit } from './config-audit.server';
import { type BundleSource, type CheckedConfigs, ConfigError, type ConfigProblem, checkBundles } from './config-check.server';

/** The channel a publish notifies, with the organisation's id, at commit: every instance reloads it. */
export const CONFIG_PUBLISHED_CHANNEL = 'config_published';

type Trx = Transaction<DB>;
export type StoredVersion = Selectable<ConfigVersionsTable>;
/** A version as a list shows it: no content. */
export type VersionSummary = Omit<StoredVersion, 'content'>;
/** Who acts: a signed-in user, or a script (`userId` null). */
export type ConfigActor = { userId: number | null; name: string };

export const orgFile = (orgId: string) => `org-configs/${orgId}.json`;

export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A stored version's bundle, moved forward to the current schema. */
export function bundleOf(version: Pick<StoredVersion, 'content'>): RawBundle {
  return migrateBundle(JSON.parse(version.content) as RawBundle);
}

async function insertVersion(trx: Trx, orgId: string, bundle: RawBundle, parentId: number | null, actor: ConfigActor, note: string): Promise<StoredVersion> {
  const content = bundleJson(bundle);
  return trx
    .insertInto('config_versions')
    .values({
      org_id: orgId,
      parent_id: parentId,
      schema_version: bundle.schemaVersion,
      content,
      content_hash: contentHash(content),
      author_id: actor.userId,
      author: actor.name,
      note,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function lockHead(trx: Trx, orgId: string) {
  return trx.selectFrom('config_heads').selectAll().where('org_id', '=', orgId).forUpdate().executeTakeFirst();
}

async function audit(trx: Trx, orgId: string, prevHash: string, action: AuditAction, actor: ConfigActor, versionId: number | null, note: string, detail: object = {}) {
  return appendAudit(trx, prevHash, { orgId, actor: actor.name, action, versionId, note, detail: JSON.stringify(detail) });
}

/**
 * Moves both pointers to `version` and writes what a published configuration is copied into
 * (the organisation's row, its membership plans); every instance hears of it at commit.
 */
async function publishVersion(trx: Trx, orgId: string, version: StoredVersion, auditHash: string, seedHash?: string) {
  await trx
    .updateTable('config_heads')
    .set({ published_id: version.id, draft_id: version.id, audit_hash: auditHash, updated_at: new Date(), ...(seedHash === undefined ? {} : { seed_hash: seedHash }) })
    .where('org_id', '=', orgId)
    .execute();
  await writeOrgRows(trx, bundleOf(version).org as OrgConfig);
  await sql`select pg_notify(${CONFIG_PUBLISHED_CHANNEL}, ${orgId})`.execute(trx);
}

/** The rows a published configuration is copied into: the organisation's (mail, users and bookings refer to it) and its membership plans. */
export async function writeOrgRows(trx: Database | Trx, org: OrgConfig): Promise<void> {
  await trx
    .insertInto('organisations')
    .values({ id: org.orgId, org_number: org.orgNumber, name: org.name })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: org.name, org_number: org.orgNumber }))
    .execute();
  await syncMembershipPlans(trx, org);
}

/** An organisation the store does not hold yet: its first version, published, with the first entry of its audit chain. */
async function firstVersion(trx: Trx, orgId: string, bundle: RawBundle, actor: ConfigActor, action: 'seed' | 'import', note: string, seedHash: string | null): Promise<void> {
  const version = await insertVersion(trx, orgId, bundle, null, actor, note);
  const auditHash = await audit(trx, orgId, AUDIT_GENESIS, action, actor, version.id, note);
  await trx.insertInto('config_heads').values({ org_id: orgId, published_id: version.id, draft_id: version.id, seed_hash: seedHash, audit_hash: auditHash }).execute();
  await publishVersion(trx, orgId, version, auditHash);
}

/**
 * Seeds the store from the files' bundles (already checked): an organisation it does not hold
 * yet gets its first version, published; one whose files changed while its admins published
 * nothing since the last seed gets them as a new published version. Admins' work is never
 * overwritten by the files.
 */
export async function seedConfigStore(db: Database, sources: readonly BundleSource[]): Promise<void> {
  const seed: ConfigActor = { userId: null, name: 'seed' };
  for (const { file, bundle } of sources) {
    const orgId = (bundle.org as OrgConfig).orgId;
    const hash = contentHash(bundleJson(bundle));
    await db.transaction().execute(async (trx) => {
      const head = await lockHead(trx, orgId);
      if (!head) return firstVersion(trx, orgId, bundle, seed, 'seed', `seeded from ${file}`, hash);
      if (head.seed_hash === hash) return;
      const published = await trx.selectFrom('config_versions').select('content_hash').where('id', '=', head.published_id).executeTakeFirstOrThrow();
      if (head.draft_id !== head.published_id || published.content_hash !== head.seed_hash) return;
      const version = await insertVersion(trx, orgId, bundle, head.published_id, seed, `seeded from ${file}`);
      const auditHash = await audit(trx, orgId, head.audit_hash, 'seed', seed, version.id, `seeded from ${file}`, { previous: head.published_id });
      await publishVersion(trx, orgId, version, auditHash, hash);
    });
  }
}

/** Every organisation's published version, by organisation id. */
export async function publishedVersions(db: Database | Trx): Promise<StoredVersion[]> {
  return db
    .selectFrom('config_heads')
    .innerJoin('config_versions', 'config_versions.id', 'config_heads.published_id')
    .selectAll('config_versions')
    .orderBy('config_heads.org_id')
    .execute();
}

/** The published configurations, checked by the one validator: what every instance serves. */
export async function loadPublished(db: Database): Promise<{ checked: CheckedConfigs; versions: Map<string, number> }> {
  const versions = await publishedVersions(db);
  const { problems, checked } = checkBundles(versions.map((v) => ({ file: orgFile(v.org_id), bundle: bundleOf(v) })));
  if (!checked) throw new ConfigError(problems);
  return { checked, versions: new Map(versions.map((v) => [v.org_id, v.id])) };
}

/** The one validator on `bundle` as `orgId`'s configuration, beside the others' published ones (as publishing it would serve them). */
export async function checkAsPublished(db: Database | Trx, orgId: string, bundle: RawBundle): Promise<ReturnType<typeof checkBundles>> {
  const others = (await publishedVersions(db)).filter((v) => v.org_id !== orgId).map((v) => ({ file: orgFile(v.org_id), bundle: bundleOf(v) }));
  return checkBundles([...others, { file: orgFile(orgId), bundle }]);
}

/** What the one validator says of `bundle` as `orgId`'s configuration. */
export async function problemsOf(db: Database | Trx, orgId: string, bundle: RawBundle): Promise<ConfigProblem[]> {
  return (await checkAsPublished(db, orgId, bundle)).problems;
}

export type OrgHead = { orgId: string; publishedId: number; draftId: number; needsApproval: boolean };

export async function headOf(db: Database, orgId: string): Promise<OrgHead | undefined> {
  const head = await db.selectFrom('config_heads').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  return head && { orgId, publishedId: head.published_id, draftId: head.draft_id, needsApproval: head.needs_approval };
}

/** One of the organisation's versions (another organisation's id reads as absent). */
export async function versionOf(db: Database, orgId: string, id: number): Promise<StoredVersion | undefined> {
  return db.selectFrom('config_versions').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

/** The organisation's versions, newest first. */
export async function historyOf(db: Database, orgId: string, limit = 100): Promise<VersionSummary[]> {
  return db
    .selectFrom('config_versions')
    .select(['id', 'org_id', 'parent_id', 'schema_version', 'content_hash', 'author_id', 'author', 'note', 'created_at'])
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type SaveResult = { kind: 'saved'; version: StoredVersion } | { kind: 'stale'; draft: StoredVersion } | { kind: 'unknown-org' };

/**
 * Saves a draft, valid or not, on top of `baseId`, which must still be the draft: a save from an
 * older base is `stale` and answers the draft it missed, for the caller to merge and try again.
 */
export async function saveDraft(db: Database, input: { orgId: string; baseId: number; bundle: RawBundle; actor: ConfigActor; note: string }): Promise<SaveResult> {
  return db.transaction().execute(async (trx): Promise<SaveResult> => {
    const head = await lockHead(trx, input.orgId);
    if (!head) return { kind: 'unknown-org' };
    if (head.draft_id !== input.baseId) {
      return { kind: 'stale', draft: await trx.selectFrom('config_versions').selectAll().where('id', '=', head.draft_id).executeTakeFirstOrThrow() };
    }
    const version = await insertVersion(trx, input.orgId, { ...input.bundle, schemaVersion: CONFIG_SCHEMA_VERSION }, input.baseId, input.actor, input.note);
    const auditHash = await audit(trx, input.orgId, head.audit_hash, 'save', input.actor, version.id, input.note, { base: input.baseId });
    await trx.updateTable('config_heads').set({ draft_id: version.id, audit_hash: auditHash, updated_at: new Date() }).where('org_id', '=', input.orgId).execute();
    return { kind: 'saved', version };
  });
}

export type PublishResult =
  | { kind: 'published'; version: StoredVersion }
  | { kind: 'stale'; draftId: number }
  | { kind: 'invalid'; problems: ConfigProblem[] }
  | { kind: 'needs-approval' }
  | { kind: 'unknown-org' };

/**
 * Publishes the draft `versionId` (it must still be the draft) with a note: refused while the one
 * validator finds any problem, and, where the organisation asks for four eyes, until a publisher
 * other than `actor` approved this very version.
 */
export async function publishDraft(db: Database, input: { orgId: string; versionId: number; actor: ConfigActor; note: string }): Promise<PublishResult> {
  return db.transaction().execute(async (trx): Promise<PublishResult> => {
    const head = await lockHead(trx, input.orgId);
    if (!head) return { kind: 'unknown-org' };
    if (head.draft_id !== input.versionId) return { kind: 'stale', draftId: head.draft_id };
    const version = await trx.selectFrom('config_versions').selectAll().where('id', '=', input.versionId).executeTakeFirstOrThrow();
    const problems = await problemsOf(trx, input.orgId, bundleOf(version));
    if (problems.length > 0) return { kind: 'invalid', problems };
    const others = (await approvalsOf(trx, version.id)).filter((a) => a.approverId !== input.actor.userId);
    if (head.needs_approval && others.length === 0) return { kind: 'needs-approval' };
    const auditHash = await audit(trx, input.orgId, head.audit_hash, 'publish', input.actor, version.id, input.note, {
      previous: head.published_id,
      approvedBy: others.map((a) => a.email),
    });
    await publishVersion(trx, input.orgId, version, auditHash);
    return { kind: 'published', version };
  });
}

/** Who approved a version (four eyes), by e-mail. */
export async function approvalsOf(db: Database | Trx, versionId: number): Promise<{ approverId: number; email: string }[]> {
  const rows = await db
    .selectFrom('config_approvals')
    .innerJoin('users', 'users.id', 'config_approvals.approver_id')
    .select(['users.email', 'config_approvals.approver_id'])
    .where('version_id', '=', versionId)
    .orderBy('config_approvals.approved_at')
    .execute();
  return rows.map((r) => ({ approverId: r.approver_id, email: r.email }));
}

export type ApproveResult = { kind: 'approved' } | { kind: 'stale'; draftId: number } | { kind: 'own-version' } | { kind: 'unknown-org' };

/** A publisher approves the draft `versionId` for someone else to publish; never their own. */
export async function approveDraft(db: Database, input: { orgId: string; versionId: number; actor: ConfigActor & { userId: number } }): Promise<ApproveResult> {
  return db.transaction().execute(async (trx): Promise<ApproveResult> => {
    const head = await lockHead(trx, input.orgId);
    if (!head) return { kind: 'unknown-org' };
    if (head.draft_id !== input.versionId) return { kind: 'stale', draftId: head.draft_id };
    const version = await trx.selectFrom('config_versions').select('author_id').where('id', '=', input.versionId).executeTakeFirstOrThrow();
    if (version.author_id === input.actor.userId) return { kind: 'own-version' };
    await trx
      .insertInto('config_approvals')
      .values({ version_id: input.versionId, approver_id: input.actor.userId })
      .onConflict((oc) => oc.columns(['version_id', 'approver_id']).doNothing())
      .execute();
    const auditHash = await audit(trx, input.orgId, head.audit_hash, 'approve', input.actor, input.versionId, '');
    await trx.updateTable('config_heads').set({ audit_hash: auditHash }).where('org_id', '=', input.orgId).execute();
    return { kind: 'approved' };
  });
}

export type RollbackResult = { kind: 'rolled-back'; version: StoredVersion } | { kind: 'not-found' } | { kind: 'invalid'; problems: ConfigProblem[] };

/**
 * Serves an earlier version again: a new version with its content (moved forward to today's
 * schema) on top of the published one, published and made the draft in one transaction. History
 * is never rewritten; the draft it replaces stays in it.
 */
export async function rollbackTo(db: Database, input: { orgId: string; versionId: number; actor: ConfigActor; note: string }): Promise<RollbackResult> {
  return db.transaction().execute(async (trx): Promise<RollbackResult> => {
    const head = await lockHead(trx, input.orgId);
    const target = await trx.selectFrom('config_versions').selectAll().where('org_id', '=', input.orgId).where('id', '=', input.versionId).executeTakeFirst();
    if (!head || !target) return { kind: 'not-found' };
    const bundle = bundleOf(target);
    const problems = await problemsOf(trx, input.orgId, bundle);
    if (problems.length > 0) return { kind: 'invalid', problems };
    const note = input.note || `rollback to version ${target.id}`;
    const version = await insertVersion(trx, input.orgId, bundle, head.published_id, input.actor, note);
    const auditHash = await audit(trx, input.orgId, head.audit_hash, 'rollback', input.actor, version.id, note, {
      to: target.id,
      previous: head.published_id,
      replacedDraft: head.draft_id,
    });
    await publishVersion(trx, input.orgId, version, auditHash);
    return { kind: 'rolled-back', version };
  });
}

/** Sets whether publishing needs a second publisher's approval (four eyes). */
export async function setFourEyes(db: Database, input: { orgId: string; on: boolean; actor: ConfigActor }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const head = await lockHead(trx, input.orgId);
    if (!head) return;
    const auditHash = await audit(trx, input.orgId, head.audit_hash, 'four-eyes', input.actor, null, '', { on: input.on });
    await trx.updateTable('config_heads').set({ needs_approval: input.on, audit_hash: auditHash }).where('org_id', '=', input.orgId).execute();
  });
}

/**
 * The published configurations as files (`org-configs/<id>.json`, `layouts/<id>.json`), by path,
 * written as the seed files are: importing them and exporting again gives the same bytes.
 */
export async function exportFiles(db: Database): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const version of await publishedVersions(db)) {
    const bundle = bundleOf(version) as ConfigBundle;
    files.set(orgFile(version.org_id), fileJson(bundle.org));
    for (const [id, layout] of Object.entries(bundle.layouts)) files.set(`layouts/${id}.json`, fileJson(layout));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Publishes the files' bundles (checked together first: all or nothing) as new versions of the
 * organisations whose content they change; answers the organisations changed.
 */
export async function importBundles(db: Database, sources: readonly BundleSource[], actor: ConfigActor, note: string): Promise<string[]> {
  const { problems } = checkBundles(sources);
  if (problems.length > 0) throw new ConfigError(problems);
  const changed: string[] = [];
  for (const { bundle } of sources) {
    const orgId = (bundle.org as OrgConfig).orgId;
    const content = bundleJson(bundle);
    await db.transaction().execute(async (trx) => {
      const head = await lockHead(trx, orgId);
      if (!head) {
        await firstVersion(trx, orgId, bundle, actor, 'import', note, null);
        changed.push(orgId);
        return;
      }
      const published = await trx.selectFrom('config_versions').select('content_hash').where('id', '=', head.published_id).executeTakeFirstOrThrow();
      if (published.content_hash === contentHash(content) && head.draft_id === head.published_id) return;
      const version = await insertVersion(trx, orgId, bundle, head.published_id, actor, note);
      const auditHash = await audit(trx, orgId, head.audit_hash, 'import', actor, version.id, note, { previous: head.published_id, replacedDraft: head.draft_id });
      await publishVersion(trx, orgId, version, auditHash);
      changed.push(orgId);
    });
  }
  return changed;
}
