import type { HeadersFunction } from '@remix-run/node';

/**
 * A route's `headers` export for pages that may answer 429 (a rate limit): Remix builds a
 * document's headers from `headers` exports only, so without this the Retry-After of a thrown
 * 429 or of an action's 429 answer would not reach a browser posting without JavaScript.
 * Everything else stays as it was (the parent's headers).
 */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = source?.get('Retry-After');
    if (retryAfter) headers.set('Retry-After', retryAfter);
  }
  return headers;
};
