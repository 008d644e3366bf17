import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyKindOf, isFormBody } from './body-limit';

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

  it('takes only what a browser form sends as a page body', () => {
    expect(isFormBody('application/x-www-form-urlencoded')).toBe(true);
    expect(isFormBody('multipart/form-data; boundary=zz')).toBe(true);
    expect(isFormBody('Application/X-WWW-Form-Urlencoded;charset=UTF-8')).toBe(true);
    for (const other of ['application/json', 'text/plain', '', undefined]) expect(isFormBody(other)).toBe(false);
  });
});
