// Issue 35 acceptance 5: a feature joins a booking's life as a subscriber (one file, one line);
// its reaction runs inside the move's transaction, after the built-in ones, and rolls back with
// it. A subscriber registered here rides a real card payment (sandbox gateway) and a failing one
// takes the whole move down with it. Both databases.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { subscribeToBookingMoves } from '~/services/booking/booking-lifecycle.server';
import type { BookingMove } from '~/services/booking/booking-subscriber';
import { moveBooking } from '~/services/booking-payments/booking-move.server';
import { initBookingAction } from '~/http/pay-call.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { createSession } from '~/services/identity/session.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxNonce } from '../support/sandbox-control';
import { initiatedActivityBooking } from '../support/activity-booking';

const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;

const ORG = 'voyagerpro';

let sandbox: SandboxGateway;
beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

describe.each(['pglite', 'postgres'] as const)('booking subscribers on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let serial = 0;

  const post = (path: string, body: unknown, cookie: string, key: string | null = randomUUID()) =>
    new Request(`http://${hostOf(ORG)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...(key ? { 'idempotency-key': key } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** A member's activity booking, its amount frozen by the init step, ready to pay. */
  async function initiatedBooking(amountMinor: number) {
    serial += 1;
    const email = `subscriber-${backend}-${serial}-${randomUUID().slice(0, 8)}@example.com`;
    const user = await database.db
      .insertInto('users')
      .values({ org_id: ORG, email, email_normalized: email, password_hash: null, first_name: 'Sam', last_name: 'Scriber', role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cookie = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: user.id })).setCookie.split(';')[0]!;
    const reference = `VOY-S${serial}${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await initiatedActivityBooking(database.db, {
      org: ORG,
      userId: user.id,
      optionIndex: serial,
      startsAt: new Date(Date.UTC(2027, 8, 1 + serial, 9)),
      hours: 1,
      reference,
      guest: { firstName: 'Sam', lastName: 'Scriber', email },
    });
    const form = new FormData();
    form.set('hold', made.holdToken);
    const init = await initBookingAction(await loadContextFor(post('/activities/checkout', '', cookie, null)), form, 'ACT', { amountMinor, currency: 'USD', description: 'Test' });
    expect(init.status).toBe(200);
    return { bookingId: made.bookingId, reference, email, cookie };
  }

  it('a subscriber registered at run time reacts to a card payment inside the confirming transaction, after the built-in reactions', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await initiatedBooking(4_321);
    const seen: { move: BookingMove; statusInTransaction: string | undefined; mailsInTransaction: number }[] = [];
    const unsubscribe = subscribeToBookingMoves({
      name: 'test witness',
      async onMove(move, trx) {
        if (move.bookingId !== made.bookingId) return;
        const row = await trx.selectFrom('bookings').select('status').where('id', '=', move.bookingId).executeTakeFirst();
        const mails = await trx.selectFrom('outbox').select('id').where('recipient', '=', made.email).execute();
        seen.push({ move, statusInTransaction: row?.status, mailsInTransaction: mails.length });
      },
    });
    try {
      const paid = await callAction(
        generatePgTokenRoute,
        post(
          '/api/booking/generatePgToken',
          {
            id: made.reference,
            pg_amt: '43.21',
            pg_amount: '43.21',
            currency: 'USD',
            product_type: 'ACT',
            pg_type: 'PG_03',
            cashcard_amt: 0,
            cn_disc_amt: 0,
            email: made.email,
            names: 'Sam Scriber',
            payment_method: 'card',
            nonce: await sandboxNonce(sandbox.url, '4111111111111111'),
          },
          made.cookie,
        ),
      );
      expect(paid.status).toBe(200);
    } finally {
      unsubscribe();
    }
    // Two moves: initiated → pending when the attempt was written, pending → confirmed once charged.
    expect(seen.map(({ move }) => [move.from, move.to])).toEqual([
      ['initiated', 'pending'],
      ['pending', 'confirmed'],
    ]);
    const confirmed = seen[1]!;
    expect(confirmed.move.booking).toMatchObject({ org_id: ORG, product: 'ACT', amount_minor: 4_321, currency: 'USD' });
    expect(confirmed.move.change.payment_method).toBe('card');
    // It read the move's uncommitted row, and the e-mail the built-in subscriber queued before it.
    expect(confirmed.statusInTransaction).toBe('confirmed');
    expect(confirmed.mailsInTransaction).toBe(1);
  });

  it('a subscriber that throws rolls the move back: the status, what the built-in reactions wrote and what it wrote itself', async (ctx) => {
    if (database.skip) return ctx.skip();
    const made = await initiatedBooking(1_234);
    const unsubscribe = subscribeToBookingMoves({
      name: 'test saboteur',
      async onMove(move, trx) {
        if (move.bookingId !== made.bookingId) return;
        await trx.updateTable('bookings').set({ failure_text: 'written by the saboteur' }).where('id', '=', move.bookingId).execute();
        throw new Error('the saboteur refuses this move');
      },
    });
    try {
      await expect(moveBooking(made.bookingId, 'initiated', { status: 'failed', failure_text: 'Test failure' }, database.db)).rejects.toThrow('the saboteur refuses this move');
    } finally {
      unsubscribe();
    }
    const booking = await database.db.selectFrom('bookings').select(['status', 'failure_text']).where('id', '=', made.bookingId).executeTakeFirstOrThrow();
    expect(booking).toEqual({ status: 'initiated', failure_text: null });
    // The failed booking's e-mail (the built-in bookingEmail subscriber) went with the move.
    expect(await database.db.selectFrom('outbox').select('id').where('recipient', '=', made.email).execute()).toEqual([]);

    // Unsubscribed, the same move goes through and its e-mail is queued.
    expect(await moveBooking(made.bookingId, 'initiated', { status: 'failed', failure_text: 'Test failure' }, database.db)).toBe(true);
    expect(await database.db.selectFrom('bookings').select('status').where('id', '=', made.bookingId).executeTakeFirstOrThrow()).toEqual({ status: 'failed' });
    expect(await database.db.selectFrom('outbox').select('id').where('recipient', '=', made.email).execute()).toHaveLength(1);
  });
});
