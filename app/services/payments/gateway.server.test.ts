import { describe, expect, it } from 'vitest';
import { BraintreeConfigError, braintreeSettingsFromEnv } from './gateway.server';

const keys = { BRAINTREE_MERCHANT_ID: 'm1', BRAINTREE_PUBLIC_KEY: 'pub', BRAINTREE_PRIVATE_KEY: 'priv' };

describe('braintreeSettingsFromEnv', () => {
  it('is null when no merchant is configured', () => {
    expect(braintreeSettingsFromEnv({})).toBeNull();
  });

  it("reads Braintree's environments and a gateway URL (the local sandbox)", () => {
    expect(braintreeSettingsFromEnv({ ...keys, BRAINTREE_ENVIRONMENT: 'production', BRAINTREE_MERCHANT_ACCOUNT_ID: 'travel_usd' })).toEqual({
      merchantId: 'm1',
      publicKey: 'pub',
      privateKey: 'priv',
      environment: 'production',
      timeoutMs: 10_000,
      merchantAccountId: 'travel_usd',
    });
    expect(braintreeSettingsFromEnv({ ...keys, BRAINTREE_GATEWAY_URL: 'http://127.0.0.1:4010', BRAINTREE_TIMEOUT_MS: '2500' })).toMatchObject({
      environment: { url: 'http://127.0.0.1:4010' },
      timeoutMs: 2_500,
    });
  });

  it('lists every problem at once', () => {
    let problems: string[] = [];
    try {
      braintreeSettingsFromEnv({ BRAINTREE_MERCHANT_ID: 'm1', BRAINTREE_ENVIRONMENT: 'staging', BRAINTREE_TIMEOUT_MS: 'soon' });
    } catch (error) {
      if (error instanceof BraintreeConfigError) problems = error.problems;
    }
    expect(problems).toEqual([
      'BRAINTREE_PUBLIC_KEY: required with BRAINTREE_MERCHANT_ID',
      'BRAINTREE_PRIVATE_KEY: required with BRAINTREE_MERCHANT_ID',
      'BRAINTREE_ENVIRONMENT: must be sandbox or production (or set BRAINTREE_GATEWAY_URL)',
      'BRAINTREE_TIMEOUT_MS: must be milliseconds (100–999999)',
      'BRAINTREE_MERCHANT_ACCOUNT_ID: required with BRAINTREE_ENVIRONMENT (the USD merchant account sales are made in)',
    ]);
    expect(() => braintreeSettingsFromEnv({ ...keys, BRAINTREE_ENVIRONMENT: 'production' })).toThrow(/BRAINTREE_MERCHANT_ACCOUNT_ID: required/);
    expect(() => braintreeSettingsFromEnv({ ...keys, BRAINTREE_GATEWAY_URL: 'http://x:1', BRAINTREE_MERCHANT_ACCOUNT_ID: 'usd account' })).toThrow(/letters, digits/);
    expect(() => braintreeSettingsFromEnv({ ...keys, BRAINTREE_ENVIRONMENT: 'sandbox', BRAINTREE_MERCHANT_ACCOUNT_ID: 'a', BRAINTREE_GATEWAY_URL: 'http://x:1' })).toThrow(
      /set one, not both/,
    );
    expect(() => braintreeSettingsFromEnv({ ...keys, BRAINTREE_GATEWAY_URL: 'ftp://x' })).toThrow(/http\(s\):\/\/host:port/);
  });
});
