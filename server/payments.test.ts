import { describe, expect, it } from 'vitest';
import { startPayments } from './payments';

const keys = { BRAINTREE_MERCHANT_ID: 'merchant', BRAINTREE_PUBLIC_KEY: 'public', BRAINTREE_PRIVATE_KEY: 'private' };

describe('startPayments', () => {
  it('refuses the local sandbox gateway (public keys, OXXO) in production', async () => {
    await expect(startPayments('production', { ...keys, BRAINTREE_GATEWAY_URL: 'http://127.0.0.1:4010' })).rejects.toThrow(
      /BRAINTREE_GATEWAY_URL: only for the local sandbox gateway/,
    );
  });
});
