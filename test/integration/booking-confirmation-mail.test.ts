// Issue 15 "Confirmations": a booking that reaches a final status (confirmed, cancelled, failed)
// queues its e-mail from the organisation's template, in the move's own transaction; the bell
// counts the booking's message until My bookings shows it. Real pay service, sandbox gateway,
// PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { countMessagesOf, listUserBookings } from '~/services/booking/bookings.server';
import { cancelConfirmedBooking } from '~/services/booking-payments/booking-cancel.server';
import { expireOxxoVouchers } from '~/services/booking-payments/oxxo-vouchers.server';
import { initBookingAction } from '~/http/pay-call.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { type ActiveSession, createSession } from '~/services/identity/session.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { type Backend, useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxNonce } from '../support/sandbox-control';
import { initiatedActivityBooking } from '../support/activity-booking';

const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;

const backends: Backend[] = ['pglite', 'postgres'];

let sandbox: SandboxGateway;
beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

const nonceFor = (number: string, extra?: Record<string, unknown>) => sandboxNonce(sandbox.url, number, extra);

describe.each(backends)('booking e-mails and the bell on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let serial = 0;

  /** A new member of `org` with no language preference (the organisation's language applies). */
  async function member(org: string): Promise<ActiveSession & { cookie: string }> {
    const email = `mail-${backend}-${++serial}-${Date.now()}@${org}.example`;
    const row = await database.db
      .insertInto('users')
      .values({ org_id: org, email, email_normalized: email, password_hash: null, first_name: 'Ana', last_name: 'Ruiz', role: 'member' })
      .returning(['id', 'public_id'])
      .executeTakeFirstOrThrow();
    const cookie = (await createSession(freshVisitorOn(hostOf(org)), { userId: row.id })).setCookie.split(';')[0]!;
    return {
      cookie,
      sessionId: `s-${email}`,
      userDbId: row.id,
      dateFormat: 'DD/MM/YYYY',
      minCheckinDays: null,
      eventSeq: 0,
      addressKey: null,
      impersonatorDbId: null,
      expiresAt: new Date(Date.now() + 3_600_000),
      user: {
        userName: 'Ana Ruiz',
        userToken: 't',
        personalPicture: null,
        email,
        currency_code: 'USD',
        language: 'en-US',
        nationality: null,
        userId: row.public_id,
        role: 'member',
        first_name: 'Ana',
        last_name: 'Ruiz',
        auth: { api_token: 't' },
        is_demo: false,
        can_book: true,
        impersonated_by: null,
        org_id: org,
      },
    };
  }

  const post = (org: string, path: string, body: unknown, cookie: string, key: string | null = randomUUID()) =>
    new Request(`http://${hostOf(org)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...(key ? { 'idempotency-key': key } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** A seeded activity's hold, its booking (traveller step done) and the init-booking step, as a checkout does. */
  async function booking(org: string, who: Awaited<ReturnType<typeof member>>, amountMinor: number) {
    const reference = `${org.slice(0, 3).toUpperCase()}-M${serial}${randomUUID().slice(0, 6).toUpperCase()}`;
    const contact = `contact-${randomUUID().slice(0, 8)}@example.com`;
    const made = await initiatedActivityBooking(database.db, {
      org,
      userId: who.userDbId,
      optionIndex: serial,
      startsAt: new Date(Date.UTC(2027, 5, 10 + serial, 9)),
      hours: 3,
      reference,
      guest: { firstName: 'Ana', lastName: 'Ruiz', email: contact },
    });
    const form = new FormData();
    form.set('hold', made.holdToken);
    const init = await initBookingAction(await loadContextFor(post(org, '/activities/checkout', '', who.cookie, null)), form, 'ACT', {
      amountMinor,
      currency: 'USD',
      description: 'Test',
    });
    expect(init.status).toBe(200);
    const pay = (extra: Record<string, unknown>) =>
      callAction(
        generatePgTokenRoute,
        post(
          org,
          '/api/booking/generatePgToken',
          {
            id: reference,
            pg_amt: (amountMinor / 100).toFixed(2),
            pg_amount: (amountMinor / 100).toFixed(2),
            currency: 'USD',
            product_type: 'ACT',
            pg_type: 'PG_03',
            cashcard_amt: 0,
            cn_disc_amt: 0,
            email: contact,
            names: 'Ana Ruiz',
            payment_method: 'card',
            nonce: 'fake-valid-nonce',
            ...extra,
          },
          who.cookie,
        ),
      );
    return { reference, bookingId: made.bookingId, contact, offer: made.offerName, pay };
  }

  const outboxOf = (to: string) =>
    database.db.selectFrom('outbox').select(['org_id', 'subject', 'text_body', 'html_body', 'status']).where('recipient', '=', to).orderBy('id').execute();

  it('a Viajamás booking confirmed by card: its e-mail is in the outbox in Spanish with the id, amount and itinerary; the bell counts it until My bookings shows it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const ana = await member('viajamas');
    const made = await booking('viajamas', ana, 123_456);
    // Viajamás always asks for 3-D Secure: a frictionless verified card pays.
    const paid = await made.pay({ nonce: await nonceFor('4000000000001000', { expirationMonth: '01', threeDSecure: true }) });
    expect(paid.status).toBe(200);

    const mails = await outboxOf(made.contact);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ org_id: 'viajamas', status: 'pending', subject: `Tu reserva ${made.reference} en Viajamás está confirmada` });
    expect(mail.text_body).toContain(`¡Hola, Ana!`);
    expect(mail.text_body).toContain(`Tu reserva ${made.reference} está confirmada.`);
    // es-MX writes a no-break space after the currency code.
    expect(mail.text_body).toMatch(/Monto cobrado: USD\s1,234\.56\n/);
    expect(mail.text_body).toContain(`Actividades: ${made.offer}`);
    expect(mail.text_body).toMatch(/https?:\/\/[^\s]+\/user\/profile#my-bookings/);
    // The HTML part: the organisation's colour, the same facts, the offer's name escaped.
    expect(mail.html_body).toContain('background:#B4235A');
    expect(mail.html_body).toContain(made.reference);
    expect(mail.html_body).toMatch(/USD\s1,234\.56/);
    expect(mail.html_body).not.toContain('<script');
    // Ana booked for another contact: she gets the same e-mail.
    expect(await outboxOf(ana.user.email)).toEqual([mail]);

    // Checkout lands on the success page, which no longer reads the message: the bell counts it.
    const before = await countMessagesOf(ana);
    expect(before.total_messages).toBe(1);
    expect(before.booking_details).toEqual([expect.objectContaining({ booking_id: made.reference, status: 'confirmed', is_read: false })]);
    // An agent impersonating the member looks without reading.
    await listUserBookings({ userPublicId: ana.user.userId, orgId: 'viajamas', language: 'es-MX', timeZone: 'America/Mexico_City', read: false });
    expect((await countMessagesOf(ana)).total_messages).toBe(1);
    // My bookings shows it marked new, and so reads it: the bell clears.
    const shown = await listUserBookings({ userPublicId: ana.user.userId, orgId: 'viajamas', language: 'es-MX', timeZone: 'America/Mexico_City', read: true });
    expect(shown.map((b) => [b.reference, b.unread])).toEqual([[made.reference, true]]);
    const after = await countMessagesOf(ana);
    expect(after.total_messages).toBe(0);
    expect(after.booking_details[0]).toMatchObject({ booking_id: made.reference, is_read: true });
  });

  it('a cancelled booking and a failed one each send theirs, in the organisation’s language; a cancellation is a new message', async (ctx) => {
    if (database.skip) return ctx.skip();
    const mia = await member('wanderly');
    const confirmed = await booking('wanderly', mia, 20_000);
    expect((await confirmed.pay({ nonce: await nonceFor('4111111111111111') })).status).toBe(200);
    await listUserBookings({ userPublicId: mia.user.userId, orgId: 'wanderly', language: 'en-US', timeZone: 'America/Los_Angeles', read: true });
    expect((await countMessagesOf(mia)).total_messages).toBe(0);
    expect(await cancelConfirmedBooking(confirmed.bookingId, database.db)).not.toBe('not_confirmed');
    expect((await outboxOf(confirmed.contact)).map((m) => m.subject)).toEqual([
      `Your Wanderly Travel booking ${confirmed.reference} is confirmed`,
      `Your Wanderly Travel booking ${confirmed.reference} is cancelled`,
    ]);
    expect((await outboxOf(confirmed.contact))[1]!.text_body).toContain('$200');
    expect((await countMessagesOf(mia)).total_messages).toBe(1);

    // A Viajamás OXXO voucher that lapses unpaid fails its booking: the failure e-mail, in Spanish.
    const ana = await member('viajamas');
    const voucher = await booking('viajamas', ana, 5_000);
    expect((await voucher.pay({ payment_method: 'oxxo' })).status).toBe(202);
    expect(await outboxOf(voucher.contact)).toEqual([]);
    await database.db
      .updateTable('bookings')
      .set({ oxxo_expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', voucher.bookingId)
      .execute();
    expect(await expireOxxoVouchers()).toBeGreaterThanOrEqual(1);
    expect((await outboxOf(voucher.contact)).map((m) => m.subject)).toEqual([`Tu reserva ${voucher.reference} en Viajamás no se completó`]);
  });
});
