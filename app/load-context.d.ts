import '@remix-run/node';
import type { PageCacheVerdict } from '~/domain/page-cache';
import type { RequestContext } from '~/services/site/request-context.server';

declare module '@remix-run/node' {
  /**
   * The request context (resolved once by the server, docs/decisions/0024), the page's CSP
   * nonce, what the render tells the anonymous page cache (server/page-cache.ts), and the
   * rendered document's bytes, which the server sends as they are (server/remix-handler.ts).
   */
  interface AppLoadContext extends RequestContext {
    cspNonce: string;
    pageCache: PageCacheVerdict;
    renderedDocument?: { response: Response; bytes: Buffer };
  }
}
