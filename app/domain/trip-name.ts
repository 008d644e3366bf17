import { parseIsoDate } from './flight-dates';
import { dateTimeFormat } from './intl-format';

const FALLBACK_LOCALE = 'en-US';

/**
 * A locale Intl accepts. Language codes reach us as cookie values ('es_MX', lan_code) as
 * well as BCP 47 tags, and a tag Intl rejects would otherwise throw a RangeError mid-render.
 */
function toLocale(language: string): string {
  const tag = typeof language === 'string' ? language.trim().replace(/_/g, '-') : '';
  if (!tag) return FALLBACK_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/**
 * The default trip list name (spec §5): the destination plus the month of check-in in the
 * traveller's language, e.g. 'Cancún · Dec 2026' or 'Cancún · dic 2026' for es-MX. A
 * missing part is left out rather than shown as 'Invalid Date'; with neither part the
 * result is '' and the caller decides the name.
 */
export function defaultTripListName(destination: string, checkin: string, language: string): string {
  const place = typeof destination === 'string' ? destination.replace(/\s+/g, ' ').trim() : '';
  const date = parseIsoDate(checkin);
  // NOTE: formatted in UTC because parseIsoDate gives UTC midnight; in the local zone of a
  // server west of Greenwich, the 1st of a month would print as the previous month. The
  // calendar is pinned because booking dates are Gregorian even for '-u-ca-buddhist' tags.
  const options: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'UTC', calendar: 'gregory' };
  const month = date ? dateTimeFormat(toLocale(language), options).format(date.toDate()) : '';
  return [place, month].filter((part) => part.length > 0).join(' · ');
}
