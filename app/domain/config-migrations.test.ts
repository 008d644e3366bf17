import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFiles } from '~/services/config/config-check.server';
import { CONFIG_SCHEMA_VERSION, type RawBundle } from './config-bundle';
import { CONFIG_MIGRATIONS, UnknownSchemaVersionError, migrateBundle } from './config-migrations';

const root = join(__dirname, '..', '..');
const fixture = (name: string) => JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'config-history', name), 'utf8')) as RawBundle;
const current = (orgId: string) => readConfigFiles(root).sources.find((s) => s.file === `org-configs/${orgId}.json`)!.bundle;

describe('migrateBundle', () => {
  it('has one step per schema version before the current one', () => {
    expect(CONFIG_MIGRATIONS).toHaveLength(CONFIG_SCHEMA_VERSION - 1);
  });

  it("moves wanderly's schema-1 (before decision 0060) and schema-2 (before its ads joined the config) versions to what the files hold today, key order included", () => {
    // The files have since gained their ads; everything else is the same, byte for byte.
    const today = structuredClone(current('wanderly'));
    (today.org as { ads: { items: unknown[] } }).ads.items = [];
    expect(JSON.stringify(migrateBundle(fixture('wanderly.v1.json')))).toBe(JSON.stringify(today));
    expect(JSON.stringify(migrateBundle(fixture('wanderly.v2.json')))).toBe(JSON.stringify(today));
  });

  it('leaves a current bundle as it is', () => {
    const bundle = current('voyagerpro');
    expect(migrateBundle(bundle)).toBe(bundle);
  });

  it('keeps what it does not understand: an unknown block stays in its layout', () => {
    const old = fixture('wanderly.v1.json');
    const home = old.layouts['home.default'] as { blocks: unknown[] };
    home.blocks.push({ id: 'retired', type: 'home.retiredWidget', props: { a: 1 } });
    const migrated = migrateBundle(old).layouts['home.default'] as { blocks: unknown[] };
    expect(migrated.blocks.at(-1)).toEqual({ id: 'retired', type: 'home.retiredWidget', props: { a: 1 } });
  });

  it('refuses a version it does not know, naming it', () => {
    expect(() => migrateBundle({ ...current('wanderly'), schemaVersion: CONFIG_SCHEMA_VERSION + 1 })).toThrow(UnknownSchemaVersionError);
    expect(() => migrateBundle({ ...current('wanderly'), schemaVersion: 0 })).toThrow(/schema version 0/);
  });
});
