// A client's address is personal data (issue 37: "no raw IP in the database or logs"). What the
// app keeps of one, to count a visitor's sign-in failures, holds, payments and rate-limit hits
// or to name them in a log line, is this keyed hash: the same on every instance (the key lives
// in the database), useless to anyone without the key, and checkable by whoever holds it (a
// reviewer matching a disputed payment to an address computes the same hash).
import { createHmac, randomBytes } from 'node:crypto';
import { type Database, getDb } from './db.server';

/** The key, read once per process and database handle; several instances racing make one. */
const keys = new WeakMap<Database, Promise<string>>();

/** The platform's address key, made on first use (also by the migration that hashed the addresses kept before it). */
export async function readOrMakeKey(db: Pick<Database, 'insertInto' | 'selectFrom'>): Promise<string> {
  await db
    .insertInto('platform_secrets')
    .values({ name: 'address-key', secret: randomBytes(32).toString('base64url') })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  return (await db.selectFrom('platform_secrets').select('secret').where('name', '=', 'address-key').executeTakeFirstOrThrow()).secret;
}

function keyOf(db: Database): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = readOrMakeKey(db);
    keys.set(db, key);
    // A failed read is not kept: the next call tries again.
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** What is kept of a client address under `key`: `a:` and 22 characters (132 bits) of its HMAC. */
export const addressKeyWith = (key: string, address: string) => `a:${createHmac('sha256', key).update(address).digest('base64url').slice(0, 22)}`;

/** What is kept of a client address. */
export async function addressKeyOf(address: string, db: Database = getDb()): Promise<string> {
  return addressKeyWith(await keyOf(db), address);
}
