import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demo, http, type HttpAnswer } from '../support/http-client';
import { type RunningServer, startServer } from '../support/server-process';

/**
 * Issue 9, bad input and abuse, over HTTP against a server of its own: production's limits
 * (RATE_LIMIT_SCALE 1, where the shared servers run relaxed), and TRUST_PROXY=loopback so each
 * test speaks from its own client address (X-Forwarded-For) and no test spends another's limit.
 */
let server: RunningServer;
let base: string;
let nextAddress = 0;
const newAddress = () => `198.18.${Math.floor(++nextAddress / 250)}.${(nextAddress % 250) + 1}`;
const from = (address: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...headers });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback', SANDBOX_GATEWAY_PORT: '0', LOG_LEVEL: 'error' } });
  base = server.url;
});
afterAll(async () => server?.stop());

/**
 * Sends `total` bytes chunked (no Content-Length) until the server answers or the connection
 * closes; resolves with the answer and how much was sent by then. Never buffers the upload.
 */
type Streamed = { status: number; body: string; sent: number; headers: Record<string, unknown> };

/**
 * `streamOnce`, tried again when the server's close reaches the client as a failed write before
 * its answer does: which of the two the client sees first is a race the server does not decide
 * (it answers, then closes), and it is lost more often on a busy machine.
 */
async function streamChunked(path: string, headers: Record<string, string>, total: number): Promise<Streamed> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamOnce(path, headers, total);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt === 3 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw error;
    }
  }
}

function streamOnce(path: string, headers: Record<string, string>, total: number): Promise<Streamed> {
  const url = new URL(path, base);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      { hostname: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', headers: { host: `localhost:${url.port}`, 'transfer-encoding': 'chunked', ...headers } },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), sent, headers: res.headers }));
        res.on('error', reject);
      },
    );
    // Writing into a connection the server has closed fails: expected once it has answered.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && !req.destroyed && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

describe('request bodies are limited by bytes read (413)', () => {
  it('a JSON call past the server limit, declared or not, answers 413 JSON', async () => {
    const big = JSON.stringify({ email_id: 'x@example.com', password: 'x'.repeat(400 * 1024) });
    const declared = await http(base, 'POST', '/api/auth/login', { body: big });
    expect(declared.status).toBe(413);
    expect(declared.json()).toMatchObject({ status: 413, message: expect.stringMatching(/too large/) });
    // Under the server's limit but over the JSON calls' own: readApiBody answers 413 too.
    const medium = await http(base, 'POST', '/api/flights/autosuggestV2', { body: JSON.stringify({ text: 'x'.repeat(20_000) }) });
    expect(medium.status).toBe(413);
    expect(medium.json()).toMatchObject({ status: 413, message: expect.stringMatching(/too large/) });
  });

  it('a form post and a webhook past their limits answer 413', async () => {
    const formPost = await http(base, 'POST', '/auth/login', { body: form({ email: 'a@example.com', password: 'x'.repeat(600 * 1024) }), headers: FORM });
    expect(formPost.status).toBe(413);
    expect(formPost.text).toMatch(/too large/);
    const webhook = await http(base, 'POST', '/api/payments/oxxo/webhook', { body: JSON.stringify({ reference: '1'.repeat(14), pad: 'x'.repeat(100 * 1024) }) });
    expect(webhook.status).toBe(413);
    expect(webhook.json()).toMatchObject({ status: 413 });
  });

  it('a chunked upload of gigabytes with no length is cut off at the limit, and the server keeps serving', async () => {
    const twoGigabytes = 2 * 1024 ** 3;
    const json = await streamChunked('/api/auth/login', { 'content-type': 'application/json' }, twoGigabytes);
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body)).toMatchObject({ status: 413, message: expect.stringMatching(/too large/) });
    expect(json.headers.connection).toBe('close');
    // Answered long before the upload could have finished: the server stopped reading.
    expect(json.sent).toBeLessThan(twoGigabytes / 8);

    const page = await streamChunked('/auth/signup', FORM, twoGigabytes);
    expect(page.status).toBe(413);
    expect(page.body).toMatch(/too large/);

    // Still serving, pages and API alike.
    expect((await http(base, 'GET', '/healthz')).status).toBe(200);
    const login = await http(base, 'POST', '/api/auth/login', { body: { email_id: demo('member'), password: DEMO_PASSWORD }, headers: from(newAddress()) });
    expect(login.status).toBe(200);
  });
});

