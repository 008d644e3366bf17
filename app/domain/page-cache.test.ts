import { describe, expect, it } from 'vitest';
import { MAX_CACHED_BODY_BYTES, mayAnswerFromCache, mayKeep, pageCacheKey } from './page-cache';

const request = (path: string, overrides: Partial<Parameters<typeof mayAnswerFromCache>[0]> = {}) => {
  const url = new URL(path, 'http://localhost');
  return { method: 'GET', path: url.pathname, query: url.searchParams, signedIn: false, ...overrides };
};
const key = (overrides: Partial<Parameters<typeof pageCacheKey>[0]> = {}) =>
  pageCacheKey({ contentVersion: '7', today: '2026-11-24', origin: 'http://localhost:3000', language: 'en-US', currency: 'USD', url: '/', cookieHeader: undefined, ...overrides });

describe('the anonymous page cache', () => {
  it('answers only anonymous document GETs', () => {
    expect(mayAnswerFromCache(request('/'))).toBe(true);
    expect(mayAnswerFromCache(request('/hotels?x=1'))).toBe(true);
    expect(mayAnswerFromCache(request('/', { signedIn: true }))).toBe(false);
    expect(mayAnswerFromCache(request('/', { method: 'POST' }))).toBe(false);
    expect(mayAnswerFromCache(request('/?_data=root'))).toBe(false);
    for (const path of ['/api/trips/gettrips', '/build/x.js', '/resources/preferences', '/dev/mail', '/i18n/en-US.x.js', '/auth/verify', '/user/my-trips.ics', '/favicon.svg', '/sitemap.xml', '/world-map.svg', '/images/properties/v1/cancun-grand-plaza/facade.svg']) {
      expect(mayAnswerFromCache(request(path)), path).toBe(false);
    }
  });

  it('files a page under everything it depends on', () => {
    const base = key();
    for (const changed of [
      key({ contentVersion: '8' }),
      key({ today: '2026-11-25' }),
      key({ origin: 'http://127.0.0.1:3000' }),
      key({ language: 'es-MX' }),
      key({ currency: 'MXN' }),
      key({ url: '/?plans=open' }),
      key({ cookieHeader: 'noShowPlansHome=true' }),
    ]) {
      expect(changed).not.toBe(base);
    }
  });

  it('is not split by the per-request cookie, and cookie order does not matter', () => {
    expect(key({ cookieHeader: 'correlationId=abc' })).toBe(key());
    expect(key({ cookieHeader: 'a=1; correlationId=abc; b=2' })).toBe(key({ cookieHeader: 'b=2;a=1' }));
  });

  it('keeps only a plain 200 the page allowed and rendered without error, without cookies of its own, within the size limit', () => {
    const page = { status: 200, verdict: { allowed: true, failed: false }, setCookieNames: ['correlationId'], bodyBytes: 10_000 };
    expect(mayKeep(page)).toBe(true);
    expect(mayKeep({ ...page, verdict: { allowed: false, failed: false } })).toBe(false);
    expect(mayKeep({ ...page, verdict: { allowed: true, failed: true } })).toBe(false);
    expect(mayKeep({ ...page, status: 404 })).toBe(false);
    expect(mayKeep({ ...page, setCookieNames: ['correlationId', 'sessionId'] })).toBe(false);
    expect(mayKeep({ ...page, bodyBytes: MAX_CACHED_BODY_BYTES + 1 })).toBe(false);
  });
});
