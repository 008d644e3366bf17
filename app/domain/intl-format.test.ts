import { describe, expect, it } from 'vitest';
import { currencyFractionDigits, dateTimeFormat, numberFormat, pluralRules } from './intl-format';

describe('kept Intl formatters', () => {
  it('builds one formatter per locale and options, and formats as a new one would', () => {
    const options = { style: 'currency', currency: 'MXN' } as const;
    expect(numberFormat('es-MX', options)).toBe(numberFormat('es-MX', { ...options }));
    expect(numberFormat('es-MX', options)).not.toBe(numberFormat('en-US', options));
    expect(numberFormat('es-MX', options).format(1234.5)).toBe(new Intl.NumberFormat('es-MX', options).format(1234.5));
    const day = { timeZone: 'Asia/Tokyo', dateStyle: 'long' } as const;
    expect(dateTimeFormat('en-US', day)).toBe(dateTimeFormat('en-US', { ...day }));
    expect(dateTimeFormat('en-US', day)).not.toBe(dateTimeFormat('en-US', { ...day, timeZone: 'UTC' }));
    expect(dateTimeFormat('en-US', day).format(new Date('2026-01-01T20:00:00Z'))).toBe('January 2, 2026');
    expect(pluralRules('es-MX')).toBe(pluralRules('es-MX'));
    expect([pluralRules('es-MX').select(1), pluralRules('es-MX').select(1_000_000), pluralRules('en-US').select(1_000_000)]).toEqual(['one', 'many', 'other']);
  });

  it('tells options apart by every name and value', () => {
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 2 }));
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).not.toBe(numberFormat('en-US', { style: 'currency', currency: 'EUR' }));
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(12)).toBe('$12');
  });

  it("knows each currency's minor digits as Intl does", () => {
    expect(['USD', 'MXN', 'JPY', 'KWD', 'USD'].map(currencyFractionDigits)).toEqual([2, 2, 0, 3, 2]);
  });

  it('refuses what the runtime refuses, every time', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => numberFormat('en-US', { style: 'currency' })).toThrow(TypeError);
  });
});
