import { describe, expect, it } from 'vitest';
import { countryOfAddress } from './ip-country.server';

describe('the shipped address table', () => {
  it('places public addresses in their countries', () => {
    expect(countryOfAddress('8.8.8.8')).toBe('US');
    expect(countryOfAddress('::ffff:8.8.8.8')).toBe('US');
    expect(countryOfAddress('187.188.1.1')).toBe('MX');
    expect(countryOfAddress('81.2.69.142')).toBe('GB');
  });

  it('gives no country to loopback, private, documentation and IPv6 addresses', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.1.10', '172.16.0.1', '203.0.113.45', '198.51.100.77', '::1', '2001:db8::1', 'unknown']) {
      expect(countryOfAddress(address), address).toBeNull();
    }
  });
});
