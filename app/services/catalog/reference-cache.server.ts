import { singleton } from '~/utils/singleton.server';

/**
 * Catalogue reference data (destinations, hotels and their room types, exchange rates) is written by the
 * seed, not by visitors, yet every home and details page read it from the database. Reads
 * go through this cache for a short time instead.
 *
 * Only data that is the same for every visitor may be stored here: keys name what was read
 * (never an organisation's or a user's view of it); prices, currency, language and
 * availability are applied per request on top. The promise is cached, so concurrent misses
 * share one query; a failed load is forgotten at once. Callers must not mutate what they get. Installing another database or
 * seeding clears everything.
 */
export const REFERENCE_TTL_MS = 60_000;
/** Keys can come from URLs (a hotel slug): the oldest entry goes once there are this many. */
export const REFERENCE_MAX_ENTRIES = 1_000;

type Entry = { value: Promise<unknown>; at: number };
const store = singleton('reference-cache', () => new Map<string, Entry>());

export function cachedReference<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = store.get(key);
  if (hit && now - hit.at < REFERENCE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  store.delete(key);
  if (store.size >= REFERENCE_MAX_ENTRIES) store.delete(store.keys().next().value!);
  store.set(key, { value, at: now });
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key);
  });
  return value;
}

export function clearReferenceCache(): void {
  store.clear();
}
