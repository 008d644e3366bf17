import { describe, expect, it } from 'vitest';
import { convert, formatMoney, roundForDisplay, type RateTable } from './money';

const rates: RateTable = new Map([
  ['USD', { perUsd: '1.00000000', minorDigits: 2 }],
  ['MXN', { perUsd: '17.05000000', minorDigits: 2 }],
  ['JPY', { perUsd: '151.20000000', minorDigits: 0 }],
  ['EUR', { perUsd: '0.92', minorDigits: 2 }],
]);

describe('convert', () => {
  it('keeps the amount in the same currency', () => {
    expect(convert({ amountMinor: 1234, currency: 'USD' }, 'USD', rates)).toEqual({ amountMinor: 1234, currency: 'USD' });
  });
  it('converts USD to MXN in minor units', () => {
    expect(convert({ amountMinor: 10000, currency: 'USD' }, 'MXN', rates).amountMinor).toBe(170500);
  });
  it('handles currencies without minor units', () => {
    expect(convert({ amountMinor: 199, currency: 'USD' }, 'JPY', rates).amountMinor).toBe(301);
  });
  it('converts across two non-USD currencies and rounds half away from zero', () => {
    expect(convert({ amountMinor: 100, currency: 'EUR' }, 'MXN', rates).amountMinor).toBe(1853);
  });
  it('refuses an unknown currency', () => {
    expect(() => convert({ amountMinor: 1, currency: 'XXX' }, 'USD', rates)).toThrow(/No rate/);
  });
});

describe('display', () => {
  it('rounds to 2 decimals when fractional, else an integer', () => {
    expect(roundForDisplay(10)).toBe(10);
    expect(roundForDisplay(10.456)).toBe(10.46);
  });
  it('formats whole amounts without decimals', () => {
    expect(formatMoney({ amountMinor: 12000, currency: 'USD' }, 2, 'en-US')).toBe('$120');
    expect(formatMoney({ amountMinor: 12050, currency: 'USD' }, 2, 'en-US')).toBe('$120.50');
  });
  it('keeps each locale, currency and precision apart when formatters are reused', () => {
    const usd = { amountMinor: 12050, currency: 'USD' };
    const mxn = { amountMinor: 12050, currency: 'MXN' };
    for (let round = 0; round < 2; round++) {
      expect(formatMoney(usd, 2, 'en-US')).toBe('$120.50');
      expect(formatMoney(mxn, 2, 'es-MX')).toBe('$120.50');
      expect(formatMoney(mxn, 2, 'en-US')).toBe('MX$120.50');
      // es-MX puts a no-break space between the code and the amount.
      expect(formatMoney(usd, 2, 'es-MX')).toBe('USD\u00a0120.50');
      expect(formatMoney({ amountMinor: 12000, currency: 'USD' }, 2, 'en-US')).toBe('$120');
      expect(formatMoney({ amountMinor: 301, currency: 'JPY' }, 0, 'en-US')).toBe('¥301');
    }
  });
});
