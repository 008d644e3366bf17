// Issue 36, the configuration store on both databases: seeded from the files and exported back to
// the same bytes; drafts saved on a named base (a stale one refused and merged); publish refused
// while the one validator finds a problem, or, with four eyes, until another publisher approved;
// a publish reaches a second instance at commit; rollback is a new version; the audit log is a
// hash chain that a hand edit breaks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgConfig } from '#schemas/org-config.schema';
import type { RawBundle } from '~/domain/config-bundle';
import { type Json, mergeJson } from '~/domain/json-merge';
import { verifyAudit } from '~/services/config/config-audit.server';
import { readConfigFiles } from '~/services/config/config-check.server';
import { type ConfigRegistry, configVersionOf, getLayout, loadConfigRegistry } from '~/services/config/config.server';
import { serveStoredConfigs } from '~/services/config/config-live.server';
import {
  approveDraft,
  bundleOf,
  exportFiles,
  headOf,
  historyOf,
  importBundles,
  loadPublished,
  publishDraft,
  rollbackTo,
  saveDraft,
  seedConfigStore,
  setFourEyes,
} from '~/services/config/config-store.server';
import { type OpenedDatabase, getOpenedDatabase, openDatabase } from '~/services/platform/db.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { useSeededDatabase } from '../support/databases';

const ROOT = join(__dirname, '..', '..');
const ORG = 'voyagerpro';

