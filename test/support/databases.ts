import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, type OpenedDatabase, openDatabase, setDatabase } from '~/services/platform/db.server';
import { createScratchDatabase, postgresOrSkipReason } from './postgres';

export type Backend = 'pglite' | 'postgres';

/**
 * A migrated, seeded database of the given kind, installed as the process-wide handle
 * (services call getDb()). PostgreSQL gets a scratch database dropped by `close`.
 */
export async function openSeededDatabase(backend: Backend): Promise<OpenedDatabase & { url?: string; close: () => Promise<void> }> {
  // Copies of the one seeded database the run's setup built (seeded-copies-setup.ts).
  const scratch = backend === 'postgres' ? await createScratchDatabase('tp_test', inject('seededPostgresTemplate')) : undefined;
  const opened = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 5 } : { dataDir: 'memory://', copy: new Blob([readFileSync(inject('seededPgliteCopy'))]) });
  setDatabase(opened);
  return {
    ...opened,
    url: scratch?.url,
    close: async () => {
      await opened.db.destroy();
      await scratch?.drop();
    },
  };
}

/**
 * A seeded database of `backend` for the enclosing describe block: opened before its tests,
 * closed after. On PostgreSQL `skip` says why when no server answers (never on CI).
 */
export function useSeededDatabase(backend: Backend) {
  const state: { opened?: Awaited<ReturnType<typeof openSeededDatabase>>; skip: string | null } = { skip: null };
  beforeAll(async () => {
    if (backend === 'postgres') state.skip = await postgresOrSkipReason();
    if (!state.skip) state.opened = await openSeededDatabase(backend);
  });
  afterAll(async () => state.opened?.close());
  return {
    get db(): Database {
      if (!state.opened) throw new Error('database not open (skipped, or used outside a test)');
      return state.opened.db;
    },
    get skip() {
      return state.skip;
    },
    /** The PostgreSQL URL, so a test can open a second pool: a second app instance. */
    get url() {
      return state.opened?.url;
    },
  };
}
