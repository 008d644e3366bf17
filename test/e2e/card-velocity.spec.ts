// No card testing or coupon guessing (issue 33 item 4, decision 0050): two app instances on one
// PostgreSQL database with production's limits (RATE_LIMIT_SCALE 1), charging through the shared
// sandbox gateway. Bursts sent to both instances in turn meet one count: declined payments of one
// card, failed card saves and coupon guesses are answered 429 with Retry-After after their limit,
// in the page's language. TRUST_PROXY=loopback gives each test its own client address.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { SANDBOX_CREDENTIALS, sandboxGatewayEnv } from '../../server/sandbox-gateway/index';
import { prepareBooking } from '../support/booking-load';
import { inDays } from '../support/dates';
import { DEMO_PASSWORD, type HttpAnswer, demo, http, sessionCookie } from '../support/http-client';
import { createScratchDatabase, postgresOrSkipReason } from '../support/postgres';
import { type RunningServer, startServer } from '../support/server-process';

const skipReason = await postgresOrSkipReason();
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

describe.skipIf(skipReason)('card and code velocity across two instances', () => {
  let database: { url: string; drop: () => Promise<void> };
  const instances: RunningServer[] = [];
  const env = () => ({
    RATE_LIMIT_SCALE: '1',
    TRUST_PROXY: 'loopback',
    ...sandboxGatewayEnv(inject('sandboxURL')),
    BRAINTREE_MERCHANT_ACCOUNT_ID: SANDBOX_CREDENTIALS.merchantAccountId,
  });

  beforeAll(async () => {
    database = await createScratchDatabase('tp_velocity');
    // One after the other: the first migrates and seeds.
    for (let i = 0; i < 2; i++) instances.push(await startServer({ databaseUrl: database.url, env: env() }));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  });

  /** The nth request of a burst goes to instance n mod 2, from `address`. */
  const send = (n: number, address: string, method: string, path: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    http(instances[n % 2]!.url, method, path, { ...options, headers: { 'x-forwarded-for': address, ...options.headers } });

  async function signIn(key: string, address: string): Promise<string> {
    const login = await send(0, address, 'POST', '/api/auth/login', { body: { email_id: demo(key), password: DEMO_PASSWORD } });
    expect(login.status, login.text).toBe(200);
    return sessionCookie(login);
  }

  function expectTooMany(answer: HttpAnswer, message: RegExp) {
    expect(answer.status, answer.text).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.json()).toMatchObject({ status: 429, message: expect.stringMatching(message), retry_after: Number(answer.headers['retry-after']) });
  }

  it('declined payments of one card: refused with 429 after its limit, whichever instance answers, in English and in Spanish', async () => {
    const address = newAddress();
    const cookie = await signIn('member', address);
    const booking = await prepareBooking(instances[0]!.url, cookie, { firstDay: 90, guest: 'Velocity' });
    const amount = (booking.amountMinor / 100).toFixed(2);
    const pay = (n: number, language: string) =>
      send(n, address, 'POST', '/api/booking/generatePgToken', {
        cookie: `${cookie}; lan_code=${language}`,
        headers: { 'idempotency-key': randomUUID() },
        body: {
          id: booking.bookingId,
          pg_amt: amount,
          pg_amount: amount,
          currency: booking.currency,
          product_type: 'HLT',
          pg_type: 'PG_03',
          cashcard_amt: 0,
          cn_disc_amt: 0,
          cn_disc_code: '',
          cn_dis_trnid: '',
          email: demo('member'),
          names: 'Card Tester',
          card_id: '',
          cust_id: '',
          payment_method: 'card',
          nonce: 'fake-processor-declined-visa-nonce',
        },
      });
    const perCard = RATE_LIMITS.cardCharge.perCard!;
    for (let n = 0; n < perCard; n++) expect((await pay(n, 'en-US')).status).toBe(402);
    expectTooMany(await pay(perCard, 'en-US'), /^This card was tried too many times in a short time\. Please wait \d+ seconds or use another card\.$/);
    expectTooMany(await pay(perCard + 1, 'es-MX'), /^Esta tarjeta se intentó demasiadas veces en poco tiempo\. Espera \d+ segundos o usa otra tarjeta\.$/);
  });

  it('failed card saves: refused with 429 after the limit', async () => {
    const address = newAddress();
    const cookie = await signIn('newuser', address);
    const save = (n: number) => send(n, address, 'POST', '/api/booking/saveCard', { cookie, body: { nonce: 'fake-processor-declined-visa-nonce' } });
    const perCard = RATE_LIMITS.cardSave.perCard!;
    for (let n = 0; n < perCard; n++) expect((await save(n)).status).toBe(422);
    expectTooMany(await save(perCard), /^This card was tried too many times/);
  });

  it('coupon guesses: refused with 429 after the session limit, in Spanish on a Spanish page', async () => {
    const address = newAddress();
    const cookie = await signIn('agent', address);
    const guess = (n: number) =>
      send(n, address, 'POST', '/api/general/applyCouponCodeDetails', {
        cookie: `${cookie}; lan_code=es-MX`,
        body: {
          json: {
            coupon_code: `GUESS${n}`,
            discount_amount: 0,
            discount_currency: 'USD',
            product_type: 'HLT',
            org_id: 'wanderly',
            coupon_id: '',
            coupon_trn_id: '',
            isMathch: true,
            site_id: 1,
          },
          hold: 'no-such-hold',
        },
      });
    const limit = RATE_LIMITS.codeLookup.perSession;
    for (let n = 0; n < limit; n++) expect((await guess(n)).status).not.toBe(429);
    expectTooMany(await guess(limit), /^Demasiados códigos probados en poco tiempo\. Espera \d+ segundos e inténtalo de nuevo\.$/);
    // Another visitor is not this one.
    const other = await signIn('member', newAddress());
    expect((await send(0, newAddress(), 'POST', '/api/general/getCouponCodeDetails', { cookie: other, body: { product_type: 'HLT', currency: 'USD' } })).status).toBe(200);
  });

  it('keeps no raw client address or device id: in no table of the database, in neither instance’s log (issue 37 acceptance 7)', async () => {
    // On top of the declined payments, card saves and guesses above (their 429s are logged): a
    // refused sign-in, an anonymous hold and a fingerprint with a high fraud chance, from one more address.
    const address = newAddress();
    const deviceId = `grep-device-${randomUUID()}`;
    expect((await send(0, address, 'POST', '/api/auth/login', { body: { email_id: demo('agent'), password: 'not-the-password' } })).status).toBe(401);
    const cookie = await signIn('member', address);
    expect((await send(1, address, 'POST', '/api/iqps/fqs', { cookie, body: { device_id: deviceId, fraud_chance: 95 } })).status).toBe(200);
    const form = new URLSearchParams({ destination: 'cancun', checkin: inDays(200), checkout: inDays(201), rooms: '1', guests: '2', roomTypeId: '1' });
    const site = new URL(instances[0]!.url);
    site.hostname = 'localhost';
    const held = await http(instances[0]!.url, 'POST', '/hotel-checkout', {
      host: site.hostname,
      headers: { 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded', origin: site.origin },
      body: form.toString(),
    });
    expect(held.status, held.text.slice(0, 300)).toBe(302);

    const used = [...Array.from({ length: addresses }, (_, i) => `198.51.100.${i + 1}`), deviceId];
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const found: string[] = [];
      for (const { name } of tables) {
        const { rows } = await client.query<{ row: string }>(`select t::text as row from "${name}" t`);
        for (const { row } of rows) for (const value of used) if (row.includes(value)) found.push(`${name}: ${value}`);
      }
      expect(found).toEqual([]);
      // What the hashes stand for is there: the sign-in failure, the hold and the fingerprint were kept.
      const kept = await client.query(
        `select (select count(*) from auth_failures where client_ip like 'a:%') as failures, (select count(*) from holds where client_ip like 'a:%') as holds, (select count(*) from device_fingerprints) as fingerprints`,
      );
      expect(kept.rows[0]).toMatchObject({ failures: expect.not.stringMatching(/^0$/), holds: expect.not.stringMatching(/^0$/), fingerprints: expect.not.stringMatching(/^0$/) });
    } finally {
      await client.end();
    }
    const logs = instances.map((instance) => instance.logs()).join('\n');
    expect(logs).toMatch(/rate limited/);
    expect(used.filter((value) => logs.includes(value))).toEqual([]);
  });
});
