import { describe, expect, it } from 'vitest';
import { computeWeekPrice, isDreamtrip, monthCheckIn, parseDay, parseWeeksSearch, weekStartOnOrAfter, weekStay, weeksKindsOffered, weeksSearchParams, weeksWanted } from './weeks';

const today = parseDay('2027-01-01')!; // a Friday

describe('weekStartOnOrAfter', () => {
  it('moves to the next start weekday, or stays when already on it', () => {
    expect(weekStartOnOrAfter(parseDay('2027-01-01')!, 6).toISOString().slice(0, 10)).toBe('2027-01-02');
    expect(weekStartOnOrAfter(parseDay('2027-01-02')!, 6).toISOString().slice(0, 10)).toBe('2027-01-02');
    expect(weekStartOnOrAfter(parseDay('2027-01-03')!, 6).toISOString().slice(0, 10)).toBe('2027-01-09');
    expect(weekStartOnOrAfter(parseDay('2027-01-01')!, 0).toISOString().slice(0, 10)).toBe('2027-01-03');
  });
});

describe('weeksWanted', () => {
  it('rounds a search up to whole weeks, between 1 and 4', () => {
    expect(weeksWanted(parseDay('2027-01-02')!, null)).toBe(1);
    expect(weeksWanted(parseDay('2027-01-02')!, parseDay('2027-01-05')!)).toBe(1);
    expect(weeksWanted(parseDay('2027-01-02')!, parseDay('2027-01-16')!)).toBe(2);
    expect(weeksWanted(parseDay('2027-01-02')!, parseDay('2027-01-17')!)).toBe(3);
    expect(weeksWanted(parseDay('2027-01-02')!, parseDay('2027-06-17')!)).toBe(4);
  });
});

describe('weekStay', () => {
  it('accepts whole weeks starting on the unit start weekday', () => {
    const result = weekStay('2027-01-02', '2027-01-16', 6, today);
    expect(result).toMatchObject({ ok: true, stay: { weeks: 2, nights: 14 } });
  });

  it('says what is wrong with other dates', () => {
    expect(weekStay('2027-01-03', '2027-01-10', 6, today)).toEqual({
      ok: false,
      error: 'check_in_date: weeks of this unit start on a Saturday, and 2027-01-03 is a Sunday',
    });
    expect(weekStay('2027-01-02', '2027-01-08', 6, today)).toMatchObject({ ok: false, error: /7, 14, 21 or 28 nights/ });
    expect(weekStay('2027-01-02', '2027-02-06', 6, today)).toMatchObject({ ok: false, error: /got 35/ });
    expect(weekStay('2026-12-26', '2027-01-02', 6, today)).toMatchObject({ ok: false, error: /past/ });
    expect(weekStay('2027-02-30', '2027-03-06', 6, today)).toMatchObject({ ok: false, error: /check_in_date: '2027-02-30' is not a date/ });
    expect(weekStay('2027-01-02', 'soon', 6, today)).toMatchObject({ ok: false, error: /check_out_date/ });
  });
});

describe('computeWeekPrice', () => {
  const rates = { unitCostMinor: 80_000, feedCostMinor: 95_000, retailPriceMinor: 120_000 };

  it('charges the public the retail price and agents the feed cost, per week', () => {
    expect(computeWeekPrice(rates, 2, 'B2C')).toEqual({
      price_type: 'B2C',
      amount: 240_000,
      retail_price: 240_000,
      per_week: 120_000,
      per_night: 17_143,
      weeks: 2,
      nights: 14,
    });
    const b2b = computeWeekPrice(rates, 1, 'B2B');
    expect(b2b.amount).toBe(95_000);
    expect(b2b.retail_price).toBe(120_000);
  });

  it('refuses rates out of order or fractional amounts', () => {
    expect(() => computeWeekPrice({ ...rates, feedCostMinor: 130_000 }, 1, 'B2C')).toThrow(RangeError);
    expect(() => computeWeekPrice({ ...rates, unitCostMinor: 1.5 }, 1, 'B2C')).toThrow(RangeError);
    expect(() => computeWeekPrice(rates, 0, 'B2C')).toThrow(RangeError);
  });
});

