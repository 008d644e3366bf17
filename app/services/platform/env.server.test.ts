import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.server';

describe('parseEnv', () => {
  it('gives the embedded defaults for an empty environment', () => {
    expect(parseEnv({})).toMatchObject({ port: 3000, dataDir: '.data', databaseUrl: undefined, appEnv: 'development', seedOnStart: true });
  });

  it('reads PostgreSQL and the port', () => {
    const env = parseEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/test', PORT: '4100', NODE_ENV: 'production' });
    expect(env).toMatchObject({ databaseUrl: 'postgres://u@127.0.0.1:5432/test', port: 4100, appEnv: 'production' });
  });

  it("runs in APP_ENV's mode, else NODE_ENV's, so a demo may load the libraries' production builds", () => {
    expect(parseEnv({ NODE_ENV: 'production', APP_ENV: 'development' })).toMatchObject({ appEnv: 'development', seedOnStart: true });
    expect(parseEnv({ NODE_ENV: 'production', APP_ENV: 'development', RATE_LIMIT_SCALE: '1000' }).rateLimitScale).toBe(1000);
    expect(parseEnv({ NODE_ENV: 'development', APP_ENV: 'production' })).toMatchObject({ appEnv: 'production', seedOnStart: false });
    expect(parseEnv({ NODE_ENV: 'test' }).appEnv).toBe('test');
    expect(() => parseEnv({ APP_ENV: 'staging' })).toThrow(/APP_ENV: must be one of "development", "production", "test"/);
  });

  it('seeds on start outside production, and in production only when asked', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).seedOnStart).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).seedOnStart).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_ON_START: 'true' }).seedOnStart).toBe(true);
    expect(parseEnv({ SEED_ON_START: 'false' }).seedOnStart).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses a bad environment with every problem listed', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { problems } = error as EnvError;
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must match pattern "^[0-9]{1,5}$"',
        'DATABASE_URL: must match pattern "^postgres(ql)?://"',
        'NODE_ENV: must be one of "development", "production", "test"',
      ]),
    );
  });

  it('refuses a port out of range', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
  });

  it('reads the payment reconciler timing, 30 s / 60 s by default, and refuses values out of range', () => {
    expect(parseEnv({}).paymentReconciler).toEqual({ everyMs: 30_000, staleMs: 60_000 });
    expect(parseEnv({ PAYMENT_RECONCILE_EVERY_MS: '500', PAYMENT_RECONCILE_STALE_MS: '8000' }).paymentReconciler).toEqual({ everyMs: 500, staleMs: 8_000 });
    expect(() => parseEnv({ PAYMENT_RECONCILE_EVERY_MS: '1s' })).toThrow(/PAYMENT_RECONCILE_EVERY_MS: must match pattern/);
    expect(() => parseEnv({ PAYMENT_RECONCILE_EVERY_MS: '50' })).toThrow(/PAYMENT_RECONCILE_EVERY_MS: must match pattern/);
    expect(() => parseEnv({ PAYMENT_RECONCILE_EVERY_MS: '99999999' })).toThrow(/PAYMENT_RECONCILE_EVERY_MS: must be between 100 and 3600000/);
    expect(() => parseEnv({ PAYMENT_RECONCILE_STALE_MS: '500' })).toThrow(/PAYMENT_RECONCILE_STALE_MS: must be between 1000 and 86400000/);
  });

  it('reads RATE_LIMIT_SCALE (1 by default) and refuses one that is not a positive number', () => {
    expect(parseEnv({}).rateLimitScale).toBe(1);
    expect(parseEnv({ RATE_LIMIT_SCALE: '1000' }).rateLimitScale).toBe(1000);
    expect(parseEnv({ RATE_LIMIT_SCALE: '0.5' }).rateLimitScale).toBe(0.5);
    expect(() => parseEnv({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE: must be greater than 0/);
    expect(() => parseEnv({ RATE_LIMIT_SCALE: 'lots' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(parseEnv({ NODE_ENV: 'production', RATE_LIMIT_SCALE: '2' }).rateLimitScale).toBe(2);
    expect(() => parseEnv({ NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000' })).toThrow(/RATE_LIMIT_SCALE: at most 10 in production/);
  });
  it('refuses a LISTEN address that is not PostgreSQL and a metrics token too short to guess at, naming each (issue 38)', () => {
    expect(() => parseEnv({ DATABASE_LISTEN_URL: 'mysql://db/travel', METRICS_TOKEN: 'short' })).toThrow(
      /DATABASE_LISTEN_URL[\s\S]*METRICS_TOKEN|METRICS_TOKEN[\s\S]*DATABASE_LISTEN_URL/,
    );
    expect(parseEnv({ DATABASE_LISTEN_URL: 'postgres://db/travel', METRICS_TOKEN: 'a-long-enough-token-123' })).toMatchObject({
      databaseListenUrl: 'postgres://db/travel',
      metricsToken: 'a-long-enough-token-123',
    });
  });
});
