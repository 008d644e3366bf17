// Trips (issue 13; spec §3 "Trip list payloads", §5, §7 "Trips", §8, §9): the pure rules of trip
// lists. Each payload's rules are in ./trip-rules.ts by the payload's shape (a product's registry
// entry names the shape it sends); this module reads them by call name.
import { PRODUCT_CODES, type ProductCode, products } from '~/products/registry';
import { DEFAULT_USR_TYPE, type TripRules } from '~/products/types';
import { dateTimeFormat } from './intl-format';
import { tripRules } from './trip-rules';

export { DEFAULT_USR_TYPE };

/** Spec §9: a trip belongs to dates if it lies within 14 days before their start and 14 days after their end. */
export const TRIP_WINDOW_DAYS = 14;

export type TripRole = 'owner' | 'traveller' | 'viewer';
export const TRIP_ROLES: readonly TripRole[] = ['owner', 'traveller', 'viewer'];

/** Who may add and change a trip's items (a viewer only reads the itinerary). */
export const canChangeTrip = (role: TripRole) => role !== 'viewer';

export type TripCall = {
  name: string;
  mode: 'create' | 'update';
  rules: TripRules;
  /** The products that send this call; the first is the item's product unless the payload names another. */
  products: readonly [ProductCode, ...ProductCode[]];
};

/** The spec §7 create and update calls, from the registry (several products may share one). */
export const TRIP_CALLS: ReadonlyMap<string, TripCall> = (() => {
  const calls = new Map<string, TripCall>();
  for (const code of PRODUCT_CODES) {
    const { calls: names, payload } = products[code].tripList;
    const rules = tripRules[payload];
    for (const mode of ['create', 'update'] as const) {
      const known = calls.get(names[mode]);
      if (known) calls.set(names[mode], { ...known, products: [...known.products, code] });
      else calls.set(names[mode], { name: names[mode], mode, rules, products: [code] });
    }
  }
  return calls;
})();

