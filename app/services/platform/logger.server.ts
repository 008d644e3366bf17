import { AsyncLocalStorage } from 'node:async_hooks';
import { appEnvOf } from './env.server';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * Per-request context carried through async calls so every log line names its request.
 * `orgResolutions` counts how often the request's organisation was resolved (once is right:
 * the request context does it; the access log line reports the count).
 */
export type RequestLogStore = { correlationId: string; orgResolutions: number };
/**
 * One instance per process: the server (server/*.ts) and the Remix build each load their own
 * copy of this module, and route code must see the store the server entered.
 */
const SHARED = Symbol.for('travel-platform.request-log-context');
const shared = globalThis as typeof globalThis & { [SHARED]?: AsyncLocalStorage<RequestLogStore> };
export const requestContext = (shared[SHARED] ??= new AsyncLocalStorage<RequestLogStore>());

/** The correlation id the running code logs under (a request's, a job run's), or null outside both. */
export const currentCorrelationId = (): string | null => requestContext.getStore()?.correlationId ?? null;

/**
 * Runs `work` logging under `correlationId`: work another request caused, perhaps on another
 * instance (an e-mail it queued, an event it committed), so one booking can be followed across
 * instances in the logs. Without one, `work` keeps the current id.
 */
export function underCorrelation<T>(correlationId: string | null | undefined, work: () => T): T {
  return correlationId ? requestContext.run({ correlationId, orgResolutions: 0 }, work) : work();
}

function threshold(): number {
  const configured = process.env.LOG_LEVEL ?? (appEnvOf(process.env) === 'test' ? 'warn' : 'info');
  return order[configured as Level] ?? order.info;
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    correlationId: requestContext.getStore()?.correlationId,
    ...fields,
  });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

/** JSON-lines logger. Never pass secrets, passwords, tokens or card data in `fields`. */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
