// The date-format rule (spec §6, §9): a signed-in user's dates are shown in the user's date
// format, looked up with usr_type 2 and 'DD/MM/YYYY' by default; anonymous visitors keep the
// locale's formatting. Pure; the session read (app/services/identity/session.server.ts) looks the format up.
import { dateTimeFormat } from './intl-format';

/** The formats a user may choose (POST /api/user/preferences `date_format`). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Spec §9 "Defaults: … date format DD/MM/YYYY". */
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';

/** Spec §6: "usr_type 2 is the default consumer type. It is sent with … the date-format lookup." */
export const DATE_FORMAT_USR_TYPE = 2;

export function isDateFormat(value: unknown): value is DateFormat {
  return (DATE_FORMATS as readonly unknown[]).includes(value);
}

/**
 * A user's date format as the date-format lookup answers it (spec §6: looked up as usr_type 2): their
 * stored format when they are a user of `usrType`; a user of another type has no consumer date
 * format and gets the default.
 */
export function userDateFormat(user: { usrType: number; stored: string | null }, usrType = DATE_FORMAT_USR_TYPE): DateFormat {
  return user.usrType === usrType ? dateFormatOrDefault(user.stored) : DEFAULT_DATE_FORMAT;
}

/** What a stored preference means: the user's format, or the default for none (or an unknown one). */
export function dateFormatOrDefault(stored: string | null | undefined): DateFormat {
  return isDateFormat(stored) ? stored : DEFAULT_DATE_FORMAT;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day 'YYYY-MM-DD' written in `format`; null when it is no real day. */
export function formatDayAs(day: string, format: DateFormat): string | null {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const [, year = '', month = '', date = ''] = match;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return null;
  switch (format) {
    case 'DD/MM/YYYY':
      return `${date}/${month}/${year}`;
    case 'MM/DD/YYYY':
      return `${month}/${date}/${year}`;
    case 'YYYY-MM-DD':
      return day;
  }
}

/**
 * How a page shows a calendar day: in the user's format when there is one (a signed-in user),
 * else the locale's long date ('May 4, 2026'). Formatted in UTC so no time zone shifts the day;
 * anything that is not a day is shown as it came.
 */
export function formatCalendarDay(value: string, { language, dateFormat }: { language: string; dateFormat: DateFormat | null }): string {
  if (dateFormat) return formatDayAs(value, dateFormat) ?? value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * A held instant (local wall-clock time carried as UTC): the day in the user's format and the
 * locale's short time, or the locale's medium date and short time for an anonymous visitor.
 */
export function formatWallClock(value: string, { language, dateFormat }: { language: string; dateFormat: DateFormat | null }): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (!dateFormat) return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date);
  const time = dateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(date);
  return `${formatDayAs(date.toISOString().slice(0, 10), dateFormat) ?? ''} ${time}`;
}

/**
 * A day with its weekday, where the weekday matters (a flight leg, a resort week): the locale's
 * short weekday and the day in the user's format ('Mon 05/04/2026'), or for an anonymous
 * visitor the locale's short weekday, day and month, with the year when `year` is asked
 * ('Mon, May 4'). UTC, so server and browser agree; anything that is not a day is shown as it came.
 */
export function formatDayWithWeekday(value: string, { language, dateFormat }: { language: string; dateFormat: DateFormat | null }, { year = false } = {}): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!CALENDAR_DAY.test(value) || Number.isNaN(date.getTime())) return value;
  if (!dateFormat) return dateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(date);
  const day = formatDayAs(value, dateFormat);
  return day === null ? value : `${dateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(date)} ${day}`;
}

/**
 * An instant's time of day on the organisation's clock, with the zone named ('3:45 PM CST',
 * '3:45 p.m. GMT-6'): the hold's expiry. The zone is the organisation's (decision 0039), never
 * the runtime's, so the server's text and the browser's are the same wherever the visitor is.
 */
export function formatTimeInZone(value: string, { language, timeZone }: { language: string; timeZone: string }): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // ICU versions differ in the space they put before AM/PM (a narrow no-break space or a plain
  // one): one plain space, so Node's text and any browser's match at hydration.
  return dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone })
    .format(date)
    .replace(/[\u00a0\u202f]/g, ' ');
}
