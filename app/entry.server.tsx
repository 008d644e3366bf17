import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { NonceProvider } from '~/components/nonce';
import { pageCachePolicyOf } from '~/domain/page-cache';
import { MessagesProvider } from '~/i18n/messages-context';
import { pageMessages } from '~/services/site/messages.server';
import { paymentsOrNull } from '~/services/payments/runtime.server';
import { documentCsp } from '~/services/site/security-headers.server';
import { errorFields, log } from '~/services/platform/logger.server';

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  responseHeaders.set('Content-Security-Policy', documentCsp(nonce, loadContext.org, new URL(request.url).origin, paymentsOrNull()?.cardEntry ?? null));
  // A page whose route allows it may be kept for anonymous visitors (server/page-cache.ts).
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  loadContext.pageCache.policy = leaf ? pageCachePolicyOf(remixContext.routeModules[leaf.route.id]?.handle) : null;

  // No server render suspends (the one lazy part renders only in the browser), so the page is
  // rendered to one string and sent whole (docs/decisions/0045): a render error throws here and
  // Remix renders the error boundary with its status, before anything was sent or kept.
  const html = renderToString(
    <NonceProvider value={nonce}>
      <MessagesProvider messages={pageMessages(loadContext.org, loadContext.locale.language).messages}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </MessagesProvider>
    </NonceProvider>,
  );
  // An error inside a suspending boundary does not throw: React sends its fallback for the
  // browser to render (the `<!--$!` mark). Such a page is logged and never kept.
  if (html.includes('<!--$!')) {
    log.error('render error inside a suspending boundary', { url: new URL(request.url).pathname });
    loadContext.pageCache.policy = null;
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Bytes, not the string: a string body is first checked, character by character, for lone surrogates.
  const bytes = Buffer.from(`<!DOCTYPE html>${html}`);
  // The server writes these bytes to the socket itself (server/remix-handler.ts): the Response
  // carries the status and headers only, so no body stream is made for a page nobody reads back.
  const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
  loadContext.renderedDocument = { response, bytes };
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error('unhandled request error', { ...errorFields(error), url: new URL(request.url).pathname });
}
