import { describe, expect, it } from 'vitest';
import { topUpAmountMinor } from './wallet-topup';

describe('topUpAmountMinor', () => {
  it('reads major units with up to 2 decimals, in integer minor units', () => {
    expect(topUpAmountMinor('10')).toBe(1_000);
    expect(topUpAmountMinor('50.5')).toBe(5_050);
    expect(topUpAmountMinor(' 125.25 ')).toBe(12_525);
    expect(topUpAmountMinor('1000.00')).toBe(100_000);
  });
  it('refuses more decimals, signs, exponents, words and amounts outside 10.00–1000.00', () => {
    for (const bad of ['', '12.345', '-20', '+20', '1e3', 'abc', '20,00', '.5', '9.99', '1000.01', '0', '20.']) expect(topUpAmountMinor(bad), bad).toBeNull();
  });
});
