import { parseIsoDate } from './flight-dates';

const DEFAULT_MIN_CHECKIN_DAYS = 1;

/**
 * The lead days the fraud channel's min_checkin_days_updated event (or the organisation's
 * config) asks for. Anything that is not a usable count falls back to the spec's default of
 * 1 rather than 0, so a broken event can never open same-day bookings; 0 itself is a
 * legitimate setting (the config schema allows 0..60) and is kept.
 */
function leadDays(computedDays: number | null | undefined): number {
  if (typeof computedDays !== 'number' || !Number.isFinite(computedDays) || computedDays < 0) {
    return DEFAULT_MIN_CHECKIN_DAYS;
  }
  // Math.floor(-0) is -0; adding 0 normalises it so callers never see '-0' days.
  return Math.floor(computedDays) + 0;
}

function requireIsoDate(value: string, name: string) {
  const date = parseIsoDate(value);
  // `today` comes from the server clock, never from a user, so a bad one is a bug to surface.
  if (!date) throw new RangeError(`${name} must be a YYYY-MM-DD date, got '${String(value)}'`);
  return date;
}

/** The earliest allowed check-in (spec §4, §9): today plus the computed days, default 1. */
export function minCheckinDate(today: string, computedDays?: number | null): string {
  return requireIsoDate(today, 'today').add(leadDays(computedDays), 'day').format('YYYY-MM-DD');
}

/**
 * Whether a check-in is before the minimum, which opens the min-check-in modal. A check-in
 * that is not a real date counts as too soon: failing closed sends the traveller back to
 * change dates instead of letting a booking through with a date nobody can check.
 */
export function isCheckinTooSoon(checkin: string, today: string, computedDays?: number | null): boolean {
  const min = minCheckinDate(today, computedDays);
  const date = parseIsoDate(checkin);
  if (!date) return true;
  // Both are zero-padded YYYY-MM-DD, so string order is date order.
  return date.format('YYYY-MM-DD') < min;
}

/**
 * Where the min-check-in modal's Change Dates button goes: the first path segment of the
 * current URL ('/hotels/checkout?x' → '/hotels'), or '/' without one.
 *
 * NOTE: backslashes count as separators because browsers read '/\evil.com' as
 * '//evil.com'; returning only '/' + one segment keeps the target on this site.
 */
export function changeDatesPath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const first = path.split(/[/\\]/).find((part) => part.length > 0);
  return first === undefined ? '/' : `/${first}`;
}
