import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfigRegistry } from '~/services/config/config.server';
import { type DatabaseOptions, openDatabase } from '~/services/platform/db.server';
import { migrateToLatest } from '~/services/platform/migrations.server';
import { seedDemoData } from '~/services/seed/seed.server';
import { createScratchDatabase, isPostgresReachable } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, seeded PGlite database (`DatabaseOptions.copy`). */
    seededPgliteCopy: string;
    /** A migrated, seeded PostgreSQL database to create scratch databases from, or '' without PostgreSQL. */
    seededPostgresTemplate: string;
  }
}

async function seeded(options: DatabaseOptions) {
  const opened = await openDatabase(options);
  await migrateToLatest(opened.db);
  await seedDemoData(opened.db, loadConfigRegistry());
  return opened;
}

/**
 * Builds the seeded database once per run, for every unit and integration file that asks for
 * one (test/support/databases.ts): a PGlite copy on disk and a PostgreSQL template database.
 * Each file then loads or clones it instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tp-seeded-'));
  const copyFile = path.join(folder, 'pglite.tar');
  const template = (await isPostgresReachable()) ? await createScratchDatabase('tp_seeded') : undefined;
  const [pglite, postgres] = await Promise.all([seeded({ dataDir: 'memory://' }), template ? seeded({ databaseUrl: template.url, poolSize: 2 }) : undefined]);
  writeFileSync(copyFile, Buffer.from(await (await pglite.saveCopy!()).arrayBuffer()));
  await pglite.db.destroy();
  // A template takes no connections while it is copied.
  await postgres?.db.destroy();
  project.provide('seededPgliteCopy', copyFile);
  project.provide('seededPostgresTemplate', template ? new URL(template.url).pathname.slice(1) : '');
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await template?.drop();
  };
}
