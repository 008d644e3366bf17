import { describe, expect, it } from 'vitest';
import { CalendarDay } from './calendar-day';

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const found = CalendarDay.of(y, m - 1, d);
  if (!found) throw new Error(`no day ${iso}`);
  return found;
};

describe('CalendarDay', () => {
  it('refuses days that do not exist rather than rolling them over', () => {
    expect(CalendarDay.of(2026, 1, 30)).toBeNull();
    expect(CalendarDay.of(2026, 12, 1)).toBeNull();
    expect(CalendarDay.of(2026, 0, 0)).toBeNull();
    expect(CalendarDay.of(2028, 1, 29)?.format()).toBe('2028-02-29');
    expect(CalendarDay.of(2027, 1, 29)).toBeNull();
  });

  it('keeps two-digit years as written', () => {
    expect(CalendarDay.of(26, 0, 1)?.format('YYYY-MM-DD')).toBe('0026-01-01');
  });

  it('formats YYYY, YY, MM and DD and leaves other text alone', () => {
    expect(day('2026-12-01').format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(day('2026-12-01').format('YYYY-MM')).toBe('2026-12');
    expect(day('2009-03-07').format('DD/MM YY')).toBe('07/03 09');
  });

  it('adds days across months, years and leap days', () => {
    expect(day('2026-12-31').add(1, 'day').format()).toBe('2027-01-01');
    expect(day('2028-02-28').add(1, 'day').format()).toBe('2028-02-29');
    expect(day('2026-03-01').add(-1, 'day').format()).toBe('2026-02-28');
    expect(day('2026-01-01').add(330, 'day').format()).toBe('2026-11-27');
  });

  it('adds months keeping the day where it exists, else the month’s last day', () => {
    expect(day('2026-01-31').add(1, 'month').format()).toBe('2026-02-28');
    expect(day('2028-01-31').add(1, 'month').format()).toBe('2028-02-29');
    expect(day('2026-11-15').add(3, 'month').format()).toBe('2027-02-15');
    expect(day('2026-01-15').add(-1, 'month').format()).toBe('2025-12-15');
  });

  it('gives month bounds, weekday and parts', () => {
    const d = day('2028-02-10');
    expect(d.startOf('month').format()).toBe('2028-02-01');
    expect(d.endOf('month').format()).toBe('2028-02-29');
    expect(day('2026-12-01').day()).toBe(2);
    expect([d.year(), d.month(), d.date()]).toEqual([2028, 1, 10]);
    expect(d.toDate().toISOString()).toBe('2028-02-10T00:00:00.000Z');
  });

  it('compares by day or by month and counts nights', () => {
    expect(day('2026-12-02').isAfter(day('2026-12-01'))).toBe(true);
    expect(day('2026-12-31').isAfter(day('2026-12-01'), 'month')).toBe(false);
    expect(day('2027-01-01').isAfter(day('2026-12-31'), 'month')).toBe(true);
    expect(day('2026-03-30').diff(day('2026-03-27'), 'day')).toBe(3);
    expect(day('2026-03-27').diff(day('2026-03-30'), 'day')).toBe(-3);
    expect(day('2027-01-01').diff(day('2026-01-01'), 'day')).toBe(365);
  });
});
