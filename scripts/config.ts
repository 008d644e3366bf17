// The configuration store from the command line (docs/decisions/0063), on the database the server
// uses (DATABASE_URL, else the embedded one under DATA_DIR: stop the server first, it holds it):
//   npm run config:export -- [dir]   the published configurations as files (default config-export/)
//   npm run config:import -- [dir]   the files' configurations published, checked first (default .)
//   npm run audit:verify             checks the audit log's hash chain
// Like a start, each first seeds the store from the files under CONFIG_DIR (default .) where it is empty.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { verifyAudit } from '~/services/config/config-audit.server';
import { ConfigError, checkConfigFiles } from '~/services/config/config-check.server';
import { exportFiles, importBundles, seedConfigStore } from '~/services/config/config-store.server';
import { openDatabase } from '~/services/platform/db.server';
import { parseEnv } from '~/services/platform/env.server';
import { migrateToLatest } from '~/services/platform/migrations.server';
import { syncLanguagesAndCurrencies } from '~/services/seed/seed.server';

const [command, target] = process.argv.slice(2);
const env = parseEnv();

function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The files under `dir`, checked by the one validator: a problem refuses the whole command. */
function readChecked(dir: string) {
  const files = checkConfigFiles(dir);
  if (files.problems.length > 0) throw new ConfigError(files.problems);
  return files;
}

if (!['export', 'import', 'audit-verify'].includes(command ?? '')) refuse('usage: scripts/config.ts export [dir] | import [dir] | audit-verify');
let seed;
try {
  seed = readChecked(resolve(process.env.CONFIG_DIR || '.'));
} catch (error) {
  refuse((error as Error).message);
}
const { db } = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  await migrateToLatest(db);
  await syncLanguagesAndCurrencies(db);
  await seedConfigStore(db, seed.sources);
  if (command === 'export') {
    const dir = resolve(target ?? 'config-export');
    const files = await exportFiles(db);
    // The folders hold exactly the export: a file it does not write is an older export's.
    for (const folder of ['org-configs', 'layouts']) {
      mkdirSync(join(dir, folder), { recursive: true });
      for (const name of readdirSync(join(dir, folder))) if (name.endsWith('.json') && !files.has(`${folder}/${name}`)) rmSync(join(dir, folder, name));
    }
    for (const [path, text] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    console.log(`Exported ${files.size} files to ${dir}.`);
  } else if (command === 'import') {
    const dir = resolve(target ?? '.');
    const files = readChecked(dir);
    for (const { id } of files.loose) console.warn(`layouts/${id}.json: no organisation uses it; not imported`);
    const changed = await importBundles(db, files.sources, { userId: null, name: 'config:import' }, `imported from ${dir}`);
    console.log(changed.length === 0 ? 'Nothing to import: every organisation already publishes these files.' : `Published: ${changed.join(', ')}.`);
  } else {
    const problems = await verifyAudit(db);
    for (const problem of problems) console.log(problem);
    if (problems.length > 0) {
      process.stderr.write(`The configuration audit log does not verify: ${problems.length} problem(s).\n`);
      process.exitCode = 1;
    } else console.log('The configuration audit log verifies.');
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
