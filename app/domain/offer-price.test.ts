import { describe, expect, it } from 'vitest';
import { computeOfferPrice, type OfferPriceInput } from './offer-price';

const base: OfferPriceInput = {
  netUnitMinor: 5_000,
  quantity: 3,
  legs: 1,
  taxRateBp: 1_000,
  b2bMarkupBp: 800,
  b2cMarkupBp: 2_000,
  strikePct: 0,
  priceType: 'B2C',
  supplierCode: 'OWN',
};

describe('computeOfferPrice', () => {
  it('marks up the net price by the B2C markup, then taxes it', () => {
    const p = computeOfferPrice(base);
    expect(p).toMatchObject({
      net_rate_before_markup: 15_000,
      markup_bp: 2_000,
      markup: 3_000,
      exclusive: 18_000,
      tax: 1_800,
      inclusive: 19_800,
      per_unit: 6_600,
      strike_price: null,
      strike_tax: null,
    });
  });
  it('gives agents and business brands the lower B2B markup', () => {
    const b2b = computeOfferPrice({ ...base, priceType: 'B2B' });
    expect(b2b).toMatchObject({ price_type: 'B2B', markup_bp: 800, markup: 1_200, exclusive: 16_200, tax: 1_620, inclusive: 17_820 });
    expect(b2b.inclusive).toBeLessThan(computeOfferPrice(base).inclusive);
  });
  it('shows a struck-out price the strike percentage above, with its tax', () => {
    const p = computeOfferPrice({ ...base, strikePct: 10 });
    expect(p.strike_price).toBe(20_000);
    expect(p.strike_tax).toBe(2_000);
  });
  it('counts each leg of a return trip', () => {
    const p = computeOfferPrice({ ...base, quantity: 1, legs: 2 });
    expect(p).toMatchObject({ net_rate_before_markup: 10_000, inclusive: 13_200, per_unit: 6_600, legs: 2 });
  });
  it('refuses impossible inputs', () => {
    expect(() => computeOfferPrice({ ...base, quantity: 0 })).toThrow(RangeError);
    expect(() => computeOfferPrice({ ...base, netUnitMinor: -1 })).toThrow(RangeError);
  });
});
