import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
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
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    // The document is sent as one body once React has written all of it, not streamed chunk by
    // chunk (React writes 2 KB at a time, and each chunk crossed a Node stream, a web stream and
    // Express's response): no server render suspends (the one lazy part renders only in the
    // browser), so the whole page is ready as soon as its shell is, and a streaming error still
    // sets its status.
    const send = () => {
      shellRendered = true;
      const chunks: Buffer[] = [];
      const body = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          done();
        },
      });
      // A fatal error destroys the body before its end: the render failed (after a resolve, a no-op).
      body.on('close', () => reject(new Error('the document render stopped before its end')));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MessagesProvider messages={pageMessages(loadContext.org, loadContext.locale.language).messages}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </MessagesProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (readyEvent === 'onShellReady') send();
        },
        onAllReady() {
          // Rendered whole: nothing left to abort. The timer would otherwise keep the whole render
          // alive for ABORT_DELAY and then end a finished stream (an error made and dropped).
          clearTimeout(abortTimer);
          if (readyEvent === 'onAllReady') send();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
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
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error('unhandled request error', { ...errorFields(error), url: new URL(request.url).pathname });
}
