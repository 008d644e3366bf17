import { describe, expect, it } from 'vitest';
import { productFromPath } from './product-code';

describe('productFromPath', () => {
  it.each([
    ['/hotels', 'HLT'],
    ['/flight/search-details', 'FLT'],
    ['/cars/checkout', 'CAR'],
    ['/activities/details', 'ACT'],
    ['/transfers', 'TRF'],
    ['/resorts/checkout-success', 'RST'],
    ['/stays/details?x=1', 'STY'],
  ])('%s gives %s', (path, code) => {
    expect(productFromPath(path)).toBe(code);
  });

  it('gives HLT for an empty path and for unknown segments', () => {
    expect(productFromPath('')).toBe('HLT');
    expect(productFromPath('/')).toBe('HLT');
    expect(productFromPath('/cruises')).toBe('HLT');
    expect(productFromPath('/search-detail')).toBe('HLT');
  });
});
