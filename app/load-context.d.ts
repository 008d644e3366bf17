import '@remix-run/node';
import type { PageCacheVerdict } from '~/domain/page-cache';
import type { RequestContext } from '~/services/request-context.server';

declare module '@remix-run/node' {
  /**
   * The request context (resolved once by the server, docs/decisions/0024), the page's CSP
   * nonce, and what the render tells the anonymous page cache (server/page-cache.ts).
   */
  interface AppLoadContext extends RequestContext {
    cspNonce: string;
    pageCache: PageCacheVerdict;
  }
}
