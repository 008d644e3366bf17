import { AIRPORTS, type Airport } from './airports-data';
import type { IsAirport } from './flight-query';

/** One item of the autosuggestV2 list (spec §7); search_type 6 marks an airport. */
export type AirportSuggestion = {
  iata: string;
  name: string;
  city: string;
  /** The country's English name, for display next to the city. */
  country: string;
  search_type: 6;
  latitude: number;
  longitude: number;
};

/** The autosuggestV2 payload (spec §7). Values come off the wire, so every field is checked. */
export type AutosuggestQuery = {
  text?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /**
   * Accepted for the payload's sake; the static list is English-only and the same for
   * origin and destination, so neither changes the result yet.
   */
  type?: string | null;
  language?: string | null;
};

export type AutosuggestResult = { ok: true; items: AirportSuggestion[] } | { ok: false; error: string };

export type Coordinates = { latitude: number; longitude: number };

const CODES = new Set(AIRPORTS.map((a) => a.iata));

/** Whether a code is one of our airports, by the whole list (the server's side of flight-query's IsAirport). */
export const isKnownAirport: IsAirport = (iata) => CODES.has(iata);

const MAX_TEXT_LENGTH = 100;
const MAX_TAG_LENGTH = 35;
const MAX_LIMIT = 100;
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance by the haversine formula, in kilometres. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  // min() guards against rounding pushing h a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Text as the matcher sees it: no accents, lower case, punctuation as spaces, so 'cancun'
 * finds Cancún, 'ohare' does not need the apostrophe typed, and 'dallas fort' finds DFW.
 */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['\u2019`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Lower is better; null is no match. */
function matchRank(airport: Airport, query: string): number | null {
  const iata = airport.iata.toLowerCase();
  const city = fold(airport.city);
  const name = fold(airport.name);
  if (iata === query) return 0;
  if (city === query) return 1;
  if (city.startsWith(query)) return 2;
  if (iata.startsWith(query)) return 3;
  if (` ${city} ${name}`.includes(` ${query}`)) return 4;
  if (city.includes(query) || name.includes(query)) return 5;
  return null;
}

function toSuggestion(airport: Airport): AirportSuggestion {
  return {
    iata: airport.iata,
    name: airport.name,
    city: airport.city,
    country: airport.countryName,
    search_type: 6,
    latitude: airport.latitude,
    longitude: airport.longitude,
  };
}

function isMissing(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

function checkCoordinate(value: unknown, name: string, bound: number): string | null {
  if (isMissing(value)) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < -bound || value > bound) {
    return `${name} must be between -${bound} and ${bound}`;
  }
  return null;
}

function checkTag(value: unknown, name: string): string | null {
  if (isMissing(value)) return null;
  if (typeof value !== 'string') return `${name} must be a string`;
  if (value.length > MAX_TAG_LENGTH) return `${name} must be at most ${MAX_TAG_LENGTH} characters`;
  return null;
}

/**
 * Airports for the flight search box (spec §7 autosuggestV2). Text matches the IATA code
 * (an exact code first), then the city, then the airport name, ignoring case and accents.
 * Ties go to the airport nearest the traveller when coordinates are given. With no text,
 * coordinates give the nearest airports; with neither, there is nothing to suggest.
 *
 * Bad input is an expected result, not an exception, so the route can answer 400 with the
 * message as it stands.
 */
export function autosuggestAirports(query: AutosuggestQuery, limit = 10, airports: readonly Airport[] = AIRPORTS): AutosuggestResult {
  const { text, latitude, longitude, type, language } = query;
  if (!isMissing(text) && typeof text !== 'string') return { ok: false, error: 'text must be a string' };
  // Counted in code points so an emoji counts as one character, as the user sees it.
  if (typeof text === 'string' && [...text].length > MAX_TEXT_LENGTH) {
    return { ok: false, error: `text must be at most ${MAX_TEXT_LENGTH} characters` };
  }
  const coordinateError = checkCoordinate(latitude, 'latitude', 90) ?? checkCoordinate(longitude, 'longitude', 180);
  if (coordinateError) return { ok: false, error: coordinateError };
  if (isMissing(latitude) !== isMissing(longitude)) {
    return { ok: false, error: 'latitude and longitude must be given together' };
  }
  const tagError = checkTag(type, 'type') ?? checkTag(language, 'language');
  if (tagError) return { ok: false, error: tagError };
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return { ok: false, error: `limit must be a whole number between 1 and ${MAX_LIMIT}` };
  }

  const origin = typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
  const raw = (text ?? '').trim();
  const folded = fold(raw);
  // Text that is only punctuation ('---') asked for something; it matches nothing rather
  // than silently turning into a nearest-airports request.
  if (raw && !folded) return { ok: true, items: [] };
  if (!folded && !origin) return { ok: true, items: [] };

  const candidates = airports.flatMap((airport, index) => {
    const rank = folded ? matchRank(airport, folded) : 0;
    if (rank === null) return [];
    return [{ airport, index, rank, distance: origin ? distanceKm(origin, airport) : 0 }];
  });
  candidates.sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.index - b.index);
  return { ok: true, items: candidates.slice(0, limit).map((candidate) => toSuggestion(candidate.airport)) };
}
