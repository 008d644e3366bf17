import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyKindOf } from './body-limit';

describe('request body limits', () => {
  it.each([
    ['/api/payments/oxxo/webhook', 'webhook'],
    ['/api/payments/stripe/webhooks/', 'webhook'],
    ['/api/auth/login', 'api'],
    ['/api/webhookish', 'api'],
    ['/auth/signup', 'form'],
    ['/hotel-checkout', 'form'],
    ['/webhook', 'form'],
  ])('%s is limited as %s', (path, kind) => {
    expect(bodyKindOf(path)).toBe(kind);
  });

  it('keeps webhooks tightest and forms loosest', () => {
    expect(BODY_LIMITS.webhook).toBeLessThan(BODY_LIMITS.api);
    expect(BODY_LIMITS.api).toBeLessThan(BODY_LIMITS.form);
  });
});
