import { describe, expect, it } from 'vitest';
import { successPath } from './checkout-success';

describe('successPath', () => {
  it('sends each product to its own checkout-success page with booking_id', () => {
    expect(successPath('FLT', 'WAN-ABC')).toBe('/flight/checkout-success?booking_id=WAN-ABC');
    expect(successPath('CAR', 'WAN-ABC')).toBe('/cars/checkout-success?booking_id=WAN-ABC');
    expect(successPath('RESTAURANT', 'WAN-ABC')).toBe('/restaurants/checkout-success?booking_id=WAN-ABC');
    expect(successPath('STY', 'WAN-ABC')).toBe('/stays/checkout-success?booking_id=WAN-ABC');
  });

  it('keeps hotels at the root, or under /holidaystays for holiday homes', () => {
    expect(successPath('HLT', 'WAN-ABC')).toBe('/checkout-success?booking_id=WAN-ABC');
    expect(successPath('HLT', 'WAN-ABC', '/holidaystays')).toBe('/holidaystays/checkout-success?booking_id=WAN-ABC');
  });
});
