import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD, demo, http, sessionCookie } from '../support/http-client';
import { createScratchDatabase, postgresOrSkipReason } from '../support/postgres';
import { startServer } from '../support/server-process';

const backends = [
  { name: 'PGlite', url: inject('baseURL') },
  { name: 'PostgreSQL', url: inject('pgBaseURL') },
].filter((b) => b.url);

describe.each(backends)('platform on $name', ({ url }) => {
  it('sets a correlation id per request, as a header, a cookie and in the log', async () => {
    const [a, b] = await Promise.all([fetch(`${url}/`), fetch(`${url}/`)]);
    const idA = a.headers.get('x-correlation-id');
    expect(idA, 'a W3C trace id').toMatch(/^[0-9a-f]{32}$/);
    expect(idA).not.toBe(b.headers.get('x-correlation-id'));
    expect(a.headers.get('set-cookie')).toContain(`correlationId=${idA}`);
  });

  it('ignores a traceparent from a client it does not trust as its proxy: nobody chooses their correlation id', async () => {
    const chosen = '4bf92f3577b34da6a3ce929d0e0e4736';
    const answer = await fetch(`${url}/`, { headers: { traceparent: `00-${chosen}-00f067aa0ba902b7-01` } });
    expect(answer.headers.get('x-correlation-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.headers.get('x-correlation-id')).not.toBe(chosen);
  });

  it('sends the security headers on documents, API answers and assets (S6)', async () => {
    const page = await fetch(`${url}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // Every inline script carries the nonce.
    const html = await page.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A second request gets a different nonce.
    const again = await fetch(`${url}/`);
    expect(again.headers.get('content-security-policy')).not.toContain(nonce!);

    for (const res of [page, await fetch(`${url}/healthz`), await fetch(`${url}/brand/wanderly/logo.svg`)]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')?.split(',').length).toBe(1);
    }
  });

  it('refuses a cross-site form post (CSRF) and accepts a same-origin one', async () => {
    const crossSite = await fetch(`${url}/`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: 'x=1' });
    expect(crossSite.status).toBe(403);
    const fetchSite = await fetch(`${url}/`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' }, body: 'x=1' });
    expect(fetchSite.status).toBe(403);
    const sameOrigin = await fetch(`${url}/`, { method: 'POST', headers: { origin: url }, body: 'x=1' });
    expect(sameOrigin.status).not.toBe(403);
  });

  /** A signed-in member's session cookie, from the real login route. */
  async function memberCookie() {
    const res = await http(url, 'POST', '/api/auth/login', { body: { email_id: demo('member'), password: DEMO_PASSWORD } });
    expect(res.status, res.text).toBe(200);
    return sessionCookie(res);
  }

  /** The HTTP status a graphql-ws handshake gets (101 when the socket opens). */
  async function handshakeStatus(headers: Record<string, string>) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(-1));
    });
    ws.terminate();
    return status;
  }

  it('streams the serverTime subscription over graphql-ws at /graphql to a signed-in page of ours', async () => {
    const headers = { origin: url, cookie: await memberCookie() };
    class SignedInWebSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    const client = createClient({ url: `${url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: SignedInWebSocket, retryAttempts: 0 });
    const times: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.subscribe<{ serverTime: string }>(
        { query: 'subscription { serverTime(intervalMs: 100, count: 3) }' },
        { next: (result) => times.push(result.data!.serverTime), error: reject, complete: resolve },
      );
    });
    await client.dispose();
    expect(times).toHaveLength(3);
    for (const time of times) expect(Date.parse(time)).not.toBeNaN();
    expect(Date.parse(times[2]!)).toBeGreaterThan(Date.parse(times[0]!));
  });

  it('refuses a websocket from another origin or without Origin (403), and one without a session (401) (S7)', async () => {
    const cookie = await memberCookie();
    expect(await handshakeStatus({ origin: 'https://evil.example', cookie })).toBe(403);
    expect(await handshakeStatus({ cookie })).toBe(403);
    expect(await handshakeStatus({ origin: url })).toBe(401);
    expect(await handshakeStatus({ origin: url, cookie: `userToken=${'x'.repeat(43)}` })).toBe(401);
    expect(await handshakeStatus({ origin: url, cookie })).toBe(101);
  });
});

describe('start-up and health', () => {
  it('answers /healthz 503 when the database stops answering', async () => {
    const skip = await postgresOrSkipReason();
    if (skip) return;
    const scratch = await createScratchDatabase('tp_health');
    const server = await startServer({ databaseUrl: scratch.url });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Dropping the database cuts every connection and makes new ones fail.
      await scratch.drop();
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await server.stop();
    }
  });

  it('refuses to start on a broken configuration and prints the readable list', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tp-badconfig-'));
    cpSync('org-configs', path.join(dir, 'org-configs'), { recursive: true });
    cpSync('layouts', path.join(dir, 'layouts'), { recursive: true });
    const file = path.join(dir, 'org-configs/viajamas.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    config.headerVersion = 'v4';
    writeFileSync(file, JSON.stringify(config));
    try {
      await expect(startServer({ env: { CONFIG_DIR: dir } })).rejects.toThrow(/org-configs\/viajamas\.json: headerVersion: must be one of "v1", "v2", "v3"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on an invalid environment with a clear error', async () => {
    await expect(startServer({ env: { PORT: 'eighty' } })).rejects.toThrow(/Invalid environment:[\s\S]*PORT: must match pattern/);
  });
});
