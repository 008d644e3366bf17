import type { NextFunction, Request, Response } from 'express';
import { log } from '~/services/platform/logger.server';

/**
 * Request body limits, by kind. Counted in bytes actually read, never taken from
 * Content-Length (a chunked upload has none, and a client can lie). Sizes are a generous
 * multiple of the largest real payload of each kind.
 */
export const BODY_LIMITS = {
  /** Payment provider callbacks: a signed event of a few hundred bytes. */
  webhook: 64 * 1024,
  /** /api JSON calls: the largest (a booking with travellers) is a few KiB. */
  api: 256 * 1024,
  /** Page form posts (url-encoded): traveller forms, sign-up, checkout. No file uploads. */
  form: 512 * 1024,
} as const;

export type BodyKind = keyof typeof BODY_LIMITS;

export function bodyKindOf(path: string): BodyKind {
  if (path.startsWith('/api/') && /\/webhooks?(\/|$)/.test(path)) return 'webhook';
  if (path.startsWith('/api/')) return 'api';
  return 'form';
}

/**
 * After a refusal the connection closes, but not abruptly: closing a socket with unread data
 * makes the kernel send a reset, which can destroy the 413 before the client reads it. So the
 * server half-closes (FIN after the answer) and discards what is still in flight for a short,
 * bounded while (lingering close, as nginx does), then drops the connection.
 */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 2_000;

function closeAfterAnswer(req: Request) {
  const socket = req.socket;
  // Node ends a `Connection: close` answer with socket.destroySoon(), which destroys the socket
  // as soon as the answer is flushed: replaced, for this socket only, by a lingering close.
  socket.destroySoon = () => {
    let discarded = 0;
    const drop = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(drop, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) drop();
    });
    req.resume();
  };
}

function tooLarge(req: Request, res: Response, limit: number) {
  const message = `The request body is too large (at most ${limit} bytes)`;
  log.warn('request body refused', { method: req.method, path: req.path, limit });
  // Close the connection after answering: the rest of the upload is never read.
  res.setHeader('Connection', 'close');
  closeAfterAnswer(req);
  if (req.path.startsWith('/api/')) res.status(413).json({ status: 413, message });
  else res.status(413).type('text/plain').send(message);
}

/** The bodies a page's form action reads (`request.formData()`): what a browser's form sends. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export function isFormBody(contentType: string | undefined): boolean {
  return FORM_TYPES.has((contentType ?? '').split(';')[0]!.trim().toLowerCase());
}

function unsupportedMediaType(req: Request, res: Response) {
  log.warn('request body refused: not a form', { method: req.method, path: req.path, contentType: req.get('content-type') });
  res.status(415).type('text/plain').send('Unsupported media type: a page accepts a form (application/x-www-form-urlencoded or multipart/form-data).\n');
}

/**
 * Reads the body of a request (up to its kind's limit) before the Remix handler sees it, and
 * answers 413 the moment it passes the limit: reading stops, the socket closes after the
 * answer, so a multi-gigabyte chunked upload costs at most `limit` bytes of memory. The body
 * read is left in `res.locals.body` for `createRemixRequestHandler`. A page (not /api) given a
 * body that is not a form answers 415: its action would fail reading it.
 */
export function limitRequestBodies(limits: Record<BodyKind, number> = BODY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const kind = bodyKindOf(req.path);
    const limit = limits[kind];
    const declared = Number(req.get('content-length') ?? 'NaN');
    if (Number.isFinite(declared) && declared > limit) return tooLarge(req, res, limit);
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      if (kind === 'form' && received > 0 && !isFormBody(req.get('content-type'))) return unsupportedMediaType(req, res);
      res.locals.body = Buffer.concat(chunks, received);
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return void chunks.push(chunk);
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      chunks.length = 0;
      tooLarge(req, res, limit);
    };
    const onEnd = () => finish();
    // An aborted upload: nobody is left to answer.
    const onError = () => {
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  };
}
