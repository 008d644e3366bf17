// The organisation's clock (docs/decisions/0039): its IANA time zone says what "today" is and
// in which zone every date and time is shown, so the server and any visitor's browser agree.
// Pure; the zone comes from the organisation config (`timeZone`).
import { dateTimeFormat } from './intl-format';

/**
 * Whether `zone` is an IANA time zone this runtime knows ('America/Mexico_City', 'UTC'). An
 * area/location name: the runtime also accepts legacy abbreviations ('CST'), which are ambiguous.
 */
export function isTimeZone(zone: string): boolean {
  if (zone !== 'UTC' && !/^[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The day last found per zone, with the second it was found for: every page asks several times
 * a request, and a zone's offset (so its day) changes only on a whole second. Bounded, as zones
 * come from configs.
 */
const lastDayByZone = new Map<string, { second: number; day: string }>();

/** The calendar day ('YYYY-MM-DD') it is at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDayByZone.get(timeZone);
  if (last?.second === second) return last.day;
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  if (lastDayByZone.size >= 512) lastDayByZone.clear();
  lastDayByZone.set(timeZone, { second, day });
  return day;
}
