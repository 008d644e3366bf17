import { loadConfigRegistry } from '~/services/config.server';
import { type OpenedDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { migrateToLatest } from '~/services/migrations.server';
import { seedDemoData } from '~/services/seed.server';
import { createScratchDatabase } from './postgres';

export type Backend = 'pglite' | 'postgres';

/**
 * A migrated, seeded database of the given kind, installed as the process-wide handle
 * (services call getDb()). PostgreSQL gets a scratch database dropped by `close`.
 */
export async function openSeededDatabase(backend: Backend): Promise<OpenedDatabase & { close: () => Promise<void> }> {
  const scratch = backend === 'postgres' ? await createScratchDatabase() : undefined;
  const opened = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 5 } : { dataDir: 'memory://' });
  await migrateToLatest(opened.db);
  await seedDemoData(opened.db, loadConfigRegistry());
  setDatabase(opened);
  return {
    ...opened,
    close: async () => {
      await opened.db.destroy();
      await scratch?.drop();
    },
  };
}
