import type { FromSchema } from 'json-schema-to-ts';
import { ajv, formatAjvErrors } from './ajv.server';

const envSchema = {
  type: 'object',
  properties: {
    /** What the app does (demo or production behaviours); NODE_ENV's value when unset (docs/decisions/0040). */
    APP_ENV: { type: 'string', enum: ['development', 'production', 'test'] },
    /** Which builds libraries load (React's production build with 'production'). */
    NODE_ENV: { type: 'string', enum: ['development', 'production', 'test'] },
    PORT: { type: 'string', pattern: '^[0-9]{1,5}$' },
    DATA_DIR: { type: 'string', minLength: 1 },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    /**
     * A direct connection for LISTEN when DATABASE_URL goes through a pooler in transaction mode
     * (PgBouncer), which cannot keep a session's LISTEN; DATABASE_URL's when unset.
     */
    DATABASE_LISTEN_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    REDIS_URL: { type: 'string', pattern: '^rediss?://' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', minLength: 3 },
    LOG_LEVEL: { type: 'string', enum: ['debug', 'info', 'warn', 'error', 'silent'] },
    SEED_ON_START: { type: 'string', enum: ['true', 'false'] },
    CONFIG_DIR: { type: 'string', minLength: 1 },
    PAYMENT_RECONCILE_EVERY_MS: { type: 'string', pattern: '^[0-9]{3,8}$' },
    PAYMENT_RECONCILE_STALE_MS: { type: 'string', pattern: '^[0-9]{3,8}$' },
    /** Express's `trust proxy`: a hop count, or comma-separated addresses/CIDRs/names (loopback, uniquelocal). */
    TRUST_PROXY: { type: 'string', pattern: '^([0-9]{1,2}|[A-Za-z0-9.:/]+(, *[A-Za-z0-9.:/]+)*)$' },
    /** Multiplies every per-visitor rate limit and the active-holds cap (at most 10 in production). */
    RATE_LIMIT_SCALE: { type: 'string', pattern: '^[0-9]{1,7}(\\.[0-9]{1,3})?$' },
    /** The bearer token /metrics asks for; without it /metrics is not served (404). */
    METRICS_TOKEN: { type: 'string', pattern: '^[A-Za-z0-9._~+/=-]{16,256}$' },
    /** Whether the fraud rules act (enforce) or are only recorded (shadow); enforce in production unless set. */
    FRAUD_RULES_MODE: { type: 'string', enum: ['enforce', 'shadow'] },
  },
  required: [],
} as const;

type RawEnv = FromSchema<typeof envSchema>;

export type AppEnv = 'development' | 'production' | 'test';

export type Env = {
  /**
   * The app's mode: production (no demo data, no sandbox, Secure cookies…) or a demo/test
   * server. Apart from NODE_ENV, which only picks libraries' builds, so a demo start runs
   * React's fast production build (docs/decisions/0040).
   */
  appEnv: AppEnv;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where LISTEN connects (DATABASE_LISTEN_URL), when not DATABASE_URL. */
  databaseListenUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Add missing catalogue and reference data at start (and, outside production, the demo accounts and ads). */
  seedOnStart: boolean;
  /** Folder holding org-configs/ and layouts/. */
  configDir: string;
  /** How often the payment reconciler runs, and how long an open payment attempt must be untouched before it takes it. */
  paymentReconciler: { everyMs: number; staleMs: number };
  /**
   * Which proxies may tell us the client's address and scheme (X-Forwarded-For/-Proto): none
   * unless configured, so a visitor cannot forge the address rate limits count by.
   */
  trustProxy: false | number | string;
  /** Multiplier of every per-visitor limit (docs/decisions/0016): tuning in production (at most 10), large on shared test servers. */
  rateLimitScale: number;
  /**
   * Whether the fraud rules' enforced actions act, or every rule is recorded as a shadow: a demo
   * or test server, where one browser plays many travellers with the same test cards, records
   * its decisions without refusing anyone (issue 37).
   */
  fraudRulesMode: 'enforce' | 'shadow';
  /** The bearer token of /metrics (Prometheus), or null: not served. */
  metricsToken: string | null;
};

const validateEnv = ajv.compile<RawEnv>(envSchema);

/** APP_ENV, else NODE_ENV, else development; for the few readers outside parseEnv (the logger, the sandbox). */
export function appEnvOf(source: Record<string, string | undefined>): string {
  return source.APP_ENV || source.NODE_ENV || 'development';
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and checks the environment once; an invalid one stops the process with a list. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(envSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  if (!validateEnv(relevant)) {
    throw new EnvError(formatAjvErrors(validateEnv.errors).map((line) => line.replace(/^/, '')));
  }
  const appEnv = appEnvOf(relevant) as AppEnv;
  const port = Number(relevant.PORT ?? 3000);
  if (port < 1 || port > 65535) throw new EnvError([`PORT: must be between 1 and 65535`]);
  const reconcileEveryMs = Number(relevant.PAYMENT_RECONCILE_EVERY_MS ?? 30_000);
  const reconcileStaleMs = Number(relevant.PAYMENT_RECONCILE_STALE_MS ?? 60_000);
  const problems: string[] = [];
  if (reconcileEveryMs < 100 || reconcileEveryMs > 3_600_000) problems.push('PAYMENT_RECONCILE_EVERY_MS: must be between 100 and 3600000 milliseconds');
  if (reconcileStaleMs < 1_000 || reconcileStaleMs > 86_400_000) problems.push('PAYMENT_RECONCILE_STALE_MS: must be between 1000 and 86400000 milliseconds');
  const rateLimitScale = Number(relevant.RATE_LIMIT_SCALE ?? 1);
  if (!(rateLimitScale > 0)) problems.push('RATE_LIMIT_SCALE: must be greater than 0');
  // A test server's scale (1000) would switch the limits off: production may only tune them.
  else if (appEnv === 'production' && rateLimitScale > 10) problems.push('RATE_LIMIT_SCALE: at most 10 in production');
  if (problems.length > 0) throw new EnvError(problems);
  return {
    appEnv,
    port,
    dataDir: relevant.DATA_DIR ?? '.data',
    databaseUrl: relevant.DATABASE_URL,
    databaseListenUrl: relevant.DATABASE_LISTEN_URL,
    redisUrl: relevant.REDIS_URL,
    smtpUrl: relevant.SMTP_URL,
    mailFrom: relevant.MAIL_FROM ?? 'no-reply@travel.localhost',
    logLevel: (relevant.LOG_LEVEL as Env['logLevel'] | undefined) ?? (appEnv === 'test' ? 'warn' : 'info'),
    // Off in production unless asked for, and even then never demo accounts (server/index.ts).
    seedOnStart: relevant.SEED_ON_START === undefined ? appEnv !== 'production' : relevant.SEED_ON_START === 'true',
    configDir: relevant.CONFIG_DIR ?? process.cwd(),
    paymentReconciler: { everyMs: reconcileEveryMs, staleMs: reconcileStaleMs },
    trustProxy: relevant.TRUST_PROXY === undefined ? false : /^[0-9]+$/.test(relevant.TRUST_PROXY) ? Number(relevant.TRUST_PROXY) : relevant.TRUST_PROXY,
    rateLimitScale,
    metricsToken: relevant.METRICS_TOKEN ?? null,
    fraudRulesMode: (relevant.FRAUD_RULES_MODE as Env['fraudRulesMode'] | undefined) ?? (appEnv === 'production' ? 'enforce' : 'shadow'),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
