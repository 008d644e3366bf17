// The sandbox payment gateway: a local HTTP server that answers the subset of Braintree's
// server API the `braintree` SDK calls (JSON in, XML out, Basic auth), so development and tests
// run the production SDK code path. Its control API lives under /__sandbox; the card frame that
// stands in for hosted fields is card-frame.ts. Never in production.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { derivedSecret, signWebhook } from '~/domain/booking-payment';
import { appEnvOf } from '~/services/platform/env.server';
import { handleCardFrame } from './card-frame';
import { hostedPages } from './hosted-page';
import { type Reply, SANDBOX_MERCHANT_ACCOUNT_ID, SandboxState } from './state';
import { toXml } from './xml';

export const SANDBOX_CREDENTIALS = {
  merchantId: 'sandbox_merchant',
  publicKey: 'sandbox_public_key',
  privateKey: 'sandbox_private_key',
  merchantAccountId: SANDBOX_MERCHANT_ACCOUNT_ID,
} as const;

/** The environment that points an app server at the sandbox gateway on `url` (callers add the rest: timeouts, merchant account). */
export function sandboxGatewayEnv(url: string): Record<string, string> {
  return {
    BRAINTREE_GATEWAY_URL: url,
    BRAINTREE_MERCHANT_ID: SANDBOX_CREDENTIALS.merchantId,
    BRAINTREE_PUBLIC_KEY: SANDBOX_CREDENTIALS.publicKey,
    BRAINTREE_PRIVATE_KEY: SANDBOX_CREDENTIALS.privateKey,
  };
}

export type FaultKind = '500' | 'reset' | 'delay';

/**
 * A fault for the next `count` calls to `path` (relative to /merchants/<id>, `*` matches one
 * segment, e.g. `/transactions/*\/void`). `phase: 'after'` lets the gateway do the work first and
 * then loses the answer (the case that tempts a client to charge twice); `delay` holds the call
 * `delayMs` before doing it, with its idempotency key in flight meanwhile.
 */
export type Fault = { method?: string; path: string; kind: FaultKind; count: number; phase: 'before' | 'after'; delayMs: number };

export type SandboxGateway = { url: string; port: number; stop: () => Promise<void> };

type Route = { method: string; pattern: RegExp; handle: (state: SandboxState, params: string[], body: Record<string, unknown>) => Reply; keyed?: boolean };

const routes: Route[] = [
  { method: 'POST', pattern: /^\/client_token$/, handle: (state, _p, body) => state.clientToken(body) },
  { method: 'POST', pattern: /^\/customers$/, handle: (state, _p, body) => state.createCustomer(body) },
  { method: 'GET', pattern: /^\/customers\/([^/]+)$/, handle: (state, [id]) => state.findCustomer(id ?? '') },
  { method: 'POST', pattern: /^\/payment_methods$/, handle: (state, _p, body) => state.createPaymentMethod(body) },
  { method: 'GET', pattern: /^\/payment_methods\/any\/([^/]+)$/, handle: (state, [token]) => state.findPaymentMethod(token ?? '') },
  { method: 'PUT', pattern: /^\/payment_methods\/any\/([^/]+)$/, handle: (state, [token], body) => state.updatePaymentMethod(token ?? '', body) },
  { method: 'DELETE', pattern: /^\/payment_methods\/any\/([^/]+)$/, handle: (state, [token]) => state.deletePaymentMethod(token ?? '') },
  { method: 'POST', pattern: /^\/payment_methods\/([^/]+)\/nonces$/, handle: (state, [token]) => state.nonceForPaymentMethod(token ?? '') },
  { method: 'GET', pattern: /^\/payment_method_nonces\/([^/]+)$/, handle: (state, [nonce]) => state.findNonce(nonce ?? '') },
  { method: 'POST', pattern: /^\/transactions$/, handle: (state, _p, body) => state.sale(body), keyed: true },
  { method: 'POST', pattern: /^\/transactions\/advanced_search_ids$/, handle: (state, _p, body) => state.searchIds(body) },
  { method: 'POST', pattern: /^\/transactions\/advanced_search$/, handle: (state, _p, body) => state.searchTransactions(body) },
  { method: 'GET', pattern: /^\/transactions\/([^/]+)$/, handle: (state, [id]) => state.findTransaction(id ?? '') },
  { method: 'PUT', pattern: /^\/transactions\/([^/]+)\/submit_for_settlement$/, handle: (state, [id], body) => state.submitForSettlement(id ?? '', body), keyed: true },
  { method: 'PUT', pattern: /^\/transactions\/([^/]+)\/void$/, handle: (state, [id]) => state.void(id ?? ''), keyed: true },
  { method: 'POST', pattern: /^\/transactions\/([^/]+)\/refund$/, handle: (state, [id], body) => state.refund(id ?? '', body), keyed: true },
];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(raw: string): Record<string, unknown> | null {
  if (raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : null;
  } catch {
    return null;
  }
}

