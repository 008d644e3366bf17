import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT_USR_TYPE,
  DEFAULT_DATE_FORMAT,
  dateFormatOrDefault,
  formatCalendarDay,
  formatDayAs,
  formatDayWithWeekday,
  formatTimeInZone,
  formatWallClock,
  isDateFormat,
  userDateFormat,
} from './date-format';

describe('date format (spec §6, §9)', () => {
  it('defaults to DD/MM/YYYY and is looked up with usr_type 2', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('DD/MM/YYYY');
    expect(DATE_FORMAT_USR_TYPE).toBe(2);
    expect(dateFormatOrDefault(null)).toBe('DD/MM/YYYY');
    expect(dateFormatOrDefault('dd.mm.yy')).toBe('DD/MM/YYYY');
    expect(dateFormatOrDefault('MM/DD/YYYY')).toBe('MM/DD/YYYY');
    expect(isDateFormat('YYYY-MM-DD')).toBe(true);
    expect(isDateFormat('mm/dd/yyyy')).toBe(false);
    expect(userDateFormat({ usrType: 2, stored: 'MM/DD/YYYY' })).toBe('MM/DD/YYYY');
    expect(userDateFormat({ usrType: 2, stored: null })).toBe('DD/MM/YYYY');
    // Another user type has no consumer date format.
    expect(userDateFormat({ usrType: 1, stored: 'MM/DD/YYYY' })).toBe('DD/MM/YYYY');
  });

  it('writes a calendar day in each format; a day that does not exist is null', () => {
    expect(formatDayAs('2026-05-04', 'DD/MM/YYYY')).toBe('04/05/2026');
    expect(formatDayAs('2026-05-04', 'MM/DD/YYYY')).toBe('05/04/2026');
    expect(formatDayAs('2026-05-04', 'YYYY-MM-DD')).toBe('2026-05-04');
    expect(formatDayAs('2026-02-30', 'DD/MM/YYYY')).toBeNull();
    expect(formatDayAs('4 May 2026', 'DD/MM/YYYY')).toBeNull();
  });

  it("a signed-in user's format wins; without one (an anonymous visitor) the locale's long date stays", () => {
    expect(formatCalendarDay('2026-05-04', { language: 'en-US', dateFormat: 'MM/DD/YYYY' })).toBe('05/04/2026');
    expect(formatCalendarDay('2026-05-04', { language: 'en-US', dateFormat: 'DD/MM/YYYY' })).toBe('04/05/2026');
    expect(formatCalendarDay('2026-05-04', { language: 'en-US', dateFormat: null })).toBe('May 4, 2026');
    expect(formatCalendarDay('2026-05-04', { language: 'es-MX', dateFormat: null })).toBe('4 de mayo de 2026');
    expect(formatCalendarDay('soon', { language: 'en-US', dateFormat: 'MM/DD/YYYY' })).toBe('soon');
  });

  it('a held wall-clock instant: the day in the user format with the locale time', () => {
    expect(formatWallClock('2026-05-04T14:30:00.000Z', { language: 'en-US', dateFormat: 'MM/DD/YYYY' })).toBe('05/04/2026 2:30 PM');
    expect(formatWallClock('2026-05-04T14:30:00.000Z', { language: 'en-US', dateFormat: null })).toBe('May 4, 2026, 2:30 PM');
    expect(formatWallClock('later', { language: 'en-US', dateFormat: null })).toBe('later');
  });

  it('a day with its weekday: the locale weekday and the user format; without one, the locale weekday, day and month (and year when asked)', () => {
    expect(formatDayWithWeekday('2026-05-04', { language: 'en-US', dateFormat: 'MM/DD/YYYY' })).toBe('Mon 05/04/2026');
    expect(formatDayWithWeekday('2026-05-04', { language: 'es-MX', dateFormat: 'DD/MM/YYYY' })).toBe('lun 04/05/2026');
    expect(formatDayWithWeekday('2026-05-04', { language: 'en-US', dateFormat: 'YYYY-MM-DD' }, { year: true })).toBe('Mon 2026-05-04');
    expect(formatDayWithWeekday('2026-05-04', { language: 'en-US', dateFormat: null })).toBe('Mon, May 4');
    expect(formatDayWithWeekday('2026-05-04', { language: 'en-US', dateFormat: null }, { year: true })).toBe('Mon, May 4, 2026');
    expect(formatDayWithWeekday('2026-02-30', { language: 'en-US', dateFormat: 'MM/DD/YYYY' })).toBe('2026-02-30');
    expect(formatDayWithWeekday('soon', { language: 'en-US', dateFormat: null })).toBe('soon');
  });
});

describe('formatTimeInZone (the hold expiry, on the organisation clock)', () => {
  const instant = '2026-01-15T21:45:00.000Z';
  it('shows the time in the zone, with the zone named, whatever the runtime zone', () => {
    expect(formatTimeInZone(instant, { language: 'en-US', timeZone: 'America/Mexico_City' })).toBe('3:45 PM CST');
    expect(formatTimeInZone(instant, { language: 'en-US', timeZone: 'America/New_York' })).toBe('4:45 PM EST');
    expect(formatTimeInZone(instant, { language: 'es-MX', timeZone: 'America/Mexico_City' })).toMatch(/^3:45 p\. ?m\. \S+$/);
  });
  it('shows what is no instant as it came', () => {
    expect(formatTimeInZone('soon', { language: 'en-US', timeZone: 'UTC' })).toBe('soon');
  });
});