describe('weeksKindsOffered', () => {
  it('lists resorts and stays on /weeks only where WEEKS is sold, and only the kinds also sold', () => {
    expect(weeksKindsOffered('WEEKS', ['HLT', 'RST', 'STY', 'WEEKS'])).toEqual(['RST', 'STY']);
    expect(weeksKindsOffered('WEEKS', ['STY', 'WEEKS'])).toEqual(['STY']);
    expect(weeksKindsOffered('WEEKS', ['RST', 'STY'])).toEqual([]);
    expect(weeksKindsOffered('WEEKS', ['HLT', 'WEEKS'])).toEqual([]);
    expect(weeksKindsOffered('RST', ['RST'])).toEqual(['RST']);
    expect(weeksKindsOffered('STY', ['RST', 'WEEKS'])).toEqual([]);
  });
});

describe('isDreamtrip', () => {
  it('takes five-star places and those reviewed 9 or more', () => {
    expect(isDreamtrip({ stars: 5, reviewScore: 7.5 })).toBe(true);
    expect(isDreamtrip({ stars: 3, reviewScore: 9 })).toBe(true);
    expect(isDreamtrip({ stars: 4, reviewScore: 8.9 })).toBe(false);
  });
});

describe('parseWeeksSearch', () => {
  const parse = (query: string) => parseWeeksSearch(new URLSearchParams(query), '2027-01-02');
  it('reads a search with optional guests and collection, and writes it back', () => {
    const plain = parse('destination=cancun&check_in_date=2027-02-01&weeks=2');
    expect(plain).toEqual({ ok: true, search: { destination: 'cancun', checkIn: '2027-02-01', weeks: 2, guests: null, collection: null } });
    const full = parse('destination=cancun&check_in_date=2027-02-01&weeks=1&guests=4&collection=dreamtrips');
    expect(full.ok && full.search).toEqual({ destination: 'cancun', checkIn: '2027-02-01', weeks: 1, guests: 4, collection: 'dreamtrips' });
    expect(full.ok && weeksSearchParams(full.search).toString()).toBe('destination=cancun&check_in_date=2027-02-01&weeks=1&guests=4&collection=dreamtrips');
  });
  it('says what is wrong with each field', () => {
    const bad = parse('destination=Cancún!&check_in_date=2027-01-01&weeks=5&guests=9&collection=cheap');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual({
      destination: 'search.error.destination',
      checkIn: 'search.error.checkinTooSoon',
      weeks: 'weeks.error.weeks',
      guests: 'weeks.error.guests',
      collection: 'weeks.error.collection',
    });
    expect(!parse('destination=cancun&check_in_date=2027-02-30').ok).toBe(true);
  });
});

describe('monthCheckIn and month searches', () => {
  it('starts a month on its 1st, or on the earliest check-in within it', () => {
    expect(monthCheckIn('2027-03', '2027-01-02')).toBe('2027-03-01');
    expect(monthCheckIn('2027-01', '2027-01-02')).toBe('2027-01-02');
    expect(monthCheckIn('2026-12', '2027-01-02')).toBe('2026-12-01');
    expect(monthCheckIn('2027-13', '2027-01-02')).toBeNull();
    expect(monthCheckIn('March', '2027-01-02')).toBeNull();
  });
  it('reads a month in place of the check-in date, and says when it is not one or is past', () => {
    const parse = (query: string) => parseWeeksSearch(new URLSearchParams(query), '2027-01-02');
    expect(parse('destination=cancun&month=2027-01&collection=dreamtrips')).toMatchObject({ ok: true, search: { checkIn: '2027-01-02', collection: 'dreamtrips' } });
    expect(parse('destination=cancun&month=2027-1')).toMatchObject({ ok: false, errors: { checkIn: 'weeks.error.month' } });
    expect(parse('destination=cancun&month=2026-12')).toMatchObject({ ok: false, errors: { checkIn: 'search.error.checkinTooSoon' } });
    // A check-in date wins over a month.
    expect(parse('destination=cancun&month=2027-05&check_in_date=2027-02-01')).toMatchObject({ ok: true, search: { checkIn: '2027-02-01' } });
  });
});