describe('redirects from visitor input stay on this site', () => {
  const variants = [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/%09/evil.example',
    ' //evil.example',
    '/.%2e//evil.example',
    '/\r\n/evil.example',
  ];

  it('sign-in sends every variant home, and keeps a real path', async () => {
    const origin = new URL(base).origin;
    for (const redirectTo of variants) {
      const answer = await http(base, 'POST', '/auth/login', { body: form({ email: demo('member'), password: DEMO_PASSWORD, redirectTo }), headers: FORM });
      expect(answer.status, JSON.stringify(redirectTo)).toBe(302);
      const location = String(answer.headers.location);
      expect(new URL(location, base).origin, `${JSON.stringify(redirectTo)} → ${location}`).toBe(origin);
      expect(location).toBe('/');
    }
    const kept = await http(base, 'POST', '/auth/login', { body: form({ email: demo('member'), password: DEMO_PASSWORD, redirectTo: '/user/my-trips?trip_id=7' }), headers: FORM });
    expect(kept.headers.location).toBe('/user/my-trips?trip_id=7');
  });

  it('the sign-in dialog opened from a link never carries a foreign redirect', async () => {
    for (const redirectTo of variants) {
      const page = await http(base, 'GET', `/?login=true&redirectTo=${encodeURIComponent(redirectTo)}`);
      expect(page.status).toBe(200);
      const carried = [...page.text.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(carried.length, 'the dialog is rendered').toBeGreaterThan(0);
      for (const value of carried) expect(new URL(value, base).origin, JSON.stringify(redirectTo)).toBe(new URL(base).origin);
      expect(page.text).not.toMatch(/value="[^"]*evil\.example/);
    }
  });
});

/** Calls `send` until it answers 429 (at most `max` calls); returns every answer. */
async function untilThrottled(send: () => Promise<HttpAnswer>, max: number): Promise<HttpAnswer[]> {
  const answers: HttpAnswer[] = [];
  while (answers.length < max) {
    const answer = await send();
    answers.push(answer);
    if (answer.status === 429) break;
  }
  return answers;
}

/**
 * A fixed window may turn over during a burst, which restarts the count: the throttled answer
 * comes after at least `limit` and at most `2 × limit` others.
 */
function expectThrottledAfter(answers: HttpAnswer[], limit: number, okStatus = 200) {
  const last = answers.at(-1)!;
  expect(last.status, last.text.slice(0, 300)).toBe(429);
  const before = answers.slice(0, -1);
  expect(
    before.every((a) => a.status === okStatus),
    before.map((a) => a.status).join(','),
  ).toBe(true);
  expect(before.length).toBeGreaterThanOrEqual(limit);
  expect(before.length).toBeLessThanOrEqual(2 * limit);
  expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  return last;
}

