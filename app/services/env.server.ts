import type { FromSchema } from 'json-schema-to-ts';
import { ajv, formatAjvErrors } from './ajv.server';

const envSchema = {
  type: 'object',
  properties: {
    NODE_ENV: { type: 'string', enum: ['development', 'production', 'test'] },
    PORT: { type: 'string', pattern: '^[0-9]{1,5}$' },
    DATA_DIR: { type: 'string', minLength: 1 },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    REDIS_URL: { type: 'string', pattern: '^rediss?://' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', minLength: 3 },
    LOG_LEVEL: { type: 'string', enum: ['debug', 'info', 'warn', 'error', 'silent'] },
    SEED_ON_START: { type: 'string', enum: ['true', 'false'] },
    CONFIG_DIR: { type: 'string', minLength: 1 },
  },
  required: [],
} as const;

type RawEnv = FromSchema<typeof envSchema>;

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  seedOnStart: boolean;
  /** Folder holding org-configs/ and layouts/. */
  configDir: string;
};

const validateEnv = ajv.compile<RawEnv>(envSchema);

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
  const port = Number(relevant.PORT ?? 3000);
  if (port < 1 || port > 65535) throw new EnvError([`PORT: must be between 1 and 65535`]);
  return {
    nodeEnv: (relevant.NODE_ENV as Env['nodeEnv'] | undefined) ?? 'development',
    port,
    dataDir: relevant.DATA_DIR ?? '.data',
    databaseUrl: relevant.DATABASE_URL,
    redisUrl: relevant.REDIS_URL,
    smtpUrl: relevant.SMTP_URL,
    mailFrom: relevant.MAIL_FROM ?? 'no-reply@travel.localhost',
    logLevel: (relevant.LOG_LEVEL as Env['logLevel'] | undefined) ?? (relevant.NODE_ENV === 'test' ? 'warn' : 'info'),
    seedOnStart: relevant.SEED_ON_START !== 'false',
    configDir: relevant.CONFIG_DIR ?? process.cwd(),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
