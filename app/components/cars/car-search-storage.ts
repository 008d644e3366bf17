import { type CarSearch, carSearchParams } from '~/domain/car-rental';
import { type SavedCarSearch, addSavedCarSearch, readSavedCarSearches } from '~/domain/car-searches';

/** Spec §3: the browser storage key of the recent car searches. */
export const CAR_SEARCH_STORAGE_KEY = 'destinationHistoryCars';

export type CarLocationOption = { code: string; name: string; city: string; country: string };

function readStored(): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(CAR_SEARCH_STORAGE_KEY) ?? '[]');
  } catch {
    // Storage hand-edited or written by another build: start again rather than fail the page.
    return [];
  }
}

function write(list: SavedCarSearch[]) {
  try {
    window.localStorage.setItem(CAR_SEARCH_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked (private mode): recent searches are a convenience only.
  }
}

/** The usable recent searches; expired and broken entries are dropped from storage as they are read. */
export function loadRecentCarSearches(today: string): SavedCarSearch[] {
  const list = readStored();
  const usable = readSavedCarSearches(list, today);
  if (!Array.isArray(list) || usable.length !== list.length) write(usable);
  return usable;
}

/** Remembers a search the traveller ran, with the spec's saved car search fields. */
export function rememberCarSearch(search: CarSearch, locations: readonly CarLocationOption[], today: string) {
  const pickup = locations.find((l) => l.code === search.pickupCode);
  if (!pickup) return;
  const entry: SavedCarSearch = {
    preferences: null,
    pickLocation: pickup.name,
    pickUpCode: search.pickupCode,
    dropUpCode: search.dropoffCode,
    pickUpDate: search.pickupDate,
    dropOffDate: search.dropoffDate,
    pickUpTime: search.pickupTime,
    dropOffTime: search.dropoffTime,
    driverAge: search.driverAge,
    checkbox: search.sameDropoff,
    carId: null,
    carUid: null,
    cityName: pickup.city,
    countryName: pickup.country,
    trip_id: null,
  };
  write(addSavedCarSearch(readSavedCarSearches(readStored(), today), entry, today));
}

/** The results link of a saved search. */
export function savedCarSearchParams(saved: SavedCarSearch): URLSearchParams {
  return carSearchParams({
    pickupCode: saved.pickUpCode,
    dropoffCode: saved.dropUpCode,
    sameDropoff: saved.checkbox,
    pickupDate: saved.pickUpDate,
    pickupTime: saved.pickUpTime,
    dropoffDate: saved.dropOffDate,
    dropoffTime: saved.dropOffTime,
    driverAge: saved.driverAge,
  });
}
