/**
 * Resort and holiday-stay weeks (spec §7 "Weeks and resorts"): a week is 7 nights that start
 * on the unit type's start weekday; a booking is 1 to 4 such weeks back to back. Prices are
 * per week in integer minor units: the public (B2C) pays the retail price, agents and
 * business brands (B2B) the feed cost; the unit cost is what the unit costs us.
 */
import type { PriceType } from './room-price';

export const NIGHTS_PER_WEEK = 7;
export const MAX_WEEKS = 4;
const DAY_MS = 86_400_000;
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A calendar day 'YYYY-MM-DD' as midnight UTC, or null when it is not a real day. */
export function parseDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : null;
}

export const formatDay = (day: Date) => day.toISOString().slice(0, 10);
export const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);

/** The first day on or after `day` that falls on `weekday` (0 = Sunday). */
export function weekStartOnOrAfter(day: Date, weekday: number): Date {
  return addDays(day, (weekday - day.getUTCDay() + 7) % 7);
}

/** How many weeks a search's dates ask for: 7 nights or fewer is one week, at most MAX_WEEKS. */
export function weeksWanted(checkIn: Date, checkOut: Date | null): number {
  if (!checkOut) return 1;
  const nights = Math.round((checkOut.getTime() - checkIn.getTime()) / DAY_MS);
  return Math.min(MAX_WEEKS, Math.max(1, Math.ceil(nights / NIGHTS_PER_WEEK)));
}

export type WeekStay = { startsAt: Date; endsAt: Date; weeks: number; nights: number };

/**
 * Checks that chosen dates are whole weeks of a unit type: check-in on its start weekday, on
 * or after `today`, check-out 1–4 weeks later. The error says what to change.
 */
export function weekStay(
  checkIn: string,
  checkOut: string,
  startWeekday: number,
  today: Date,
): { ok: true; stay: WeekStay } | { ok: false; error: string } {
  const startsAt = parseDay(checkIn);
  const endsAt = parseDay(checkOut);
  if (!startsAt) return { ok: false, error: `check_in_date: '${checkIn}' is not a date (YYYY-MM-DD)` };
  if (!endsAt) return { ok: false, error: `check_out_date: '${checkOut}' is not a date (YYYY-MM-DD)` };
  if (startsAt.getTime() < today.getTime()) return { ok: false, error: 'check_in_date: must not be in the past' };
  if (startsAt.getUTCDay() !== startWeekday) {
    return { ok: false, error: `check_in_date: weeks of this unit start on a ${weekdayNames[startWeekday]}, and ${checkIn} is a ${weekdayNames[startsAt.getUTCDay()]}` };
  }
  const nights = Math.round((endsAt.getTime() - startsAt.getTime()) / DAY_MS);
  const weeks = nights / NIGHTS_PER_WEEK;
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > MAX_WEEKS) {
    return { ok: false, error: `check_out_date: must be 7, 14, 21 or 28 nights after check_in_date (got ${nights})` };
  }
  return { ok: true, stay: { startsAt, endsAt, weeks, nights } };
}

export type WeekRates = { unitCostMinor: number; feedCostMinor: number; retailPriceMinor: number };

export type WeekPrice = {
  price_type: PriceType;
  /** What this visitor pays for the whole stay, taxes included. */
  amount: number;
  /** The public price of the same stay; above `amount` for B2B. */
  retail_price: number;
  per_week: number;
  per_night: number;
  weeks: number;
  nights: number;
};

export function computeWeekPrice(rates: WeekRates, weeks: number, priceType: PriceType): WeekPrice {
  for (const [name, value] of Object.entries({ ...rates, weeks })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1`);
  }
  if (!(rates.unitCostMinor <= rates.feedCostMinor && rates.feedCostMinor <= rates.retailPriceMinor)) {
    throw new RangeError('Week rates must satisfy unit cost ≤ feed cost ≤ retail price');
  }
  const perWeek = priceType === 'B2B' ? rates.feedCostMinor : rates.retailPriceMinor;
  const nights = weeks * NIGHTS_PER_WEEK;
  return {
    price_type: priceType,
    amount: perWeek * weeks,
    retail_price: rates.retailPriceMinor * weeks,
    per_week: perWeek,
    per_night: Math.round((perWeek * weeks) / nights),
    weeks,
    nights,
  };
}
