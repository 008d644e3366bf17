import { describe, expect, it } from 'vitest';
import { changeDatesPath, isCheckinTooSoon, minCheckinDate } from './checkin';

describe('minCheckinDate', () => {
  it('is today plus one day by default', () => {
    expect(minCheckinDate('2026-11-22')).toBe('2026-11-23');
  });

  it('adds the computed days', () => {
    expect(minCheckinDate('2026-11-22', 3)).toBe('2026-11-25');
    expect(minCheckinDate('2026-11-22', 60)).toBe('2027-01-21');
  });

  it('keeps 0 as same-day check-in', () => {
    expect(minCheckinDate('2026-11-22', 0)).toBe('2026-11-22');
    expect(minCheckinDate('2026-11-22', -0)).toBe('2026-11-22');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['negative', -2],
    ['a small negative fraction', -0.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('falls back to 1 day for %s', (_, days) => {
    expect(minCheckinDate('2026-11-22', days)).toBe('2026-11-23');
  });

  it('falls back to 1 day when the event carries a string at run time', () => {
    expect(minCheckinDate('2026-11-22', JSON.parse('"5"'))).toBe('2026-11-23');
  });

  it('floors fractional days', () => {
    expect(minCheckinDate('2026-11-22', 2.9)).toBe('2026-11-24');
    expect(minCheckinDate('2026-11-22', 0.5)).toBe('2026-11-22');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(minCheckinDate('2026-12-31')).toBe('2027-01-01');
    expect(minCheckinDate('2028-02-28')).toBe('2028-02-29');
    expect(minCheckinDate('2027-02-28')).toBe('2027-03-01');
  });

  it.each(['', '2026-02-30', '22/11/2026', '2026-11-22T10:00:00Z'])('refuses a bad today %j', (today) => {
    expect(() => minCheckinDate(today)).toThrow(RangeError);
  });
});

describe('isCheckinTooSoon', () => {
  it('refuses a check-in before the minimum', () => {
    expect(isCheckinTooSoon('2026-11-22', '2026-11-22')).toBe(true);
    expect(isCheckinTooSoon('2026-11-21', '2026-11-22')).toBe(true);
    expect(isCheckinTooSoon('2026-11-24', '2026-11-22', 3)).toBe(true);
  });

  it('accepts a check-in on or after the minimum', () => {
    expect(isCheckinTooSoon('2026-11-23', '2026-11-22')).toBe(false);
    expect(isCheckinTooSoon('2026-11-25', '2026-11-22', 3)).toBe(false);
    expect(isCheckinTooSoon('2027-01-05', '2026-12-31', 5)).toBe(false);
    expect(isCheckinTooSoon('2026-11-22', '2026-11-22', 0)).toBe(false);
  });

  it('uses the default of 1 for unusable computed days', () => {
    expect(isCheckinTooSoon('2026-11-22', '2026-11-22', Number.NaN)).toBe(true);
    expect(isCheckinTooSoon('2026-11-23', '2026-11-22', null)).toBe(false);
  });

  it.each(['', 'soon', '2026-02-30', '2026-1-5', '2027-01-05 '])('treats the unreadable check-in %j as too soon', (checkin) => {
    expect(isCheckinTooSoon(checkin, '2026-11-22')).toBe(true);
  });

  it('refuses a bad today', () => {
    expect(() => isCheckinTooSoon('2026-12-01', 'today')).toThrow(RangeError);
  });
});

describe('changeDatesPath', () => {
  it.each([
    ['/hotels/checkout?x', '/hotels'],
    ['/hotels/checkout?x=1&y=2', '/hotels'],
    ['/cars/checkout', '/cars'],
    ['/flight/search-details#top', '/flight'],
    ['/hotel-checkout', '/hotel-checkout'],
    ['/hotel-checkout/', '/hotel-checkout'],
    ['/', '/'],
    ['', '/'],
    ['?login=true', '/'],
    ['#x', '/'],
    ['resorts/checkout', '/resorts'],
    ['//stays/details', '/stays'],
  ])('%j goes to %j', (pathname, expected) => {
    expect(changeDatesPath(pathname)).toBe(expected);
  });

  it('never builds a protocol-relative URL to another site', () => {
    expect(changeDatesPath('//evil.example/x')).toBe('/evil.example');
    expect(changeDatesPath('/\\evil.example/x')).toBe('/evil.example');
    expect(changeDatesPath('\\\\evil.example')).toBe('/evil.example');
    for (const path of ['//evil.example/x', '/\\evil.example/x', '\\/evil.example']) {
      expect(changeDatesPath(path)).not.toMatch(/^\/[/\\]/);
    }
  });

  it('ignores a segment-like part of the query', () => {
    expect(changeDatesPath('/?next=/hotels/x')).toBe('/');
  });
});
