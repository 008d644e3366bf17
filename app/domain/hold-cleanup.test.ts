import { describe, expect, it } from 'vitest';
import { holdReleasePayload, shouldReleaseHold } from './hold-cleanup';

describe('shouldReleaseHold', () => {
  it('keeps the hold on the four hold-holding checkout paths', () => {
    for (const path of ['/resorts/checkout', '/stays/checkout', '/resorts/checkout-success', '/stays/checkout-success/', '/Resorts/Checkout']) {
      expect(shouldReleaseHold(path, 'tok'), path).toBe(false);
    }
  });
  it('releases a leftover hold anywhere else', () => {
    for (const path of ['/', '/resorts', '/resorts/details', '/hotel-checkout', '/stays/checkout/extra']) {
      expect(shouldReleaseHold(path, 'tok'), path).toBe(true);
    }
  });
  it('does nothing without a hold token', () => {
    expect(shouldReleaseHold('/', undefined)).toBe(false);
    expect(shouldReleaseHold('/', '')).toBe(false);
  });
});

describe('holdReleasePayload', () => {
  it('carries the spec fields', () => {
    expect(holdReleasePayload('abc', '/home')).toEqual({ residency: 'US', search_type: 'country', reservationToken: 'abc', mainPath: '/home' });
  });
});
