import { minCheckinDate } from './checkin';
import { parseIsoDate } from './flight-dates';
import type { PropertyType } from './hotel-flow';

export const MAX_ROOMS = 5;
/** Guests per room, or per holiday home: the biggest homes sleep six. */
export const MAX_GUESTS: Record<PropertyType, number> = { hotel: 4, holiday_home: 6 };
export const MAX_NIGHTS = 30;

export type HotelSearchParams = {
  destination: string;
  checkin: string;
  checkout: string;
  rooms: number;
  guests: number;
  /** A package search (package=1): rooms are priced at the package rate. */
  packageRate?: true;
};

export type HotelSearchParse =
  { ok: true; query: HotelSearchParams } | { ok: false; errors: Partial<Record<keyof HotelSearchParams, string>>; values: Partial<Record<keyof HotelSearchParams, string>> };

const whole = (value: string | null, min: number, max: number) => {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/**
 * Reads a hotel search from URL parameters (the search form is a plain GET form, so it
 * works without JavaScript). Every problem is reported per field, in words a traveller
 * can act on; message keys are the caller's to translate.
 */
export function parseHotelSearch(params: URLSearchParams, today: string, minCheckinDays: number, propertyType: PropertyType = 'hotel'): HotelSearchParse {
  const raw = {
    destination: (params.get('destination') ?? '').trim(),
    checkin: (params.get('checkin') ?? '').trim(),
    checkout: (params.get('checkout') ?? '').trim(),
    rooms: params.get('rooms') ?? '1',
    guests: params.get('guests') ?? '2',
  };
  const errors: Partial<Record<keyof HotelSearchParams, string>> = {};
  if (!/^[a-z0-9-]{2,60}$/.test(raw.destination)) errors.destination = 'search.error.destination';
  const checkin = parseIsoDate(raw.checkin);
  const checkout = parseIsoDate(raw.checkout);
  if (!checkin) errors.checkin = 'search.error.checkin';
  else if (raw.checkin < minCheckinDate(today, minCheckinDays)) errors.checkin = 'search.error.checkinTooSoon';
  if (!checkout) errors.checkout = 'search.error.checkout';
  else if (checkin) {
    const nights = checkout.diff(checkin, 'day');
    if (nights < 1) errors.checkout = 'search.error.checkoutBeforeCheckin';
    else if (nights > MAX_NIGHTS) errors.checkout = 'search.error.tooManyNights';
  }
  const rooms = whole(raw.rooms, 1, MAX_ROOMS);
  const guests = whole(raw.guests, 1, MAX_GUESTS[propertyType]);
  const homes = propertyType === 'holiday_home';
  if (rooms === null) errors.rooms = homes ? 'homes.search.error.units' : 'search.error.rooms';
  if (guests === null) errors.guests = homes ? 'homes.search.error.guests' : 'search.error.guests';
  const packageParam = params.get('package');
  if (packageParam !== null && packageParam !== '1') errors.packageRate = 'search.error.package';
  const values = packageParam === null ? raw : { ...raw, packageRate: packageParam };
  if (Object.keys(errors).length > 0 || rooms === null || guests === null) return { ok: false, errors, values };
  const query = { destination: raw.destination, checkin: raw.checkin, checkout: raw.checkout, rooms, guests };
  return { ok: true, query: packageParam === '1' ? { ...query, packageRate: true } : query };
}

/** The search as URL parameters, for links between results, details and checkout. */
export function hotelSearchParams(query: HotelSearchParams): URLSearchParams {
  const params = new URLSearchParams({
    destination: query.destination,
    checkin: query.checkin,
    checkout: query.checkout,
    rooms: String(query.rooms),
    guests: String(query.guests),
  });
  if (query.packageRate) params.set('package', '1');
  return params;
}
