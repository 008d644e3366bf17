import { describe, expect, it } from 'vitest';
import { chargeOf, countOf, decimalToMinor, describeCharge, formatChargedAmount, minorToDecimal } from './charge';

describe('formatChargedAmount', () => {
  it('names the charged currency unambiguously, with its cents, in the page locale', () => {
    expect(formatChargedAmount({ amountMinor: 12_345, currency: 'USD' }, 'en-US')).toBe('US$123.45');
    expect(formatChargedAmount({ amountMinor: 12_345, currency: 'USD' }, 'es-MX')).toBe('US$123.45');
    expect(formatChargedAmount({ amountMinor: 12_000, currency: 'USD' }, 'en-US')).toBe('US$120.00');
    expect(formatChargedAmount({ amountMinor: 123_456_789, currency: 'USD' }, 'es-MX')).toBe('US$1,234,567.89');
    expect(formatChargedAmount({ amountMinor: 5, currency: 'USD' }, 'en-US')).toBe('US$0.05');
  });

  it('other currencies keep their own symbol and decimals', () => {
    expect(formatChargedAmount({ amountMinor: 12_345, currency: 'MXN' }, 'es-MX')).toBe('MX$123.45');
    expect(formatChargedAmount({ amountMinor: 1_500, currency: 'JPY' }, 'en-US')).toBe('¥1,500');
  });
});

describe('decimalToMinor', () => {
  it('reads decimals as text, without float error', () => {
    expect(decimalToMinor('0.07', 2)).toBe(7);
    expect(decimalToMinor('1.1', 2)).toBe(110);
    expect(decimalToMinor('4.35', 2)).toBe(435); // 4.35 * 100 is 434.99999999999994 in floats
    expect(decimalToMinor('1005.99', 2)).toBe(100599);
    expect(decimalToMinor('12', 2)).toBe(1200);
    expect(decimalToMinor('12.', 2)).toBe(1200);
    expect(decimalToMinor(' 3.50 ', 2)).toBe(350);
    expect(decimalToMinor('1500', 0)).toBe(1500);
    expect(decimalToMinor('1.230', 2)).toBe(123);
    expect(decimalToMinor('2.5', 3)).toBe(2500);
  });

  it('refuses what it would have to round or guess', () => {
    expect(() => decimalToMinor('1.234', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('-1', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('1e3', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('1,50', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('99999999999999999', 2)).toThrow(RangeError);
  });
});

describe('minorToDecimal', () => {
  it('writes minor units with the currency decimals', () => {
    expect(minorToDecimal(7, 2)).toBe('0.07');
    expect(minorToDecimal(100599, 2)).toBe('1005.99');
    expect(minorToDecimal(0, 2)).toBe('0.00');
    expect(minorToDecimal(1500, 0)).toBe('1500');
    expect(decimalToMinor(minorToDecimal(123456, 2), 2)).toBe(123456);
    expect(() => minorToDecimal(1.5, 2)).toThrow(RangeError);
  });
});

describe('chargeOf', () => {
  it('is whole minor units, a currency code and one line', () => {
    expect(chargeOf(12345, 'USD', ' Hotel Sol ·\n 2 nights ')).toEqual({ amountMinor: 12345, currency: 'USD', description: 'Hotel Sol · 2 nights' });
    expect(chargeOf(0, 'USD', 'x').amountMinor).toBe(0);
    expect(() => chargeOf(10.5, 'USD', 'x')).toThrow(RangeError);
    expect(() => chargeOf(-1, 'USD', 'x')).toThrow(RangeError);
    expect(() => chargeOf(1, 'usd', 'x')).toThrow(RangeError);
    expect(() => chargeOf(1, 'USD', '  ')).toThrow(RangeError);
  });

  it('describes with the parts that are there', () => {
    expect(describeCharge(['Hotel Sol', countOf(2, 'night'), countOf(1, 'room'), null, false, ''])).toBe('Hotel Sol · 2 nights · 1 room');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
  });
});
