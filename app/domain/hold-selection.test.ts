import { describe, expect, it } from 'vitest';
import { compactSelection, selectedInt, selectedPriceType, selectedText, selectionParams } from './hold-selection';

describe('hold selection', () => {
  it('reads whole numbers in range, else the default', () => {
    expect(selectedInt({ guests: '3' }, 'guests', 1, 8, 2)).toBe(3);
    expect(selectedInt({ guests: '9' }, 'guests', 1, 8, 2)).toBe(2);
    expect(selectedInt({ guests: '2.5' }, 'guests', 1, 8, 2)).toBe(2);
    expect(selectedInt({}, 'guests', 1, 8, 2)).toBe(2);
    expect(selectedInt(null, 'guests', 1, 8, 2)).toBe(2);
  });

  it('reads a price type only when it is one', () => {
    expect(selectedPriceType({ priceType: 'PKG' }, 'B2C')).toBe('PKG');
    expect(selectedPriceType({ priceType: 'FREE' }, 'B2C')).toBe('B2C');
    expect(selectedPriceType(null, 'B2B')).toBe('B2B');
  });

  it('reads text by pattern and writes compact selections', () => {
    expect(selectedText({ code: 'MEX' }, 'code', /^[A-Z]{3}$/, '')).toBe('MEX');
    expect(selectedText({ code: 'x' }, 'code', /^[A-Z]{3}$/, 'NONE')).toBe('NONE');
    expect(compactSelection({ a: 1, b: '', c: null, d: undefined, e: 'x' })).toEqual({ a: '1', e: 'x' });
    expect(selectionParams({ a: '1' }).toString()).toBe('a=1');
    expect(selectionParams(null).toString()).toBe('');
  });
});
