import { LOCALE_COOKIE_NAMES } from './reference-data';
import type { LimitedAction } from './rate-limits';

/**
 * Rules of the anonymous page cache (decision 0035): which requests may be answered from it,
 * which answers may be kept, and what an answer is filed under. The cache itself is
 * app/services/site/page-cache.server.ts; the server consults it before Remix (server/page-cache.ts).
 */

/** Says on an anonymous visitor's page whether it came from the cache: `hit` or `miss` (rendered, maybe kept). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache';
/** Answers above this size are rendered each time (they would crowd the cache out). */
export const MAX_CACHED_BODY_BYTES = 256 * 1024;
/** What one organisation's kept pages may weigh in all (their bodies' UTF-8 bytes). */
export const MAX_CACHED_BYTES_PER_ORG = 32 * 1024 * 1024;

/**
 * What a route's `handle.anonymousPageCache` says about keeping its pages for anonymous visitors.
 * Pages that show what is free to book (results, details) change with every hold, booking and
 * expiry, which the catalogue's version leaves out: such a page is answered only while no
 * allocation changed since it was rendered, and for at most AVAILABILITY_FRESH_MS.
 */
export type PageCachePolicy = {
  showsAvailability: boolean;
  /** The per-visitor limit every view of the page counts against, an answer from the cache included. */
  countsAs: LimitedAction | null;
};

/** How long a kept page that shows availability may answer: bounds what no version tells (holds ending by expiry). */
export const AVAILABILITY_FRESH_MS = 30_000;

/**
 * Set by entry.server during the render: the leaf route's policy when it allows keeping its
 * pages (null otherwise). A render error never reaches the cache: it throws and Remix answers
 * with the error boundary's status, or (inside a suspending boundary) entry.server takes the policy back.
 */
export type PageCacheVerdict = { policy: PageCachePolicy | null };

/** The cookie every request gets its own of: it must not split the cache. */
const PER_REQUEST_COOKIES = new Set(['correlationId']);

export type PageRequest = { method: string; path: string; query: URLSearchParams };

/** A document GET: not a data request, an API, asset or resource call. */
export function isPageRequest({ method, path, query }: PageRequest): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || query.has('_data')) return false;
  if (/^\/(api|build|assets|resources|dev|i18n|auth|images)(\/|$)/.test(path)) return false;
  // The per-host site files (decision 0038) and calendar exports are files, not pages.
  return !/^\/(favicon\.svg|manifest\.webmanifest|robots\.txt|sitemap\.xml|world-map\.svg)$/.test(path) && !path.endsWith('.ics');
}

/** Only an anonymous visitor's page request is answered from the cache, never a signed-in user's. */
export function mayAnswerFromCache(request: PageRequest & { signedIn: boolean }): boolean {
  return !request.signedIn && isPageRequest(request);
}

/**
 * What an answer is filed under: the organisation's loaded config (a reloaded config is a new
 * object), the version of the catalogue, the day, the origin the page was asked on (its CSP
 * names it), the language and currency, the URL, and every cookie the visitor sent but the
 * per-request ones (so visitors with different cookies never share, whatever a page does
 * with them).
 */
export function pageCacheKey(parts: {
  contentVersion: string;
  today: string;
  origin: string;
  language: string;
  currency: string;
  url: string;
  cookieHeader: string | undefined;
}): string {
  return JSON.stringify([parts.contentVersion, parts.today, parts.origin, parts.language, parts.currency, parts.url, keyCookies(parts.cookieHeader)]);
}

function keyCookies(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !PER_REQUEST_COOKIES.has(pair.split('=')[0]!.trim()))
    .sort();
}

export type RenderedPage = { status: number; verdict: PageCacheVerdict; setCookieNames: string[]; bodyBytes: number };

/**
 * Cookies an answer may set and still be kept (a kept page never replays them): per request, or
 * the locale cookies a first visit gets from its country, which restate the locale the key holds.
 */
const KEEPABLE_SET_COOKIES = new Set<string>([...PER_REQUEST_COOKIES, ...LOCALE_COOKIE_NAMES]);

/** Keep only a plain 200 the page allowed, that sets no cookie of its own and is not too big. */
export function mayKeep({ status, verdict, setCookieNames, bodyBytes }: RenderedPage): boolean {
  return status === 200 && verdict.policy !== null && bodyBytes <= MAX_CACHED_BODY_BYTES && setCookieNames.every((name) => KEEPABLE_SET_COOKIES.has(name));
}

/** What a kept page was rendered under, besides its key. */
export type KeptPageFacts = { policy: PageCachePolicy; availabilityVersion: string; keptAt: number };

/**
 * Whether a kept page may still answer. One that shows availability only while the allocations'
 * version is the one read before it was rendered, and not longer than AVAILABILITY_FRESH_MS.
 */
export function isStillFresh(kept: KeptPageFacts, now: { availabilityVersion: string; at: number }): boolean {
  if (!kept.policy.showsAvailability) return true;
  return kept.availabilityVersion === now.availabilityVersion && now.at - kept.keptAt < AVAILABILITY_FRESH_MS;
}

/** A route's `handle` that lets its pages be kept for anonymous visitors: home, landing and legal pages. */
export const CACHEABLE_FOR_ANONYMOUS_VISITORS = { anonymousPageCache: { showsAvailability: false, countsAs: null } satisfies PageCachePolicy };

/** The handle of results pages: kept while availability stays the same; each view is a search. */
export const CACHEABLE_RESULTS_PAGES = { anonymousPageCache: { showsAvailability: true, countsAs: 'search' } satisfies PageCachePolicy };

/** The handle of details pages: kept while availability stays the same. */
export const CACHEABLE_DETAILS_PAGES = { anonymousPageCache: { showsAvailability: true, countsAs: null } satisfies PageCachePolicy };

/** The policy a route's handle names, or null when it does not allow keeping its pages. */
export function pageCachePolicyOf(handle: unknown): PageCachePolicy | null {
  const policy = typeof handle === 'object' && handle !== null && 'anonymousPageCache' in handle ? handle.anonymousPageCache : null;
  return typeof policy === 'object' && policy !== null && 'showsAvailability' in policy ? (policy as PageCachePolicy) : null;
}
