import { describe, expect, it } from 'vitest';
import { computeRoomPrice, packagePriceType, priceTypeFor, roomMarkupBp, type RoomPriceInput } from './room-price';

const base: RoomPriceInput = {
  netNightlyMinor: 10_000,
  nights: 3,
  rooms: 2,
  taxRateBp: 1_600,
  markupBp: 1_500,
  strikePct: 20,
  priceType: 'B2C',
  supplierCode: 'OWN',
  currency: 'USD',
};

describe('computeRoomPrice', () => {
  it('builds every field of the spec from net rate, markup and tax', () => {
    expect(computeRoomPrice(base)).toEqual({
      net_rate_before_markup: 60_000,
      markup: 9_000,
      net_rate: 69_000,
      exclusive: 69_000,
      tax: 11_040,
      inclusive: 80_040,
      room_tax_before_markup: 9_600,
      strike_price: 86_250,
      strike_tax: 13_800,
      price_type: 'B2C',
      supplier_code: 'OWN',
      supplier_price: [{ supplier_code: 'OWN', amount: 60_000, currency: 'USD' }],
      currency: 'USD',
      per_night: 26_680,
      nights: 3,
      rooms: 2,
    });
  });

  it('a smaller B2B markup gives a lower price than B2C for the same room', () => {
    const b2c = computeRoomPrice(base);
    const b2b = computeRoomPrice({ ...base, markupBp: 800, priceType: 'B2B' });
    expect(b2b.inclusive).toBeLessThan(b2c.inclusive);
    expect(b2b.net_rate_before_markup).toBe(b2c.net_rate_before_markup);
    expect(b2b.price_type).toBe('B2B');
  });

  it('has no strike price when there is no discount', () => {
    const price = computeRoomPrice({ ...base, strikePct: 0 });
    expect(price.strike_price).toBeNull();
    expect(price.strike_tax).toBeNull();
  });

  it('refuses fractions, negatives and empty stays', () => {
    expect(() => computeRoomPrice({ ...base, netNightlyMinor: 10.5 })).toThrow(RangeError);
    expect(() => computeRoomPrice({ ...base, nights: 0 })).toThrow(RangeError);
    expect(() => computeRoomPrice({ ...base, taxRateBp: -1 })).toThrow(RangeError);
    expect(() => computeRoomPrice({ ...base, strikePct: 100 })).toThrow(RangeError);
  });
});

describe('priceTypeFor', () => {
  it('is B2B for agents and business organisations, else B2C', () => {
    expect(priceTypeFor('agent', false)).toBe('B2B');
    expect(priceTypeFor('member', true)).toBe('B2B');
    expect(priceTypeFor('member', false)).toBe('B2C');
    expect(priceTypeFor(null, false)).toBe('B2C');
  });
});

describe('package rates', () => {
  const markups = { b2bBp: 900, b2cBp: 1_800 };
  it('takes a markup halfway between B2B and B2C, so a package is cheaper than the consumer price', () => {
    expect(roomMarkupBp('B2B', markups)).toBe(900);
    expect(roomMarkupBp('B2C', markups)).toBe(1_800);
    expect(roomMarkupBp('PKG', markups)).toBe(1_350);
    expect(roomMarkupBp('PKG', { b2bBp: 900, b2cBp: 1_801 })).toBe(1_351);
    const price = (priceType: 'B2B' | 'B2C' | 'PKG') => computeRoomPrice({ ...base, priceType, markupBp: roomMarkupBp(priceType, markups) });
    expect(price('PKG').inclusive).toBeLessThan(price('B2C').inclusive);
    expect(price('PKG').inclusive).toBeGreaterThan(price('B2B').inclusive);
    expect(price('PKG').price_type).toBe('PKG');
  });
  it('is what consumers pay for a package; B2B visitors keep their lower rate', () => {
    expect(packagePriceType('B2C')).toBe('PKG');
    expect(packagePriceType('B2B')).toBe('B2B');
  });
});
