import { describe, expect, it } from 'vitest';
import { PRODUCT_CODES, products } from './registry';
import { suppliersOf } from './registry.server';

describe('the product registry on the server', () => {
  it.each(PRODUCT_CODES)('%s has a supplier of its own inventory', (code) => {
    const suppliers = suppliersOf(code);
    expect(suppliers.length).toBeGreaterThan(0);
    // WEEKS is searched across the suppliers of the products it books as.
    const success = products[code].success;
    const supplied = 'bookedAs' in success ? success.bookedAs : [code];
    expect(suppliers.map((supplier) => supplier.product)).toEqual(supplied);
    for (const supplier of suppliers) {
      for (const step of ['search', 'details', 'price', 'hold', 'release', 'confirm'] as const) expect(typeof supplier[step], `${code} ${step}`).toBe('function');
    }
  });
});
