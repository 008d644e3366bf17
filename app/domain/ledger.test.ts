import { describe, expect, it } from 'vitest';
import {
  CurrencyMismatchError,
  InvalidAmountError,
  LedgerError,
  MOVEMENTS,
  RefundExceedsCaptureError,
  assertBalanced,
  checkAmount,
  checkCurrency,
  checkRefund,
  fingerprintOf,
  postings,
  unbalancedCurrencies,
} from './ledger';

describe('ledger rules', () => {
  it('accepts only positive whole minor units', () => {
    expect(checkAmount(1)).toBe(1);
    for (const bad of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => checkAmount(bad)).toThrow(InvalidAmountError);
  });

  it('refuses an amount in another currency than the account', () => {
    expect(() => checkCurrency('USD', 'USD')).not.toThrow();
    expect(() => checkCurrency('USD', 'EUR')).toThrow(CurrencyMismatchError);
  });

  it('a movement is two entries that balance', () => {
    const entries = postings(1, 2, 250, 'USD');
    expect(entries).toEqual([
      { accountId: 1, amountMinor: -250, currency: 'USD' },
      { accountId: 2, amountMinor: 250, currency: 'USD' },
    ]);
    expect(() => assertBalanced(entries)).not.toThrow();
    expect(() => postings(1, 1, 5, 'USD')).toThrow(LedgerError);
    expect(() => postings(1, 2, 0, 'USD')).toThrow(InvalidAmountError);
  });

  it('balancing is per currency', () => {
    const entries = [
      { accountId: 1, amountMinor: -100, currency: 'USD' },
      { accountId: 2, amountMinor: 100, currency: 'EUR' },
    ];
    expect(unbalancedCurrencies(entries).sort()).toEqual(['EUR', 'USD']);
    expect(() => assertBalanced(entries)).toThrow(/does not balance/);
    expect(() => assertBalanced([])).toThrow(LedgerError);
  });

  it('every movement moves value between two different roles, and only issuance is a source of new value', () => {
    for (const { from, to } of Object.values(MOVEMENTS)) expect(from).not.toBe(to);
    expect(MOVEMENTS.issue).toEqual({ from: 'issuance', to: 'available' });
    expect(MOVEMENTS.reserve).toEqual({ from: 'available', to: 'reserved' });
    expect(MOVEMENTS.capture).toEqual({ from: 'reserved', to: 'spent' });
    expect(MOVEMENTS.release).toEqual({ from: 'reserved', to: 'available' });
    expect(MOVEMENTS.refund).toEqual({ from: 'spent', to: 'available' });
  });

  it('a refund returns at most what was captured and not yet refunded', () => {
    expect(() => checkRefund(500, 0, 500)).not.toThrow();
    expect(() => checkRefund(500, 200, 300)).not.toThrow();
    expect(() => checkRefund(500, 200, 301)).toThrow(RefundExceedsCaptureError);
  });

  it('a fingerprint does not depend on the order of fields', () => {
    expect(fingerprintOf('reserve', { a: 1, b: 'x' })).toBe(fingerprintOf('reserve', { b: 'x', a: 1 }));
    expect(fingerprintOf('reserve', { a: 1 })).not.toBe(fingerprintOf('capture', { a: 1 }));
  });
});
