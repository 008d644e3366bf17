import { randomFillSync } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { hostnameOfHostHeader, orgClaimingHost } from '~/services/config/config.server';
import { getDb, isDatabaseHealthy } from '~/services/platform/db.server';
import type { Env } from '~/services/platform/env.server';
import { type RequestContext, resolveRequestContext } from '~/services/site/request-context.server';
import { geolocatedLocaleCookies } from '~/services/site/locale.server';
import { isPageRequest } from '~/domain/page-cache';
import { parseTraceparent } from '~/domain/trace-context';
import { type RequestLogStore, errorFields, log, requestContext } from '~/services/platform/logger.server';
import { isFlightLoginPath, requireFlightVisitor } from '~/http/route-behaviours.server';
import { baselineHeaders } from '~/services/site/security-headers.server';
import { recordImpersonatedRequest } from '~/services/identity/session.server';
import { limitRequestBodies } from './body-limit';
import { anonymousPageCache, pageCacheVerdict } from './page-cache';
import { createRemixRequestHandler } from './remix-handler';
import { isWellFormedHost } from './request-origin';
import { cookiesMustBeSecure } from '~/domain/public-origin';
import { type Metrics, requestKind } from './metrics';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a browser Origin header names the host the request was sent to. */
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (origin === 'null' || !host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * CSRF defence for every state-changing request (S2): a browser request must come from the
 * same site. Browsers send Origin on cross-origin POSTs and Sec-Fetch-Site everywhere modern;
 * a request with neither is not a browser (API clients, the SDK) and passes.
 */
export function isCrossSiteMutation(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.get('origin');
  if (origin) return !isSameOrigin(origin, req.get('host'));
  const site = req.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

function clientErrorStatus(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Files every visitor of a host gets alike, which caches may share: no correlation cookie on
 * them (a Set-Cookie would keep a shared cache from storing them, or worse, get stored).
 */
const SHARED_FILES = /^\/(?:build\/|assets\/|i18n\/|images\/properties\/|favicon\.svg$|manifest\.webmanifest$|robots\.txt$|sitemap\.xml$|world-map\.svg$)/;

/** Production answers only hosts an organisation claims; a year of HTTPS-only for them (not their subdomains). */
const HSTS = 'max-age=31536000';

const RANDOM_BYTES = 16;
const randomPool = Buffer.alloc(RANDOM_BYTES * 256);
let randomOffset = randomPool.length;

/**
 * 16 bytes of the system's CSPRNG, as randomBytes(16) gives, in `encoding`, taken from a pool
 * filled 256 at a time rather than a system call each (randomUUID does the same).
 */
function random16(encoding: 'base64' | 'hex'): string {
  if (randomOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const text = randomPool.toString(encoding, randomOffset, randomOffset + RANDOM_BYTES);
  randomOffset += RANDOM_BYTES;
  return text;
}

/** A fresh CSP nonce. */
export const cspNonce = (): string => random16('base64');

/** A new trace id, the shape W3C Trace Context gives one (32 lowercase hex digits). */
const newTraceId = (): string => random16('hex');

export function createExpressApp(build: ServerBuild, env: Pick<Env, 'appEnv' | 'trustProxy' | 'metricsToken'>, metrics?: Metrics) {
  const mode = env.appEnv;
  const production = mode === 'production';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.trustProxy);
  // Nothing reads req.query (Remix reads the URL itself): no query string is parsed per request.
  app.set('query parser', false);

  // Correlation id and access log: one JSON line per request, the id also as a cookie. The id is
  // the W3C trace id a trusted proxy sent in `traceparent` (TRUST_PROXY), else a new one of that
  // shape; a traceparent from anyone else is ignored, so a visitor cannot choose their id.
  const trusted = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  app.use((req, res, next) => {
    const traced = trusted(req.socket.remoteAddress, 0) ? parseTraceparent(req.get('traceparent')) : null;
    const correlationId = traced?.traceId ?? newTraceId();
    res.locals.correlationId = correlationId;
    res.locals.cspNonce = cspNonce();
    res.setHeader('X-Correlation-Id', correlationId);
    for (const [name, value] of Object.entries(baselineHeaders)) res.setHeader(name, value);
    if (production) res.setHeader('Strict-Transport-Security', HSTS);
    if (!SHARED_FILES.test(req.path)) {
      res.cookie('correlationId', correlationId, {
        sameSite: 'lax',
        path: '/',
        secure: cookiesMustBeSecure(production, hostnameOfHostHeader(req.get('host') ?? '')),
      });
    }
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.observeRequest(requestKind(req.method, req.path, req.url.slice(req.path.length + 1)), res.statusCode, ms / 1_000);
      requestContext.run(store, () =>
        log.info('request', {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          orgResolutions: store.orgResolutions,
          // The header version the visitor's pages showed (header_id, decision 0053): a config change's reach.
          headerId: (res.locals.requestContext as RequestContext | undefined)?.cookie('header_id'),
        }),
      );
    });
    const store: RequestLogStore = { correlationId, orgResolutions: 0 };
    res.locals.logStore = store;
    requestContext.run(store, next);
  });

  app.use(compression());

  // Every URL, link and policy of an answer is built from the Host header (request-origin.ts):
  // one that is not a plain host[:port] is refused rather than read.
  app.use((req, res, next) => {
    if (isWellFormedHost(req.get('host'))) return next();
    res.status(400).type('text/plain').send('Bad request: malformed Host header.\n');
  });

  app.get('/healthz', async (_req, res) => {
    const healthy = await isDatabaseHealthy(getDb());
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', database: healthy ? 'up' : 'down' });
  });
  // Prometheus, by address like /healthz (README "Deploying", "Observability").
  if (metrics) app.get('/metrics', metrics.handler(env.metricsToken));

  // Production serves only the hosts organisations claim (the same Host header the request context reads):
  // anything else is a misdirected or forged request, refused before any page or mail is made.
  // /healthz above answers every host, as load balancers probe by address.
  app.use((req, res, next) => {
    if (!production || orgClaimingHost(hostnameOfHostHeader(req.get('host') ?? ''))) return next();
    log.warn('request for an unclaimed host refused', { host: req.get('host'), path: req.path });
    res.status(421).type('text/plain').send('Misdirected request: no site is served at this host name.\n');
  });

  app.use((req, res, next) => {
    if (!isCrossSiteMutation(req)) return next();
    log.warn('cross-site request refused', { method: req.method, path: req.path, origin: req.get('origin') });
    res.status(403).json({ status: 403, message: 'Cross-site request refused' });
  });

  const publicDir = path.resolve('public');
  app.use('/build', express.static(path.join(publicDir, 'build'), { immutable: true, maxAge: '1y', index: false }));
  // Only the folders public/ has (the org config's asset paths name only these): a page request never costs a file-system look-up.
  for (const folder of ['brand', 'images']) app.use(`/${folder}`, express.static(path.join(publicDir, folder), { maxAge: '1h', index: false }));

  // The request context (docs/decisions/0024): organisation, session, locale, resolved here
  // once from the request's plain facts, for everything after (the flight gate, Remix).
  app.use((req, res, next) => {
    resolveRequestContext({
      hostname: hostnameOfHostHeader(req.get('host') ?? ''),
      cookieHeader: req.get('cookie'),
      correlationId: res.locals.correlationId as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      userAgent: req.get('user-agent') ?? null,
    }).then((context) => {
      res.locals.requestContext = context;
      // A first visit's pages carry the locale its country chose (spec §7), never an asset or a call.
      if (context.country && isPageRequest({ method: req.method, path: req.path, query: new URL(req.originalUrl, 'http://local').searchParams })) {
        const { org, session, cookie, country, locale, hostname } = context;
        for (const line of geolocatedLocaleCookies({ org, signedIn: session !== null, cookie, country, locale, hostname })) res.append('Set-Cookie', line);
      }
      // A preview renders an unpublished draft: no cache anywhere keeps any of its answers.
      if (context.preview) noStore(res);
      next();
    }, next);
  });

  // A state-changing request in a session opened by impersonation is written down with who
  // really acted (decision 0049), once its answer is known.
  app.use((req, res, next) => {
    const session = (res.locals.requestContext as RequestContext).session;
    const actor = session?.impersonatorDbId ?? null;
    if (session && actor !== null && !SAFE_METHODS.has(req.method)) {
      res.on('finish', () => {
        const request = { method: req.method, path: req.path, status: res.statusCode, correlationId: res.locals.correlationId as string };
        recordImpersonatedRequest({ ...session, impersonatorDbId: actor }, request).catch((error: unknown) =>
          log.error('an impersonated request could not be recorded', { ...request, actor, ...errorFields(error) }),
        );
      });
    }
    next();
  });

  // Spec §2 flight login paths: an anonymous visitor goes to /flight before any route runs
  // (a form post's action included). Remix data requests are left to the routes' own check,
  // which answers them the way the client router follows.
  app.use((req, res, next) => {
    if (!isFlightLoginPath(req.path) || new URL(req.originalUrl, 'http://local').searchParams.has('_data')) return next();
    try {
      requireFlightVisitor(req.path, res.locals.requestContext as RequestContext);
      next();
    } catch (answer) {
      const location = answer instanceof Response ? answer.headers.get('location') : null;
      if (location) return res.redirect(answer instanceof Response ? answer.status : 302, location);
      next(answer);
    }
  });

  app.use(anonymousPageCache);

  const remix = createRemixRequestHandler({
    build,
    mode,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, pageCache: pageCacheVerdict(res), ...(res.locals.requestContext as RequestContext) }),
  });
  app.all('*', limitRequestBodies(), (req, res, next) => {
    // Documents get their own CSP from entry.server; everything else keeps the strict baseline.
    res.removeHeader('Content-Security-Policy');
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', baselineHeaders['Content-Security-Policy']!);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    // The body limit calls on from the socket's 'end' event, outside the request's log store:
    // entered again so route code logs with the correlation id and counts org resolutions.
    return requestContext.run(res.locals.logStore as RequestLogStore, () => remix(req, res, next));
  });

  // Never the error's message or stack in an answer (they stay in the log): a malformed request
  // (Express marks e.g. an undecodable path 400) gets its status, anything else a plain 500.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status) log.warn('bad request refused', errorFields(error));
    else log.error('unhandled error', errorFields(error));
    if (res.headersSent) return;
    res.status(status ?? 500).json(status ? { status, message: STATUS_CODES[status] ?? 'Bad request' } : { status: 500, message: 'Internal server error' });
  });
  return app;
}

/** Every answer of this response says `no-store`, whatever its route set. */
function noStore(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    res.setHeader('Cache-Control', 'no-store');
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
