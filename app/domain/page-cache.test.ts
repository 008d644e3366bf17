import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_FRESH_MS,
  CACHEABLE_FOR_ANONYMOUS_VISITORS,
  CACHEABLE_DETAILS_PAGES,
  CACHEABLE_RESULTS_PAGES,
  MAX_CACHED_BODY_BYTES,
  isStillFresh,
  mayAnswerFromCache,
  mayKeep,
  pageCacheKey,
  pageCachePolicyOf,
} from './page-cache';

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
    for (const path of [
      '/api/trips/gettrips',
      '/build/x.js',
      '/resources/preferences',
      '/dev/mail',
      '/i18n/en-US.x.js',
      '/auth/verify',
      '/user/my-trips.ics',
      '/favicon.svg',
      '/sitemap.xml',
      '/world-map.svg',
      '/images/properties/v1/cancun-grand-plaza/facade.svg',
    ]) {
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

  it('keeps only a plain 200 the page allowed, without cookies of its own, within the size limit', () => {
    const policy = CACHEABLE_FOR_ANONYMOUS_VISITORS.anonymousPageCache;
    const page = { status: 200, verdict: { policy }, setCookieNames: ['correlationId'], bodyBytes: 10_000 };
    expect(mayKeep(page)).toBe(true);
    expect(mayKeep({ ...page, verdict: { policy: null } })).toBe(false);
    expect(mayKeep({ ...page, status: 404 })).toBe(false);
    expect(mayKeep({ ...page, setCookieNames: ['correlationId', 'sessionId'] })).toBe(false);
    // A first visit's locale cookies restate the locale its key holds (a kept page never replays them).
    expect(mayKeep({ ...page, setCookieNames: ['correlationId', 'ssoLanguage', 'ssoCurrency', 'lan_code', 'currency_code'] })).toBe(true);
    expect(mayKeep({ ...page, bodyBytes: MAX_CACHED_BODY_BYTES + 1 })).toBe(false);
  });

  it("reads a route's policy from its handle, and none from a handle without one", () => {
    expect(pageCachePolicyOf(CACHEABLE_FOR_ANONYMOUS_VISITORS)).toEqual({ showsAvailability: false, countsAs: null });
    expect(pageCachePolicyOf(CACHEABLE_RESULTS_PAGES)).toEqual({ showsAvailability: true, countsAs: 'search' });
    expect(pageCachePolicyOf(CACHEABLE_DETAILS_PAGES)).toEqual({ showsAvailability: true, countsAs: null });
    for (const handle of [undefined, null, {}, { anonymousPageCache: true }, { other: 1 }]) expect(pageCachePolicyOf(handle)).toBeNull();
  });

  it('answers with a page that shows availability only while no allocation changed, and for 30 seconds at most', () => {
    const kept = { policy: CACHEABLE_RESULTS_PAGES.anonymousPageCache, availabilityVersion: '41', keptAt: 1_000_000 };
    expect(isStillFresh(kept, { availabilityVersion: '41', at: 1_000_000 + AVAILABILITY_FRESH_MS - 1 })).toBe(true);
    expect(isStillFresh(kept, { availabilityVersion: '42', at: 1_000_001 })).toBe(false);
    expect(isStillFresh(kept, { availabilityVersion: '41', at: 1_000_000 + AVAILABILITY_FRESH_MS })).toBe(false);
    // A page that shows no availability is kept whatever holds do, for as long as its key lasts.
    const home = { ...kept, policy: CACHEABLE_FOR_ANONYMOUS_VISITORS.anonymousPageCache };
    expect(isStillFresh(home, { availabilityVersion: '99', at: 1_000_000 + 10 * AVAILABILITY_FRESH_MS })).toBe(true);
  });
});
