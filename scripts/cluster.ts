// `npm run cluster`: the seeded demo as a cluster in a box (issue 38, README "Deploying"): a
// private PostgreSQL (initdb in a temporary folder), PgBouncer in transaction mode, three app
// instances started at the same moment, and a round-robin HTTP and websocket proxy on PORT
// (3000 unless set). Needs Debian's postgresql and pgbouncer packages. Ctrl-C stops it all and
// removes the database.
import { spawn } from 'node:child_process';
import { startCluster } from '../server/cluster/cluster';
import { freeLoopbackPort } from '../server/cluster/processes';
import { sandboxGatewayEnv, startSandboxGateway } from '../server/sandbox-gateway';

const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 3);

// One sandbox gateway for all instances (each would start its own, and a card entered on a page
// one served could not be paid through another), unless a gateway is configured.
const sandbox = process.env.BRAINTREE_MERCHANT_ID ? undefined : await startSandboxGateway({ port: 4010 }).catch(() => startSandboxGateway({ port: 0 }));
const gatewayEnv: Record<string, string> = sandbox ? sandboxGatewayEnv(sandbox.url) : {};

async function startInstance(env: Record<string, string>) {
  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'server/index.ts'], {
    // As `npm start` runs the demo: React's production build, the app in demo mode.
    env: {
      ...process.env,
      ...gatewayEnv,
      ...env,
      PORT: String(port),
      NODE_ENV: 'production',
      APP_ENV: process.env.APP_ENV || 'development',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on port ${port} exited with ${child.exitCode}`);
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok) break;
    if (Date.now() > deadline) throw new Error(`the instance on port ${port} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const cluster = await startCluster({ instances: INSTANCES, proxyPort: Number(process.env.PORT ?? 3000), startInstance });
console.log(
  [
    `Cluster in a box: ${cluster.proxy.url.replace('127.0.0.1', 'localhost')} (round-robin over ${INSTANCES} instances)`,
    ...cluster.instances.map((instance) => `  instance   http://localhost:${instance.port}`),
    `  PgBouncer  ${cluster.pgbouncer.url} (transaction mode)`,
    `  PostgreSQL ${cluster.postgres.url} (private, removed on exit)`,
    ...(sandbox ? [`  sandbox payment gateway ${sandbox.url}`] : []),
    'Ctrl-C stops it.',
  ].join('\n'),
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster
      .stop()
      .then(() => sandbox?.stop())
      .then(() => process.exit(0));
  });
}
