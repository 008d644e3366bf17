// Claims stay cheap with a large history (issue 38 item 5): with 200,000 finished rows beside
// the waiting ones, the mail job's and the hold-expiry job's claims read a partial index of the
// waiting rows, never the table. The plan, not a timing, is what is checked: PostgreSQL's
// EXPLAIN of the very queries the jobs run, after ANALYZE.
import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { expiredHoldsClaim } from '~/services/booking/hold-release.server';
import { pendingMailClaim } from '~/services/platform/mail.server';
import type { Database } from '~/services/platform/db.server';
import { useSeededDatabase } from '../support/databases';

const HISTORY = 200_000;
const database = useSeededDatabase('postgres');

async function planOf(db: Database, query: { compile: () => CompiledQuery }): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${text}`, [...parameters]));
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

it(`the mail and hold-expiry claims read their partial indexes beside ${HISTORY.toLocaleString('en-US')} finished rows`, async (ctx) => {
  if (database.skip) return ctx.skip();
  const { db } = database;
  await sql`
    insert into outbox (org_id, recipient, subject, text_body, html_body, status, sent_at)
    select 'wanderly', 'history-' || n || '@example.com', 'S', 'T', '<p>T</p>', 'sent', now() from generate_series(1, ${HISTORY}) as n`.execute(db);
  await sql`insert into outbox (org_id, recipient, subject, text_body, html_body) values ('wanderly', 'waiting@example.com', 'S', 'T', '<p>T</p>')`.execute(db);
  await sql`
    insert into holds (token, org_id, product, item_ref, starts_at, ends_at, quantity, status, expires_at)
    select 'history-' || n, 'wanderly', 'hotel', 'room-1', now(), now() + interval '1 day', 1, 'booked', now() - interval '1 day'
    from generate_series(1, ${HISTORY}) as n`.execute(db);
  await sql`analyze outbox`.execute(db);
  await sql`analyze holds`.execute(db);

  const mail = await planOf(db, pendingMailClaim(db, 20));
  expect(mail, mail).toContain('outbox_pending_idx');
  expect(mail, mail).not.toMatch(/Seq Scan on outbox\b/);
  const holds = await planOf(db, expiredHoldsClaim(db, 500));
  expect(holds, holds).toContain('holds_active_expiry_idx');
  expect(holds, holds).not.toMatch(/Seq Scan on holds\b/);
});
