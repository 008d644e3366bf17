import { useShell } from '~/components/shell-context';
import { type DateFormat, formatDayAs, formatDayWithWeekday, formatTimeInZone } from '~/domain/date-format';

/** How dates are shown: the signed-in user's date format, else the locale's (app/domain/date-format.ts). */
export type DateStyle = { language: string; dateFormat: DateFormat | null };

export function useDateStyle(): DateStyle {
  const { locale, dateFormat } = useShell();
  return { language: locale.language, dateFormat };
}

/**
 * A 'YYYY-MM-DD' day in the signed-in user's date format; for an anonymous visitor (or what is
 * not a day) the value as it came, so pages that show raw days keep showing them.
 */
export function useUserDay(): (day: string) => string {
  const { dateFormat } = useShell();
  return (day) => (dateFormat ? (formatDayAs(day, dateFormat) ?? day) : day);
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
