import { type AppLoadContext, createRequestHandler, type ServerBuild, writeReadableStreamToWritable } from '@remix-run/node';
import type { NextFunction, Request, Response } from 'express';
import { requestOrigin } from './request-origin';

/**
 * @remix-run/express's request handler, except that the body comes from `res.locals.body`
 * (read and size-checked by `limitRequestBodies`) rather than from the socket: Remix never
 * reads an unbounded stream, and the URL's origin is `requestOrigin`'s. Everything else (abort on a closed
 * connection, streaming the answer) follows the adapter (v2.17), whose helpers are not exported.
 */
export function createRemixRequestHandler({ build, mode, getLoadContext }: { build: ServerBuild; mode: string; getLoadContext: (req: Request, res: Response) => AppLoadContext }) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const context = getLoadContext(req, res);
      const response = await handleRequest(remixRequest(req, res), context);
      // The document entry.server rendered (its Response has no body of its own): its bytes go out as they are.
      const rendered = context.renderedDocument?.response === response ? context.renderedDocument.bytes : null;
      await sendRemixResponse(res, response, rendered);
    } catch (error) {
      next(error);
    }
  };
}

function remixRequest(req: Request, res: Response): globalThis.Request {
  // Unlike the adapter (req.hostname, a port from X-Forwarded-Host), the origin is the one the
  // request context and the page cache's key read: a forged header cannot reach a kept page.
  const url = new URL(`${requestOrigin(req)}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  const body: unknown = res.locals.body;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url.href, {
    method: req.method,
    headers: remixHeaders(req.headers),
    signal: controller.signal,
    ...(hasBody ? { body: body instanceof Buffer ? body : Buffer.alloc(0) } : {}),
  });
}

function remixHeaders(requestHeaders: Request['headers']): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

async function sendRemixResponse(res: Response, response: globalThis.Response, renderedBytes: Buffer | null) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own header replaces the server's baseline (a page's Referrer-Policy: no-referrer
  // instead of the default, not both); only cookies add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (renderedBytes) {
    // Known up front (compression drops it when it compresses): no chunked encoding.
    res.setHeader('Content-Length', renderedBytes.length);
    res.end(renderedBytes);
  } else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
