import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { getConfigRegistry, productionConfigProblems } from '~/services/config/config.server';
import { ConfigError, checkConfigFiles } from '~/services/config/config-check.server';
import { serveStoredConfigs } from '~/services/config/config-live.server';
import { seedConfigStore } from '~/services/config/config-store.server';
import { openDatabase, setDatabase } from '~/services/platform/db.server';
import { EnvError, parseEnv } from '~/services/platform/env.server';
import { errorFields, log } from '~/services/platform/logger.server';
import { databaseContractProblems, migrateToLatest } from '~/services/platform/migrations.server';
import { findDemoAccounts, seedCatalogue, seedDemoAccounts, syncLanguagesAndCurrencies, syncReferenceData } from '~/services/seed/seed.server';
import { getSessionByToken, sessionVerdicts } from '~/services/identity/session.server';
import { holdExpiryJob } from '~/services/booking/hold-release.server';
import { mailJob } from '~/services/platform/mail.server';
import { renewalJob } from '~/services/membership/membership-renewals.server';
import { abuseCleanupJob } from '~/services/identity/rate-limit.server';
import { fingerprintRetentionJob } from '~/services/fraud/fingerprints.server';
import { fraudDecisionRetentionJob } from '~/services/fraud/screening.server';
import { userEventRetentionJob } from '~/services/fraud/user-events.server';
import { loadIpCountries } from '~/services/site/ip-country.server';
import { oxxoExpiryJob } from '~/services/booking-payments/oxxo-vouchers.server';
import { reconcilerJob } from '~/services/booking-payments/booking-reconcile.server';
import { startJobs } from './jobs';
import { attachGraphqlWs } from './graphql';
import { createExpressApp } from './http';
import { DEMO_NOTICE } from './demo-notice';
import { BraintreeConfigError } from '~/services/payments/gateway.server';
import { startPayments } from './payments';
import { createMetrics } from './metrics';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const production = env.appEnv === 'production';
  // The first line a demo start logs says what it is (demo accounts, /dev/mail, the sandbox).
  if (!production) log.warn(DEMO_NOTICE);
  // The files are the seed of the configuration store: checked first, all their problems named.
  const files = checkConfigFiles(process.env.CONFIG_DIR || process.cwd());
  if (files.problems.length > 0) fail(new ConfigError(files.problems).message);

  const opened = await openDatabase({ databaseUrl: env.databaseUrl, listenUrl: env.databaseListenUrl, dataDir: path.resolve(env.dataDir) });
  if (opened.kind === 'postgres') {
    const missing = await databaseContractProblems(opened.db);
    if (missing.length > 0) fail(`Refusing to start: the database lacks what bookings rely on:\n${missing.map((problem) => `- ${problem}`).join('\n')}`);
  }
  // Migrations and the seed run once however many instances start together: the others wait for
  // the first, then find its work done (two demo servers started at once on an empty database
  // used to seed the same accounts twice, and one crashed).
  const live = await opened.exclusively(async () => {
    await migrateToLatest(opened.db);
    await syncLanguagesAndCurrencies(opened.db);
    await seedConfigStore(opened.db, files.sources);
    let served;
    try {
      served = await serveStoredConfigs(opened);
    } catch (error) {
      if (error instanceof ConfigError) fail(error.message);
      throw error;
    }
    const { registry } = served;
    if (production) {
      const problems = productionConfigProblems(registry);
      if (problems.length > 0) fail(new ConfigError(problems).message);
    }
    await syncReferenceData(opened.db, registry);
    if (production) {
      // Demo accounts share a password README publishes: a production database with one is refused.
      const demo = await findDemoAccounts(opened.db, registry);
      if (demo.length > 0) {
        fail(
          `Refusing to start in production: the database holds demo accounts (${demo.join(', ')}), whose password is public. Delete them, or use a database no demo start has seeded.`,
        );
      }
      if (env.seedOnStart) await seedCatalogue(opened.db);
    } else if (env.seedOnStart) {
      await seedCatalogue(opened.db);
      await seedDemoAccounts(opened.db, registry);
    }
    return served;
  });
  const { registry } = live;
  setDatabase(opened);
  let payments;
  try {
    payments = await startPayments(env.appEnv);
  } catch (error) {
    if (error instanceof BraintreeConfigError) fail(error.message);
    throw error;
  }
  let reconciler;
  try {
    // Checked against the gateway timeout, hence after the payments are configured.
    reconciler = reconcilerJob(env.paymentReconciler);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
  // Read at each scrape, after the websocket server below is attached.
  const metrics = createMetrics({ pool: opened.poolStats, realtime: () => graphql.totals() });
  const app = createExpressApp(build, env, metrics);
  const server = createServer(app);
  const graphql = attachGraphqlWs(server, { appEnv: env.appEnv, registry: getConfigRegistry, findSession: getSessionByToken, sessionVerdicts, onDelivery: metrics.countDelivery });
  loadIpCountries();
  const jobs = startJobs(metrics.observeJob, [
    mailJob,
    holdExpiryJob,
    reconciler,
    oxxoExpiryJob,
    abuseCleanupJob,
    renewalJob,
    fingerprintRetentionJob,
    userEventRetentionJob,
    fraudDecisionRetentionJob,
  ]);

  server.listen(env.port, () => {
    log.info('server listening', { url: `http://localhost:${env.port}`, database: opened.kind, orgs: registry.orgs.length });
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info('shutting down', { signal });
    jobs.stop();
    await live.stop();
    await graphql.close();
    await payments.stop();
    server.close();
    server.closeAllConnections();
    await opened.db.destroy().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  log.error('server failed to start', errorFields(error));
  process.exit(1);
});
