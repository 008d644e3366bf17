import { type DateLog, flightDateToIso, isoToFlightDateText } from './flight-dates';
import { isRecord, nonEmpty, toCount } from './stored-fields';
import type { FlightField, FlightSearch } from './flight-query';

export type FlightPlace = string | { iata: string; name?: string; city?: string; country?: string };

/** A recent flight search as kept in storage (spec §3). */
export type SavedFlightSearch = {
  /** Departure date text 'ddd, MMM DD YY'. */
  flightDesktopValue: string;
  /** Return date text 'ddd, MMM DD YY', or '' for one-way searches. */
  flightDesktopValueReturn: string;
  flightDesktopValueCode: string;
  from: FlightPlace;
  to: FlightPlace;
  Traveller: { adult: number; child: number; infant: number };
  tripClass: string;
  BagsCount: number;
  tripType: string;
  cabinClass: string;
  /** Opaque: the spec names bags and searchTypes without a shape, so they are kept as stored. */
  bags?: unknown;
  searchTypes?: unknown;
};

function toPlace(value: unknown): FlightPlace | null {
  if (nonEmpty(value)) return value.trim();
  if (!isRecord(value) || !nonEmpty(value.iata)) return null;
  const place: Exclude<FlightPlace, string> = { iata: value.iata.trim() };
  for (const key of ['name', 'city', 'country'] as const) {
    const text = value[key];
    if (text === undefined) continue;
    if (typeof text !== 'string') return null;
    place[key] = text;
  }
  return place;
}

function toFlightSearch(entry: unknown): SavedFlightSearch | null {
  if (!isRecord(entry)) return null;
  const { flightDesktopValue, flightDesktopValueReturn, flightDesktopValueCode, Traveller } = entry;
  const { tripClass, tripType, cabinClass, bags, searchTypes } = entry;
  if (typeof flightDesktopValue !== 'string') return null;
  const departure = flightDateToIso(flightDesktopValue);
  if (!departure) return null;
  // A one-way search stores no return date; older builds stored null or left it out.
  const returnText = flightDesktopValueReturn ?? '';
  if (typeof returnText !== 'string') return null;
  if (returnText !== '') {
    const returning = flightDateToIso(returnText);
    if (!returning || returning < departure) return null;
  }
  if (typeof flightDesktopValueCode !== 'string') return null;
  const from = toPlace(entry.from);
  const to = toPlace(entry.to);
  if (!from || !to) return null;
  if (!isRecord(Traveller)) return null;
  const adult = toCount(Traveller.adult);
  const child = toCount(Traveller.child ?? 0);
  const infant = toCount(Traveller.infant ?? 0);
  // Airlines seat a lap infant only with an adult, and a search needs one traveller who can fly alone.
  if (adult === null || child === null || infant === null || adult < 1 || infant > adult) return null;
  const BagsCount = toCount(entry.BagsCount ?? 0);
  if (BagsCount === null) return null;
  if (typeof tripClass !== 'string' || typeof tripType !== 'string' || typeof cabinClass !== 'string') return null;
  const search: SavedFlightSearch = {
    flightDesktopValue,
    flightDesktopValueReturn: returnText,
    flightDesktopValueCode,
    from,
    to,
    Traveller: { adult, child, infant },
    tripClass,
    BagsCount,
    tripType,
    cabinClass,
  };
  if (bags !== undefined) search.bags = bags;
  if (searchTypes !== undefined) search.searchTypes = searchTypes;
  return search;
}

/**
 * The usable saved flight searches from whatever storage held: entries that are not objects,
 * carry an invalid or contradictory date, have no origin or destination, or an impossible
 * party are dropped. Order is kept.
 */
export function readSavedFlightSearches(list: unknown): SavedFlightSearch[] {
  if (!Array.isArray(list)) return [];
  return list.map(toFlightSearch).filter((search): search is SavedFlightSearch => search !== null);
}

/**
 * Recent flight searches (spec §3 "Saved flight search") are kept in the browser's
 * localStorage under this key, newest first, as a JSON array of SavedFlightSearch.
 */
export const FLIGHT_SEARCHES_KEY = 'flightSearchHistory';
export const MAX_SAVED_FLIGHT_SEARCHES = 5;

/** Multi-city flights after the first, kept in the opaque `searchTypes` field. */
type ExtraLeg = { from: string; to: string; flightDesktopValue: string };

/** An airport as a stored search names it (spec §3). */
export type AirportPlace = { iata: string; name: string; city: string; country: string };

/**
 * How a stored search names each airport: by the airports the search form was given (the
 * airport list stays on the server, docs/decisions/0037); one it was not given keeps its code.
 */
