/**
 * The configuration service's two goals (issue 36 acceptance 8):
 *   validation in the editor: p95 ≤ 30 ms for the largest organisation's config, through the
 *     one validator as the console calls it (the others' published configs beside it);
 *   publish to served across two instances: p99 ≤ 2 s, from a publish's commit to the moment a
 *     second instance (its own pool and LISTEN connection on the same PostgreSQL) serves it.
 *
 *   npm run bench:config [publishes=50]
 *
 * Needs PostgreSQL (DATABASE_URL_TEST, else the local one CI has); makes and drops a scratch
 * database. Prints figures and their ratio to the goal; a benchmark is not a test.
 */
import { performance } from 'node:perf_hooks';
import type { OrgConfig } from '#schemas/org-config.schema';
import { checkBundles, readConfigFiles } from '~/services/config/config-check.server';
import { type ConfigRegistry, configVersionOf } from '~/services/config/config.server';
import { serveStoredConfigs } from '~/services/config/config-live.server';
import { bundleOf, headOf, publishDraft, saveDraft, seedConfigStore } from '~/services/config/config-store.server';
import { openDatabase } from '~/services/platform/db.server';
import { migrateToLatest } from '~/services/platform/migrations.server';
import { syncLanguagesAndCurrencies } from '~/services/seed/seed.server';
import { createScratchDatabase } from '../test/support/postgres';

const publishes = Number(process.argv[2] ?? 50);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

const files = readConfigFiles(process.cwd());
const largest = [...files.sources].sort((a, b) => JSON.stringify(b.bundle).length - JSON.stringify(a.bundle).length)[0]!;
const validation: number[] = [];
for (let i = 0; i < 220; i += 1) {
  const edited = structuredClone(largest.bundle);
  (edited.org as OrgConfig).name = `Edit ${i}`;
  const started = performance.now();
  checkBundles([...files.sources.filter((s) => s !== largest), { file: largest.file, bundle: edited }]);
  if (i >= 20) validation.push(performance.now() - started);
}
const p95 = percentile(validation, 95);
console.log(
  `validation of ${largest.file} (${JSON.stringify(largest.bundle).length} bytes): p50 ${percentile(validation, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; goal 30 ms: ${(p95 / 30).toFixed(3)} of it`,
);

const scratch = await createScratchDatabase('tp_bench_config');
const writer = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
const reader = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
try {
  await migrateToLatest(writer.db);
  await syncLanguagesAndCurrencies(writer.db);
  await seedConfigStore(writer.db, files.sources);
  let serving: ConfigRegistry | undefined;
  const live = await serveStoredConfigs(reader, (registry) => (serving = registry));
  const orgId = (largest.bundle.org as OrgConfig).orgId;
  const latencies: number[] = [];
  for (let i = 0; i < publishes; i += 1) {
    const head = (await headOf(writer.db, orgId))!;
    const draft = await writer.db.selectFrom('config_versions').select('content').where('id', '=', head.draftId).executeTakeFirstOrThrow();
    const bundle = bundleOf(draft);
    (bundle.org as OrgConfig).name = `Published ${i}`;
    const saved = await saveDraft(writer.db, { orgId, baseId: head.draftId, bundle, actor: { userId: null, name: 'bench' }, note: `bench ${i}` });
    if (saved.kind !== 'saved') throw new Error(saved.kind);
    const started = performance.now();
    const published = await publishDraft(writer.db, { orgId, versionId: saved.version.id, actor: { userId: null, name: 'bench' }, note: `bench ${i}` });
    if (published.kind !== 'published') throw new Error(published.kind);
    while (configVersionOf(serving!.orgs.find((o) => o.orgId === orgId)!) !== saved.version.id) await new Promise((resolve) => setImmediate(resolve));
    latencies.push(performance.now() - started);
  }
  await live.stop();
  const p99 = percentile(latencies, 99);
  console.log(
    `publish → served on a second instance (${publishes} publishes): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; goal 2000 ms: ${(p99 / 2000).toFixed(4)} of it`,
  );
} finally {
  await writer.db.destroy();
  await reader.db.destroy();
  await scratch.drop();
}