/** A stable text of a request (keys sorted, the idempotency key left out) to compare replays. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'api_request_key')
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, inner]) => [key, canonical(inner)]),
      );
    }
    return value;
  };
  return `${method} ${path} ${JSON.stringify(canonical(body))}`;
}

export function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, index) => segment === '*' || segment === got[index]);
}

function apiRequestKey(body: Record<string, unknown>): string | null {
  const transaction = body.transaction;
  if (typeof transaction !== 'object' || transaction === null || !('api_request_key' in transaction)) return null;
  const key = transaction.api_request_key;
  return typeof key === 'string' && key !== '' ? key : null;
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

function sendReply(request: IncomingMessage, response: ServerResponse, reply: Reply): void {
  if (reply.xml === null) {
    response.writeHead(reply.status);
    response.end();
    return;
  }
  const xml = Buffer.from(toXml(reply.root, reply.xml), 'utf8');
  // The SDK asks for gzip; answering with it keeps that decoding path exercised too.
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipSync(xml) : xml;
  response.writeHead(reply.status, {
    'Content-Type': 'application/xml; charset=utf-8',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': String(body.length),
  });
  response.end(body);
}

/**
 * Marks an OXXO voucher paid in store: posts a signed webhook ({event_id, reference,
 * amount_minor, paid_at}, header X-Oxxo-Signature) to the app's `notifyUrl` and answers what
 * the app said. The secret is derived from the sandbox private key, as the app derives it.
 */