/** Resolves once `check` holds, polling every 20 ms for up to `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe.each(['pglite', 'postgres'] as const)('configuration store on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const actors: Record<string, { userId: number; name: string }> = {};

  beforeAll(async () => {
    if (database.skip) return;
    await seedConfigStore(database.db, readConfigFiles(ROOT).sources);
    for (const key of ['admin', 'agent', 'member'] as const) {
      const email = demoEmail(ORG, key);
      const user = await database.db.selectFrom('users').select('id').where('org_id', '=', ORG).where('email', '=', email).executeTakeFirstOrThrow();
      actors[key] = { userId: user.id, name: email };
    }
  });

  const draftOf = async () => {
    const head = (await headOf(database.db, ORG))!;
    const version = await database.db.selectFrom('config_versions').selectAll().where('id', '=', head.draftId).executeTakeFirstOrThrow();
    return { id: version.id, bundle: bundleOf(version) };
  };
  const withOrg = (bundle: RawBundle, change: (org: OrgConfig) => void): RawBundle => {
    const copy = structuredClone(bundle);
    change(copy.org as OrgConfig);
    return copy;
  };

  it('serves exactly what the files hold, and exports them back byte for byte', async ({ skip }) => {
    if (database.skip) skip(database.skip);
    const { checked } = await loadPublished(database.db);
    const files = loadConfigRegistry(ROOT);
    expect(checked.orgs.map((o) => o.org)).toEqual(files.orgs);
    const exported = await exportFiles(database.db);
    for (const [path, text] of exported) expect(text, path).toBe(readFileSync(join(ROOT, path), 'utf8'));
    expect([...exported.keys()].filter((path) => path.startsWith('org-configs/'))).toEqual([
      'org-configs/viajamas.json',
      'org-configs/voyagerpro.json',
      'org-configs/wanderly.json',
    ]);
    // Seeding again changes nothing, and nor does importing what was exported.
    await seedConfigStore(database.db, readConfigFiles(ROOT).sources);
    expect(await importBundles(database.db, readConfigFiles(ROOT).sources, { userId: null, name: 'config:import' }, 'round trip')).toEqual([]);
    expect(await exportFiles(database.db)).toEqual(exported);
  });

  it('saves a draft on its base; a save from a stale base is refused with the draft it missed, and merges', async ({ skip }) => {
    if (database.skip) skip(database.skip);
    const base = await draftOf();
    const first = await saveDraft(database.db, {
      orgId: ORG,
      baseId: base.id,
      bundle: withOrg(base.bundle, (org) => (org.headerVersion = 'v3')),
      actor: actors.admin!,
      note: 'header',
    });
    expect(first.kind).toBe('saved');
    const mine = withOrg(base.bundle, (org) => (org.name = 'VoyagerPro Travel'));
    const stale = await saveDraft(database.db, { orgId: ORG, baseId: base.id, bundle: mine, actor: actors.admin!, note: 'name' });
    if (stale.kind !== 'stale') throw new Error(stale.kind);
    // The console merges what it missed with its own edit: both survive.
    const merged = mergeJson(base.bundle as unknown as Json, bundleOf(stale.draft) as unknown as Json, mine as unknown as Json);
    expect(merged.clashes).toEqual([]);
    const second = await saveDraft(database.db, { orgId: ORG, baseId: stale.draft.id, bundle: merged.value as unknown as RawBundle, actor: actors.admin!, note: 'name' });
    expect(second.kind).toBe('saved');
    const draft = (await draftOf()).bundle.org as OrgConfig;
    expect([draft.headerVersion, draft.name]).toEqual(['v3', 'VoyagerPro Travel']);
  });

  it('always saves a draft, valid or not, and refuses to publish it while a problem stands', async ({ skip }) => {
    if (database.skip) skip(database.skip);
    const base = await draftOf();
    const broken = withOrg(base.bundle, (org) => (org.locale.defaultLanguage = 'fr-FR'));
    const saved = await saveDraft(database.db, { orgId: ORG, baseId: base.id, bundle: broken, actor: actors.admin!, note: 'broken' });
    if (saved.kind !== 'saved') throw new Error(saved.kind);
    const refused = await publishDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.admin!, note: 'try' });
    if (refused.kind !== 'invalid') throw new Error(refused.kind);
    expect(refused.problems).toContainEqual({ file: 'org-configs/voyagerpro.json', path: 'locale.defaultLanguage', message: 'must be one of locale.languages' });
    const fixed = await saveDraft(database.db, { orgId: ORG, baseId: saved.version.id, bundle: base.bundle, actor: actors.admin!, note: 'fixed' });
    expect(fixed.kind).toBe('saved');
  });

  describe('publishing', () => {
    let second: OpenedDatabase | undefined;
    beforeAll(async () => {
      if (database.skip) return;
      // A second app instance: its own connections (PostgreSQL) listening for publishes.
      second = backend === 'postgres' ? await openDatabase({ databaseUrl: database.url!, poolSize: 2 }) : undefined;
    });
    afterAll(async () => second?.db.destroy());

    it('publishes with a note; another instance serves it at commit; rollback serves the old one again as a new version', async ({ skip }) => {
      if (database.skip) skip(database.skip);
      // On the embedded database, the one process's own database tells its listeners.
      let serving: ConfigRegistry | undefined;
      const live = await serveStoredConfigs(second ?? getOpenedDatabase(), (registry) => (serving = registry));
      const org = () => serving!.orgs.find((o) => o.orgId === ORG)!;
      const before = configVersionOf(org());
      const other = serving!.orgs.find((o) => o.orgId === 'wanderly')!;

      const draft = await draftOf();
      const changed = structuredClone(draft.bundle);
      const home = changed.layouts['home.business'] as { blocks: { id: string }[] };
      home.blocks.reverse();
      (changed.org as OrgConfig).headerVersion = 'v2';
      (changed.layouts['sign-in.default'] as { blocks: unknown[] }).blocks.reverse();
      const saved = await saveDraft(database.db, { orgId: ORG, baseId: draft.id, bundle: changed, actor: actors.admin!, note: 'new home' });
      if (saved.kind !== 'saved') throw new Error(saved.kind);
      // The sign-in layout all organisations share would differ from theirs: it needs an id of its own.
      expect(await publishDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.admin!, note: 'new home' })).toEqual({
        kind: 'invalid',
        problems: [
          {
            file: 'layouts/sign-in.default.json',
            path: '(root)',
            message: "differs from the layout 'sign-in.default' org-configs/viajamas.json uses: give this organisation's version an id of its own",
          },
        ],
      });
      const own = structuredClone(changed);
      own.layouts['sign-in.voyagerpro'] = { ...(own.layouts['sign-in.default'] as object), id: 'sign-in.voyagerpro' };
      delete own.layouts['sign-in.default'];
      (own.org as OrgConfig).pages['sign-in'] = 'sign-in.voyagerpro';
      const ownSaved = await saveDraft(database.db, { orgId: ORG, baseId: saved.version.id, bundle: own, actor: actors.admin!, note: 'own sign-in' });
      if (ownSaved.kind !== 'saved') throw new Error(ownSaved.kind);
      const published = await publishDraft(database.db, { orgId: ORG, versionId: ownSaved.version.id, actor: actors.admin!, note: 'summer home page' });
      expect(published).toMatchObject({ kind: 'published' });
      const took = await eventually(() => configVersionOf(org()) === ownSaved.version.id, 2_000);
      expect(took).toBeLessThan(2_000);
      expect(org().headerVersion).toBe('v2');
      expect(getLayout(org(), 'home').blocks.map((b) => b.id)).toEqual(home.blocks.map((b) => b.id));
      expect(getLayout(org(), 'sign-in').id).toBe('sign-in.voyagerpro');
      // Another organisation's publish leaves this one's object (and what is kept per object) as it was.
      expect(serving!.orgs.find((o) => o.orgId === 'wanderly')).toBe(other);

      const rolledBack = await rollbackTo(database.db, { orgId: ORG, versionId: before!, actor: actors.admin!, note: '' });
      if (rolledBack.kind !== 'rolled-back') throw new Error(rolledBack.kind);
      await eventually(() => configVersionOf(org()) === rolledBack.version.id, 2_000);
      expect(getLayout(org(), 'sign-in').id).toBe('sign-in.default');
      expect(rolledBack.version.content).toBe((await database.db.selectFrom('config_versions').select('content').where('id', '=', before!).executeTakeFirstOrThrow()).content);
      const history = await historyOf(database.db, ORG);
      expect(history[0]).toMatchObject({ id: rolledBack.version.id, parent_id: ownSaved.version.id, note: `rollback to version ${before}` });
      expect(history.some((v) => v.id === ownSaved.version.id)).toBe(true);
      await live.stop();
    });

    it('with four eyes: publish waits for another publisher; nobody approves their own version; a new draft needs a new approval', async ({ skip }) => {
      if (database.skip) skip(database.skip);
      await setFourEyes(database.db, { orgId: ORG, on: true, actor: actors.admin! });
      const draft = await draftOf();
      const saved = await saveDraft(database.db, {
        orgId: ORG,
        baseId: draft.id,
        bundle: withOrg(draft.bundle, (org) => (org.headerVersion = 'v1')),
        actor: actors.admin!,
        note: 'h1',
      });
      if (saved.kind !== 'saved') throw new Error(saved.kind);
      expect(await publishDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.admin!, note: '' })).toEqual({ kind: 'needs-approval' });
      expect(await approveDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.admin! })).toEqual({ kind: 'own-version' });
      expect(await approveDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.agent! })).toEqual({ kind: 'approved' });
      // The approver cannot publish on their own approval either: it must be someone else's.
      expect(await publishDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.agent!, note: '' })).toEqual({ kind: 'needs-approval' });
      // A change after the approval resets it.
      const changed = await saveDraft(database.db, {
        orgId: ORG,
        baseId: saved.version.id,
        bundle: withOrg(draft.bundle, (org) => (org.headerVersion = 'v2')),
        actor: actors.admin!,
        note: 'h2',
      });
      if (changed.kind !== 'saved') throw new Error(changed.kind);
      expect(await publishDraft(database.db, { orgId: ORG, versionId: changed.version.id, actor: actors.admin!, note: '' })).toEqual({ kind: 'needs-approval' });
      expect(await publishDraft(database.db, { orgId: ORG, versionId: saved.version.id, actor: actors.admin!, note: '' })).toEqual({ kind: 'stale', draftId: changed.version.id });
      await approveDraft(database.db, { orgId: ORG, versionId: changed.version.id, actor: actors.member! });
      expect((await publishDraft(database.db, { orgId: ORG, versionId: changed.version.id, actor: actors.admin!, note: 'four eyes' })).kind).toBe('published');
      const entry = await database.db
        .selectFrom('config_audit')
        .selectAll()
        .where('org_id', '=', ORG)
        .where('action', '=', 'publish')
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.detail)).toMatchObject({ approvedBy: [actors.member!.name] });
      await setFourEyes(database.db, { orgId: ORG, on: false, actor: actors.admin! });
    });
  });

  it('keeps an append-only, hash-chained audit log that a hand edit breaks', async ({ skip }) => {
    if (database.skip) skip(database.skip);
    expect(await verifyAudit(database.db)).toEqual([]);
    await expect(sql`update config_audit set note = 'edited' where seq = 2`.execute(database.db)).rejects.toThrow(/append-only/);
    // Someone with the rights to switch the guard off edits a row: the chain shows it.
    await sql`alter table config_audit disable trigger config_audit_append_only`.execute(database.db);
    const row = await database.db.selectFrom('config_audit').select(['seq', 'org_id']).where('org_id', '=', ORG).orderBy('seq').offset(1).executeTakeFirstOrThrow();
    await sql`update config_audit set note = 'edited by hand' where seq = ${row.seq}`.execute(database.db);
    expect(await verifyAudit(database.db)).toEqual([`${ORG}: entry ${row.seq} was changed after it was written`]);
    await sql`alter table config_audit enable trigger config_audit_append_only`.execute(database.db);
  });
});
