// The queue figures /metrics reports (issue 38 item 7), on both databases: the rows each job has
// yet to take and the age of the oldest.
import { describe, expect, it } from 'vitest';
import { queueStats } from '~/services/platform/queue-stats.server';
import { type Backend, useSeededDatabase } from '../support/databases';

describe.each(['pglite', 'postgres'] as Backend[])('queue figures on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('count the mail waiting in the outbox and age the oldest (the mail lag); a delivered one leaves the figure', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { db } = database;
    const now = new Date();
    const before = (await queueStats(db, now)).find((s) => s.queue === 'mail')!;
    await db
      .insertInto('outbox')
      .values({
        org_id: 'wanderly',
        recipient: 'lag@example.com',
        subject: 'S',
        text_body: 'T',
        html_body: '<p>T</p>',
        correlation_id: null,
        created_at: new Date(now.getTime() - 90_000),
      })
      .execute();
    await db
      .insertInto('outbox')
      .values({ org_id: 'wanderly', recipient: 'done@example.com', subject: 'S', text_body: 'T', html_body: '<p>T</p>', correlation_id: null, status: 'sent' })
      .execute();
    const stats = await queueStats(db, now);
    expect(stats.map((s) => s.queue)).toEqual(['mail', 'renewals', 'payment_reconciliation', 'hold_expiry']);
    const mail = stats.find((s) => s.queue === 'mail')!;
    expect(mail.depth).toBe(before.depth + 1);
    expect(mail.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    for (const stat of stats) expect(stat.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
  });
});
