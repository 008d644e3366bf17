// Issue 10, acceptance 6 (docs/decisions/0024): the server resolves each request's organisation
// once, in its request context; every access-log line counts the resolutions (`orgResolutions`).
// And a line a route logs carries its request's correlation id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type HttpAnswer, demo, http, sessionCookie } from '../support/http-client';
import { type RunningServer, startServer } from '../support/server-process';

let server: RunningServer;

beforeAll(async () => {
  // TRUST_PROXY: the geolocation test speaks from public addresses (X-Forwarded-For).
  server = await startServer({ env: { LOG_LEVEL: 'info', SANDBOX_GATEWAY_PORT: '0', TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await server?.stop();
});

type LogLine = { msg: string; level: string; correlationId?: string; path?: string; orgResolutions?: number; [field: string]: unknown };

function logLines(): LogLine[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const correlationIdOf = (answer: HttpAnswer) => String(answer.headers['x-correlation-id']);

/** The access-log line of an answered request (written when the response finished). */
async function accessLineOf(answer: HttpAnswer): Promise<LogLine> {
  const id = correlationIdOf(answer);
  for (let tries = 0; tries < 50; tries++) {
    const line = logLines().find((l) => l.msg === 'request' && l.correlationId === id);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no access-log line for ${id}`);
}

async function orgResolutionsOf(answer: HttpAnswer): Promise<number | undefined> {
  return (await accessLineOf(answer)).orgResolutions;
}

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signIn(): Promise<{ answer: HttpAnswer; cookie: string }> {
  const answer = await http(server.url, 'POST', '/api/auth/login', { body: { email_id: demo('member'), password: DEMO_PASSWORD } });
  expect(answer.status, answer.text).toBe(200);
  return { answer, cookie: sessionCookie(answer) };
}

describe('the organisation is resolved once per request', () => {
  it('a page, a signed-in page, API calls, a Remix data request and the flight login gate each resolve it exactly once', async () => {
    const home = await http(server.url, 'GET', '/');
    expect(home.status).toBe(200);
    const { answer: login, cookie } = await signIn();
    const session = await http(server.url, 'GET', '/api/auth/session', { cookie });
    expect(session.status).toBe(200);
    const profile = await http(server.url, 'GET', '/user/profile', { cookie });
    expect(profile.status).toBe(200);
    const data = await http(server.url, 'GET', '/user/profile?_data=routes%2Fuser.profile', { cookie });
    expect(data.status).toBe(200);
    expect(data.headers['content-type']).toMatch(/json/);
    // An anonymous visitor of a flight login path is sent to /flight by the server, before Remix.
    const gated = await http(server.url, 'GET', '/flight/search-details');
    expect(gated.status).toBe(302);
    expect(gated.headers.location).toBe('/flight');

    const counts = {
      home: await orgResolutionsOf(home),
      login: await orgResolutionsOf(login),
      session: await orgResolutionsOf(session),
      profile: await orgResolutionsOf(profile),
      data: await orgResolutionsOf(data),
      gated: await orgResolutionsOf(gated),
    };
    expect(counts).toEqual({ home: 1, login: 1, session: 1, profile: 1, data: 1, gated: 1 });
  });

  it('a hotel checkout GET resolves it exactly once', async () => {
    const { cookie } = await signIn();
    const origin = new URL(server.url).origin;
    let checkout: string | null = null;
    for (let day = 40; day < 100 && !checkout; day++) {
      const form = new URLSearchParams({ destination: 'cancun', checkin: isoInDays(day), checkout: isoInDays(day + 1), rooms: '1', guests: '2', roomTypeId: '1' });
      const held = await http(server.url, 'POST', '/hotel-checkout', { cookie, headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: form.toString() });
      expect(held.status, held.text.slice(0, 200)).toBe(302);
      const location = new URL(String(held.headers.location), server.url);
      if (location.searchParams.get('hold')) checkout = `${location.pathname}${location.search}`;
    }
    expect(checkout).not.toBeNull();
    const page = await http(server.url, 'GET', checkout!, { cookie });
    expect(page.status).toBe(200);
    expect(await orgResolutionsOf(page)).toBe(1);
  });
});

describe('log lines a route writes carry the request correlation id', () => {
  it("a refused sign-in's warning names the request it refused", async () => {
    const refused = await http(server.url, 'POST', '/api/auth/login', { body: { email_id: demo('member'), password: 'not-the-password' } });
    expect(refused.status).toBe(401);
    const id = correlationIdOf(refused);
    expect(id, 'a W3C trace id').toMatch(/^[0-9a-f]{32}$/);
    const warning = logLines().find((line) => line.msg === 'sign-in refused' && line.correlationId === id);
    expect(warning).toMatchObject({ level: 'warn', reason: 'invalid', orgId: 'wanderly' });
    expect((await accessLineOf(refused)).orgResolutions).toBe(1);
  });

  it('takes the trace id of a traceparent its trusted proxy sends (TRUST_PROXY), and ignores a malformed one', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await http(server.url, 'POST', '/api/auth/login', {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: { email_id: demo('member'), password: 'not-the-password' },
    });
    expect(correlationIdOf(traced)).toBe(traceId);
    expect(logLines().find((line) => line.msg === 'sign-in refused' && line.correlationId === traceId)).toBeDefined();
    const malformed = await http(server.url, 'GET', '/healthz', { headers: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` } });
    expect(correlationIdOf(malformed)).toMatch(/^[0-9a-f]{32}$/);
    expect(correlationIdOf(malformed)).not.toBe('0'.repeat(32));
  });
});

