import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { lastVilla, race } from '../support/last-unit';
import { POSTGRES_ADMIN_URL, createScratchDatabase, postgresOrSkipReason } from '../support/postgres';
import { startServer } from '../support/server-process';

// Three instances on PostgreSQL, started at once, through PgBouncer and a proxy: cluster.spec.ts.
describe('the last unit under 200 concurrent holds (quality goal R1)', () => {
  it('PGlite: exactly 1 hold, 199 clean sold-out answers, 0 server errors', async () => {
    const base = inject('baseURL');
    expect(await race([base], await lastVilla(base, 260))).toEqual({ held: 1, soldOut: 199, serverErrors: 0 });
  });

  describe('the database contract (issue 38)', () => {
    it('boot refuses a database without btree_gist, which the no-oversell constraint needs, and says what to do', async (ctx) => {
      const skip = await postgresOrSkipReason();
      if (skip) return ctx.skip(skip);
      const scratch = await createScratchDatabase('tp_contract');
      const role = `tp_noext_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      try {
        // A role that may make tables but not extensions, as on a managed database.
        await admin.query(`create role ${role} login`);
        await admin.query(`grant create on schema public to ${role}`);
        const url = new URL(scratch.url);
        url.username = role;
        await expect(startServer({ databaseUrl: url.toString() })).rejects.toThrow(
          /Refusing to start: the database lacks what bookings rely on:\n- btree_gist: .* not installed, and this role may not install it \(have the database owner run `create extension btree_gist;`/,
        );
      } finally {
        await admin.query(`revoke create on schema public from ${role}`).catch(() => undefined);
        await admin.end();
        await scratch.drop();
        const cluster = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await cluster.connect();
        await cluster.query(`drop role if exists ${role}`);
        await cluster.end();
      }
    });
  });
});
