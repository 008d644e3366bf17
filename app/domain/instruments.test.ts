import { describe, expect, it } from 'vitest';
import { STORED_VALUE_TEXT, couponRefusal, loyaltyProductCode, matchCoupon, pointsEarned, pointsToApply, walletUsePerRoom } from './instruments';

describe('matchCoupon (spec §5 coupon)', () => {
  const coupons = [{ code: 'SAVE25' }, { code: 'WELCOME10' }];
  it('matches a typed code case-insensitively', () => {
    expect(matchCoupon(' save25 ', coupons)).toEqual({ ok: true, coupon: { code: 'SAVE25' } });
  });
  it('refuses an empty or unknown code, and says when there are none', () => {
    expect(matchCoupon('', coupons)).toEqual({ ok: false, message: STORED_VALUE_TEXT.couponInvalid });
    expect(matchCoupon('NOPE', coupons)).toEqual({ ok: false, message: 'PLEASE ENTER A VALID COUPON CODE' });
    expect(matchCoupon('SAVE25', [])).toEqual({ ok: false, message: 'You Do Not Have Any Coupon Code To Apply' });
  });
});

describe('couponRefusal (the organisation’s coupon rules)', () => {
  const rule = { productCodes: ['HLT'], currency: 'USD', minSpendMinor: 5_000, expiresAt: new Date('2027-01-01'), usesPerUser: 1, usesTotal: 10, usedTotal: 9 };
  const booking = { product: 'HLT', currency: 'USD', amountMinor: 6_000, usedByMember: 0, now: new Date('2026-12-01') };
  it('takes a booking within every rule', () => {
    expect(couponRefusal(rule, booking)).toBeNull();
  });
  it('refuses each broken rule', () => {
    expect(couponRefusal(rule, { ...booking, now: new Date('2027-01-02') })).toMatch(/EXPIRED/);
    expect(couponRefusal(rule, { ...booking, product: 'CAR' })).toMatch(/DOES NOT APPLY/);
    expect(couponRefusal(rule, { ...booking, currency: 'MXN' })).toMatch(/USD/);
    expect(couponRefusal(rule, { ...booking, amountMinor: 4_999 })).toMatch(/MINIMUM/);
    expect(couponRefusal(rule, { ...booking, usedByMember: 1 })).toMatch(/ALREADY USED/);
    expect(couponRefusal({ ...rule, usedTotal: 10 }, booking)).toMatch(/USED UP/);
  });
});

describe('pointsToApply (spec §5 loyalty points)', () => {
  it('caps the entered points at the balance', () => {
    expect(pointsToApply(5_000, 1_000, '0.01', 100_000)).toEqual({ points: 1_000, amountMinor: 1_000 });
  });
  it('uses only the fewest points that cover the payable total', () => {
    expect(pointsToApply(20_000, 20_000, '0.01', 1_234)).toEqual({ points: 1_234, amountMinor: 1_234 });
    expect(pointsToApply(20_000, 20_000, '0.03', 100)).toEqual({ points: 34, amountMinor: 100 });
  });
  it('gives nothing for no points or nothing to pay', () => {
    expect(pointsToApply(0, 100, '0.01', 100)).toEqual({ points: 0, amountMinor: 0 });
    expect(pointsToApply(-5, 100, '0.01', 100)).toEqual({ points: 0, amountMinor: 0 });
    expect(pointsToApply(10, 100, '0.01', 0)).toEqual({ points: 0, amountMinor: 0 });
  });
});

describe('walletUsePerRoom (spec §3)', () => {
  it('splits what the wallet pays over the rooms, room by room', () => {
    const uses = walletUsePerRoom('w1', 20_000, 15_000, 30_001, 3, 'HLT');
    expect(uses.map((u) => u.amountUseInRoom)).toEqual([10_000, 5_000, 0]);
    expect(uses.map((u) => u.currentAmount)).toEqual([20_000, 10_000, 5_000]);
    expect(uses.map((u) => u.availableToUseAmount)).toEqual([10_000, 10_000, 5_000]);
    expect(uses.map((u) => u.roomNumber)).toEqual([1, 2, 3]);
  });
});

describe('loyalty product code and earning', () => {
  it('sends HLT as HTL', () => {
    expect(loyaltyProductCode('HLT')).toBe('HTL');
    expect(loyaltyProductCode('CAR')).toBe('CAR');
  });
  it('earns per whole unit the card paid', () => {
    expect(pointsEarned(12_399, 2)).toBe(246);
    expect(pointsEarned(99, 2)).toBe(0);
    expect(pointsEarned(0, 2)).toBe(0);
  });
});
