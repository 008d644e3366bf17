import { CalendarDay } from './calendar-day';

/** The caller's logger; the domain stays free of IO, so it only reports through this. */
export type DateLog = (message: string, details: Record<string, unknown>) => void;

// NOTE: the names are fixed English tables rather than locale data, so the visitor's language
// can neither break parsing nor change the stored text.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const FLIGHT_DATE_TEXT = /^([A-Z][a-z]{2}), ([A-Z][a-z]{2}) (\d{2}) (\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date 'YYYY-MM-DD' as a UTC midnight, or null. Strict: '2026-2-3' and
 * impossible days ('2026-02-30') are refused rather than rolled over into March.
 */
export function parseIsoDate(iso: unknown): CalendarDay | null {
  if (typeof iso !== 'string' || !ISO_DATE.test(iso)) return null;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return CalendarDay.of(year, month - 1, day);
}

/**
 * Converts the flight date text 'ddd, MMM DD YY' (spec §5, e.g. 'Tue, Dec 01 26') to
 * 'YYYY-MM-DD'. The spec wants an invalid date to give an empty value and be logged, so a
 * bad format, an impossible day or a weekday that contradicts the date gives '' and one
 * call to `log`; it never throws.
 *
 * The two-digit year is always 20YY: flight searches are for future travel, never the 1900s.
 */
export function flightDateToIso(text: string, log?: DateLog): string {
  const fail = (reason: string): string => {
    log?.('Invalid flight date text', { input: text, reason });
    return '';
  };
  if (typeof text !== 'string') return fail('not a string');
  const match = FLIGHT_DATE_TEXT.exec(text);
  if (!match) return fail("expected 'ddd, MMM DD YY'");
  const [, weekday, month, day, year] = match;
  const monthIndex = MONTHS.findIndex((name) => name === month);
  if (monthIndex < 0) return fail('unknown month');
  const date = parseIsoDate(`20${year}-${String(monthIndex + 1).padStart(2, '0')}-${day}`);
  if (!date) return fail('no such day');
  if (WEEKDAYS[date.day()] !== weekday) return fail('weekday does not match the date');
  return date.format('YYYY-MM-DD');
}

/**
 * The display text 'ddd, MMM DD YY' for a 'YYYY-MM-DD' date, or '' when the date is invalid
 * or outside 2000–2099, which two digits cannot carry back through flightDateToIso.
 */
export function isoToFlightDateText(iso: string): string {
  const date = parseIsoDate(iso);
  if (!date || date.year() < 2000 || date.year() > 2099) return '';
  return `${WEEKDAYS[date.day()]}, ${MONTHS[date.month()]} ${date.format('DD')} ${date.format('YY')}`;
}
