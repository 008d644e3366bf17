import { loadConfigRegistry } from '~/services/config/config.server';
import { openDatabase } from '~/services/platform/db.server';
import { parseEnv } from '~/services/platform/env.server';
import { migrateToLatest } from '~/services/platform/migrations.server';
import { seedDemoData } from '~/services/seed/seed.server';

// `npm run seed`: migrates, then rebuilds the demo accounts and ads from scratch.
const env = parseEnv();
if (env.appEnv === 'production') {
  // Demo accounts share one published password: a production database must never get them.
  process.stderr.write('npm run seed refuses to run in production (APP_ENV, or NODE_ENV without it): it creates the demo accounts, whose password is public.\n');
  process.exit(1);
}
const registry = loadConfigRegistry();
const { db } = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await migrateToLatest(db);
await seedDemoData(db, registry, { reset: true });
await db.destroy();
console.log('Demo data reset.');
