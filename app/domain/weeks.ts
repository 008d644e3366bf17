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
export function weekStay(checkIn: string, checkOut: string, startWeekday: number, today: Date): { ok: true; stay: WeekStay } | { ok: false; error: string } {
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

export type WeeksKind = 'RST' | 'STY';
/** A weeks page's scope: /resorts and /stays list their own kind, /weeks both kinds. */
export type WeeksScope = WeeksKind | 'WEEKS';
export const WEEKS_KINDS: readonly WeeksKind[] = ['RST', 'STY'];

/**
 * The kinds a weeks page may list for an organisation's products. /weeks sells timeshare
 * weeks (WEEKS) and shows them from the resorts and stays the organisation also sells, since
 * each result opens that kind's own details and checkout; none means the page is not there.
 */
export function weeksKindsOffered(scope: WeeksScope, products: readonly string[]): WeeksKind[] {
  const kinds = scope === 'WEEKS' ? (products.includes('WEEKS') ? WEEKS_KINDS : []) : [scope];
  return kinds.filter((kind) => products.includes(kind));
}

/** Curated result sets of the /weeks search (the /dreamtrips landing searches one). */
export const WEEKS_COLLECTIONS = ['dreamtrips'] as const;
export type WeeksCollection = (typeof WEEKS_COLLECTIONS)[number];

/** Dream trips: the top-rated resort and stay weeks, five stars or a review score of 9 or more. */
export const isDreamtrip = (place: { stars: number; reviewScore: number }) => place.stars >= 5 || place.reviewScore >= 9;

export const MAX_SLEEPS = 6;

export type WeeksSearch = { destination: string; checkIn: string; weeks: number; guests: number | null; collection: WeeksCollection | null };

/** The search as URL parameters, for the links between results, details and their back links. */
export function weeksSearchParams(search: WeeksSearch): URLSearchParams {
  const params = new URLSearchParams({ destination: search.destination, check_in_date: search.checkIn, weeks: String(search.weeks) });
  if (search.guests !== null) params.set('guests', String(search.guests));
  if (search.collection) params.set('collection', search.collection);
  return params;
}

/**
 * The first day a month search ('YYYY-MM', the dream trips search) can check in: the 1st, or
 * the earliest check-in when that falls within the month. Null when it is not a month.
 */
export function monthCheckIn(month: string, minCheckin: string): string | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return null;
  const first = `${month}-01`;
  return first < minCheckin && minCheckin.startsWith(month) ? minCheckin : first;
}

type WeeksSearchValues = { destination: string; checkIn: string; weeks: string; guests: string; collection: string };
export type WeeksSearchErrors = Partial<Record<keyof WeeksSearch, string>>;

/**
 * Reads a weeks search from the URL; errors are message keys, one per field. Guests (how many
 * the unit must sleep) and the collection are optional: /resorts and /stays do not ask for them.
 * A `month` stands for the check-in date when there is none (the dream trips search).
 */
export function parseWeeksSearch(
  params: URLSearchParams,
  minCheckin: string,
): { ok: true; search: WeeksSearch } | { ok: false; errors: WeeksSearchErrors; values: WeeksSearchValues } {
  const month = params.has('check_in_date') ? null : params.get('month');
  const values = {
    destination: (params.get('destination') ?? '').trim(),
    checkIn: month === null ? (params.get('check_in_date') ?? '').trim() : (monthCheckIn(month, minCheckin) ?? month),
    weeks: params.get('weeks') ?? '1',
    guests: params.get('guests') ?? '',
    collection: params.get('collection') ?? '',
  };
  const errors: WeeksSearchErrors = {};
  if (!/^[a-z0-9-]{2,60}$/.test(values.destination)) errors.destination = 'search.error.destination';
  if (!parseDay(values.checkIn)) errors.checkIn = month === null ? 'search.error.checkin' : 'weeks.error.month';
  else if (values.checkIn < minCheckin) errors.checkIn = 'search.error.checkinTooSoon';
  const weeks = /^[1-4]$/.test(values.weeks) ? Number(values.weeks) : null;
  if (weeks === null) errors.weeks = 'weeks.error.weeks';
  const guests = values.guests === '' ? null : /^[1-9]$/.test(values.guests) && Number(values.guests) <= MAX_SLEEPS ? Number(values.guests) : undefined;
  if (guests === undefined) errors.guests = 'weeks.error.guests';
  const collection = values.collection === '' ? null : WEEKS_COLLECTIONS.find((c) => c === values.collection);
  if (collection === undefined) errors.collection = 'weeks.error.collection';
  if (Object.keys(errors).length > 0 || weeks === null || guests === undefined || collection === undefined) return { ok: false, errors, values };
  return { ok: true, search: { destination: values.destination, checkIn: values.checkIn, weeks, guests, collection } };
}
