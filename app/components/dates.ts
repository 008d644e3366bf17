import { useShell } from '~/components/shell-context';
import { type DateFormat, formatCalendarDay, formatDayWithWeekday, formatTimeInZone } from '~/domain/date-format';

/** How dates are shown: the signed-in user's date format, else the locale's (app/domain/date-format.ts). */
export type DateStyle = { language: string; dateFormat: DateFormat | null };

export function useDateStyle(): DateStyle {
  const { locale, dateFormat } = useShell();
  return { language: locale.language, dateFormat };
}

/**
 * A 'YYYY-MM-DD' day in the signed-in user's date format, else the locale's long date
 * ('4 de mayo de 2026'); what is not a day is shown as it came.
 */
export function useUserDay(): (day: string) => string {
  const style = useDateStyle();
  return (day) => formatCalendarDay(day, style);
}

/**
 * A day 'YYYY-MM-DD' as the visitor reads it, with its weekday (the same on server and client).
 * Here rather than beside the weeks search form: car pages use it too, without that form.
 */
export function formatWeekDay(day: string, language: string) {
  return formatDayWithWeekday(day, { language, dateFormat: null }, { year: true });
}

/** A 'YYYY-MM-DD' day with its weekday, in the signed-in user's date format, else the locale's. */
export function useWeekdayDay({ year = false } = {}): (day: string) => string {
  const style = useDateStyle();
  return (day) => formatDayWithWeekday(day, style, { year });
}

/** An instant's time of day on the organisation's clock, with its zone ('3:45 PM CST'). */
export function useOrgTime(): (instant: string) => string {
  const { locale, org } = useShell();
  return (instant) => formatTimeInZone(instant, { language: locale.language, timeZone: org.timeZone });
}
