import { minCheckinDate } from './checkin';
import { parseIsoDate } from './flight-dates';
import { type MainSegmentOf, type ProductOfFamily, mainSegmentOf, productCodesOf, products } from '~/products/registry';
import type { OfferDefinition, OfferSearchField } from '~/products/types';

/**
 * Scheduled offers: activities, transfers, cruises and restaurants are all "an option on a
 * date or time slot with limited capacity", served by one engine. What differs between them
 * is data: which search fields a product asks for, how many units a booking takes, and what
 * a price is counted per.
 */
export type OfferProductCode = ProductOfFamily<'offer'>;
export type OfferSegment = MainSegmentOf<OfferProductCode>;

export type OfferProductRule = OfferDefinition & { code: OfferProductCode };

const OFFER_PRODUCT_CODES = productCodesOf('offer');

/** Each scheduled-offer product's rule, by its path segment (from the product registry). */
export const offerProducts = Object.fromEntries(
  OFFER_PRODUCT_CODES.map((code): [OfferSegment, OfferProductRule] => [mainSegmentOf(code), { code, ...products[code].offer }]),
) as Record<OfferSegment, OfferProductRule>;

export function isOfferSegment(segment: string): segment is OfferSegment {
  return Object.hasOwn(offerProducts, segment);
}

export const segmentOf = (code: OfferProductCode): OfferSegment => mainSegmentOf(code);

/** Inventory is seeded, and searchable, this many days ahead. */
export const OFFER_HORIZON_DAYS = 180;
export const MAX_BAGS = 12;
/** Restaurants seat at these times; the search offers the same list. */
export const RESTAURANT_SLOTS = ['12:30', '13:30', '19:00', '19:30', '20:00', '20:30', '21:00'] as const;

export type OfferSearch = {
  destination: string;
  /** First day searched (YYYY-MM-DD). */
  date: string;
  /** Last day searched: the same day, or for cruises the end of the month asked for. */
  until: string;
  /** Cruises: the month asked for, YYYY-MM. */
  month: string | null;
  /** Transfers: pickup time; restaurants: the table time (HH:MM). */
  time: string | null;
  guests: number;
  bags: number;
  /** Transfers: the way back, when the trip is a return. */
  returnDate: string | null;
  returnTime: string | null;
};

export type OfferSearchParse =
  { ok: true; query: OfferSearch } | { ok: false; errors: Partial<Record<OfferSearchField, string>>; values: Partial<Record<OfferSearchField, string>> };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const whole = (value: string, min: number, max: number) => (/^\d{1,2}$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null);
const addDays = (day: string, days: number) => parseIsoDate(day)!.add(days, 'day').format('YYYY-MM-DD');

/** URL parameter of each field (the search form is a plain GET form). */
const paramOf: Record<OfferSearchField, string> = {
  destination: 'destination',
  date: 'date',
  month: 'month',
  time: 'time',
  guests: 'guests',
  bags: 'bags',
  trip: 'trip',
  returnDate: 'return_date',
  returnTime: 'return_time',
};

/**
 * Reads a product's search from URL parameters. Every problem is reported per field as a
 * message key the page translates; nothing is guessed.
 */
