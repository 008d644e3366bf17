// Booking submits over HTTP, as a checkout page makes them (docs/api.md "Booking payment"): a
// hotel hold (POST /hotel-checkout), its traveller step, then initBooking and generatePgToken
// with a nonce the sandbox mints from test card details. Shared by the crash-recovery spec and
// the booking-submit benchmark; no card data ever reaches the app server.
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, type HttpAnswer, demo, http, sessionCookie } from './http-client';

const HOST = 'localhost';
const FORM = 'application/x-www-form-urlencoded';

/** A first name for guest number `n` (letters only, as the traveller form wants). */
export function guestName(n: number): string {
  let letters = '';
  for (let rest = n; ; rest = Math.floor(rest / 26) - 1) {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    if (rest < 26) break;
  }
  return `Guest${letters}`;
}

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A signed-in member's session cookie (demo account `member@wanderly.example` unless told). */
export async function signIn(base: string, key = 'member'): Promise<string> {
  const login = await http(base, 'POST', '/api/auth/login', { host: HOST, body: { email_id: demo(key), password: DEMO_PASSWORD } });
  if (login.status !== 200) throw new Error(`login ${key}: ${login.status} ${login.text.slice(0, 200)}`);
  return sessionCookie(login);
}

export type PreparedBooking = { hold: string; cookie: string; bookingId: string; amountMinor: number; currency: string };

/**
 * Holds a one-night standard room (room type `roomTypeId`) `firstDay` days ahead or later (the
 * first date with a free room), gives its traveller and freezes its amount (initBooking): a
 * booking ready to pay.
 */
export async function prepareBooking(base: string, cookie: string, options: { firstDay: number; roomTypeId?: number; guest: string }): Promise<PreparedBooking & { day: number }> {
  const origin = new URL(base).origin.replace('127.0.0.1', HOST);
  const headers = { 'content-type': FORM, origin };
  for (let day = options.firstDay; day < options.firstDay + 60; day++) {
    const form = new URLSearchParams({
      destination: 'cancun',
      checkin: isoInDays(day),
      checkout: isoInDays(day + 1),
      rooms: '1',
      guests: '2',
      roomTypeId: String(options.roomTypeId ?? 1),
    });
    const held = await http(base, 'POST', '/hotel-checkout', { host: HOST, headers, cookie, body: form.toString() });
    if (held.status !== 302) throw new Error(`hold: ${held.status} ${held.text.slice(0, 200)}`);
    const location = new URL(String(held.headers.location), base);
    const hold = location.searchParams.get('hold');
    if (!hold) continue; // sold out that night: the next one
    const traveler = await http(base, 'POST', '/hotel-checkout?_data=routes%2Fhotel-checkout', {
      host: HOST,
      headers,
      cookie,
      body: new URLSearchParams({ intent: 'traveler', hold, firstName: options.guest, lastName: 'Loadtest', email: `${options.guest.toLowerCase()}@example.com` }).toString(),
    });
    if (traveler.status !== 200) throw new Error(`traveller step: ${traveler.status} ${traveler.text.slice(0, 200)}`);
    const init = await http(base, 'POST', '/api/booking/initBooking', { host: HOST, cookie, headers: { origin }, body: { hold, product_type: 'HLT' } });
    if (init.status !== 200) throw new Error(`initBooking: ${init.status} ${init.text.slice(0, 200)}`);
    const { booking_id: bookingId, amount_minor: amountMinor, currency } = init.json() as { booking_id: string; amount_minor: number; currency: string };
    return { hold, cookie, bookingId, amountMinor, currency, day };
  }
  throw new Error(`no free room within 60 nights of day ${options.firstDay}`);
}

/** initBooking again (the submit's first step, answering the frozen amount), then the card payment (with `headers` besides the page's own). */
export async function submitBooking(base: string, booking: PreparedBooking, nonce: string, headers: Record<string, string> = {}): Promise<{ init: HttpAnswer; pay: HttpAnswer }> {
  const origin = new URL(base).origin.replace('127.0.0.1', HOST);
  const init = await http(base, 'POST', '/api/booking/initBooking', { host: HOST, cookie: booking.cookie, headers: { origin }, body: { hold: booking.hold, product_type: 'HLT' } });
  if (init.status !== 200) return { init, pay: init };
  const { amount_minor: amountMinor, currency } = init.json() as { amount_minor: number; currency: string };
  const amount = (amountMinor / 100).toFixed(2);
  const pay = await http(base, 'POST', '/api/booking/generatePgToken', {
    host: HOST,
    cookie: booking.cookie,
    headers: { origin, 'idempotency-key': randomUUID(), ...headers },
    body: {
      id: booking.bookingId,
      pg_amt: amount,
      pg_amount: amount,
      currency,
      product_type: 'HLT',
      pg_type: 'PG_03',
      cashcard_amt: 0,
      cn_disc_amt: 0,
      cn_disc_code: '',
      cn_dis_trnid: '',
      email: 'member@wanderly.example',
      names: 'Load Test',
      card_id: '',
      cust_id: '',
      payment_method: 'card',
      nonce,
    },
  });
  return { init, pay };
}

export type SandboxTransaction = { id: string; type: string; status: string; amount: string; orderId: string | null };

export async function sandboxTransactions(sandboxUrl: string): Promise<SandboxTransaction[]> {
  const answer = await fetch(`${sandboxUrl}/__sandbox/transactions`);
  return ((await answer.json()) as { transactions: SandboxTransaction[] }).transactions;
}

/** Adds a sandbox fault (server/sandbox-gateway/index.ts `Fault`). */
export async function sandboxFault(
  sandboxUrl: string,
  fault: { path: string; kind: '500' | 'reset' | 'delay'; count?: number; phase?: 'before' | 'after'; delayMs?: number; method?: string },
): Promise<void> {
  const answer = await fetch(`${sandboxUrl}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (answer.status !== 200) throw new Error(`fault: ${answer.status} ${await answer.text()}`);
}
