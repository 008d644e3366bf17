import { afterEach, describe, expect, it } from 'vitest';
import { defaultTripListName } from './trip-name';

describe('defaultTripListName', () => {
  it('joins the destination and the check-in month', () => {
    expect(defaultTripListName('Cancún', '2026-12-01', 'en-US')).toBe('Cancún · Dec 2026');
  });

  it('writes the month in the traveller language', () => {
    expect(defaultTripListName('Cancún', '2026-12-01', 'es-MX')).toBe('Cancún · dic 2026');
    expect(defaultTripListName('Paris', '2027-02-14', 'fr-FR')).toBe('Paris · févr. 2027');
    expect(defaultTripListName('Tokyo', '2027-03-05', 'ja-JP')).toBe('Tokyo · 2027年3月');
  });

  it('accepts language codes written with an underscore, as cookies hold them', () => {
    expect(defaultTripListName('Cancún', '2026-12-01', 'es_MX')).toBe('Cancún · dic 2026');
  });

  it.each(['', '   ', 'not a locale!', 'en US', '123'])('falls back to English for the unusable language %j', (language) => {
    expect(defaultTripListName('Cancún', '2026-12-01', language)).toBe('Cancún · Dec 2026');
  });

  it('keeps the Gregorian calendar whatever the tag asks for', () => {
    expect(defaultTripListName('Bangkok', '2026-12-01', 'th-TH-u-ca-buddhist')).toContain('2026');
  });

  it('uses the month of the check-in date itself, on its first and last day', () => {
    expect(defaultTripListName('Rome', '2027-01-01', 'en-US')).toBe('Rome · Jan 2027');
    expect(defaultTripListName('Rome', '2026-12-31', 'en-US')).toBe('Rome · Dec 2026');
  });

  it('tidies the destination spacing', () => {
    expect(defaultTripListName('  New   York ', '2026-12-01', 'en-US')).toBe('New York · Dec 2026');
  });

  it('leaves out a missing or invalid date instead of printing Invalid Date', () => {
    expect(defaultTripListName('Cancún', '', 'en-US')).toBe('Cancún');
    expect(defaultTripListName('Cancún', '2026-02-30', 'en-US')).toBe('Cancún');
    expect(defaultTripListName('Cancún', 'Tue, Dec 01 26', 'en-US')).toBe('Cancún');
  });

  it('leaves out a missing destination', () => {
    expect(defaultTripListName('', '2026-12-01', 'en-US')).toBe('Dec 2026');
    expect(defaultTripListName('  ', '2026-12-01', 'es-MX')).toBe('dic 2026');
  });

  it('gives an empty name when there is nothing to name the trip after', () => {
    expect(defaultTripListName('', '', 'en-US')).toBe('');
  });

  it('survives values that are not strings at run time', () => {
    expect(defaultTripListName(JSON.parse('null'), JSON.parse('null'), JSON.parse('null'))).toBe('');
  });

  describe('in a time zone west of Greenwich', () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });
    it('does not slip into the previous month', () => {
      process.env.TZ = 'America/Los_Angeles';
      expect(defaultTripListName('Cancún', '2026-12-01', 'en-US')).toBe('Cancún · Dec 2026');
    });
  });
});
