import { describe, expect, it } from 'vitest';
import {
  CASH_CARD_AMOUNT_MESSAGE,
  cappedPoints,
  cashCardAmount,
  clampAtZero,
  couponDiscount,
  discountCardApplies,
  isZeroAmountPath,
  payableTotalForDisplay,
  payableTotalMinor,
  pointsValueMinor,
  walletAmountWithMarkup,
} from './payable-total';

const refused = { ok: false, message: CASH_CARD_AMOUNT_MESSAGE };

describe('payableTotalMinor (§5 payable total)', () => {
  it('is the amount with no instruments', () => {
    expect(payableTotalMinor(12345)).toBe(12345);
  });
  it('subtracts cash card, coupon and every other instrument', () => {
    expect(payableTotalMinor(10000, { cashCardMinor: 2500, couponMinor: 1000, otherMinor: [499, 1] })).toBe(6000);
  });
  it('never goes below zero', () => {
    expect(payableTotalMinor(1000, { cashCardMinor: 800, couponMinor: 500 })).toBe(0);
    expect(payableTotalMinor(0)).toBe(0);
  });
  it('ignores negative deductions (clamped at zero) so a card never pays more', () => {
    expect(payableTotalMinor(1000, { cashCardMinor: -500, otherMinor: [-1] })).toBe(1000);
  });
  it('refuses amounts that are not whole minor units', () => {
    expect(() => payableTotalMinor(10.5)).toThrow(RangeError);
    expect(() => payableTotalMinor(1000, { couponMinor: 0.1 })).toThrow(RangeError);
    expect(() => payableTotalMinor(Number.NaN)).toThrow(RangeError);
  });
});

describe('isZeroAmountPath', () => {
  it('is the zero-amount path only at 0', () => {
    expect(isZeroAmountPath(0)).toBe(true);
    expect(isZeroAmountPath(1)).toBe(false);
    expect(isZeroAmountPath(payableTotalMinor(500, { couponMinor: 500 }))).toBe(true);
  });
});

describe('payableTotalForDisplay (§5 number rounding)', () => {
  it('is an integer when whole and 2 decimals when fractional', () => {
    expect(payableTotalForDisplay(1200)).toBe(12);
    expect(payableTotalForDisplay(1250)).toBe(12.5);
    expect(payableTotalForDisplay(1234)).toBe(12.34);
    expect(payableTotalForDisplay(1)).toBe(0.01);
    expect(payableTotalForDisplay(0)).toBe(0);
  });
});

describe('cashCardAmount (§5 cash card amount)', () => {
  it('takes digits with up to 2 decimals', () => {
    expect(cashCardAmount('12', 5000, 10000)).toEqual({ ok: true, amountMinor: 1200 });
    expect(cashCardAmount('12.5', 5000, 10000)).toEqual({ ok: true, amountMinor: 1250 });
    expect(cashCardAmount(' 12.34 ', 5000, 10000)).toEqual({ ok: true, amountMinor: 1234 });
  });
  it('refuses more than 2 decimals, signs, exponents and other text', () => {
    for (const bad of ['12.345', '-5', '+5', '1e3', 'abc', '12.', '.5', '1,000', '12.3.4']) {
      expect(cashCardAmount(bad, 5000, 10000)).toEqual(refused);
    }
  });
  it('caps at the lesser of balance and payable total', () => {
    expect(cashCardAmount('80', 5000, 10000)).toEqual({ ok: true, amountMinor: 5000 });
    expect(cashCardAmount('80', 50000, 3000)).toEqual({ ok: true, amountMinor: 3000 });
  });
  it('reads empty or zero input as the full balance, capped at the payable total', () => {
    expect(cashCardAmount('', 5000, 10000)).toEqual({ ok: true, amountMinor: 5000 });
    expect(cashCardAmount('0', 5000, 10000)).toEqual({ ok: true, amountMinor: 5000 });
    expect(cashCardAmount('0.00', 5000, 10000)).toEqual({ ok: true, amountMinor: 5000 });
    expect(cashCardAmount('', 50000, 10000)).toEqual({ ok: true, amountMinor: 10000 });
  });
  it('refuses with the spec message when nothing can be applied', () => {
    expect(cashCardAmount('', 0, 10000)).toEqual(refused);
    expect(cashCardAmount('0', 0, 10000)).toEqual(refused);
    expect(cashCardAmount('10', 5000, 0)).toEqual(refused);
    expect(cashCardAmount('10', -100, 10000)).toEqual(refused);
  });
});

