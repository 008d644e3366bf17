import { describe, expect, it, vi } from 'vitest';
import { flightDateToIso, isoToFlightDateText, parseIsoDate } from './flight-dates';

describe('flightDateToIso', () => {
  it.each([
    ['Tue, Dec 01 26', '2026-12-01'],
    ['Fri, Jan 01 27', '2027-01-01'],
    ['Tue, Feb 29 28', '2028-02-29'],
    ['Thu, Dec 31 26', '2026-12-31'],
    ['Sat, Jan 01 00', '2000-01-01'],
  ])('%s gives %s', (text, iso) => {
    const log = vi.fn();
    expect(flightDateToIso(text, log)).toBe(iso);
    expect(log).not.toHaveBeenCalled();
  });

  it('reads every two-digit year as 20YY, not the 1900s', () => {
    expect(flightDateToIso('Tue, Jan 01 69')).toBe('2069-01-01');
    expect(flightDateToIso('Thu, Dec 31 99')).toBe('2099-12-31');
  });

  it.each([
    ['an impossible day', 'Mon, Feb 30 26', 'no such day'],
    ['Feb 29 outside a leap year', 'Sun, Feb 29 26', 'no such day'],
    ['day 00', 'Mon, Dec 00 26', 'no such day'],
    ['day 32', 'Mon, Dec 32 26', 'no such day'],
    ['a weekday that contradicts the date', 'Mon, Dec 01 26', 'weekday does not match the date'],
    ['an unknown weekday name', 'Tus, Dec 01 26', 'weekday does not match the date'],
    ['an unknown month', 'Tue, Dex 01 26', 'unknown month'],
  ])('gives an empty value and logs once for %s', (_, text, reason) => {
    const log = vi.fn();
    expect(flightDateToIso(text, log)).toBe('');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.any(String), { input: text, reason });
  });

  it.each([
    '',
    '2026-12-01',
    'Tue, Dec 1 26',
    'Tue, Dec 01 2026',
    'tue, dec 01 26',
    'TUE, DEC 01 26',
    'Tuesday, December 01 26',
    'Tue Dec 01 26',
    'Tue,  Dec 01 26',
    ' Tue, Dec 01 26',
    'Tue, Dec 01 26 ',
    'Tue, Dec 01 26\n',
    'Tue, 01 Dec 26',
    'Tue, Dec ０1 26',
  ])('parses strictly: %j is not the format', (text) => {
    const log = vi.fn();
    expect(flightDateToIso(text, log)).toBe('');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.any(String), { input: text, reason: "expected 'ddd, MMM DD YY'" });
  });

  it('logs a message a person can read', () => {
    const log = vi.fn();
    flightDateToIso('Mon, Feb 30 26', log);
    expect(log.mock.calls[0]?.[0]).toMatch(/invalid flight date/i);
  });

  it('survives input that is not a string at run time', () => {
    const log = vi.fn();
    // Stored searches come from JSON, so the type can lie; the guard must hold anyway.
    expect(flightDateToIso(JSON.parse('null'), log)).toBe('');
    expect(flightDateToIso(JSON.parse('20261201'), log)).toBe('');
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('works without a logger', () => {
    expect(flightDateToIso('Mon, Feb 30 26')).toBe('');
  });
});

describe('isoToFlightDateText', () => {
  it('formats a date for display', () => {
    expect(isoToFlightDateText('2026-12-01')).toBe('Tue, Dec 01 26');
    expect(isoToFlightDateText('2028-02-29')).toBe('Tue, Feb 29 28');
    expect(isoToFlightDateText('2000-01-01')).toBe('Sat, Jan 01 00');
  });

  it('round-trips through flightDateToIso for every day of a year', () => {
    let date = parseIsoDate('2027-01-01')!;
    for (let i = 0; i < 365; i++) {
      const iso = date.format('YYYY-MM-DD');
      expect(flightDateToIso(isoToFlightDateText(iso))).toBe(iso);
      date = date.add(1, 'day');
    }
  });

  it.each(['', '2026-02-30', '2026-13-01', '2026-2-3', '01/12/2026', 'Tue, Dec 01 26', '1999-12-31', '2100-01-01'])('gives an empty value for %j', (iso) => {
    expect(isoToFlightDateText(iso)).toBe('');
  });
});

describe('parseIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(parseIsoDate('2026-12-01')?.format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-12-01T00:00:00Z')).toBeNull();
    expect(parseIsoDate(20261201)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
  });
});