export function parseOfferSearch(segment: OfferSegment, params: URLSearchParams, today: string, minDays: number): OfferSearchParse {
  const rule = offerProducts[segment];
  const fields = rule.searchFields;
  const values: Partial<Record<OfferSearchField, string>> = {};
  for (const field of fields) values[field] = (params.get(paramOf[field]) ?? '').trim();
  const errors: Partial<Record<OfferSearchField, string>> = {};
  const earliest = minCheckinDate(today, minDays);
  const latest = addDays(today, OFFER_HORIZON_DAYS);
  const day = (field: 'date' | 'returnDate') => {
    const value = values[field] ?? '';
    if (!parseIsoDate(value)) errors[field] = 'offers.error.date';
    else if (value < earliest) errors[field] = 'offers.error.tooSoon';
    else if (value > latest) errors[field] = 'offers.error.tooFar';
    return value;
  };

  if (!/^[a-z0-9-]{2,60}$/.test(values.destination ?? '')) errors.destination = 'search.error.destination';
  const guests = whole(values.guests || '2', 1, rule.maxGuests);
  if (guests === null) errors.guests = 'offers.error.guests';
  let date = '';
  let until = '';
  let month: string | null = null;
  if (fields.includes('month')) {
    month = values.month ?? '';
    const first = /^\d{4}-\d{2}$/.test(month) ? parseIsoDate(`${month}-01`) : null;
    if (!first) errors.month = 'offers.error.month';
    else {
      const last = first.endOf('month').format('YYYY-MM-DD');
      date = first.format('YYYY-MM-DD') < earliest ? earliest : first.format('YYYY-MM-DD');
      until = last > latest ? latest : last;
      if (until < date) errors.month = 'offers.error.monthRange';
    }
  } else {
    date = day('date');
    until = date;
  }
  let time: string | null = null;
  if (fields.includes('time')) {
    time = values.time ?? '';
    const allowed = segment === 'restaurants' ? (RESTAURANT_SLOTS as readonly string[]).includes(time) : TIME.test(time);
    if (!allowed) errors.time = 'offers.error.time';
  }
  let bags = 0;
  if (fields.includes('bags')) {
    const parsed = whole(values.bags || '0', 0, MAX_BAGS);
    if (parsed === null) errors.bags = 'offers.error.bags';
    else bags = parsed;
  }
  let returnDate: string | null = null;
  let returnTime: string | null = null;
  if (fields.includes('trip')) {
    const trip = values.trip || 'oneway';
    if (trip !== 'oneway' && trip !== 'return') errors.trip = 'offers.error.trip';
    if (trip === 'return') {
      returnDate = day('returnDate');
      returnTime = values.returnTime ?? '';
      if (!TIME.test(returnTime)) errors.returnTime = 'offers.error.time';
      else if (!errors.returnDate && !errors.date && !errors.time && `${returnDate}T${returnTime}` <= `${date}T${time}`) errors.returnDate = 'offers.error.returnBefore';
    }
  }
  if (Object.keys(errors).length > 0 || guests === null) return { ok: false, errors, values };
  return { ok: true, query: { destination: values.destination!, date, until, month, time, guests, bags, returnDate, returnTime } };
}

/** The search as URL parameters, for links between results, details and checkout. */
export function offerSearchParams(segment: OfferSegment, query: OfferSearch): URLSearchParams {
  const params = new URLSearchParams({ destination: query.destination });
  const fields = offerProducts[segment].searchFields;
  if (fields.includes('month') && query.month) params.set('month', query.month);
  else params.set('date', query.date);
  if (fields.includes('time') && query.time) params.set('time', query.time);
  params.set('guests', String(query.guests));
  if (fields.includes('bags')) params.set('bags', String(query.bags));
  if (fields.includes('trip')) {
    params.set('trip', query.returnDate ? 'return' : 'oneway');
    if (query.returnDate && query.returnTime) {
      params.set('return_date', query.returnDate);
      params.set('return_time', query.returnTime);
    }
  }
  return params;
}

/** How many units a booking of `guests` takes, and whether one unit of `capacity` seats them. */
export function unitsNeeded(rule: OfferProductRule, guests: number, capacity: number): number | null {
  if (rule.unitsPer === 'guest') return guests;
  return capacity >= guests ? 1 : null;
}

/** The weekday (0 = Sunday) of a YYYY-MM-DD day. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Every day from `from` to `until`, both included. */
export function daysBetween(from: string, until: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= until && days.length < 62; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The time an allocation covers for a slot. Times are the destination's wall clock written
 * as UTC: every unit lives in one place, so only overlaps between its own slots matter.
 */
export function slotRange(day: string, time: string, durationMinutes: number): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(`${day}T${time}:00Z`);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}
