import { describe, expect, it } from 'vitest';
import { autosuggestAirports, distanceKm, type AirportSuggestion, type AutosuggestQuery } from './airports';
import { AIRPORTS, type Airport } from './airports-data';

function items(query: AutosuggestQuery, limit?: number): AirportSuggestion[] {
  const result = autosuggestAirports(query, limit);
  if (!result.ok) throw new Error(`expected items, got '${result.error}'`);
  return result.items;
}

function codes(query: AutosuggestQuery, limit?: number): string[] {
  return items(query, limit).map((item) => item.iata);
}

const MANHATTAN = { latitude: 40.758, longitude: -73.9855 };
const JERSEY_CITY = { latitude: 40.7178, longitude: -74.0431 };
const CANCUN_HOTEL_ZONE = { latitude: 21.1355, longitude: -86.7468 };

describe('the airport list', () => {
  it('holds at least 80 airports with unique, well-formed codes', () => {
    expect(AIRPORTS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(AIRPORTS.map((a) => a.iata)).size).toBe(AIRPORTS.length);
    for (const airport of AIRPORTS) {
      expect(airport.iata).toMatch(/^[A-Z]{3}$/);
      expect(airport.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(airport.name.trim()).not.toBe('');
      expect(airport.city.trim()).not.toBe('');
      expect(airport.countryName.trim()).not.toBe('');
      expect(airport.latitude).toBeGreaterThanOrEqual(-90);
      expect(airport.latitude).toBeLessThanOrEqual(90);
      expect(airport.longitude).toBeGreaterThanOrEqual(-180);
      expect(airport.longitude).toBeLessThanOrEqual(180);
    }
  });

  it.each([
    ['Cancún', ['CUN']],
    ['Mexico City', ['MEX']],
    ['New York', ['JFK', 'LGA', 'EWR']],
    ['Orlando', ['MCO']],
    ['Paris', ['CDG', 'ORY']],
    ['London', ['LHR', 'LGW']],
    ['Rome', ['FCO']],
    ['Tokyo', ['HND', 'NRT']],
    ['Sydney', ['SYD']],
    ['Cape Town', ['CPT']],
    ['Rio de Janeiro', ['GIG']],
    ['Bangkok', ['BKK']],
  ])('covers %s', (city, expected) => {
    const inCity = AIRPORTS.filter((a) => a.city === city).map((a) => a.iata);
    expect(inCity).toEqual(expect.arrayContaining(expected));
  });

  it('spreads over every inhabited continent', () => {
    const byHemisphere = (test: (a: Airport) => boolean) => AIRPORTS.filter(test).length;
    expect(byHemisphere((a) => a.latitude < 0)).toBeGreaterThan(10);
    expect(byHemisphere((a) => a.longitude > 100)).toBeGreaterThan(10);
    expect(byHemisphere((a) => a.longitude < -30)).toBeGreaterThan(10);
  });

  it('places the airports where they are', () => {
    const at = (iata: string) => AIRPORTS.find((a) => a.iata === iata)!;
    // Published great-circle distances between the runways, within 1%.
    expect(distanceKm(at('JFK'), at('LHR'))).toBeCloseTo(5540, -2);
    expect(distanceKm(at('CUN'), at('MEX'))).toBeCloseTo(1290, -2);
    expect(distanceKm(at('SYD'), at('MEL'))).toBeCloseTo(705, -1);
  });
});

describe('distanceKm', () => {
  it('is zero for one point and symmetric', () => {
    expect(distanceKm(MANHATTAN, MANHATTAN)).toBe(0);
    expect(distanceKm(MANHATTAN, CANCUN_HOTEL_ZONE)).toBeCloseTo(distanceKm(CANCUN_HOTEL_ZONE, MANHATTAN), 9);
  });

  it('handles the antimeridian and antipodes', () => {
    expect(distanceKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111.2, 0);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('autosuggestAirports', () => {
  it('returns the list items of the spec', () => {
    expect(items({ text: 'CUN' })[0]).toEqual({
      iata: 'CUN',
      name: 'Cancún International Airport',
      city: 'Cancún',
      country: 'Mexico',
      search_type: 6,
      latitude: 21.0365,
      longitude: -86.8771,
    });
  });

  it('puts an exact code first, whatever its case', () => {
    expect(codes({ text: 'mex' })[0]).toBe('MEX');
    expect(codes({ text: 'Lis' })[0]).toBe('LIS');
    // 'PAR' is no airport's code, so the city comes first.
    expect(codes({ text: 'par' }).slice(0, 2)).toEqual(['CDG', 'ORY']);
  });

  it('prefers an exact code over a city that starts with the same letters', () => {
    // SAN is San Diego's code; San José, San Juan and San Francisco only start with it.
    expect(codes({ text: 'san' })[0]).toBe('SAN');
  });

  it('matches cities without accents or case', () => {
    expect(codes({ text: 'cancun' })).toEqual(['CUN']);
    expect(codes({ text: 'MERIDA' })).toEqual(['MID']);
    expect(codes({ text: 'sao paulo' })).toEqual(['GRU']);
    expect(codes({ text: 'Bogota' })).toEqual(['BOG']);
  });

  it('matches decomposed accents in the query', () => {
    expect(codes({ text: 'Cancu\u0301n' })).toEqual(['CUN']);
  });

  it('finds every airport of a city', () => {
    expect(codes({ text: 'new york' }).sort()).toEqual(['EWR', 'JFK', 'LGA']);
    expect(codes({ text: 'Tokyo' }).sort()).toEqual(['HND', 'NRT']);
    expect(codes({ text: 'rio de janeiro' }).sort()).toEqual(['GIG', 'SDU']);
  });

  it('matches airport names and words inside them', () => {
    expect(codes({ text: 'heathrow' })).toEqual(['LHR']);
    expect(codes({ text: 'kennedy' })).toEqual(['JFK']);
    expect(codes({ text: 'ohare' })).toEqual(['ORD']);
    expect(codes({ text: "o'hare" })).toEqual(['ORD']);
    expect(codes({ text: 'O\u2019Hare' })).toEqual(['ORD']);
    expect(codes({ text: 'dallas fort' })).toEqual(['DFW']);
    expect(codes({ text: 'newark' })).toEqual(['EWR']);
  });

  it('ranks a city match above a match inside an airport name', () => {
    const list = codes({ text: 'rome' });
    expect(list.slice(0, 2).sort()).toEqual(['CIA', 'FCO']);
    const london = codes({ text: 'london' });
    expect(london.slice(0, 4).sort()).toEqual(['LCY', 'LGW', 'LHR', 'STN']);
  });

  it('ranks city prefixes above matches in the middle of a name', () => {
    const list = codes({ text: 'san' });
    const sanDiego = list.indexOf('SAN');
    const sanFrancisco = list.indexOf('SFO');
    const santosDumont = list.indexOf('SDU');
    expect(sanDiego).toBe(0);
    expect(sanFrancisco).toBeGreaterThan(0);
    expect(santosDumont).toBeGreaterThan(sanFrancisco);
  });

  it('keeps the curated order for ties without coordinates', () => {
    expect(codes({ text: 'new york' })).toEqual(['JFK', 'LGA', 'EWR']);
  });

  it('breaks ties by distance when coordinates are given', () => {
    // From Midtown, Newark (about 16 km) is nearer than JFK (about 20 km).
    expect(codes({ text: 'new york', ...MANHATTAN })).toEqual(['LGA', 'EWR', 'JFK']);
    expect(codes({ text: 'new york', ...JERSEY_CITY })[0]).toBe('EWR');
    expect(codes({ text: 'paris', latitude: 48.6, longitude: 2.3 })).toEqual(['ORY', 'CDG']);
  });

  it('does not let distance beat a better match', () => {
    // From Cancún, 'MEX' still means Mexico City's main airport first.
    expect(codes({ text: 'MEX', ...CANCUN_HOTEL_ZONE })[0]).toBe('MEX');
  });

  it('suggests the nearest airports for empty text with coordinates', () => {
    expect(codes({ text: '', ...CANCUN_HOTEL_ZONE }, 3)).toEqual(['CUN', 'CZM', 'MID']);
    expect(codes({ text: '   ', ...MANHATTAN }, 3)).toEqual(['LGA', 'EWR', 'JFK']);
    expect(codes({ latitude: -33.9, longitude: 18.4 }, 1)).toEqual(['CPT']);
  });

  it('orders every nearest suggestion by distance', () => {
    const list = items({ ...MANHATTAN }, 20);
    const distances = list.map((item) => distanceKm(MANHATTAN, item));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('suggests nothing for empty text without coordinates', () => {
    expect(items({})).toEqual([]);
    expect(items({ text: '' })).toEqual([]);
    expect(items({ text: null, latitude: null, longitude: null })).toEqual([]);
  });

  it('suggests nothing for text that matches nothing or is only punctuation', () => {
    expect(items({ text: 'zzzz' })).toEqual([]);
    expect(items({ text: '---', ...MANHATTAN })).toEqual([]);
  });

  it('returns at most the limit, 10 by default', () => {
    expect(items({ ...MANHATTAN })).toHaveLength(10);
    expect(items({ text: 'a' })).toHaveLength(10);
    expect(items({ ...MANHATTAN }, 2)).toHaveLength(2);
    expect(items({ ...MANHATTAN }, 100).length).toBe(Math.min(100, AIRPORTS.length));
  });

  it('accepts text of exactly 100 characters and the coordinate bounds', () => {
    expect(autosuggestAirports({ text: 'a'.repeat(100) }).ok).toBe(true);
    // 100 emoji are 200 UTF-16 units but 100 characters to the person typing them.
    expect(autosuggestAirports({ text: '😀'.repeat(100) }).ok).toBe(true);
    expect(autosuggestAirports({ latitude: 90, longitude: 180 }).ok).toBe(true);
    expect(autosuggestAirports({ latitude: -90, longitude: -180 }).ok).toBe(true);
    expect(autosuggestAirports({ latitude: 0, longitude: 0 }).ok).toBe(true);
  });

  it('ignores type and language for now', () => {
    expect(codes({ text: 'cun', type: 'to', language: 'es-MX' })).toEqual(codes({ text: 'cun' }));
  });

  it.each<[string, AutosuggestQuery, string]>([
    ['text over 100 characters', { text: 'a'.repeat(101) }, 'text must be at most 100 characters'],
    ['text over 100 characters of emoji', { text: '😀'.repeat(101) }, 'text must be at most 100 characters'],
    ['latitude above 90', { latitude: 90.01, longitude: 0 }, 'latitude must be between -90 and 90'],
    ['latitude below -90', { latitude: -91, longitude: 0 }, 'latitude must be between -90 and 90'],
    ['a NaN latitude', { latitude: Number.NaN, longitude: 0 }, 'latitude must be between -90 and 90'],
    ['longitude above 180', { latitude: 0, longitude: 180.5 }, 'longitude must be between -180 and 180'],
    ['longitude below -180', { latitude: 0, longitude: -181 }, 'longitude must be between -180 and 180'],
    ['an infinite longitude', { latitude: 0, longitude: Number.POSITIVE_INFINITY }, 'longitude must be between -180 and 180'],
    ['a latitude alone', { latitude: 10 }, 'latitude and longitude must be given together'],
    ['a longitude alone', { text: 'cun', longitude: 10 }, 'latitude and longitude must be given together'],
    ['an over-long language', { language: 'x'.repeat(36) }, 'language must be at most 35 characters'],
  ])('refuses %s with a typed error', (_, query, error) => {
    expect(autosuggestAirports(query)).toEqual({ ok: false, error });
  });

  it('refuses wrongly typed fields from the wire', () => {
    const wire: AutosuggestQuery = JSON.parse('{"text": 5, "latitude": "40.7", "longitude": "-73.9"}');
    expect(autosuggestAirports(wire)).toEqual({ ok: false, error: 'text must be a string' });
    const coordinates: AutosuggestQuery = JSON.parse('{"latitude": "40.7", "longitude": "-73.9"}');
    expect(autosuggestAirports(coordinates)).toEqual({ ok: false, error: 'latitude must be between -90 and 90' });
    const type: AutosuggestQuery = JSON.parse('{"type": 1}');
    expect(autosuggestAirports(type)).toEqual({ ok: false, error: 'type must be a string' });
  });

  it.each([0, -1, 2.5, 101, Number.NaN])('refuses the limit %s', (limit) => {
    expect(autosuggestAirports({ text: 'cun' }, limit)).toEqual({
      ok: false,
      error: 'limit must be a whole number between 1 and 100',
    });
  });

  it('searches a given list, so the data can change without the rules', () => {
    const list: Airport[] = [
      { iata: 'AAA', name: 'Far Field', city: 'Twin', countryCode: 'XX', countryName: 'X', latitude: 10, longitude: 10 },
      { iata: 'BBB', name: 'Near Field', city: 'Twin', countryCode: 'XX', countryName: 'X', latitude: 1, longitude: 1 },
    ];
    const at = (query: AutosuggestQuery) => {
      const result = autosuggestAirports(query, 10, list);
      return result.ok ? result.items.map((item) => item.iata) : result.error;
    };
    expect(at({ text: 'twin' })).toEqual(['AAA', 'BBB']);
    expect(at({ text: 'twin', latitude: 0, longitude: 0 })).toEqual(['BBB', 'AAA']);
  });
});
