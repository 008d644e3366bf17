// The cluster in a box's own processes (issue 38): a private PostgreSQL cluster and PgBouncer in
// front of it, each in a temporary folder, on ports of their own, never the shared PostgreSQL.
// Both refuse to run as root, so as root they run as the `postgres` account Debian's packages make.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** `command` as the postgres account when we are root (initdb, postgres and pgbouncer refuse root). */
function asServiceUser(command: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** A folder the service account owns. */
function serviceFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    chownSync(folder, uid!, gid!);
  }
  return folder;
}

/** Debian's newest PostgreSQL server programs (PG_BIN_DIR names others). */
export function postgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL server programs under /usr/lib/postgresql: install Debian’s postgresql package');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** Resolves once `url` answers a query; throws after `timeoutMs`. */
export async function waitForPostgres(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${(error as Error).message}`);
      await sleep(100);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

export type PrivatePostgres = {
  /** The `travel` database, directly. */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: sessions are cut, as in a crash of the clients' view). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  destroy: () => Promise<void>;
};

/** initdb in a temporary folder, started on a free loopback port, with a `travel` database. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const folder = serviceFolder('tp-cluster-pg-');
  const dataDir = path.join(folder, 'data');
  const port = await freeLoopbackPort();
  // Not execFileSync: a drill's load (in the same process) keeps running while pg_ctl waits.
  const run = async (program: string, args: string[]) => {
    const [command, all] = asServiceUser(path.join(bin, program), args);
    await promisify(execFile)(command, all);
  };
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // A throwaway cluster: durability off, room for three instances' pools and their LISTENs.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', path.join(folder, 'server.log'), '-o', options, '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await start();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitForPostgres(admin);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('create database travel');
  await client.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/travel`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type PgBouncer = {
  /** The `travel` database through PgBouncer (transaction pooling). */
  url: string;
  port: number;
  /** Kills PgBouncer (every client connection drops) and starts it again on the same port. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Debian's PgBouncer in transaction mode in front of `postgres`, on a free loopback port. */
export async function startPgBouncer(postgres: { port: number }, poolSize = 40): Promise<PgBouncer> {
  const folder = serviceFolder('tp-cluster-pgbouncer-');
  const port = await freeLoopbackPort();
  writeFileSync(path.join(folder, 'users.txt'), '"postgres" ""\n');
  const ini = path.join(folder, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${postgres.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(folder, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${poolSize}`,
      'server_reset_query =',
      // After the database was down, try it again within a second, not the default 15.
      'server_login_retry = 1',
      `logfile = ${path.join(folder, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', folder]);
  const url = `postgres://postgres@127.0.0.1:${port}/travel`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const [command, args] = asServiceUser('pgbouncer', [ini]);
    child = spawn(command, args, { stdio: 'ignore', detached: true });
    await waitForPostgres(url, 10_000);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid!, 'SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    port,
    restart: async () => {
      await stop();
      await start();
    },
    stop: async () => {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
