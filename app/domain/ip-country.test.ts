import { describe, expect, it } from 'vitest';
import { countryLocale, countryOf, ipv4Number, parseCountryRanges } from './ip-country';

describe('an IPv4 address as a number', () => {
  it('reads dotted and IPv4-mapped addresses, and refuses everything else', () => {
    expect(ipv4Number('0.0.0.0')).toBe(0);
    expect(ipv4Number('1.0.0.1')).toBe(16_777_217);
    expect(ipv4Number('255.255.255.255')).toBe(4_294_967_295);
    expect(ipv4Number('::ffff:1.0.0.1')).toBe(16_777_217);
    for (const bad of ['', '::1', '2001:db8::1', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1.2.3.x', ' 1.2.3.4', '1.2.3.-4']) expect(ipv4Number(bad), bad).toBeNull();
  });
});

describe('the country of an address', () => {
  const ranges = parseCountryRanges('16777216,16777471,AU\n16777472,16778239,CN\nnot,a,line\n16779264,16781311,zz\n16781312,16785407,JP\n');

  it('finds the range holding the address, at its edges too', () => {
    expect(ranges.countries).toEqual(['AU', 'CN', 'JP']);
    expect(countryOf(ranges, '1.0.0.0')).toBe('AU');
    expect(countryOf(ranges, '1.0.0.255')).toBe('AU');
    expect(countryOf(ranges, '1.0.1.0')).toBe('CN');
    expect(countryOf(ranges, '1.0.16.0')).toBe('JP');
    expect(countryOf(ranges, '1.0.31.255')).toBe('JP');
  });

  it('answers null between ranges, before the first, after the last, and for what is not IPv4', () => {
    expect(countryOf(ranges, '1.0.4.0')).toBeNull();
    expect(countryOf(ranges, '0.255.255.255')).toBeNull();
    expect(countryOf(ranges, '1.0.32.0')).toBeNull();
    expect(countryOf(ranges, '::1')).toBeNull();
    expect(countryOf(parseCountryRanges(''), '1.0.0.1')).toBeNull();
  });

  it('answers null for private and reserved blocks even where a table places them', () => {
    const everywhere = parseCountryRanges('0,4294967295,AU');
    expect(countryOf(everywhere, '1.1.1.1')).toBe('AU');
    for (const address of [
      '0.1.2.3',
      '10.9.9.9',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '172.31.255.255',
      '192.0.2.1',
      '192.168.1.10',
      '198.19.0.1',
      '198.51.100.77',
      '203.0.113.45',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(countryOf(everywhere, address), address).toBeNull();
    }
    expect(countryOf(everywhere, '172.32.0.1')).toBe('AU');
  });
});

describe('a country’s language and currency', () => {
  it('names the platform’s language and currency where the country has them, and nothing it does not know', () => {
    expect(countryLocale('MX')).toEqual({ language: 'es-MX', currency: 'MXN' });
    expect(countryLocale('ES')).toEqual({ language: 'es-MX', currency: 'EUR' });
    expect(countryLocale('GB')).toEqual({ language: 'en-US', currency: 'GBP' });
    expect(countryLocale('FR')).toEqual({ currency: 'EUR' });
    expect(countryLocale('BR')).toEqual({ currency: 'BRL' });
    expect(countryLocale('NG')).toEqual({});
  });
});
