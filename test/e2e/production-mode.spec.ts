// Production mode (`npm run start:prod`, NODE_ENV=production) is safe by default
// (docs/decisions/0015): no demo accounts, no mail viewer, no sandbox gateway, no stack traces,
// only the hosts organisations claim, Secure cookies and HSTS, and links in e-mails built from
// each organisation's configured public origin whatever Host or X-Forwarded-Host a request names.
// One production server, on a scratch PostgreSQL database, serves every check here.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demo, http, type HttpAnswer } from '../support/http-client';
import { createScratchDatabase, postgresOrSkipReason } from '../support/postgres';
import { type RunningServer, freePort, startServer } from '../support/server-process';

const ORGS = ['wanderly', 'voyagerpro', 'viajamas'] as const;
const siteOf = (org: string) => `${org}.example.test`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The repository's configs, each organisation on its own public https host, as a deployment configures them. */
function productionConfigs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tp-prod-configs-'));
  cpSync('org-configs', path.join(dir, 'org-configs'), { recursive: true });
  cpSync('layouts', path.join(dir, 'layouts'), { recursive: true });
  for (const org of ORGS) {
    const file = path.join(dir, 'org-configs', `${org}.json`);
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // Also its *.localhost name: production cookies are Secure even there.
    writeFileSync(file, JSON.stringify({ ...config, hosts: [siteOf(org), `${org}.localhost`], publicOrigin: `https://${siteOf(org)}` }, null, 2));
  }
  return dir;
}

