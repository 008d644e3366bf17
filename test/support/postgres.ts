import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests use: DATABASE_URL_TEST, else the local one CI always has. */
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates a database for one test run, empty or as a copy of `template`, and returns its URL and
 * a drop function.
 */
export async function createScratchDatabase(prefix = 'tp_test', template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${admin.escapeIdentifier(template)}` : `create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** On CI PostgreSQL must be there; locally, tests on it are skipped when it is down. */
export async function postgresOrSkipReason(): Promise<string | null> {
  if (await isPostgresReachable()) return null;
  if (process.env.CI) throw new Error(`PostgreSQL is required on CI and is not reachable at ${POSTGRES_ADMIN_URL}`);
  return 'PostgreSQL not reachable';
}