describe('per-visitor rate limits answer a clear 429', () => {
  it('autosuggest: a session is throttled at 150 a minute with a JSON 429; another visitor is not', async () => {
    const address = newAddress();
    const cookie = `userToken=${'s'.repeat(43)}`;
    const suggest = (headers: Record<string, string>, c?: string) => http(base, 'POST', '/api/flights/autosuggestV2', { body: { text: 'can' }, headers, cookie: c });
    const answers = await untilThrottled(() => suggest(from(address), cookie), 301);
    const throttled = expectThrottledAfter(answers, 150);
    expect(throttled.json()).toEqual({
      status: 429,
      message: expect.stringMatching(/^Too many airport look-ups in a short time\. Please wait \d+ seconds/),
      retry_after: expect.any(Number),
    });
    expect((await suggest(from(newAddress()))).status).toBe(200);
  });

  it('search: an address is throttled at 120 a minute, and the page says so', async () => {
    const address = newAddress();
    const answers = await untilThrottled(() => http(base, 'GET', '/search-detail?destination=cancun', { headers: from(address) }), 241);
    const throttled = expectThrottledAfter(answers, 120);
    expect(throttled.headers['content-type']).toMatch(/text\/html/);
    expect(throttled.text).toContain('Too many requests');
    expect(throttled.text).toMatch(/Too many searches in a short time\. Please wait \d+ seconds and try again\./);
    expect((await http(base, 'GET', '/search-detail?destination=cancun', { headers: from(newAddress()) })).status).toBe(200);
  });

  it('the weeks search API counts as search: an address is throttled at 120 a minute with a JSON 429', async () => {
    const address = newAddress();
    const minPrices = (headers: Record<string, string>) => http(base, 'POST', '/api/weeks/getGenerateMinPrice', { body: {}, headers });
    const throttled = expectThrottledAfter(await untilThrottled(() => minPrices(from(address)), 241), 120);
    expect(throttled.json()).toEqual({ status: 429, message: expect.stringMatching(/^Too many searches in a short time/), retry_after: expect.any(Number) });
    expect((await minPrices(from(newAddress()))).status).toBe(200);
  });

  it('sign-up and password reset: an address is throttled at 10 an hour, whatever the e-mail, with the form saying so', async () => {
    for (const [path, values] of [
      ['/auth/signup', (n: number) => ({ firstName: 'Rate', lastName: 'Limit', email: `rate-${Date.now()}-${n}@example.com`, password: 'a-long-password' })],
      ['/auth/forgot', (n: number) => ({ email: `reset-${Date.now()}-${n}@example.com` })],
    ] as const) {
      const address = newAddress();
      let n = 0;
      const answers = await untilThrottled(() => http(base, 'POST', path, { body: form(values(n++)), headers: { ...FORM, ...from(address) } }), 21);
      const throttled = expectThrottledAfter(answers, 10);
      expect(throttled.text).toMatch(/Too many requests from you in a short time\. Please wait \d+ seconds and try again\./);
      expect((await http(base, 'POST', path, { body: form(values(n++)), headers: { ...FORM, ...from(newAddress()) } })).status).toBe(200);
    }
  });

  describe('holds', () => {
    const post = (route: string, body: unknown, address: string) => http(base, 'POST', `/api/weeks/${route}`, { body, headers: from(address) });
    const DAY_MS = 86_400_000;
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
    type Item = { inventory_id: number; check_in_date: string; check_out_date: string; available: number };

    /** Enough distinct free weeks of one resort to hold `count` of them. */
    async function freeWeeks(count: number, address: string) {
      const min = await post('getGenerateMinPrice', {}, address);
      const resortId: number = min.json().data.min_prices.find((p: { category: string }) => p.category === 'RST').resort_id;
      const picks: { resort_id: number; inventory_id: number; check_in_date: string; check_out_date: string }[] = [];
      for (let days = 60; picks.length < count && days < 400; days += 7) {
        const answer = await post(
          'getInventory',
          {
            resort_id: resortId,
            check_in_date: inDays(days),
            check_out_date: inDays(days + 7),
            lang: 'en-US',
            currency: 'USD',
            residency: 'US',
            search_type: 'country',
            category: 'RST',
            destination_id: 'cancun',
            whitelabel_no: 1,
            mainPath: '/resorts/details',
          },
          address,
        );
        for (const item of answer.json().data.inventory as Item[]) {
          if (item.available > 0 && !picks.some((p) => p.inventory_id === item.inventory_id && p.check_in_date === item.check_in_date)) {
            picks.push({ resort_id: resortId, inventory_id: item.inventory_id, check_in_date: item.check_in_date, check_out_date: item.check_out_date });
          }
        }
      }
      return picks.map((p) => ({ ...p, lang: 'en-US', currency: 'USD', residency: 'US', mainPath: '/resorts/checkout' }));
    }

    it('a visitor may keep 5 active holds; the sixth is a clear 429 (not sold out) until one is released', async () => {
      const address = newAddress();
      const weeks = await freeWeeks(7, address);
      expect(weeks.length).toBeGreaterThanOrEqual(7);
      const tokens: string[] = [];
      for (const week of weeks.slice(0, 5)) {
        const held = await post('prepareBookWeeks', week, address);
        expect(held.status, held.text).toBe(200);
        tokens.push(held.json().data.reservation_token);
      }
      const refused = await post('prepareBookWeeks', weeks[5], address);
      expect(refused.status).toBe(429);
      expect(refused.json()).toEqual({ status: 429, message: expect.stringMatching(/^You already have 5 bookings on hold\./), retry_after: expect.any(Number) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // On a Spanish page the refusal says the same, in Spanish: the real reason, not only "wait a moment".
      const spanish = await http(base, 'POST', '/api/weeks/prepareBookWeeks', { body: weeks[5], headers: { ...from(address), cookie: 'lan_code=es-MX' } });
      expect(spanish.json()).toMatchObject({ status: 429, message: expect.stringMatching(/^Ya tienes 5 reservas en espera\. Completa o libera una/) });
      // Another visitor holds the same week at once: it was refused for the cap, not sold.
      expect((await post('prepareBookWeeks', weeks[5], newAddress())).status).toBe(200);

      const released = await post('release', { residency: 'US', search_type: 'country', reservationToken: tokens[0], mainPath: '/resorts' }, address);
      expect(released.json()).toMatchObject({ released: true });
      expect((await post('prepareBookWeeks', weeks[6], address)).status).toBe(200);
    });

    it('hold attempts are throttled per address (30 in 10 minutes), refused ones included', async () => {
      const address = newAddress();
      const weeks = await freeWeeks(8, address);
      const answers: HttpAnswer[] = [];
      // Holds, then cap refusals (429 "on hold"), until the rate limit says "too many attempts".
      const isRateLimit = (a: HttpAnswer) => a.status === 429 && /Too many booking attempts/.test(a.text);
      while (answers.length < 61 && !answers.some(isRateLimit)) answers.push(await post('prepareBookWeeks', weeks[answers.length % weeks.length], address));
      const throttled = answers.at(-1)!;
      expect(isRateLimit(throttled), throttled.text).toBe(true);
      expect(throttled.json()).toEqual({
        status: 429,
        message: expect.stringMatching(/^Too many booking attempts in a short time\. Please wait \d+ seconds/),
        retry_after: expect.any(Number),
      });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      const before = answers.slice(0, -1);
      expect(before.length).toBeGreaterThanOrEqual(30);
      expect(before.length).toBeLessThanOrEqual(60);
      expect(before.filter((a) => a.status === 200)).toHaveLength(5);
      expect(
        before.every((a) => a.status === 200 || (a.status === 429 && /on hold/.test(a.text))),
        before.map((a) => a.status).join(','),
      ).toBe(true);
    });
  });

  it("a stranger's wrong passwords lock out the stranger's address, not the owner's", async () => {
    const attacker = newAddress();
    const login = (address: string, password: string) => http(base, 'POST', '/api/auth/login', { body: { email_id: demo('agent'), password }, headers: from(address) });
    const answers = await untilThrottled(() => login(attacker, 'not-the-password'), 6);
    expectThrottledAfter(answers, 5, 401);
    expect(answers.at(-1)!.json()).toMatchObject({ status: 429, message: expect.stringMatching(/Too many failed sign-in attempts/) });
    expect((await login(newAddress(), DEMO_PASSWORD)).status).toBe(200);
    expect((await login(attacker, DEMO_PASSWORD)).status).toBe(429);
  });
});
