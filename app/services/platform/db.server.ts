import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { type DatabaseConnection, type Driver, Kysely, PGliteDialect, PostgresDialect, type PostgresDialectConfig, type TransactionSettings, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './db-schema';
import { singleton } from '~/utils/singleton.server';
import { PipelinedPGliteDriver } from './pglite-driver.server';
import { clearReferenceCache } from '../catalog/reference-cache.server';

export type Database = Kysely<DB>;

const DATE_OID = 1082;
const INT8_OID = 20;

/**
 * PGlite is a single connection, and its driver (pglite-driver.server.ts) hands that one
 * connection to every caller at once, so a query issued while another request holds a
 * transaction would run inside it. This driver queues callers so each one owns the connection
 * until it releases it, which is what a pool of size 1 would do.
 */
class SerialDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

class SerialPGliteDialect extends PGliteDialect {
  constructor(private readonly pglite: PGlite) {
    super({ pglite });
  }
  override createDriver(): Driver {
    return new SerialDriver(new PipelinedPGliteDriver(this.pglite));
  }
}

/** Ends the LISTEN connections with the pool, so `db.destroy()` leaves nothing open. */
class ListeningPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly listeners: Set<Unlisten>,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      await Promise.all([...this.listeners].map((unlisten) => unlisten()));
      await destroy();
    };
    return driver;
  }
}

/** Waits before listening again after the LISTEN connection dropped. */
const RELISTEN_MS = 1_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to others),
 * and again after a drop, then calling `onGap`: what was notified meanwhile is lost.
 */
async function listenOnPostgres(connectionString: string, channel: string, onNotify: (payload: string) => void, onGap: () => void): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    // A drop also ends the connection: the 'end' handler below listens again.
    next.on('error', () => {});
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await next.end().catch(() => {}));
    client = next;
    next.once('end', () => {
      client = undefined;
      if (!stopped) retry = setTimeout(again, RELISTEN_MS);
    });
  };
  const again = () =>
    connect().then(onGap, () => {
      if (!stopped) retry = setTimeout(again, RELISTEN_MS);
    });
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where LISTEN connects when `databaseUrl` is a pooler in transaction mode (a direct connection); `databaseUrl` otherwise. */
  listenUrl?: string;
  /** PGlite data folder, or `memory://` for a throwaway database. */
  dataDir?: string;
  /** PGlite only: a copy saved by `saveCopy`, loaded into an empty `dataDir` instead of a new cluster. */
  copy?: Blob;
  poolSize?: number;
};

/** Stops a `listen`. */
export type Unlisten = () => Promise<void>;

export type OpenedDatabase = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel`, from any connection or
   * instance, once its transaction commits. `onGap` is called when notifications may have been
   * missed (PostgreSQL: the LISTEN connection dropped and came back). Ends with `db.destroy()`.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onGap: () => void) => Promise<Unlisten>;
  /**
   * Runs `work` while no other process runs its own on this database: instances started at the
   * same moment migrate and seed one after the other, so the later ones find it done (issue 38).
   * PostgreSQL: a transaction-scoped advisory lock, held by a transaction of its own for the
   * work's length (no session state, so it holds through PgBouncer in transaction mode); `work`
   * uses the pool's other connections. PGlite: one process owns the data folder; it just runs.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /** PostgreSQL: the pool's connections now (open, idle, and requests waiting for one), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PGlite only: the whole database as one uncompressed archive, for `DatabaseOptions.copy`.
   * Opening a copy skips creating the cluster, the migrations and the seed (the test suites open
   * a hundred seeded databases; each costs seconds to build and a fraction of that to load).
   */
  saveCopy?: () => Promise<Blob>;
};

/** Opens a database handle. `date` and `int8` values come back the same on both engines. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === DATE_OID) return (value: string) => value;
          if (oid === INT8_OID) return (value: string) => Number(value);
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    // A dropped connection must not crash the process; the next query reconnects. The pool
    // listens to its idle connections only: one dropped while checked out (between a
    // transaction's queries, as when the database restarts) raised an unhandled 'error' and
    // killed the process (node-postgres #1707). Its query fails, and the pool discards it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const listeners = new Set<Unlisten>();
    const listenUrl = options.listenUrl ?? options.databaseUrl;
    return {
      db: new Kysely<DB>({ dialect: new ListeningPostgresDialect({ pool }, listeners) }),
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      exclusively: async (work) => {
        const holder = await pool.connect();
        try {
          await holder.query('begin');
          await holder.query(`select pg_advisory_xact_lock(hashtext('travel-platform:boot'))`);
          try {
            return await work();
          } finally {
            await holder.query('commit').catch(() => undefined);
          }
        } finally {
          holder.release();
        }
      },
      listen: async (channel, onNotify, onGap) => {
        const unlisten = await listenOnPostgres(listenUrl, channel, onNotify, onGap);
        const stop = async () => {
          listeners.delete(stop);
          await unlisten();
        };
        listeners.add(stop);
        return stop;
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // btree_gist backs the exclusion constraint that makes double-selling a unit impossible.
  const pglite = await PGlite.create(dataDir, {
    extensions: { btree_gist },
    parsers: { [DATE_OID]: (value: string) => value },
    ...(options.copy ? { loadDataDir: options.copy } : {}),
  });
  // This process keeps rows in memory until the database notifies a change (decision 0042); for
  // the connection's whole life: PGlite has only this one.
  await pglite.exec(`set app.change_notices = 'on'`);
  const db = new Kysely<DB>({ dialect: new SerialPGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    exclusively: (work) => work(),
    // The one connection notifies itself (on commit). LISTEN goes through the serial queue so it
    // never lands inside another caller's open transaction, which a rollback would undo.
    listen: async (channel, onNotify) => {
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onNotify));
      return () =>
        db
          .connection()
          .execute(() => unlisten())
          .catch(() => {});
    },
    saveCopy: () => db.connection().execute(() => pglite.dumpDataDir('none')),
  };
}

/** Answers within `timeoutMs` whether the database takes a query. */
export async function isDatabaseHealthy(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const holder = singleton('db', () => ({ current: undefined as OpenedDatabase | undefined }));

/** Installs the process-wide handle (done once by the server at boot, or by a test). */
export function setDatabase(opened: OpenedDatabase): void {
  holder.current = opened;
  // Reference data read from the previous database must not answer for this one.
  clearReferenceCache();
}

/** The process-wide database as opened (its kind, its `listen`). */
export function getOpenedDatabase(): OpenedDatabase {
  if (!holder.current) throw new Error('Database not initialised: the server sets it at boot.');
  return holder.current;
}

/** The process-wide handle used by loaders, actions and services. */
export function getDb(): Database {
  return getOpenedDatabase().db;
}

/** A Postgres error of SQLSTATE `code` (on `constraint`, when named), on either backend. */
export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== code) return false;
  if (constraint === undefined) return true;
  // PGlite names the constraint only in the message.
  return ('constraint' in error && error.constraint === constraint) || ('message' in error && String(error.message).includes(constraint));
}

/** A unique violation (of `constraint`, when named): someone else wrote the row first. */
export const isUniqueViolation = (error: unknown, constraint?: string) => isPgError(error, '23505', constraint);
