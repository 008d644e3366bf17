/**
 * A calendar date with no time of day or zone: what check-in, departure and offer dates are.
 * It does the little arithmetic the domain needs (add days or months, month bounds, compare,
 * count nights) with the method names of the date library it replaced, so callers read the
 * same; that library stayed out of the browser bundle (docs/decisions/0037).
 *
 * Held as the UTC midnight of the date, so the server's or browser's own zone never moves it.
 */
type Unit = 'day' | 'month';

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export class CalendarDay {
  private constructor(private readonly utc: Date) {}

  /** The date, or null when there is no such day ('2026-02-30' is not rolled into March). */
  static of(year: number, monthIndex: number, day: number): CalendarDay | null {
    const utc = new Date(0);
    // setUTCFullYear, not Date.UTC: that one reads years 0..99 as 1900..1999.
    utc.setUTCFullYear(year, monthIndex, day);
    const real = utc.getUTCFullYear() === year && utc.getUTCMonth() === monthIndex && utc.getUTCDate() === day;
    return real ? new CalendarDay(utc) : null;
  }

  /** A day the arithmetic below has already checked exists. */
  private static at(year: number, monthIndex: number, day: number): CalendarDay {
    const utc = new Date(0);
    utc.setUTCFullYear(year, monthIndex, day);
    return new CalendarDay(utc);
  }

  year(): number {
    return this.utc.getUTCFullYear();
  }

  /** 0 for January. */
  month(): number {
    return this.utc.getUTCMonth();
  }

  /** Day of the month, 1–31. */
  date(): number {
    return this.utc.getUTCDate();
  }

  /** Day of the week, 0 for Sunday. */
  day(): number {
    return this.utc.getUTCDay();
  }

  /** Months keep the day of the month where it exists, else end on the month's last day (31 Jan + 1 month = 28/29 Feb). */
  add(amount: number, unit: Unit): CalendarDay {
    if (unit === 'day') return new CalendarDay(new Date(this.utc.getTime() + amount * DAY_MS));
    const months = this.year() * 12 + this.month() + amount;
    const [year, monthIndex] = [Math.floor(months / 12), ((months % 12) + 12) % 12];
    return CalendarDay.at(year, monthIndex, Math.min(this.date(), daysInMonth(year, monthIndex)));
  }

  /** The first day of the month. */
  startOf(unit: 'month'): CalendarDay {
    return unit === 'month' ? CalendarDay.at(this.year(), this.month(), 1) : this;
  }

  /** The last day of the month. */
  endOf(unit: 'month'): CalendarDay {
    return unit === 'month' ? CalendarDay.at(this.year(), this.month(), daysInMonth(this.year(), this.month())) : this;
  }

  /** Later than `other`, by day or by month alone. */
  isAfter(other: CalendarDay, unit: Unit = 'day'): boolean {
    if (unit === 'month') return this.year() * 12 + this.month() > other.year() * 12 + other.month();
    return this.utc.getTime() > other.utc.getTime();
  }

  /** Whole days from `other` to this date (the only unit counted); negative when `other` is later. */
  diff(other: CalendarDay, _unit: 'day'): number {
    return Math.round((this.utc.getTime() - other.utc.getTime()) / DAY_MS);
  }

  /** The tokens YYYY, YY, MM and DD, anything else as written: 'YYYY-MM-DD' gives '2026-12-01'. */
  format(pattern = 'YYYY-MM-DD'): string {
    const tokens: Record<string, string> = {
      YYYY: pad(this.year(), 4),
      YY: pad(this.year() % 100),
      MM: pad(this.month() + 1),
      DD: pad(this.date()),
    };
    return pattern.replace(/YYYY|YY|MM|DD/g, (token) => tokens[token]!);
  }

  /** The UTC midnight of the date (format it with timeZone 'UTC'). */
  toDate(): Date {
    return new Date(this.utc.getTime());
  }
}

function daysInMonth(year: number, monthIndex: number): number {
  const last = new Date(0);
  // Day 0 of the next month is this month's last day.
  last.setUTCFullYear(year, monthIndex + 1, 0);
  return last.getUTCDate();
}
