// The payment reconciler's timing (PAYMENT_RECONCILE_EVERY_MS / PAYMENT_RECONCILE_STALE_MS):
// production defaults, and no staleness shorter than a live pay call may take.
import { describe, expect, it } from 'vitest';
import { longestAuthorizationMs, reconcilerJob } from '~/services/booking-payments/booking-reconcile.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { SANDBOX_CREDENTIALS } from '../../server/sandbox-gateway/index';

describe('reconcilerJob', () => {
  it('runs every 30 s by default and refuses a staleness shorter than the longest authorisation', () => {
    configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: 'http://127.0.0.1:9' }, timeoutMs: 2_000 });
    // Three tries of 2 s, with 200 ms and 600 ms between them.
    expect(longestAuthorizationMs()).toBe(6_800);
    expect(reconcilerJob()).toMatchObject({ name: 'payment-reconciler', everyMs: 30_000 });
    expect(reconcilerJob({ everyMs: 500, staleMs: 6_800 }).everyMs).toBe(500);
    expect(() => reconcilerJob({ staleMs: 6_799 })).toThrow(/PAYMENT_RECONCILE_STALE_MS: must be at least 6800 ms.*BRAINTREE_TIMEOUT_MS=2000/);
    // With the default 10 s gateway timeout, the default 60 s staleness is well above the 30.8 s floor.
    configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: 'http://127.0.0.1:9' }, timeoutMs: 10_000 });
    expect(() => reconcilerJob()).not.toThrow();
    expect(() => reconcilerJob({ staleMs: 30_000 })).toThrow(/at least 30800 ms/);
  });
});