export function placesOf(airports: readonly AirportPlace[]): (iata: string) => Exclude<FlightPlace, string> {
  const byCode = new Map(airports.map((a) => [a.iata, a]));
  return (iata) => {
    const airport = byCode.get(iata);
    return airport ? { iata, name: airport.name, city: airport.city, country: airport.country } : { iata };
  };
}

const iataOf = (p: FlightPlace) => (typeof p === 'string' ? p : p.iata);

/** The stored form of a search: dates as 'ddd, MMM DD YY' text, the departure also as YYYY-MM-DD (the Code variant). */
export function savedFlightSearchOf(search: FlightSearch, place: (iata: string) => Exclude<FlightPlace, string>): SavedFlightSearch {
  const [first, second] = search.legs;
  const extra: ExtraLeg[] = search.tripType === 'multicity' ? search.legs.slice(1).map((l) => ({ from: l.from, to: l.to, flightDesktopValue: isoToFlightDateText(l.date) })) : [];
  return {
    flightDesktopValue: isoToFlightDateText(first!.date),
    flightDesktopValueReturn: search.tripType === 'roundtrip' ? isoToFlightDateText(second!.date) : '',
    flightDesktopValueCode: first!.date,
    from: place(first!.from),
    to: place(first!.to),
    Traveller: { adult: search.adults, child: search.children, infant: search.infants },
    tripClass: search.cabin,
    BagsCount: 0,
    tripType: search.tripType,
    cabinClass: search.cabin,
    searchTypes: extra,
  };
}

const sameSearch = (a: SavedFlightSearch, b: SavedFlightSearch) =>
  JSON.stringify([a.tripType, iataOf(a.from), iataOf(a.to), a.flightDesktopValue, a.flightDesktopValueReturn, a.Traveller, a.cabinClass, a.searchTypes ?? null]) ===
  JSON.stringify([b.tripType, iataOf(b.from), iataOf(b.to), b.flightDesktopValue, b.flightDesktopValueReturn, b.Traveller, b.cabinClass, b.searchTypes ?? null]);

/** The stored list after running `search`: newest first, no older copy of it, at most `max` long. */
export function addSavedFlightSearch(stored: unknown, search: SavedFlightSearch, max = MAX_SAVED_FLIGHT_SEARCHES): SavedFlightSearch[] {
  return [search, ...readSavedFlightSearches(stored).filter((s) => !sameSearch(s, search))].slice(0, max);
}

function extraLegs(saved: SavedFlightSearch): ExtraLeg[] {
  if (!Array.isArray(saved.searchTypes)) return [];
  return saved.searchTypes
    .filter((l): l is ExtraLeg => typeof l === 'object' && l !== null && ['from', 'to', 'flightDesktopValue'].every((k) => typeof (l as Record<string, unknown>)[k] === 'string'))
    .slice(0, 2);
}

/**
 * The search form's values to run a saved search again. Text dates become YYYY-MM-DD; one
 * that cannot be read gives an empty field (and one call to `log`), for the traveller to fill.
 */
export function flightFormValuesOf(saved: SavedFlightSearch, log?: DateLog): Partial<Record<FlightField, string>> {
  const values: Partial<Record<FlightField, string>> = {
    triptype: saved.tripType,
    from: iataOf(saved.from),
    to: iataOf(saved.to),
    depart: flightDateToIso(saved.flightDesktopValue, log),
    return: saved.flightDesktopValueReturn ? flightDateToIso(saved.flightDesktopValueReturn, log) : '',
    cabinclass: saved.cabinClass,
    noofadults: String(saved.Traveller.adult),
    noofchilds: String(saved.Traveller.child),
    noofinfants: String(saved.Traveller.infant),
  };
  extraLegs(saved).forEach((leg, i) => {
    const n = i === 0 ? '2' : '3';
    values[`from${n}`] = leg.from;
    values[`to${n}`] = leg.to;
    values[`depart${n}`] = flightDateToIso(leg.flightDesktopValue, log);
  });
  return values;
}

/** One line naming a saved search: route and dates as stored. */
export function savedFlightSearchSummary(saved: SavedFlightSearch): string {
  const route = [iataOf(saved.from), iataOf(saved.to), ...extraLegs(saved).map((l) => l.to)].join(' → ');
  const dates = [saved.flightDesktopValue, saved.flightDesktopValueReturn, ...extraLegs(saved).map((l) => l.flightDesktopValue)].filter(Boolean).join(' – ');
  return `${route} · ${dates}`;
}
