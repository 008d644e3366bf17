import type { HeadersFunction } from '@remix-run/node';

/** The answer headers a route's loader, action or thrown answer may set for its document. */
const DOCUMENT_HEADERS = ['Cache-Control', 'Referrer-Policy', 'Retry-After'] as const;

/**
 * A route's `headers` export for pages whose loader or action sets Cache-Control (a private
 * page: `private, no-store`), Referrer-Policy (a token in the URL: `no-referrer`) or
 * Retry-After (a rate limit's 429). Remix builds a document's headers from `headers` exports
 * only, so without this those would reach data requests but never the HTML: a browser or a
 * shared cache could keep a private page, a page could leak its token in the Referer, and a
 * browser posting without JavaScript would not learn when to retry. Everything else stays as it
 * was (the parent's headers).
 */
export const documentHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of DOCUMENT_HEADERS) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
