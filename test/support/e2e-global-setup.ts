import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase, postgresOrSkipReason } from './postgres';
import { type RunningServer, startServer } from './server-process';
import { SANDBOX_CREDENTIALS, sandboxGatewayEnv, startSandboxGateway } from '../../server/sandbox-gateway';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded app on embedded PGlite. */
    baseURL: string;
    /** The same build on PostgreSQL, or '' when PostgreSQL is unavailable locally. */
    pgBaseURL: string;
    /** That server's database, for specs that arrange state no page can (fraud-raised lead times, past bookings). */
    pgDatabaseUrl: string;
    /** The sandbox payment gateway both servers charge through (its control API is under /__sandbox). */
    sandboxURL: string;
    /** Files holding everything each shared server has logged (PGlite first), at LOG_LEVEL info. */
    serverLogFiles: string[];
  }
}

/** One built, seeded server per backend, shared by every e2e spec. */
export default async function setup(project: TestProject) {
  await checkReadmeStartCommand();
  const skipPostgres = await postgresOrSkipReason();
  // Loud, once: a green run without PostgreSQL has not run the payment, membership and booking specs.
  if (skipPostgres) console.warn(`\n*** ${skipPostgres}: every browser spec that needs the PostgreSQL server is SKIPPED (CI never skips them). ***\n`);
  const scratch = skipPostgres ? undefined : await createScratchDatabase('tp_e2e');
  // One gateway for both servers, as one Braintree merchant serves every instance. Specs never
  // reset it (they run in parallel): each finds its own transactions by order id.
  const sandbox = await startSandboxGateway({ port: 0 });
  const env = {
    ...sandboxGatewayEnv(sandbox.url),
    BRAINTREE_MERCHANT_ACCOUNT_ID: SANDBOX_CREDENTIALS.merchantAccountId,
  };
  // Info level, so the log check (no card data in any log line) sees what production logs.
  const logDir = mkdtempSync(path.join(tmpdir(), 'tp-logs-'));
  const logFiles = [path.join(logDir, 'pglite.log'), path.join(logDir, 'postgres.log')];
  const logged = { ...env, LOG_LEVEL: 'info' };
  const servers: RunningServer[] = await Promise.all([
    startServer({ env: logged, logFile: logFiles[0] }),
    ...(scratch ? [startServer({ databaseUrl: scratch.url, env: logged, logFile: logFiles[1] })] : []),
  ]);
  project.provide('baseURL', servers[0]!.url);
  project.provide('pgBaseURL', servers[1]?.url ?? '');
  project.provide('pgDatabaseUrl', scratch?.url ?? '');
  project.provide('sandboxURL', sandbox.url);
  project.provide('serverLogFiles', logFiles.slice(0, servers.length));
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    // After the servers: they log while shutting down, into these files.
    rmSync(logDir, { recursive: true, force: true });
    await sandbox.stop();
    await scratch?.drop();
  };
}

/**
 * README's start command (`npm start`: build, migrate, seed, serve) on an empty data folder
 * must serve the seeded default organisation with nothing else running. It also leaves the
 * build the shared servers use.
 */
async function checkReadmeStartCommand() {
  // SANDBOX_GATEWAY_PORT=0: the in-process sandbox takes any free port rather than 4010.
  const server = await startServer({ command: ['npm', 'start'], env: { NODE_ENV: '', SANDBOX_GATEWAY_PORT: '0' } });
  try {
    const html = await (await fetch(`${server.url}/`)).text();
    if (!html.includes(' · Wanderly Travel</title>')) throw new Error(`npm start did not serve the default organisation:\n${html.slice(0, 500)}`);
    // Its first line (after npm's own) says it is a demo, before the build's output.
    const first = server
      .logs()
      .split('\n')
      .find((line) => line.trim() && !line.startsWith('>') && !line.startsWith('npm '));
    if (!first?.startsWith('DEMO START: ')) throw new Error(`npm start did not say first that it is a demo:\n${server.logs().slice(0, 500)}`);
  } finally {
    await server.stop();
  }
  // A hosting platform's default, `NODE_ENV=production npm start`, is production and never the demo
  // (docs/decisions/0040): on these configs (no https public origins) it refuses to start.
  const production = await startServer({ command: ['npm', 'start'], env: { NODE_ENV: 'production', RATE_LIMIT_SCALE: '1', SANDBOX_GATEWAY_PORT: '0' } }).then(
    async (started) => {
      await started.stop();
      return 'it started';
    },
    (refusal: unknown) => String(refusal),
  );
  if (!production.includes('publicOrigin: required in production') || production.includes('DEMO START')) {
    throw new Error(`NODE_ENV=production npm start did not start in production mode:\n${production.slice(0, 800)}`);
  }
}
