import { describe, expect, it } from 'vitest';
import { chargeCurrencyFor, merchantAccountFor, settlesIn } from './merchant-accounts';

describe('merchant accounts (decision 0056)', () => {
  const pesos = { MXN: 'viajamas_mxn' };

  it('charges a visitor in their currency where the organisation settles in it, else in USD', () => {
    expect(chargeCurrencyFor(pesos, 'MXN')).toBe('MXN');
    expect(chargeCurrencyFor(pesos, 'EUR')).toBe('USD');
    expect(chargeCurrencyFor(pesos, 'USD')).toBe('USD');
    expect(chargeCurrencyFor(undefined, 'MXN')).toBe('USD');
    // An inherited name is not an account.
    expect(chargeCurrencyFor(pesos, 'constructor')).toBe('USD');
  });

  it('names the account of the currency, the default for USD, and refuses a currency without one', () => {
    expect(merchantAccountFor(pesos, 'MXN')).toBe('viajamas_mxn');
    expect(merchantAccountFor(pesos, 'USD')).toBeUndefined();
    expect(merchantAccountFor({ ...pesos, USD: 'viajamas_usd' }, 'USD')).toBe('viajamas_usd');
    expect(() => merchantAccountFor(undefined, 'MXN')).toThrow(/No merchant account settles in MXN/);
    expect([settlesIn(pesos, 'MXN'), settlesIn(pesos, 'USD'), settlesIn(undefined, 'USD'), settlesIn(undefined, 'MXN'), settlesIn(pesos, 'EUR')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
