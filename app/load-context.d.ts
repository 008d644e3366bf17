import '@remix-run/node';
import type { RequestContext } from '~/services/request-context.server';

declare module '@remix-run/node' {
  /** The request context (resolved once by the server, docs/decisions/0024) and the page's CSP nonce. */
  interface AppLoadContext extends RequestContext {
    cspNonce: string;
  }
}