describe('couponDiscount (§5 coupon, §9 cap)', () => {
  it('applies a fixed amount, capped at the payable total', () => {
    expect(couponDiscount({ kind: 'fixed', amountMinor: 1500 }, 10000)).toBe(1500);
    expect(couponDiscount({ kind: 'fixed', amountMinor: 15000 }, 10000)).toBe(10000);
  });
  it('applies a percent of the payable total, rounded half away from zero to the cent', () => {
    expect(couponDiscount({ kind: 'percent', percent: 10 }, 10000)).toBe(1000);
    expect(couponDiscount({ kind: 'percent', percent: '12.5' }, 1999)).toBe(250); // 249.875
    expect(couponDiscount({ kind: 'percent', percent: 10 }, 1005)).toBe(101); // 100.5
    expect(couponDiscount({ kind: 'percent', percent: 10 }, 1004)).toBe(100); // 100.4
  });
  it('caps a percent over 100 at the payable total', () => {
    expect(couponDiscount({ kind: 'percent', percent: 150 }, 10000)).toBe(10000);
  });
  it('is zero for a zero payable total or a negative fixed amount', () => {
    expect(couponDiscount({ kind: 'percent', percent: 50 }, 0)).toBe(0);
    expect(couponDiscount({ kind: 'fixed', amountMinor: 500 }, 0)).toBe(0);
    expect(couponDiscount({ kind: 'fixed', amountMinor: -500 }, 1000)).toBe(0);
  });
  it('refuses a bad percent', () => {
    expect(() => couponDiscount({ kind: 'percent', percent: -10 }, 1000)).toThrow(RangeError);
    expect(() => couponDiscount({ kind: 'percent', percent: Number.NaN }, 1000)).toThrow(RangeError);
    expect(() => couponDiscount({ kind: 'percent', percent: 'ten' }, 1000)).toThrow(RangeError);
  });
});

describe('cappedPoints (§5 loyalty points)', () => {
  it('caps entered points at the available points', () => {
    expect(cappedPoints(500, 1200)).toBe(500);
    expect(cappedPoints(5000, 1200)).toBe(1200);
    expect(cappedPoints(1200, 1200)).toBe(1200);
  });
  it('treats negative or non-numeric entries and balances as 0', () => {
    expect(cappedPoints(-5, 1200)).toBe(0);
    expect(cappedPoints(Number.NaN, 1200)).toBe(0);
    expect(cappedPoints(500, -1)).toBe(0);
  });
});

describe('pointsValueMinor (rate_per_miles)', () => {
  it('is points × rate_per_miles in minor units', () => {
    expect(pointsValueMinor(1000, 0.01)).toBe(1000); // 10.00
    expect(pointsValueMinor(1234, '0.015')).toBe(1851); // 18.51
    expect(pointsValueMinor(0, 0.01)).toBe(0);
  });
  it('rounds half away from zero to the cent', () => {
    expect(pointsValueMinor(1, '0.005')).toBe(1);
    expect(pointsValueMinor(1, '0.0049')).toBe(0);
  });
  it('refuses negative, exponent or non-numeric input', () => {
    expect(() => pointsValueMinor(-1, 0.01)).toThrow(RangeError);
    expect(() => pointsValueMinor(1, '1e-2')).toThrow(RangeError);
    expect(() => pointsValueMinor(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('wallet and discount amounts (§5 clamp, §9 markup 1.1)', () => {
  it('clamps at zero', () => {
    expect(clampAtZero(-1)).toBe(0);
    expect(clampAtZero(0)).toBe(0);
    expect(clampAtZero(250)).toBe(250);
  });
  it('applies the wallet markup factor 1.1 in whole cents', () => {
    expect(walletAmountWithMarkup(10000)).toBe(11000);
    expect(walletAmountWithMarkup(5)).toBe(6); // 5.5 rounds up
    expect(walletAmountWithMarkup(4)).toBe(4); // 4.4 rounds down
    expect(walletAmountWithMarkup(-100)).toBe(0);
  });
});

describe('discountCardApplies (§5 discount cards)', () => {
  it('applies only to B2B or PKG with a positive markup', () => {
    expect(discountCardApplies('B2B', 5)).toBe(true);
    expect(discountCardApplies('PKG', 0.01)).toBe(true);
    expect(discountCardApplies('b2b', 5)).toBe(true);
    expect(discountCardApplies('B2C', 5)).toBe(false);
    expect(discountCardApplies('B2B', 0)).toBe(false);
    expect(discountCardApplies('PKG', -1)).toBe(false);
    expect(discountCardApplies('PKG', Number.NaN)).toBe(false);
    expect(discountCardApplies(undefined, 5)).toBe(false);
    expect(discountCardApplies('B2B', null)).toBe(false);
  });
});
