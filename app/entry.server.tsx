import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from '~/components/nonce';
import { pageCachePolicyOf } from '~/domain/page-cache';
import { MessagesProvider } from '~/i18n/messages-context';
import { pageMessages } from '~/services/messages.server';
import { paymentsOrNull } from '~/services/payments/runtime.server';
import { documentCsp } from '~/services/security-headers.server';
import { errorFields, log } from '~/services/logger.server';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  responseHeaders.set('Content-Security-Policy', documentCsp(nonce, loadContext.org, new URL(request.url).origin, paymentsOrNull()?.cardEntry ?? null));
  // A page whose route allows it may be kept for anonymous visitors (server/page-cache.ts). It is
  // sent whole, as to bots, so an error in any part of it is known before it could be kept.
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  loadContext.pageCache.policy = leaf ? pageCachePolicyOf(remixContext.routeModules[leaf.route.id]?.handle) : null;
  const readyEvent = loadContext.pageCache.policy !== null || isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MessagesProvider messages={pageMessages(loadContext.org, loadContext.locale.language).messages}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </MessagesProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.pageCache.failed = true;
          // Errors before the shell are reported by onShellError; these are streaming errors.
          if (shellRendered) log.error('render error', errorFields(error));
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error('unhandled request error', { ...errorFields(error), url: new URL(request.url).pathname });
}