describe('the visitor’s country (spec §7: the geolocation look-up feeds the cookies)', () => {
  const cookiesOf = (answer: HttpAnswer) => {
    const raw = answer.headers['set-cookie'];
    return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((line) => line.split(';')[0]!);
  };
  const lang = (answer: HttpAnswer) => /<html[^>]* lang="([^"]+)"/.exec(answer.text)?.[1];

  it('a first visit from Mexico gets Spanish and pesos and keeps them in the cookies; the cookies outrank the next address', async () => {
    const first = await http(server.url, 'GET', '/', { headers: { 'x-forwarded-for': '187.188.1.1' } });
    expect(first.status).toBe(200);
    expect(lang(first)).toBe('es-MX');
    const locale = cookiesOf(first).filter((pair) => /^(ssoLanguage|ssoCurrency|lan_code|currency_code)=/.test(pair));
    expect(locale).toEqual(['ssoLanguage=2', 'ssoCurrency=8', 'lan_code=es-MX', 'currency_code=MXN']);
    // The same visitor browsing from the United States keeps the locale its cookies name, and gets no new ones.
    const later = await http(server.url, 'GET', '/hotels', { headers: { 'x-forwarded-for': '8.8.8.8', cookie: locale.join('; ') } });
    expect(lang(later)).toBe('es-MX');
    expect(cookiesOf(later).filter((pair) => /^(lan_code|currency_code)=/.test(pair))).toEqual([]);
    // A kept page answers the next first visit from Mexico with the same locale, and the cookies too.
    const again = await http(server.url, 'GET', '/', { headers: { 'x-forwarded-for': '201.141.0.1' } });
    expect(lang(again)).toBe('es-MX');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(cookiesOf(again)).toEqual(expect.arrayContaining(['lan_code=es-MX', 'currency_code=MXN']));
  });

  it('a visit from a private or documentation address, or to an API, gets the organisation’s locale and no locale cookie', async () => {
    for (const address of ['10.1.2.3', '203.0.113.45']) {
      const answer = await http(server.url, 'GET', '/', { headers: { 'x-forwarded-for': address } });
      expect(lang(answer)).toBe('en-US');
      expect(cookiesOf(answer).filter((pair) => /^(lan_code|currency_code)=/.test(pair))).toEqual([]);
    }
    const api = await http(server.url, 'GET', '/api/auth/session', { headers: { 'x-forwarded-for': '187.188.1.1' } });
    expect(cookiesOf(api).filter((pair) => /^(lan_code|currency_code)=/.test(pair))).toEqual([]);
  });
});
