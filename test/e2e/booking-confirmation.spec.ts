// Issue 15 "Confirmations", in Chromium on Viajamás (es-MX): a booking confirmed on the server
// (an OXXO voucher paid: the signed webhook, the real pay service) queues its e-mail, shown at
// /dev/mail; the bell counts the booking's message, keeps it on the success page where checkout
// lands, and clears once My bookings has shown it.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { derivedSecret, signWebhook } from '~/domain/booking-payment';
import { hashPassword } from '~/services/identity/password.server';
import { VIEWPORTS, newContext, orgUrl, signInWithApi, useSharedBrowser, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';
import { http } from '../support/http-client';
import { SANDBOX_CREDENTIALS } from '../../server/sandbox-gateway/index';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const HOST = 'viajamas.localhost';
const PASSWORD = 'Confirmations-2026!';
const stamp = Date.now();
const email = `bell-${stamp}@viajamas.example`;

const browser = useSharedBrowser();
let db: pg.Client;
let userId = 0;

/** A Viajamás member's activity booking waiting on its OXXO voucher, as the pay service leaves it. */
async function pendingVoucherBooking(contact: string) {
  const reference = `VIA-T${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`;
  const voucher = String(90_000_000_000_000 + (stamp % 9_000_000_000_000));
  const option = (await db.query<{ id: number }>(`select o.id from offer_options o join offers f on f.id = o.offer_id where f.product = 'ACT' order by o.id limit 1`)).rows[0]!;
  const hold = await db.query<{ id: string }>(
    `insert into holds (token, org_id, user_id, product, item_ref, starts_at, ends_at, quantity, status, expires_at, selection)
     values ($1, 'viajamas', $2, 'ACT', $3, $4, $5, 1, 'booked', now(), '{}') returning id`,
    [`tok-${reference}`, userId, `offer-option:${option.id}`, `${inDays(30)}T09:00:00Z`, `${inDays(30)}T12:00:00Z`],
  );
  const booking = await db.query<{ id: string }>(
    `insert into bookings (reference, org_id, user_id, hold_id, product, item_ref, starts_on, guest_first_name, guest_last_name, guest_email,
       status, amount_minor, currency, payment_method, oxxo_reference, oxxo_expires_at)
     values ($1, 'viajamas', $2, $3, 'ACT', $4, $5, 'Beto', 'Campana', $6, 'pending', 45600, 'USD', 'oxxo', $7, now() + interval '1 day') returning id`,
    [reference, userId, hold.rows[0]!.id, `offer-option:${option.id}`, inDays(30), contact, voucher],
  );
  await db.query(
    `insert into payment_attempts (booking_id, idempotency_key, request_fingerprint, method, amount_minor, currency, status)
     values ($1, $2, 'e2e', 'oxxo', 45600, 'USD', 'awaiting_payment')`,
    [booking.rows[0]!.id, randomUUID()],
  );
  return { reference, voucher };
}

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: number }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('viajamas', $1, $1, $2, 'Beto', 'Campana', 'member') returning id`,
    [email, await hashPassword(PASSWORD)],
  );
  userId = rows[0]!.id;
});
afterAll(async () => {
  await db?.end();
});

describe.skipIf(!base)('booking confirmations (issue 15, PostgreSQL server)', () => {
  it('a confirmed booking: its e-mail at /dev/mail in Spanish; the bell counts it, keeps it on the success page, clears after My bookings', async () => {
    const { context } = await newContext(browser(), { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, HOST, '/privacy-policy'));
    await signInWithApi(page, email, PASSWORD);
    await page.goto(orgUrl(base, HOST, '/terms-of-use'));
    await page.getByRole('link', { name: 'Notificaciones: 0' }).first().waitFor();

    // The voucher is paid: the acquirer's signed webhook confirms the booking on the server.
    const contact = `beto-${stamp}@example.com`;
    const { reference, voucher } = await pendingVoucherBooking(contact);
    const body = JSON.stringify({ event_id: randomUUID(), reference: voucher, amount_minor: 45600, paid_at: new Date().toISOString() });
    const signature = signWebhook(derivedSecret(SANDBOX_CREDENTIALS.privateKey, 'oxxo-webhook'), body, Math.floor(Date.now() / 1000));
    const paid = await http(base, 'POST', '/api/payments/oxxo/webhook', { body, headers: { 'x-oxxo-signature': signature } });
    expect(paid.status, paid.text).toBe(200);

    // The e-mail, in the organisation's language, with the booking id and the amount.
    await page.goto(orgUrl(base, HOST, `/dev/mail?to=${encodeURIComponent(contact)}`));
    const mail = page.getByRole('article', { name: `Tu reserva ${reference} en Viajamás está confirmada` });
    await mail.waitFor();
    expect(await mail.textContent()).toMatch(/Monto cobrado: USD\s456/);

    // Checkout lands on the success page: the bell still counts the message there.
    await page.goto(orgUrl(base, HOST, `/activities/checkout-success?booking_id=${reference}`));
    const bell = page.getByRole('link', { name: 'Notificaciones: 1' }).first();
    await bell.waitFor();
    // Following the bell opens My bookings, which shows the booking as new and so reads it.
    await bell.click();
    const row = page.getByRole('region', { name: 'Mis reservas' }).getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    expect(await row.textContent()).toContain('Nuevo');
    await page.goto(orgUrl(base, HOST, '/terms-of-use'));
    await page.getByRole('link', { name: 'Notificaciones: 0' }).first().waitFor();
    check();
    await context.close();
  });
});
