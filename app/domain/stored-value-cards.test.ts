import { describe, expect, it } from 'vitest';
import { canApplyCard, enteredPoints, filterPointTypes, nextActiveOption, walletCapMinor } from './stored-value-cards';

describe('points-type dropdown (spec §2, §5)', () => {
  const types = [{ label: 'Travel Miles' }, { label: 'Star Points' }, { label: 'MILES & more' }];
  it('filters by a case-insensitive match on the label; an empty search lists every type', () => {
    expect(filterPointTypes(types, 'miles').map((t) => t.label)).toEqual(['Travel Miles', 'MILES & more']);
    expect(filterPointTypes(types, '  STAR ')).toEqual([{ label: 'Star Points' }]);
    expect(filterPointTypes(types, '')).toEqual(types);
    expect(filterPointTypes(types, 'nothing')).toEqual([]);
  });
  it('moves the active option with the arrows, Home and End, stopping at the ends', () => {
    expect(nextActiveOption(-1, 'ArrowDown', 3)).toBe(0);
    expect(nextActiveOption(2, 'ArrowDown', 3)).toBe(2);
    expect(nextActiveOption(-1, 'ArrowUp', 3)).toBe(2);
    expect(nextActiveOption(0, 'ArrowUp', 3)).toBe(0);
    expect(nextActiveOption(1, 'Home', 3)).toBe(0);
    expect(nextActiveOption(1, 'End', 3)).toBe(2);
    expect(nextActiveOption(1, 'a', 3)).toBeNull();
    expect(nextActiveOption(-1, 'ArrowDown', 0)).toBeNull();
  });
});

describe('entered points', () => {
  it('are whole points capped at the balance; anything else counts as 0', () => {
    expect(enteredPoints('1500', 20_000)).toBe(1_500);
    expect(enteredPoints('25000', 20_000)).toBe(20_000);
    expect(enteredPoints('', 20_000)).toBe(0);
    expect(enteredPoints('-5', 20_000)).toBe(5);
    expect(enteredPoints('1.5', 20_000)).toBe(15);
    expect(enteredPoints('abc', 20_000)).toBe(0);
    expect(enteredPoints('10', 0)).toBe(0);
  });
});

describe('wallets and cards', () => {
  it('a wallet pays the net price and a tenth more, never more than is left to pay', () => {
    expect(walletCapMinor(40_000, 4_000, 40_000)).toBe(39_600);
    expect(walletCapMinor(40_000, 0, 40_000)).toBe(40_000);
    expect(walletCapMinor(40_000, 4_000, 10_000)).toBe(10_000);
    // The cap is for every wallet together: a second wallet takes only what the first left.
    expect(walletCapMinor(40_000, 4_000, 30_000, 30_000)).toBe(9_600);
    expect(walletCapMinor(40_000, 4_000, 30_000, 40_000)).toBe(0);
  });
  it('a card can be applied only when active, where it applies, with a balance', () => {
    expect(canApplyCard({ active: true, applies: true, balanceMinor: 5_000 })).toBe(true);
    expect(canApplyCard({ active: false, applies: true, balanceMinor: 5_000 })).toBe(false);
    expect(canApplyCard({ active: true, applies: false, balanceMinor: 5_000 })).toBe(false);
    expect(canApplyCard({ active: true, applies: true, balanceMinor: 0 })).toBe(false);
  });
});
