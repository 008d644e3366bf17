// Issue 36 acceptance 6: a history across three schema versions (wanderly as stored before
// decision 0060, before its ads joined the configuration, and today) migrates, validates and
// serves: restoring the oldest version publishes it moved forward. A block type that no longer
// exists is reported where it stands, never dropped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_VERSION, type RawBundle, bundleJson, pointerOfProblem } from '~/domain/config-bundle';
import { migrateBundle } from '~/domain/config-migrations';
import { PAGE_KIND_NAMES } from '~/domain/page-kinds';
import { checkBundles, readConfigFiles } from '~/services/config/config-check.server';
import { getLayout, registryOf } from '~/services/config/config.server';
import { bundleOf, contentHash, headOf, loadPublished, rollbackTo, saveDraft, seedConfigStore } from '~/services/config/config-store.server';
import { useSeededDatabase } from '../support/databases';

const ROOT = join(__dirname, '..', '..');
const fixture = (name: string) => JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'config-history', name), 'utf8')) as RawBundle;
const files = readConfigFiles(ROOT).sources;
const others = files.filter((s) => s.file !== 'org-configs/wanderly.json');
const history = [fixture('wanderly.v1.json'), fixture('wanderly.v2.json'), files.find((s) => s.file === 'org-configs/wanderly.json')!.bundle];

describe('a configuration history across three schema versions', () => {
  it('spans schema versions 1 to today’s', () => {
    expect(history.map((b) => b.schemaVersion)).toEqual([1, 2, CONFIG_SCHEMA_VERSION]);
    expect(CONFIG_SCHEMA_VERSION).toBe(3);
  });

  it('migrates each, validates it beside the other organisations, and lays out every page kind', () => {
    for (const stored of history) {
      const { problems, checked } = checkBundles([...others, { file: 'org-configs/wanderly.json', bundle: migrateBundle(stored) }]);
      expect(problems, `schema ${stored.schemaVersion}`).toEqual([]);
      const org = registryOf(checked!).orgs.find((o) => o.orgId === 'wanderly')!;
      for (const kind of PAGE_KIND_NAMES) expect(getLayout(org, kind).blocks.length, `${kind} of schema ${stored.schemaVersion}`).toBeGreaterThan(0);
    }
  });

  it('reports a block type that no longer exists on its block, and keeps it', () => {
    const old = fixture('wanderly.v2.json');
    const home = old.layouts['home.default'] as { blocks: unknown[] };
    home.blocks.push({ id: 'retired', type: 'home.retiredWidget', props: { a: 1 } });
    const migrated = migrateBundle(old);
    const { problems } = checkBundles([...others, { file: 'org-configs/wanderly.json', bundle: migrated }]);
    const at = `/layouts/home.default/blocks/${home.blocks.length - 1}`;
    expect(problems.map((p) => pointerOfProblem(p.file, p.path)).some((pointer) => pointer.startsWith(at))).toBe(true);
    expect((migrated.layouts['home.default'] as { blocks: unknown[] }).blocks.at(-1)).toEqual({ id: 'retired', type: 'home.retiredWidget', props: { a: 1 } });
  });

  describe('in the store (PGlite)', () => {
    const database = useSeededDatabase('pglite');
    beforeAll(async () => seedConfigStore(database.db, files));

    it('restoring the schema-1 version publishes it moved forward; a draft with a retired block saves whole', async () => {
      const stored = fixture('wanderly.v1.json');
      const content = bundleJson(stored);
      const head = (await headOf(database.db, 'wanderly'))!;
      const old = await database.db
        .insertInto('config_versions')
        .values({ org_id: 'wanderly', parent_id: null, schema_version: 1, content, content_hash: contentHash(content), author: 'history', note: 'as stored in 2026' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const restored = await rollbackTo(database.db, { orgId: 'wanderly', versionId: old.id, actor: { userId: null, name: 'test' }, note: '' });
      if (restored.kind !== 'rolled-back') throw new Error(restored.kind);
      expect(restored.version.schema_version).toBe(CONFIG_SCHEMA_VERSION);
      expect(bundleOf(restored.version)).toEqual(migrateBundle(stored));
      const { versions } = await loadPublished(database.db);
      expect(versions.get('wanderly')).toBe(restored.version.id);

      const withRetired = structuredClone(bundleOf(restored.version));
      (withRetired.layouts['home.default'] as { blocks: unknown[] }).blocks.push({ id: 'retired', type: 'home.retiredWidget' });
      const saved = await saveDraft(database.db, { orgId: 'wanderly', baseId: restored.version.id, bundle: withRetired, actor: { userId: null, name: 'test' }, note: 'keeps it' });
      if (saved.kind !== 'saved') throw new Error(saved.kind);
      expect((bundleOf(saved.version).layouts['home.default'] as { blocks: { id: string }[] }).blocks.at(-1)!.id).toBe('retired');
      expect(head.publishedId).not.toBe(restored.version.id);
    });
  });
});
