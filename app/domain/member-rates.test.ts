import { describe, expect, it } from 'vitest';
import { isActiveMember, memberDiscountMinor, memberPriceMinor, memberPricing, memberRateOf } from './member-rates';

describe('isActiveMember', () => {
  it('is ACTIVE status up to and including the expiry day', () => {
    expect(isActiveMember({ status: 'ACTIVE', expiresOn: '2026-11-24' }, '2026-11-24')).toBe(true);
    expect(isActiveMember({ status: 'ACTIVE', expiresOn: '2027-01-01' }, '2026-11-24')).toBe(true);
  });
  it('is not a plan that ran out, an EXPIRED plan, or no plan', () => {
    expect(isActiveMember({ status: 'ACTIVE', expiresOn: '2026-11-23' }, '2026-11-24')).toBe(false);
    expect(isActiveMember({ status: 'EXPIRED', expiresOn: '2027-01-01' }, '2026-11-24')).toBe(false);
    expect(isActiveMember(null, '2026-11-24')).toBe(false);
  });
});

describe('memberRateOf', () => {
  it("reads the organisation's percent for the product; none when absent, zero or unconfigured", () => {
    expect(memberRateOf({ HLT: 10, CAR: 5 }, 'HLT')).toBe(10);
    expect(memberRateOf({ HLT: 10 }, 'FLT')).toBeNull();
    expect(memberRateOf({ HLT: 0 }, 'HLT')).toBeNull();
    expect(memberRateOf(undefined, 'HLT')).toBeNull();
    expect(memberRateOf({ HLT: 10 }, 'constructor')).toBeNull();
  });
});

describe('member price', () => {
  it('takes the percent off, rounding the saving half away from zero to whole minor units', () => {
    expect(memberPriceMinor(45_000, 10)).toBe(40_500);
    expect(memberDiscountMinor(1_005, 10)).toBe(101); // 100.5 → 101
    expect(memberDiscountMinor(1_004, 10)).toBe(100); // 100.4 → 100
    expect(memberDiscountMinor(999, 7.5)).toBe(75); // 74.925 → 75
    expect(memberDiscountMinor(1, 10)).toBe(0);
  });
  it('never goes negative, and refuses amounts that are not whole minor units or rates outside 0–100 %', () => {
    expect(memberPriceMinor(12_345, 100)).toBe(0);
    expect(memberPriceMinor(0, 10)).toBe(0);
    expect(() => memberPriceMinor(-1, 10)).toThrow(RangeError);
    expect(() => memberPriceMinor(10.5, 10)).toThrow(RangeError);
    expect(() => memberPriceMinor(100, 101)).toThrow(RangeError);
    expect(() => memberPriceMinor(100, -1)).toThrow(RangeError);
  });
});

describe('memberPricing: which price a viewer sees and pays', () => {
  it('an ACTIVE member pays the member price and sees the saving', () => {
    expect(memberPricing(45_000, 10, true)).toEqual({ kind: 'member', payMinor: 40_500, discountMinor: 4_500 });
  });
  it('anyone else pays the regular price and sees the member price', () => {
    expect(memberPricing(45_000, 10, false)).toEqual({ kind: 'offer', payMinor: 45_000, memberMinor: 40_500 });
  });
  it('without a rate for the product everyone pays the regular price', () => {
    expect(memberPricing(45_000, null, true)).toEqual({ kind: 'none', payMinor: 45_000 });
    expect(memberPricing(45_000, null, false)).toEqual({ kind: 'none', payMinor: 45_000 });
  });
});
