// A cluster in a box (issue 38): a private PostgreSQL, PgBouncer in transaction mode in front of
// it, N app instances started at the same moment on the empty database (one migrates and seeds,
// the others wait for it: OpenedDatabase.exclusively), and a round-robin proxy before them.
// `npm run cluster` (scripts/cluster.ts) and test/e2e/cluster.spec.ts start it.
import { type PgBouncer, type PrivatePostgres, startPgBouncer, startPrivatePostgres } from './processes';
import { type RoundRobinProxy, startRoundRobinProxy } from './proxy';

export type ClusterInstance = { port: number; stop: () => Promise<void> };

export type Cluster = {
  postgres: PrivatePostgres;
  pgbouncer: PgBouncer;
  instances: ClusterInstance[];
  proxy: RoundRobinProxy;
  stop: () => Promise<void>;
};

/**
 * What an instance of the cluster needs in its environment besides its port: its queries through
 * PgBouncer, its LISTEN directly (a pooler in transaction mode cannot keep a session's LISTEN),
 * and the proxy's word for who the visitor is.
 */
export function instanceEnv(postgres: PrivatePostgres, pgbouncer: PgBouncer): Record<string, string> {
  return { DATABASE_URL: pgbouncer.url, DATABASE_LISTEN_URL: postgres.url, TRUST_PROXY: 'loopback' };
}

export async function startCluster(options: { instances: number; proxyPort?: number; startInstance: (env: Record<string, string>) => Promise<ClusterInstance> }): Promise<Cluster> {
  const postgres = await startPrivatePostgres();
  let pgbouncer: PgBouncer | undefined;
  const instances: ClusterInstance[] = [];
  try {
    pgbouncer = await startPgBouncer(postgres);
    const env = instanceEnv(postgres, pgbouncer);
    const started = await Promise.allSettled(Array.from({ length: options.instances }, () => options.startInstance(env)));
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const proxy = await startRoundRobinProxy(
      instances.map((instance) => ({ host: '127.0.0.1', port: instance.port })),
      options.proxyPort,
    );
    const running = { postgres, pgbouncer, instances, proxy };
    return { ...running, stop: () => stopAll(running) };
  } catch (error) {
    await stopAll({ postgres, pgbouncer, instances });
    throw error;
  }
}

async function stopAll(parts: { postgres: PrivatePostgres; pgbouncer?: PgBouncer; instances: ClusterInstance[]; proxy?: RoundRobinProxy }) {
  await parts.proxy?.stop();
  await Promise.all(parts.instances.map((instance) => instance.stop()));
  await parts.pgbouncer?.stop();
  await parts.postgres.destroy();
}
