import { describe, expect, it } from 'vitest';
import { checkoutProductOf } from './checkout-path';

describe('checkoutProductOf', () => {
  it('names the product of every checkout URL', () => {
    expect(checkoutProductOf('/hotel-checkout')).toBe('HLT');
    expect(checkoutProductOf('/holidaystays/hotel-checkout')).toBe('HLT');
    expect(checkoutProductOf('/flight/checkout')).toBe('FLT');
    expect(checkoutProductOf('/cars/checkout')).toBe('CAR');
    expect(checkoutProductOf('/activities/checkout')).toBe('ACT');
    expect(checkoutProductOf('/transfers/checkout')).toBe('TRF');
    expect(checkoutProductOf('/cruises/checkout')).toBe('CRUISE');
    expect(checkoutProductOf('/restaurants/checkout')).toBe('RESTAURANT');
    expect(checkoutProductOf('/resorts/checkout')).toBe('RST');
    expect(checkoutProductOf('/stays/checkout')).toBe('STY');
  });

  it('knows no other segment', () => {
    expect(checkoutProductOf('/spaceships/checkout')).toBeNull();
    expect(checkoutProductOf('/checkout')).toBeNull();
  });
});
