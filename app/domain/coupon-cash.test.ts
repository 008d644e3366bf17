import { describe, expect, it } from 'vitest';
import { enUS } from '~/i18n/en-US';
import { amountText, answerText, cashAmountToSend, cashCardReleased, cashRefusalReason, cleanAmountInput, couponFailureText, couponToApply, minorToMajor } from './coupon-cash';
import { STORED_VALUE_TEXT } from './instruments';

describe('coupon and cash card rules', () => {
  it('speaks major units in the calls', () => {
    expect(minorToMajor(10_050)).toBe(100.5);
    expect(minorToMajor(0)).toBe(0);
    expect(amountText(undefined)).toBe('');
    expect(amountText(' 12.5 ')).toBe('12.5');
    expect(amountText(12.25)).toBe('12.25');
    // A number with more decimals stays as typed, for the core to refuse.
    expect(amountText(1.234)).toBe('1.234');
  });

  it('keeps the amount box to digits and at most 2 decimals (spec §5)', () => {
    expect(cleanAmountInput('12a.3b45')).toBe('12.34');
    expect(cleanAmountInput('-5')).toBe('5');
    expect(cleanAmountInput('100')).toBe('100');
    expect(cleanAmountInput('1.')).toBe('1.');
    expect(cleanAmountInput('')).toBe('');
  });

  it('sends an empty or zero amount as the whole balance (spec §5) and refuses what is not an amount', () => {
    expect(cashAmountToSend('')).toEqual({ ok: true, amount: '' });
    expect(cashAmountToSend(' 25.5 ')).toEqual({ ok: true, amount: '25.5' });
    expect(cashAmountToSend('0')).toEqual({ ok: true, amount: '' });
    expect(cashAmountToSend('0.00')).toEqual({ ok: true, amount: '' });
    expect(cashAmountToSend('-1')).toEqual({ ok: false });
    expect(cashAmountToSend('abc')).toEqual({ ok: false });
    expect(cashAmountToSend('1.')).toEqual({ ok: false });
  });

  it('needs a typed code that is one of the member’s coupons (spec §5)', () => {
    const coupons = [{ code: 'SAVE25' }, { code: 'WELCOME10' }];
    expect(couponToApply(' save25 ', coupons)).toEqual({ ok: true, code: 'SAVE25' });
    expect(couponToApply('', coupons)).toEqual({ ok: false, reason: 'invalid' });
    expect(couponToApply('NOPE', coupons)).toEqual({ ok: false, reason: 'invalid' });
    expect(couponToApply('SAVE25', [])).toEqual({ ok: false, reason: 'none' });
  });

  it('upper-cases the server’s coupon failure (spec §8)', () => {
    expect(couponFailureText({ status: 'failed', message: 'This coupon code has expired' }, 'fallback')).toBe('THIS COUPON CODE HAS EXPIRED');
    expect(couponFailureText(null, 'fallback')).toBe('fallback');
    expect(couponFailureText({ message: '  ' }, 'fallback')).toBe('fallback');
    expect(answerText({ message: 5 }, 'message')).toBeNull();
  });

  it('reads a release as done when msg or mgs says successfully (spec §7)', () => {
    expect(cashCardReleased({ msg: 'Cash card released successfully' })).toBe(true);
    expect(cashCardReleased({ mgs: 'released successfully' })).toBe(true);
    expect(cashCardReleased({ status: 'failed', message: 'Nothing like this is applied' })).toBe(false);
    expect(cashCardReleased(null)).toBe(false);
  });

  it('shows the spec texts in English word for word', () => {
    expect(enUS['storedValue.coupon.invalid']).toBe(STORED_VALUE_TEXT.couponInvalid);
    expect(enUS['storedValue.coupon.none']).toBe(STORED_VALUE_TEXT.couponNone);
    expect(enUS['storedValue.cash.failed']).toBe(STORED_VALUE_TEXT.cashFailed);
    expect(enUS['storedValue.cash.appliedMessage']).toBe(STORED_VALUE_TEXT.cashApplied);
    expect(enUS['storedValue.cash.releasedMessage']).toBe(STORED_VALUE_TEXT.cashReleased);
    expect(enUS['storedValue.cash.enterAmount']).toBe(STORED_VALUE_TEXT.cashAmount);
  });

  it('reads the reason a cash card was refused, and only the reasons the block can say', () => {
    expect(cashRefusalReason({ status: 'failed', message: 'This card has nothing left', reason: 'empty' })).toBe('empty');
    expect(cashRefusalReason({ status: 'failed', message: 'x', reason: 'currency' })).toBe('currency');
    // A coupon's reason, an unknown one or none: the block's general failure.
    expect(cashRefusalReason({ reason: 'coupon_invalid' })).toBeNull();
    expect(cashRefusalReason({ message: 'FAILED' })).toBeNull();
    expect(cashRefusalReason(null)).toBeNull();
    for (const reason of ['inactive', 'empty', 'over_balance', 'currency', 'nothing_to_pay', 'already_applied'] as const) {
      expect(enUS[`storedValue.cash.reason.${reason}`]).toMatch(/cash card|pay/i);
    }
  });
});
