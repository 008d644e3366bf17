import { describe, expect, it } from 'vitest';
import { computeFlightPrice, type FlightPriceInput } from './flight-price';

const input = (extra: Partial<FlightPriceInput> = {}): FlightPriceInput => ({
  segments: [{ netMinor: 10_000, taxRateBp: 1_000, markupBp: 2_000 }],
  brandFactorBp: 10_000,
  passengers: { adult: 1, child: 0, infant: 0 },
  priceType: 'B2C',
  supplierCode: 'OWN',
  currency: 'USD',
  ...extra,
});

describe('computeFlightPrice', () => {
  it('marks up the net fare, then taxes the marked-up fare', () => {
    const price = computeFlightPrice(input());
    expect(price).toMatchObject({ exclusive: 12_000, tax: 1_200, inclusive: 13_200, net_rate_before_markup: 10_000, markup: 2_000, price_type: 'B2C' });
    expect(price.passengers).toEqual([{ type: 'adult', count: 1, fare: 12_000, tax: 1_200, total: 13_200, subtotal: 13_200 }]);
  });

  it('adds every segment, scales by the branded fare, and prices children and lap infants at their share', () => {
    const price = computeFlightPrice(
      input({
        segments: [
          { netMinor: 10_000, taxRateBp: 1_000, markupBp: 2_000 },
          { netMinor: 5_000, taxRateBp: 0, markupBp: 0 },
        ],
        brandFactorBp: 15_000,
        passengers: { adult: 2, child: 1, infant: 1 },
      }),
    );
    const [adult, child, infant] = price.passengers;
    // Adult: 15 000 net + 3 000 markup + 1 800 tax on the first segment, 7 500 on the second.
    expect(adult).toEqual({ type: 'adult', count: 2, fare: 25_500, tax: 1_800, total: 27_300, subtotal: 54_600 });
    expect(child).toMatchObject({ type: 'child', count: 1, fare: 19_125, tax: 1_350 });
    expect(infant).toMatchObject({ type: 'infant', count: 1, fare: 2_550, tax: 180 });
    expect(price.inclusive).toBe(price.passengers.reduce((sum, p) => sum + p.subtotal, 0));
    expect(price.inclusive).toBe(price.exclusive + price.tax);
  });

  it('gives B2B a lower price than B2C through the markup alone', () => {
    const b2c = computeFlightPrice(input());
    const b2b = computeFlightPrice(input({ segments: [{ netMinor: 10_000, taxRateBp: 1_000, markupBp: 800 }], priceType: 'B2B' }));
    expect(b2b.inclusive).toBeLessThan(b2c.inclusive);
    expect(b2b.net_rate_before_markup).toBe(b2c.net_rate_before_markup);
  });

  it('refuses impossible parties and inputs', () => {
    expect(() => computeFlightPrice(input({ segments: [] }))).toThrow(RangeError);
    expect(() => computeFlightPrice(input({ passengers: { adult: 0, child: 1, infant: 0 } }))).toThrow(RangeError);
    expect(() => computeFlightPrice(input({ passengers: { adult: 1, child: 0, infant: 2 } }))).toThrow(RangeError);
    expect(() => computeFlightPrice(input({ brandFactorBp: 0 }))).toThrow(RangeError);
    expect(() => computeFlightPrice(input({ segments: [{ netMinor: -1, taxRateBp: 0, markupBp: 0 }] }))).toThrow(RangeError);
  });
});
