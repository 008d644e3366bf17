import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/services/platform/db.server';
import { deliverPendingEmails, drainOutbox, queueEmail, renderEmail } from '~/services/platform/mail.server';
import { requestContext } from '~/services/platform/logger.server';
import { openSeededDatabase } from '../support/databases';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback; `reject` makes it refuse the next messages. */
function startSmtp() {
  const received: Received[] = [];
  const control = { reject: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (control.reject) return callback(new Error('Mailbox unavailable'));
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: Received[]; control: typeof control; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, received, control, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let db: Database;
let closeDb: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  // Read once by the mail service on first use: this file's deliveries go over SMTP.
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.MAIL_FROM = 'no-reply@wanderly.example';
  const opened = await openSeededDatabase('pglite');
  db = opened.db;
  closeDb = opened.close;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  await closeDb?.();
  await smtp?.close();
});

describe('outbox delivery over SMTP', () => {
  it('sends queued mail through the configured SMTP server and marks it sent', async () => {
    const mail = renderEmail('passwordReset', 'en-US', { orgName: 'Wanderly Travel', firstName: 'Maya', link: 'http://localhost/auth/reset?token=abc' });
    await queueEmail({ orgId: 'wanderly', to: 'maya@example.com', ...mail });
    expect(await deliverPendingEmails()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@wanderly.example', to: ['maya@example.com'] });
    expect(smtp.received[0]!.raw).toContain('Subject: Reset your Wanderly Travel password');
    const row = await db.selectFrom('outbox').selectAll().where('recipient', '=', 'maya@example.com').executeTakeFirstOrThrow();
    // Its effect key: every try of this row is the same message.
    expect(smtp.received[0]!.raw).toContain(`Message-ID: <outbox-${row.id}.wanderly@travel-platform.invalid>`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null });
    expect(await deliverPendingEmails()).toBe(0);
  });

  it('logs the delivery under the correlation id of the request that queued it (issue 38: one booking followed across instances)', async () => {
    await requestContext.run({ correlationId: 'booking-request-7f3a', orgResolutions: 0 }, () =>
      queueEmail({ orgId: 'wanderly', to: 'traced@example.com', subject: 'Booked', text: 'Booked', html: '<p>Booked</p>' }),
    );
    const row = await db.selectFrom('outbox').select('correlation_id').where('recipient', '=', 'traced@example.com').executeTakeFirstOrThrow();
    expect(row.correlation_id).toBe('booking-request-7f3a');
    // Delivered by a job run of its own (another instance, say): its line still names the request.
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    try {
      await requestContext.run({ correlationId: 'job:mail-delivery:1', orgResolutions: 0 }, () => deliverPendingEmails());
    } finally {
      process.env.LOG_LEVEL = level;
      write.mockRestore();
    }
    const sent = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'mail sent');
    expect(sent).toMatchObject({ correlationId: 'booking-request-7f3a' });
  });

  it('drains a backlog in one run, batch after batch, not one batch of 20 per run', async () => {
    const before = smtp.received.length;
    for (let n = 0; n < 45; n++) await queueEmail({ orgId: 'wanderly', to: `backlog-${n}@example.com`, subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    expect(await drainOutbox()).toBe(45);
    expect(smtp.received.length - before).toBe(45);
  });

  it('keeps a refused message pending with the error, and gives up after five attempts', async () => {
    smtp.control.reject = true;
    await queueEmail({ orgId: 'wanderly', to: 'bounce@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    await deliverPendingEmails();
    let row = await db.selectFrom('outbox').selectAll().where('recipient', '=', 'bounce@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_until: null });
    expect(row.last_error).toMatch(/Mailbox unavailable/);
    for (let i = 0; i < 4; i++) await deliverPendingEmails();
    row = await db.selectFrom('outbox').selectAll().where('recipient', '=', 'bounce@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    smtp.control.reject = false;
  });
});