function setCookies(answer: HttpAnswer): string[] {
  const raw = answer.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** True when something accepts a TCP connection on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const skipReason = await postgresOrSkipReason();

describe.skipIf(skipReason)('npm run start:prod', () => {
  let server: RunningServer;
  let database: { url: string; drop: () => Promise<void> };
  let configDir: string;
  let sandboxPort: number;
  let sql: pg.Client;
  // RATE_LIMIT_SCALE: production's own limits, not the shared test servers' relaxed ones (which it refuses).
  const env = () => ({ NODE_ENV: 'production', CONFIG_DIR: configDir, SANDBOX_GATEWAY_PORT: String(sandboxPort), TRUST_PROXY: 'loopback', RATE_LIMIT_SCALE: '1' });

  beforeAll(async () => {
    database = await createScratchDatabase('tp_prod');
    configDir = productionConfigs();
    sandboxPort = await freePort();
    // SEED_ON_START explicitly on: production then seeds the catalogue, never demo accounts.
    server = await startServer({ command: ['npm', 'run', 'start:prod'], databaseUrl: database.url, env: { ...env(), SEED_ON_START: 'true' } });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await database?.drop();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  /** A request to the production server as a browser on `org`'s public host sends it. */
  const send = (method: string, path: string, options: Parameters<typeof http>[3] & { org?: string } = {}) =>
    http(server.url, method, path, { ...options, headers: { host: siteOf(options.org ?? 'wanderly'), ...options.headers } });

  /** The newest e-mail the outbox holds for `to`. */
  async function newestMail(to: string): Promise<string | undefined> {
    const { rows } = await sql.query<{ text_body: string }>('select text_body from outbox where recipient = $1 order by id desc limit 1', [to]);
    return rows[0]?.text_body;
  }

  it('seeds no demo account even with SEED_ON_START=true, only the catalogue; a demo account cannot sign in', async () => {
    const demoEmails = ORGS.flatMap((org) => ['member', 'agent', 'admin', 'demo'].map((key) => demo(key, org)));
    expect((await sql.query('select email from users where email_normalized = any($1)', [demoEmails])).rows).toEqual([]);
    expect(Number((await sql.query('select count(*) from hotels')).rows[0].count)).toBeGreaterThan(0);

    const demoLogin = await send('POST', '/api/auth/login', { body: { email_id: demo('member'), password: DEMO_PASSWORD } });
    const unknownLogin = await send('POST', '/api/auth/login', { body: { email_id: 'nobody-at-all@example.com', password: DEMO_PASSWORD } });
    expect(demoLogin.status).toBe(401);
    expect(demoLogin.json()).toEqual(unknownLogin.json());
    expect(demoLogin.json().message).toBe('The e-mail or password is incorrect.');
  });

  it('has no mail viewer and no sandbox gateway', async () => {
    expect((await send('GET', '/dev/mail')).status).toBe(404);
    expect(await isListening(sandboxPort)).toBe(false);
    expect(server.logs()).not.toContain('sandbox payment gateway');
  });

  it('refuses a host no organisation claims with 421, while /healthz answers any host', async () => {
    for (const host of ['evil.example', 'localhost', '127.0.0.1', 'voyagerpro.example.test.evil.example']) {
      const page = await http(server.url, 'GET', '/', { headers: { host } });
      expect(page.status, host).toBe(421);
      expect(page.text).toBe('Misdirected request: no site is served at this host name.\n');
      expect((await http(server.url, 'GET', '/healthz', { headers: { host } })).status).toBe(200);
    }
    for (const org of ORGS) expect((await send('GET', '/', { org })).status).toBe(200);
  });

  it('shows no stack or error text on an error page, nor on a malformed request', async () => {
    // A multipart body that cannot be parsed makes the action throw: the route's error boundary answers.
    const page = await send('POST', '/auth/forgot', { body: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=zz' } });
    expect(page.status).toBe(500);
    expect(page.text).toContain('Something went wrong on our side. Please try again.');
    expect(page.text).toContain('Unexpected Server Error');
    for (const leak of ['stack', 'multipart', 'node_modules', process.cwd()]) expect(page.text, leak).not.toContain(leak);

    const malformed = await send('GET', '/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toEqual({ status: 400, message: 'Bad Request' });
  });

  it('marks every cookie Secure, whatever the host, and sends HSTS', async () => {
    expect((await http(server.url, 'GET', '/', { headers: { host: 'evil.example' } })).headers['strict-transport-security']).toBe('max-age=31536000');
    for (const host of [siteOf('wanderly'), 'wanderly.localhost']) {
      const home = await send('GET', '/', { headers: { host } });
      expect(home.status).toBe(200);
      expect(home.headers['strict-transport-security']).toBe('max-age=31536000');
      const preferences = await send('POST', '/resources/preferences', {
        body: new URLSearchParams({ language: 'en-US', currency: 'USD', returnTo: '/' }).toString(),
        headers: { ...FORM, host },
      });
      expect(preferences.status).toBe(302);
      const cookies = [...setCookies(home), ...setCookies(preferences)];
      expect(cookies.map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['correlationId', 'ssoLanguage', 'ssoCurrency', 'lan_code', 'currency_code']));
      for (const cookie of cookies) expect(cookie, host).toMatch(/; Secure(;|$)/);
    }
  });

  it("mails links to the organisation's own origin whatever X-Forwarded-Host says; a forged Host gets no mail at all", async () => {
    const email = `prod-${Date.now()}@example.com`;
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const signup = await send('POST', '/auth/signup', {
      body: new URLSearchParams({ firstName: 'Pia', lastName: 'Prod', email, password: 'a long production passphrase' }).toString(),
      headers: { ...FORM, ...forged },
    });
    expect(signup.status).toBe(200);
    const verifyMail = await newestMail(email);
    const token = verifyMail?.match(/https:\/\/wanderly\.example\.test\/auth\/verify\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token, verifyMail).toBeTruthy();
    expect(verifyMail).not.toContain('evil.example');

    // Following the link signs the new member in, with a Secure session cookie.
    const verified = await send('POST', '/auth/verify', { body: new URLSearchParams({ token: token! }).toString(), headers: FORM });
    expect(verified.status).toBe(302);
    const session = setCookies(verified).find((c) => c.startsWith('userToken='));
    expect(session).toMatch(/; Secure(;|$)/);

    const reset = await send('POST', '/auth/forgot', { body: new URLSearchParams({ email }).toString(), headers: { ...FORM, ...forged } });
    expect(reset.status).toBe(200);
    const resetMail = await newestMail(email);
    expect(resetMail).toMatch(/https:\/\/wanderly\.example\.test\/auth\/reset\?token=[A-Za-z0-9_-]+/);
    expect(resetMail).not.toContain('evil.example');

    const refused = await http(server.url, 'POST', '/auth/forgot', { body: new URLSearchParams({ email }).toString(), headers: { ...FORM, host: 'evil.example' } });
    expect(refused.status).toBe(421);
    expect(await newestMail(email)).toBe(resetMail);
  });

  it('behind a trusted proxy, a forged X-Forwarded-Host changes nothing a later visitor gets from the page cache', async () => {
    const path = '/?prod-cache=forged-host';
    const forged = await send('GET', path, { headers: { 'x-forwarded-host': 'evil.example:6666', 'x-forwarded-proto': 'https' } });
    expect(forged.status).toBe(200);
    const later = await send('GET', path, { headers: { 'x-forwarded-proto': 'https' } });
    expect(later.headers['x-page-cache']).toBe('hit');
    for (const answer of [forged, later]) {
      expect(String(answer.headers['content-security-policy'])).toContain(`wss://${siteOf('wanderly')}`);
      expect(String(answer.headers['content-security-policy'])).not.toContain('evil');
      expect(answer.text).not.toContain('evil.example');
      expect(answer.text).not.toContain('6666');
    }
    const sitemap = await send('GET', '/sitemap.xml', { headers: { 'x-forwarded-host': 'evil.example:6666', 'x-forwarded-proto': 'https' } });
    expect(sitemap.text).toContain(`<loc>https://${siteOf('wanderly')}/`);
    expect(sitemap.text).not.toContain('evil');
  });

  it('refuses to start while the database holds a demo account', async () => {
    await server.stop();
    // What a demo start on this database would have left behind.
    await sql.query(
      `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role)
       values ('viajamas', $1, $1, 'x', 'Maya', 'Member', 'member')`,
      [demo('member', 'viajamas')],
    );
    await expect(startServer({ command: ['npm', 'run', 'start:prod'], databaseUrl: database.url, env: env() })).rejects.toThrow(
      /server exited with 1:[\s\S]*Refusing to start in production: the database holds demo accounts \(member@viajamas\.example\)/,
    );
  });

  it('refuses to start while an organisation has no https public origin, naming each', async () => {
    await expect(startServer({ command: ['npm', 'run', 'start:prod'], databaseUrl: database.url, env: { ...env(), CONFIG_DIR: process.cwd() } })).rejects.toThrow(
      /Configuration refused:\n {2}org-configs\/wanderly\.json: publicOrigin: required in production[^\n]*\n {2}org-configs\/voyagerpro\.json: publicOrigin: required in production[^\n]*\n {2}org-configs\/viajamas\.json: publicOrigin: required in production/,
    );
  });

  it('npm run seed refuses to run in production', async () => {
    const run = promisify(execFile)('npm', ['run', 'seed'], { env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.url } });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('npm run seed refuses to run in production') });
  });
});

describe('the demo start', () => {
  it('says first that it is a demo (npm start: e2e-global-setup.ts checks its first line)', () => {
    const [logFile] = inject('serverLogFiles');
    // By time: warnings go to stderr and the rest to stdout, so the file may interleave the two.
    const lines = readFileSync(logFile!, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { time: string; msg: string });
    const notice = lines.find((line) => line.msg.startsWith('DEMO START: '));
    expect(notice?.msg).toMatch(/Never expose it to the internet/);
    expect(lines.every((line) => line.time >= notice!.time)).toBe(true);
  });

  it("mails a reset link to the organisation's own origin, not to a forged Host", async () => {
    const base = inject('baseURL');
    const port = new URL(base).port;
    // A host no organisation claims: the demo serves it as the default organisation (Wanderly).
    const forgot = await http(base, 'POST', '/auth/forgot', { body: new URLSearchParams({ email: demo('newuser') }).toString(), headers: { ...FORM, host: 'evil.example' } });
    expect(forgot.status).toBe(200);
    const viewer = await http(base, 'GET', `/dev/mail?to=${encodeURIComponent(demo('newuser'))}`);
    expect(viewer.status).toBe(200);
    const newest = viewer.text.match(/https?:\/\/[^"<\s]+\/auth\/reset\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(newest).toMatch(new RegExp(`^http://wanderly\\.localhost:${port}/auth/reset\\?token=`));
    expect(viewer.text).not.toContain('evil.example');
  });
});