async function payOxxoVoucher(body: Record<string, unknown>, response: ServerResponse): Promise<void> {
  const { reference, notifyUrl, amountMinor } = body;
  if (typeof reference !== 'string' || !/^\d{14}$/.test(reference)) return sendJson(response, 400, { error: 'reference: the 14-digit voucher reference' });
  if (typeof notifyUrl !== 'string' || !/^https?:\/\//.test(notifyUrl)) return sendJson(response, 400, { error: 'notifyUrl: the http(s) URL of the webhook' });
  if (typeof amountMinor !== 'number' || !Number.isSafeInteger(amountMinor)) return sendJson(response, 400, { error: 'amountMinor: the amount paid in minor units' });
  const payload = JSON.stringify({ event_id: randomUUID(), reference, amount_minor: amountMinor, paid_at: new Date().toISOString() });
  const signature = signWebhook(derivedSecret(SANDBOX_CREDENTIALS.privateKey, 'oxxo-webhook'), payload, Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Oxxo-Signature': signature };
  try {
    const delivered = await fetch(notifyUrl, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(10_000) });
    return sendJson(response, 200, { status: delivered.status, body: await delivered.text(), payload, signature });
  } catch (error) {
    return sendJson(response, 502, { error: error instanceof Error ? error.message : 'webhook not delivered' });
  }
}

function parseFault(input: Record<string, unknown>): Fault | string {
  const { path, kind, method } = input;
  if (typeof path !== 'string' || !path.startsWith('/')) return 'path: must start with /';
  if (kind !== '500' && kind !== 'reset' && kind !== 'delay') return "kind: must be '500', 'reset' or 'delay'";
  const count = input.count ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return 'count: must be a positive integer';
  const phase = input.phase ?? 'before';
  if (phase !== 'before' && phase !== 'after') return "phase: must be 'before' or 'after'";
  const delayMs = input.delayMs ?? 0;
  if (typeof delayMs !== 'number' || delayMs < 0) return 'delayMs: must be a number of milliseconds';
  if (method !== undefined && typeof method !== 'string') return 'method: must be an HTTP method';
  return { path, kind, count, phase, delayMs, ...(method ? { method: method.toUpperCase() } : {}) };
}

/**
 * Starts the sandbox gateway. `port: 0` picks a free port. Refuses to run in production: there
 * the app talks to Braintree itself.
 */
export async function startSandboxGateway(options: { port?: number; host?: string } = {}): Promise<SandboxGateway> {
  if (appEnvOf(process.env) === 'production') throw new Error('The sandbox payment gateway never runs in production (APP_ENV, or NODE_ENV without it, is production).');
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const { merchantId, publicKey, privateKey } = SANDBOX_CREDENTIALS;
  const state = new SandboxState(() => url, merchantId);
  const hosted = hostedPages(state, () => url);
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const expectedAuth = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const merchantPrefix = `/merchants/${merchantId}`;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function takeFault(method: string, path: string): Fault | null {
    const fault = faults.find((candidate) => candidate.count > 0 && (!candidate.method || candidate.method === method) && pathMatches(candidate.path, path));
    if (!fault) return null;
    fault.count -= 1;
    if (fault.count === 0) faults.splice(faults.indexOf(fault), 1);
    return fault;
  }

  async function control(method: string, path: string, body: Record<string, unknown>, response: ServerResponse): Promise<void> {
    switch (`${method} ${path}`) {
      case 'GET /__sandbox/health':
        return sendJson(response, 200, { ok: true });
      case 'POST /__sandbox/reset':
        state.reset();
        faults.length = 0;
        return sendJson(response, 200, { ok: true });
      case 'POST /__sandbox/clock': {
        const advanceMs = body.advanceMs;
        if (typeof advanceMs !== 'number' || advanceMs < 0) return sendJson(response, 400, { error: 'advanceMs: must be a non-negative number' });
        state.advanceClock(advanceMs);
        return sendJson(response, 200, { now: new Date(state.now()).toISOString() });
      }
      case 'POST /__sandbox/settle': {
        const id = typeof body.transactionId === 'string' ? body.transactionId : null;
        return sendJson(response, 200, { settled: state.settle(id) });
      }
      // The faults still waiting for their call: one that is gone has met its call (a delayed call is in flight).
      case 'GET /__sandbox/faults':
        return sendJson(response, 200, { faults });
      case 'POST /__sandbox/faults': {
        const fault = parseFault(body);
        if (typeof fault === 'string') return sendJson(response, 400, { error: fault });
        faults.push(fault);
        return sendJson(response, 200, { ok: true });
      }
      // Clears the faults still waiting (a gateway back up), keeping its transactions.
      case 'DELETE /__sandbox/faults':
        faults.length = 0;
        return sendJson(response, 200, { ok: true });
      case 'POST /__sandbox/nonces': {
        const minted = state.mintNonce(body);
        return 'error' in minted ? sendJson(response, 422, minted) : sendJson(response, 201, minted);
      }
      case 'GET /__sandbox/transactions':
        return sendJson(response, 200, { transactions: state.listTransactions() });
      case 'POST /__sandbox/oxxo/pay':
        return payOxxoVoucher(body, response);
      case 'GET /__sandbox/webhooks':
        return sendJson(response, 200, { webhooks: state.webhooks });
      default:
        return sendJson(response, 404, { error: `No sandbox control ${method} ${path}` });
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    const raw = await readBody(request);
    // The provider's payment page (browser-facing, a form post, no auth).
    if (hosted.handle(method, path, raw, response)) return;
    const body = parseJson(raw);
    if (body === null) return sendJson(response, 400, { error: 'Body must be a JSON object' });
    if (path.startsWith('/__sandbox/')) return control(method, path, body, response);
    // The card frame, the 3-D Secure challenge page and their client API (browser-facing, no auth).
    if (handleCardFrame(state, request, response, body)) return;

    if (request.headers.authorization !== expectedAuth) return sendReply(request, response, { status: 401, xml: null, root: '' });
    if (!path.startsWith(`${merchantPrefix}/`)) return sendReply(request, response, { status: 404, xml: null, root: '' });
    const merchantPath = path.slice(merchantPrefix.length);
    // Another provider's API beside Braintree's (decision 0055): JSON, not XML.
    if (method === 'POST' && merchantPath === '/hosted_payments') return hosted.open(body, response);
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(merchantPath));
    if (!route) return sendReply(request, response, { status: 404, xml: null, root: '' });
    const params = (route.pattern.exec(merchantPath) ?? []).slice(1).map((segment) => decodeURIComponent(segment));

    const fault = takeFault(method, merchantPath);
    if (fault?.phase === 'before' && fault.kind === '500') return sendReply(request, response, { status: 500, xml: null, root: '' });
    if (fault?.phase === 'before' && fault.kind === 'reset') return void request.socket.destroy();

    const run = async () => {
      if (fault?.kind === 'delay') await sleep(fault.delayMs);
      return route.handle(state, params, body);
    };
    const reply = route.keyed ? await state.idempotent(apiRequestKey(body), requestFingerprint(method, merchantPath, body), run) : await run();

    if (fault?.phase === 'after' && fault.kind === '500') return sendReply(request, response, { status: 500, xml: null, root: '' });
    if (fault?.phase === 'after' && fault.kind === 'reset') return void request.socket.destroy();
    // A client that gave up waiting has closed the socket; the work is done all the same.
    if (!response.destroyed) sendReply(request, response, reply);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: error instanceof Error ? error.message : 'sandbox gateway error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  url = `http://${host}:${port}`;

  return {
    url,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
