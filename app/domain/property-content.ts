/**
 * A property's content (decision 0036): what a hotel or holiday home says about itself besides
 * its rooms and prices. Amenities, policies and check-in instructions are codes and structured
 * fields, worded by the page in its own language (i18n templates); only the description is text,
 * one per language. Client-safe: the details view reads these types and helpers.
 */
import type { LanguageCode } from './reference-data';
import { isRecord } from './stored-fields';

export const AMENITY_CODES = [
  'wifi',
  'air_conditioning',
  'breakfast',
  'restaurant',
  'bar',
  'room_service',
  'pool',
  'spa',
  'gym',
  'parking',
  'airport_shuttle',
  'front_desk_24h',
  'family_rooms',
  'kids_club',
  'accessible_rooms',
  'ev_charging',
  'workspace',
  'rooftop_terrace',
  'beach_access',
  'bicycles',
  'kitchen',
  'washing_machine',
  'garden',
  'private_pool',
  'bbq',
  'fireplace',
  'balcony',
  'laundry',
  'luggage_storage',
] as const;
export type AmenityCode = (typeof AMENITY_CODES)[number];

export const IMAGE_KINDS = ['facade', 'lobby', 'room', 'bathroom', 'pool', 'restaurant', 'spa', 'view', 'living', 'kitchen', 'bedroom', 'garden', 'terrace'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type PropertyPolicies = {
  /** Local times, HH:MM. */
  checkInFrom: string;
  /** The latest check-in; null when arrivals are taken at any hour. */
  checkInUntil: string | null;
  checkOutBy: string;
  minCheckInAge: number;
  children: 'welcome' | 'over_12' | 'adults_only';
  pets: 'allowed' | 'on_request' | 'not_allowed';
  smoking: 'not_allowed' | 'designated_areas';
  /** What the property takes for extras and local taxes paid on the spot. */
  payAtProperty: 'card_and_cash' | 'card_only' | 'cash_only';
  /** Homes in quiet streets ask for quiet from this hour; null when they do not. */
  quietFrom: string | null;
};

export type CheckInInstructions = {
  method: 'front_desk' | 'front_desk_24h' | 'key_box' | 'host_meets' | 'smart_lock';
  bring: ('photo_id' | 'booking_reference' | 'payment_card')[];
  /** Hours before arrival the guest hears from (or should tell) the property; null when not needed. */
  noticeHours: number | null;
  lateArrival: 'call_ahead' | 'any_time';
};

export type PropertyContent = {
  descriptions: Record<LanguageCode, string>;
  amenities: AmenityCode[];
  policies: PropertyPolicies;
  checkInInstructions: CheckInInstructions;
  images: ImageKind[];
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
const isTime = (value: unknown): value is string => typeof value === 'string' && TIME.test(value);

function policiesOf(raw: unknown): PropertyPolicies | null {
  if (!isRecord(raw)) return null;
  const { checkInFrom, checkInUntil, checkOutBy, minCheckInAge, children, pets, smoking, payAtProperty, quietFrom } = raw;
  if (!isTime(checkInFrom) || !(checkInUntil === null || isTime(checkInUntil)) || !isTime(checkOutBy)) return null;
  if (typeof minCheckInAge !== 'number' || !Number.isInteger(minCheckInAge) || minCheckInAge < 16 || minCheckInAge > 25) return null;
  if (!oneOf(['welcome', 'over_12', 'adults_only'], children) || !oneOf(['allowed', 'on_request', 'not_allowed'], pets)) return null;
  if (!oneOf(['not_allowed', 'designated_areas'], smoking) || !oneOf(['card_and_cash', 'card_only', 'cash_only'], payAtProperty)) return null;
  if (!(quietFrom === null || isTime(quietFrom))) return null;
  return { checkInFrom, checkInUntil, checkOutBy, minCheckInAge, children, pets, smoking, payAtProperty, quietFrom };
}

function instructionsOf(raw: unknown): CheckInInstructions | null {
  if (!isRecord(raw)) return null;
  const { method, bring, noticeHours, lateArrival } = raw;
  if (!oneOf(['front_desk', 'front_desk_24h', 'key_box', 'host_meets', 'smart_lock'], method) || !oneOf(['call_ahead', 'any_time'], lateArrival)) return null;
  if (!(noticeHours === null || (typeof noticeHours === 'number' && Number.isInteger(noticeHours) && noticeHours > 0 && noticeHours <= 168))) return null;
  // Without a front desk the guest must hear of the keys or the host some hours ahead: the page says how many.
  if (noticeHours === null && method !== 'front_desk' && method !== 'front_desk_24h') return null;
  if (!Array.isArray(bring)) return null;
  const items = bring.filter((item) => oneOf(['photo_id', 'booking_reference', 'payment_card'] as const, item));
  return { method, bring: items, noticeHours, lateArrival };
}

/**
 * A property's content as stored (jsonb columns of `hotels`, migration 0026), checked: null
 * when a part is missing or malformed, so a page shows no half-made policies. Amenity and image
 * codes this code does not know are dropped rather than shown untranslated.
 */
export function propertyContentOf(row: { descriptions: unknown; amenities: unknown; policies: unknown; checkin_instructions: unknown; images: unknown }): PropertyContent | null {
  const policies = policiesOf(row.policies);
  const checkInInstructions = instructionsOf(row.checkin_instructions);
  const { descriptions } = row;
  if (!policies || !checkInInstructions || !isRecord(descriptions)) return null;
  const en = descriptions['en-US'];
  const es = descriptions['es-MX'];
  if (typeof en !== 'string' || typeof es !== 'string' || !Array.isArray(row.amenities) || !Array.isArray(row.images)) return null;
  return {
    descriptions: { 'en-US': en, 'es-MX': es },
    amenities: row.amenities.filter((code): code is AmenityCode => oneOf(AMENITY_CODES, code)),
    policies,
    checkInInstructions,
    images: propertyImagesOf(row.images),
  };
}

/** The image kinds of a stored list, unknown ones dropped. */
export function propertyImagesOf(raw: unknown): ImageKind[] {
  return Array.isArray(raw) ? raw.filter((kind): kind is ImageKind => oneOf(IMAGE_KINDS, kind)) : [];
}

/**
 * Bump when the drawings change: the images are cached as immutable, so a new drawing needs a
 * new address.
 */
export const PROPERTY_IMAGE_VERSION = 'v1';

/** Where a property's picture of `kind` is drawn (app/routes/images.properties.$version.$slug.$image.ts; /images/… so a trip may keep it). */
export function propertyImageUrl(slug: string, kind: ImageKind): string {
  return `/images/properties/${PROPERTY_IMAGE_VERSION}/${slug}/${kind}.svg`;
}

/** The cancellation line of a property: derived from its room types, never stored apart from them. */
export type CancellationSummary = 'all_free' | 'some_free' | 'none_free';

export function cancellationSummary(rooms: readonly { refundable: boolean }[]): CancellationSummary {
  const free = rooms.filter((room) => room.refundable).length;
  if (free === 0) return 'none_free';
  return free === rooms.length ? 'all_free' : 'some_free';
}

/** A local time of day as the page's language writes it: 3:00 PM in English, 15:00 in Spanish. */
export function clockTime(hhmm: string, language: LanguageCode): string {
  const match = TIME.exec(hhmm);
  if (!match) return hhmm;
  if (language !== 'en-US') return hhmm;
  const hours = Number(match[1]);
  const minutes = hhmm.slice(3);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