/** A payload's value at a dotted path ('request.pickup_date'), or undefined. */
export function valueAt(payload: unknown, path: string): unknown {
  let value = payload;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const isMissing = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Spec §8: a payload without the data its product needs is refused ("data required for CAR trip
 * creation", the call returns false); the message names the first missing field. Null: complete.
 */
export function tripPayloadRefusal(rules: TripRules, payload: Record<string, unknown>): string | null {
  const missing = rules.required.find(([path]) => isMissing(valueAt(payload, path)));
  return missing ? `data required for ${rules.label} trip creation: ${missing[1]}` : null;
}

/** What tells this item from the product's other items on a trip (the payload is complete). */
export const tripItemKey = (rules: TripRules, payload: Record<string, unknown>) => rules.key.map((path) => String(valueAt(payload, path))).join('|');

export type TripPlace = { city: string | null; country: string | null; latitude: number | null; longitude: number | null };

/** Where the payload says the item is. */
export function tripPlace(rules: TripRules, payload: Record<string, unknown>): TripPlace {
  const text = (path: string | undefined) => {
    const value = path ? valueAt(payload, path) : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const coordinate = (path: string | undefined, limit: number) => {
    const value = Number(path ? valueAt(payload, path) : NaN);
    return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
  };
  return { city: text(rules.place.city), country: text(rules.place.country), latitude: coordinate(rules.place.lat, 90), longitude: coordinate(rules.place.lng, 180) };
}

/** A trip without a destination, by language (the organisation's languages; English otherwise). */
const UNNAMED_TRIP: Record<string, string> = { en: 'My trip', es: 'Mi viaje' };

/**
 * A locale Intl accepts. Language codes reach us as cookie values ('es_MX', lan_code) as well as
 * BCP 47 tags, and a tag Intl rejects would otherwise throw a RangeError mid-render.
 */
function toLocale(language: string): string {
  const tag = language.trim().replace(/_/g, '-');
  try {
    return (tag && Intl.DateTimeFormat.supportedLocalesOf([tag])[0]) || 'en-US';
  } catch {
    return 'en-US';
  }
}

/**
 * Spec §5 "Trip list name": the destination plus month/date text in the traveller's language
 * ('Cancún · Dec 2026', 'Cancún · Nov – Dec 2026', 'Cancún · Dec 2026 – Jan 2027'; 'Cancún · dic
 * 2026' in Spanish). No destination: 'My trip · …' ('Mi viaje · …'). Months are Gregorian and
 * read in UTC: the days are calendar days, in no time zone.
 */
export function defaultTripName(destination: string | null, startsOn: string, endsOn: string, language = 'en-US'): string {
  const locale = toLocale(language);
  const month = dateTimeFormat(locale, { month: 'short', timeZone: 'UTC', calendar: 'gregory' });
  const monthOf = (day: string) => ({ year: day.slice(0, 4), month: month.format(new Date(`${day}T00:00:00Z`)) });
  const start = monthOf(startsOn);
  const end = monthOf(endsOn);
  const when =
    start.year !== end.year
      ? `${start.month} ${start.year} – ${end.month} ${end.year}`
      : start.month !== end.month
        ? `${start.month} – ${end.month} ${end.year}`
        : `${start.month} ${start.year}`;
  return `${destination?.trim() || (UNNAMED_TRIP[locale.slice(0, 2)] ?? UNNAMED_TRIP.en)} · ${when}`;
}

/**
 * A trip's image (`trip_image`) is shown to everyone on the trip: it may be one of our own images
 * (a path under /images/, as citieimages answers) or an https address, never another scheme
 * (javascript:, data:, http:) or a path elsewhere on our site. Returns the refusal, or null.
 */
export function tripImageRefusal(image: string): string | null {
  const refusal = 'trip_image: must be one of our images (/images/…) or an https:// address';
  if (image.startsWith('/')) return /^\/images\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(image) ? null : refusal;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return refusal;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' ? null : refusal;
}

/**
 * A trip's name (`trip_list_name`) reaches pages, calendar files and e-mail subjects: one line of
 * at most 120 characters, without control characters or line separators. Returns the refusal, or null.
 */
export function tripNameRefusal(name: string): string | null {
  return name.length <= 120 && !/[\p{Cc}\u2028\u2029]/u.test(name) ? null : 'trip_list_name: one line of at most 120 characters, without control characters';
}

/** 'YYYY-MM-DD' moved by `days` (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Spec §9: the dates a trip must touch to be listed for a stay from `checkin` to `checkout`. */
export const tripWindow = (checkin: string, checkout: string) => ({ from: addDays(checkin, -TRIP_WINDOW_DAYS), to: addDays(checkout, TRIP_WINDOW_DAYS) });

/** Whether a trip from `startsOn` to `endsOn` lies (at least partly) within the window of the dates. */
export function inTripWindow(trip: { startsOn: string; endsOn: string }, checkin: string, checkout: string): boolean {
  const { from, to } = tripWindow(checkin, checkout);
  return trip.startsOn <= to && trip.endsOn >= from;
}

/** One of our destination images (the `destinations` table). */
export type PlaceImage = { slug: string; name: string; countryCode: string; countryName: string; latitude: number; longitude: number; imagePath: string };
export type PlaceQuery = { city?: string; country?: string; latitude?: number | null; longitude?: number | null };

/** Farther than this from every destination, a place has no image of ours. */
export const PLACE_IMAGE_MAX_KM = 300;

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

function kilometres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The image for a trip's place (spec §7 citieimages): the destination named so (accents and
 * case aside, in the country named, if one is), else the nearest one within PLACE_IMAGE_MAX_KM,
 * else the first of the country named; null when none fits.
 */
export function placeImageFor(places: readonly PlaceImage[], query: PlaceQuery): PlaceImage | null {
  const country = query.country ? fold(query.country) : null;
  const inCountry = (place: PlaceImage) => country === null || fold(place.countryCode) === country || fold(place.countryName) === country;
  const city = query.city ? fold(query.city) : '';
  const named = city ? places.find((place) => inCountry(place) && (fold(place.name) === city || place.slug === city.replace(/\s+/g, '-'))) : undefined;
  if (named) return named;
  const { latitude, longitude } = query;
  if (typeof latitude === 'number' && typeof longitude === 'number') {
    const nearest = places
      .map((place) => ({ place, km: kilometres(place, { latitude, longitude }) }))
      .filter(({ km }) => km <= PLACE_IMAGE_MAX_KM)
      .sort((a, b) => a.km - b.km)[0];
    if (nearest) return nearest.place;
  }
  return country === null ? null : (places.find(inCountry) ?? null);
}
