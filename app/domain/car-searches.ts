import { parseIsoDate } from './flight-dates';
import { isRecord, nonEmpty, toCount } from './stored-fields';

/**
 * A recent car search as kept in storage (spec §3, key destinationHistoryCars). Storage is
 * written by older builds and by hand-edited browsers, so every read goes through
 * readSavedCarSearches and nothing trusts the stored shape.
 */
export type SavedCarSearch = {
  /** Opaque to the domain: the spec names it without a shape, so it is kept as stored. */
  preferences?: unknown;
  /** The location text the traveller picked, for display. */
  pickLocation: string;
  pickUpCode: string;
  dropUpCode: string;
  /** YYYY-MM-DD */
  pickUpDate: string;
  /** YYYY-MM-DD */
  dropOffDate: string;
  /** HH:mm, 24-hour */
  pickUpTime: string;
  /** HH:mm, 24-hour */
  dropOffTime: string;
  driverAge: number;
  /** Same drop-off location as pick-up. */
  checkbox: boolean;
  carId?: string | number | null;
  carUid?: string | number | null;
  cityName: string;
  countryName: string;
  trip_id?: string | number | null;
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// Rental minimums run from 16 to 25 by country and supplier; these bounds only catch junk.
const MIN_DRIVER_AGE = 16;
const MAX_DRIVER_AGE = 120;

function isId(value: unknown): value is string | number | null | undefined {
  return value === undefined || value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function requireToday(today: string): string {
  // `today` comes from the server clock, never from a user, so a bad one is a bug to surface.
  if (!parseIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got '${String(today)}'`);
  return today;
}

function toCarSearch(entry: unknown): SavedCarSearch | null {
  if (!isRecord(entry)) return null;
  const { pickLocation, pickUpCode, dropUpCode, pickUpDate, dropOffDate, pickUpTime, dropOffTime } = entry;
  const { checkbox, carId, carUid, cityName, countryName, trip_id, preferences } = entry;
  if (!nonEmpty(pickUpCode) || !nonEmpty(dropUpCode)) return null;
  if (typeof pickUpDate !== 'string' || typeof dropOffDate !== 'string') return null;
  if (!parseIsoDate(pickUpDate) || !parseIsoDate(dropOffDate)) return null;
  if (typeof pickUpTime !== 'string' || !TIME.test(pickUpTime)) return null;
  if (typeof dropOffTime !== 'string' || !TIME.test(dropOffTime)) return null;
  // Both sides are zero-padded 'YYYY-MM-DD HH:mm', so string order is time order.
  if (`${dropOffDate} ${dropOffTime}` <= `${pickUpDate} ${pickUpTime}`) return null;
  const driverAge = toCount(entry.driverAge);
  if (driverAge === null || driverAge < MIN_DRIVER_AGE || driverAge > MAX_DRIVER_AGE) return null;
  if (typeof checkbox !== 'boolean') return null;
  if (typeof pickLocation !== 'string' || typeof cityName !== 'string' || typeof countryName !== 'string') return null;
  if (!isId(carId) || !isId(carUid) || !isId(trip_id)) return null;
  // A fresh object: unknown keys from older builds are not carried forward.
  const search: SavedCarSearch = {
    pickLocation,
    pickUpCode: pickUpCode.trim(),
    dropUpCode: dropUpCode.trim(),
    pickUpDate,
    dropOffDate,
    pickUpTime,
    dropOffTime,
    driverAge,
    checkbox,
    cityName,
    countryName,
  };
  if (preferences !== undefined) search.preferences = preferences;
  if (carId !== undefined) search.carId = carId;
  if (carUid !== undefined) search.carUid = carUid;
  if (trip_id !== undefined) search.trip_id = trip_id;
  return search;
}

/** Spec §5: two searches are the same when both codes and both dates are. Codes ignore case. */
function carSearchKey(search: SavedCarSearch): string {
  return [search.pickUpCode.trim().toUpperCase(), search.dropUpCode.trim().toUpperCase(), search.pickUpDate, search.dropOffDate].join('|');
}

/**
 * The usable saved car searches from whatever storage held, newest first. Drops malformed
 * entries and searches whose pickup date is before `today` (spec §5), and keeps one search
 * per pickup code, drop code and dates: the first, i.e. the newest.
 */
export function readSavedCarSearches(list: unknown, today: string): SavedCarSearch[] {
  requireToday(today);
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  return list
    .map(toCarSearch)
    .filter((search): search is SavedCarSearch => search !== null && search.pickUpDate >= today)
    .filter((search) => {
      const key = carSearchKey(search);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The list after the traveller runs `search`: newest first, without an older copy of the
 * same search, without expired searches, and at most `max` long (the oldest fall off).
 */
export function addSavedCarSearch(list: SavedCarSearch[], search: SavedCarSearch, today: string, max = 10): SavedCarSearch[] {
  const limit = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0;
  return readSavedCarSearches([search, ...list], today).slice(0, limit);
}
