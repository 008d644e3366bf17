// The booking payment API over HTTP (docs/api.md "Booking payment"): bad input is a clear 4xx
// and charges nothing. The paying itself is tested in test/integration/booking-payments.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demo, http, sessionCookie } from '../support/http-client';

const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

const card = {
  id: 'WAN-NOSUCH22',
  pg_amt: '120.00',
  pg_amount: '120.00',
  currency: 'USD',
  product_type: 'HLT',
  pg_type: 'PG_03',
  cashcard_amt: 0,
  cn_disc_amt: 0,
  cn_disc_code: '',
  cn_dis_trnid: '',
  email: 'member@wanderly.example',
  names: 'Maya Lopez',
  card_id: '',
  cust_id: '',
  payment_method: 'card',
  nonce: 'fake-valid-nonce',
};

async function sandboxSales(): Promise<{ orderId: string | null }[]> {
  const answer = await fetch(`${inject('sandboxURL')}/__sandbox/transactions`);
  return ((await answer.json()) as { transactions: { orderId: string | null }[] }).transactions;
}

describe.each(backends)('booking payment API on $name', ({ base }) => {
  let cookie = '';
  beforeAll(async () => {
    const login = await http(base, 'POST', '/api/auth/login', { body: { email_id: demo('member'), password: DEMO_PASSWORD } });
    expect(login.status, login.text).toBe(200);
    cookie = sessionCookie(login);
  });
  const key = () => ({ 'idempotency-key': randomUUID() });

  it('generatePgToken: 400 for a missing Idempotency-Key, bad JSON, a bad id, method, amount, currency or card', async () => {
    const cases: { body: unknown; headers?: Record<string, string>; message: RegExp }[] = [
      { body: card, headers: {}, message: /Idempotency-Key/ },
      { body: card, headers: { 'idempotency-key': 'short' }, message: /Idempotency-Key/ },
      { body: '{"id":', message: /not valid JSON/ },
      { body: '[]', message: /JSON object/ },
      { body: { ...card, id: 'WAN-undefined' }, message: /^id:/ },
      { body: { ...card, id: 'NaN' }, message: /^id:/ },
      { body: { ...card, id: undefined }, message: /^id:/ },
      { body: { ...card, payment_method: 'cash' }, message: /^payment_method:/ },
      { body: { ...card, pg_amt: '12.345' }, message: /^pg_amt:/ },
      { body: { ...card, pg_amt: 0 }, message: /^pg_amt:/ },
      { body: { ...card, pg_amount: '1.00' }, message: /^pg_amount:/ },
      { body: { ...card, currency: 'dollars' }, message: /^currency:/ },
      { body: { ...card, nonce: undefined }, message: /^nonce:/ },
      { body: { ...card, payment_method: 'saved_card', card_id: '12' }, message: /^card_id:/ },
      { body: { ...card, email: 42 }, message: /^email:/ },
    ];
    for (const { body, headers, message } of cases) {
      const answer = await http(base, 'POST', '/api/booking/generatePgToken', { body, cookie, headers: headers ?? key() });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
  });

  it('generatePgToken: an unknown booking is a 404 and nothing reaches the gateway; GET is 405', async () => {
    const answer = await http(base, 'POST', '/api/booking/generatePgToken', { body: card, cookie, headers: key() });
    expect(answer.status).toBe(404);
    expect((await sandboxSales()).some((sale) => (sale.orderId ?? '').startsWith(`${card.id}:`))).toBe(false);
    expect((await http(base, 'GET', '/api/booking/generatePgToken', { cookie })).status).toBe(405);
  });

  it('initBooking: 400 for a bad body or product code, 409 for a hold the visitor does not have; GET is 405', async () => {
    for (const body of [{}, { hold: '' }, { hold: 'x'.repeat(129), product_type: 'HLT' }, { hold: 'abc', product_type: 'hotel' }, { hold: 'abc' }]) {
      expect((await http(base, 'POST', '/api/booking/initBooking', { body, cookie })).status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await http(base, 'POST', '/api/booking/initBooking', { body: { hold: 'a'.repeat(32), product_type: 'HLT' }, cookie });
    expect(unknown.status).toBe(409);
    expect(unknown.json()).toEqual({ error: 'expired' });
    expect((await http(base, 'GET', '/api/booking/initBooking', { cookie })).status).toBe(405);
  });

  it('zeroAmountBooking: 400 for a bad id, 404 for an unknown booking', async () => {
    for (const id of ['WAN-undefined', 'NaN', '', 7]) {
      expect((await http(base, 'POST', '/api/booking/zeroAmountBooking', { body: { id }, cookie })).status).toBe(400);
    }
    expect((await http(base, 'POST', '/api/booking/zeroAmountBooking', { body: { id: card.id }, cookie })).status).toBe(404);
  });

  it('pgv2: 401 without a session; 400 for bad fields; 403 for a checksum that does not match', async () => {
    const fields = { orderId: card.id, currency: 'USD', countryCode: 'MX', amount: '120.00', api_key: 'pk' };
    expect((await http(base, 'POST', '/api/pgv2/generateCheckSum', { body: fields })).status).toBe(401);
    for (const bad of [{ orderId: 'WAN-NaN' }, { currency: 'us' }, { countryCode: 'MEX' }, { amount: 'ten' }, { api_key: 5 }]) {
      expect((await http(base, 'POST', '/api/pgv2/generateCheckSum', { body: { ...fields, ...bad }, cookie })).status).toBe(400);
    }
    const sum = await http(base, 'POST', '/api/pgv2/generateCheckSum', { body: fields, cookie });
    expect(sum.status).toBe(200);
    const { checksum } = sum.json() as { checksum: string };
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);

    const payment = {
      country_code: 'MX',
      card_id: randomUUID(),
      ip: '127.0.0.1',
      email: 'member@wanderly.example',
      order_id: card.id,
      amount: '120.00',
      currency: 'USD',
      description: 'Stay',
      subscription: false,
      api_key: 'pk',
      checksum,
      metadata: { bookingId: card.id, productType: 'HLT' },
    };
    expect((await http(base, 'POST', '/api/pgv2/paymentWithSavedCard', { body: payment, headers: key() })).status).toBe(401);
    expect((await http(base, 'POST', '/api/pgv2/paymentWithSavedCard', { body: payment, cookie })).status).toBe(400);
    for (const bad of [{ checksum: 'abc' }, { card_id: 'x' }, { order_id: 'undefined' }, { metadata: 'x' }]) {
      expect((await http(base, 'POST', '/api/pgv2/paymentWithSavedCard', { body: { ...payment, ...bad }, cookie, headers: key() })).status).toBe(400);
    }
    const tampered = await http(base, 'POST', '/api/pgv2/paymentWithSavedCard', { body: { ...payment, amount: '1.00' }, cookie, headers: key() });
    expect(tampered.status).toBe(403);
    expect(tampered.json()).toMatchObject({ status: 'invalid_checksum' });
    // The checksum matches but there is no such booking: 404, still nothing charged.
    expect((await http(base, 'POST', '/api/pgv2/paymentWithSavedCard', { body: payment, cookie, headers: key() })).status).toBe(404);
    expect((await sandboxSales()).some((sale) => (sale.orderId ?? '').startsWith(`${card.id}:`))).toBe(false);
  });

  it('the OXXO webhook refuses an unsigned or forged delivery', async () => {
    const body = { event_id: randomUUID(), reference: '91234567890123', amount_minor: 100, paid_at: new Date().toISOString() };
    expect((await http(base, 'POST', '/api/payments/oxxo/webhook', { body })).status).toBe(401);
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await http(base, 'POST', '/api/payments/oxxo/webhook', { body, headers: { 'x-oxxo-signature': forged } })).status).toBe(401);
  });
});

describe('sandbox OXXO control', () => {
  it('answers 400 to a bad voucher payment request', async () => {
    for (const body of [{}, { reference: '1', notifyUrl: 'http://x', amountMinor: 1 }, { reference: '91234567890123', notifyUrl: 'ftp://x', amountMinor: 1 }]) {
      const answer = await fetch(`${inject('sandboxURL')}/__sandbox/oxxo/pay`, { method: 'POST', body: JSON.stringify(body) });
      expect(answer.status).toBe(400);
    }
  });
});
