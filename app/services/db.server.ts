import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type TransactionSettings,
  sql,
} from 'kysely';
import pg from 'pg';
import type { DB } from './db-schema';
import { singleton } from '~/utils/singleton.server';
import { clearReferenceCache } from './reference-cache.server';

export type Database = Kysely<DB>;

const DATE_OID = 1082;
const INT8_OID = 20;

/**
 * PGlite is a single connection. Kysely's PGlite driver hands that one connection to every
 * caller at once, so a query issued while another request holds a transaction would run
 * inside it. This driver queues callers so each one owns the connection until it releases it,
 * which is what a pool of size 1 would do.
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
  override createDriver(): Driver {
    return new SerialDriver(super.createDriver());
  }
}

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or `memory://` for a throwaway database. */
  dataDir?: string;
  poolSize?: number;
};

export type OpenedDatabase = { db: Database; kind: 'pglite' | 'postgres' };

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
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // btree_gist backs the exclusion constraint that makes double-selling a unit impossible.
  const pglite = await PGlite.create(dataDir, { extensions: { btree_gist }, parsers: { [DATE_OID]: (value: string) => value } });
  return { db: new Kysely<DB>({ dialect: new SerialPGliteDialect({ pglite }) }), kind: 'pglite' };
}

/** Answers within `timeoutMs` whether the database takes a query. */
export async function isDatabaseHealthy(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
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

/** The process-wide handle used by loaders, actions and services. */
export function getDb(): Database {
  if (!holder.current) throw new Error('Database not initialised: the server sets it at boot.');
  return holder.current.db;
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
