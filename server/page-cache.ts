import type { NextFunction, Request, Response } from 'express';
import {
  MAX_CACHED_BODY_BYTES,
  PAGE_CACHE_HEADER,
  type KeptPageFacts,
  type PageCacheVerdict,
  isPageRequest,
  isStillFresh,
  mayAnswerFromCache,
  mayKeep,
  pageCacheKey,
} from '~/domain/page-cache';
import { type CachedPage, cachedPage, keepPage, pageVersions } from '~/services/site/page-cache.server';
import { hitRateLimit, visitorOf } from '~/services/identity/rate-limit.server';
import type { RequestContext } from '~/services/site/request-context.server';
import { dayIn } from '~/domain/time-zone';
import { requestOrigin } from './request-origin';

/** Headers that belong to one answer, never to a kept page. */
const PER_ANSWER_HEADERS = new Set([
  'set-cookie',
  'x-correlation-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'etag',
  'date',
  'connection',
  'keep-alive',
  PAGE_CACHE_HEADER.toLowerCase(),
]);

/** What this request's render says about keeping it (entry.server fills it in through the load context). */
export function pageCacheVerdict(res: Response): PageCacheVerdict {
  return ((res.locals.pageCacheVerdict as PageCacheVerdict | undefined) ??= { policy: null });
}

/**
 * The anonymous page cache in front of Remix (decisions 0035, 0041; rules in
 * app/domain/page-cache.ts): an anonymous visitor's document GET is answered from a page
 * rendered earlier for the same key, with this answer's own CSP nonce, while it is fresh (a
 * page that shows availability only while no hold or booking changed it, and for 30 s);
 * otherwise Remix renders it and the page is kept when its route allows and the answer
 * qualifies. A view the route counts against a limit (a search) counts from the cache too; over
 * the limit, the route answers its 429. Every page request reads the versions first, so a
 * signed-in user's page sees a catalogue change at once too (the reference cache is emptied).
 */
export function anonymousPageCache(req: Request, res: Response, next: NextFunction): void {
  const context = res.locals.requestContext as RequestContext;
  const queryStart = req.originalUrl.indexOf('?');
  const query = new URLSearchParams(queryStart === -1 ? '' : req.originalUrl.slice(queryStart + 1));
  const request = { method: req.method, path: req.path, query, signedIn: context.session !== null };
  if (!isPageRequest(request)) return next();
  const readAt = Date.now();
  pageVersions()
    .then(async (versions) => {
      if (!mayAnswerFromCache(request)) return next();
      const key = pageCacheKey({
        contentVersion: versions.content,
        // The pages' "today" (earliest check-in and the like) is the organisation's day (decision 0039).
        today: dayIn(context.org.timeZone),
        origin: requestOrigin(req),
        language: context.locale.language,
        currency: context.locale.currency,
        url: req.originalUrl,
        cookieHeader: req.get('cookie'),
      });
      const nonce = res.locals.cspNonce as string;
      const kept = cachedPage(context.org, key, (page) => isStillFresh(page, { availabilityVersion: versions.availability, at: readAt }));
      if (kept) {
        const countsAs = kept.policy.countsAs;
        if (countsAs && !(await hitRateLimit(countsAs, visitorOf(context))).ok) return next();
        return answerFromCache(res, kept, nonce);
      }
      res.setHeader(PAGE_CACHE_HEADER, 'miss');
      if (req.method === 'GET') keepWhenDone(res, nonce, { availabilityVersion: versions.availability, keptAt: readAt }, (page) => keepPage(context.org, key, page));
      next();
    })
    .catch(next);
}

function answerFromCache(res: Response, page: CachedPage, nonce: string): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value.replaceAll(page.nonce, nonce));
  res.setHeader(PAGE_CACHE_HEADER, 'hit');
  res.end(page.body.replaceAll(page.nonce, nonce));
}

/**
 * Follows the rendered answer as it is written, and hands it over once complete if it may be
 * kept. Nothing is copied for a page its route does not allow (known when the head is written).
 */
function keepWhenDone(res: Response, nonce: string, readBefore: Omit<KeptPageFacts, 'policy'>, keep: (page: CachedPage) => void): void {
  const verdict = pageCacheVerdict(res);
  const chunks: Buffer[] = [];
  let bytes = 0;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!verdict.policy || chunk === undefined || chunk === null || typeof chunk === 'function' || bytes > MAX_CACHED_BODY_BYTES) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    bytes += buffer.length;
    if (bytes <= MAX_CACHED_BODY_BYTES) chunks.push(buffer);
  };

  const write = res.write;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  const end = res.end;
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    const result = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    const setCookie = res.getHeader('set-cookie');
    const setCookieNames = (Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : []).map((cookie) => cookie.split('=')[0]!.trim());
    if (verdict.policy && mayKeep({ status: res.statusCode, verdict, setCookieNames, bodyBytes: bytes })) {
      const headers = Object.entries(res.getHeaders())
        .filter(([name, value]) => !PER_ANSWER_HEADERS.has(name) && value !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string]);
      keep({ ...readBefore, policy: verdict.policy, status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8'), bytes, nonce });
    }
    return result;
  } as typeof end;
}
