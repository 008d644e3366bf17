// The embedded database's driver (app/services/platform/pglite-driver.server.ts, decision 0044): each
// statement prepared once and run as one message. What callers see must be what PGlite's own
// `query` gave: the same values both ways, the same errors, transactions and notices.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, isPgError, isUniqueViolation, openDatabase } from '~/services/platform/db.server';

let opened: OpenedDatabase;
const db = () => opened.db;

beforeAll(async () => {
  opened = await openDatabase({ dataDir: 'memory://' });
  await sql`create table kinds (id serial primary key, token text unique, doc jsonb, day date, at timestamptz, big int8, flag boolean, tags text[], amount numeric)`.execute(db());
});
afterAll(async () => {
  await opened?.db.destroy();
});

describe('the embedded database driver', () => {
  it('writes and reads every kind of value as PGlite does, by the parameters’ types, run after run', async () => {
    const at = new Date('2026-11-25T10:30:00.123Z');
    for (const token of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      await sql`insert into kinds (token, doc, day, at, big, flag, tags, amount) values (${token}, ${JSON.stringify({ nested: [1, 'two'], token })}, ${'2026-12-01'}, ${at}, ${'9007199254740993'}, ${true}, ${['x', 'y,z']}, ${'12.50'})`.execute(
        db(),
      );
    }
    // The same statement seven times: prepared once, and Postgres moves to its generic plan after five.
    for (const token of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      const { rows } = await sql<Record<string, unknown>>`select token, doc, day, at, big, flag, tags, amount from kinds where token = ${token}`.execute(db());
      expect(rows).toEqual([{ token, doc: { nested: [1, 'two'], token }, day: '2026-12-01', at, big: 9007199254740993n, flag: true, tags: ['x', 'y,z'], amount: '12.50' }]);
    }
    const nulls = await sql<{ doc: unknown; flag: unknown }>`select ${null}::jsonb as doc, ${undefined}::boolean as flag`.execute(db());
    expect(nulls.rows).toEqual([{ doc: null, flag: null }]);
    // Prepared once: one statement for the seven runs of that text, not seven.
    const prepared = await sql<{ count: string }>`select count(*) from pg_prepared_statements where statement like ${'select token, doc, day%'}`.execute(db());
    expect(Number(prepared.rows[0]!.count)).toBe(1);
    const updated = await db()
      .updateTable('kinds' as never)
      .set({ flag: false } as never)
      .where('token' as never, 'in', ['a', 'b'] as never)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it('throws the database’s errors with their code and constraint, and goes on after them', async () => {
    const duplicate = await sql`insert into kinds (token) values (${'a'})`.execute(db()).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, 'kinds_token_key')).toBe(true);
    const syntax = await sql`selec ${1}`.execute(db()).catch((error: unknown) => error);
    expect(isPgError(syntax, '42601')).toBe(true);
    expect((await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db())).rows).toEqual([{ n: 42 }]);
  });

  it('prepares a statement again when its table changed shape since, in a transaction too', async () => {
    const read = (executor: Parameters<ReturnType<typeof sql>['execute']>[0]) => sql<Record<string, unknown>>`select * from kinds where token = ${'a'}`.execute(executor);
    expect(Object.keys((await read(db())).rows[0]!)).not.toContain('note');
    await sql`alter table kinds add column note text default 'new'`.execute(db());
    expect((await read(db())).rows[0]).toMatchObject({ token: 'a', note: 'new' });
    // A migration's way: the table changes inside the transaction that reads it.
    await db()
      .transaction()
      .execute(async (trx) => {
        expect(Object.keys((await read(trx)).rows[0]!)).not.toContain('memo');
        await sql`alter table kinds add column memo text default 'later'`.execute(trx);
        expect((await read(trx)).rows[0]).toMatchObject({ token: 'a', note: 'new', memo: 'later' });
      });
    // A statement deallocated by hand is prepared again.
    await sql`deallocate all`.execute(db());
    expect((await read(db())).rows[0]).toMatchObject({ token: 'a' });
  });

  it('answers the queries a transaction starts together each with its own rows, the statement prepared once', async () => {
    const counts = await db()
      .transaction()
      .execute((trx) => Promise.all(['x1', 'x2', 'x3', 'x4'].map((token, index) => sql<{ n: number }>`select ${token}::text as token, ${index}::int + 100 as n`.execute(trx))));
    expect(counts.map((result) => result.rows[0])).toEqual([
      { token: 'x1', n: 100 },
      { token: 'x2', n: 101 },
      { token: 'x3', n: 102 },
      { token: 'x4', n: 103 },
    ]);
    const prepared = await sql<{ count: string }>`select count(*) from pg_prepared_statements where statement like ${'select $1::text as token%'}`.execute(db());
    expect(Number(prepared.rows[0]!.count)).toBe(1);
  });

  it('commits, rolls back, and refuses to commit a transaction an error aborted', async () => {
    await db()
      .transaction()
      .execute((trx) => sql`insert into kinds (token) values (${'committed'})`.execute(trx));
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`insert into kinds (token) values (${'rolled-back'})`.execute(trx);
          throw new Error('changed my mind');
        }),
    ).rejects.toThrow('changed my mind');
    const aborted = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`insert into kinds (token) values (${'aborted'})`.execute(trx);
        // Caught, but Postgres has aborted the transaction: committing it must not look like success.
        await sql`insert into kinds (token) values (${'a'})`.execute(trx).catch(() => null);
      })
      .catch((error: unknown) => error);
    expect(isPgError(aborted, '25P02')).toBe(true);
    const { rows } = await sql<{ token: string }>`select token from kinds where token = any(${['committed', 'rolled-back', 'aborted']}) order by token`.execute(db());
    expect(rows.map((row) => row.token)).toEqual(['committed']);
    // The connection is usable again.
    expect((await sql<{ one: number }>`select ${1}::int as one`.execute(db())).rows).toEqual([{ one: 1 }]);
  });

  it('hands a notice to its listeners when the writing transaction commits, not before', async () => {
    const payloads: string[] = [];
    const unlisten = await opened.listen(
      'driver_test',
      (payload) => payloads.push(payload),
      () => {},
    );
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify(${'driver_test'}, ${'inside'})`.execute(trx);
        expect(payloads).toEqual([]);
      });
    expect(payloads).toEqual(['inside']);
    await unlisten();
  });
});
