import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { destinations } from './destinations-data';

const KINDS = ['city', 'beach', 'mountain', 'island'];
const SIX_DECIMALS = /^-?\d{1,3}\.\d{6}$/;

describe('destinations', () => {
  it('has 32 entries', () => {
    expect(destinations).toHaveLength(32);
  });

  it('has unique slugs and airport codes', () => {
    const slugs = destinations.map((d) => d.slug);
    const airports = destinations.map((d) => d.airportIata);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(airports).size).toBe(airports.length);
  });

  it('has well-formed fields', () => {
    for (const d of destinations) {
      expect(d.slug, d.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(d.name.trim(), d.slug).not.toBe('');
      expect(d.countryCode, d.slug).toMatch(/^[A-Z]{2}$/);
      expect(d.countryName.trim(), d.slug).not.toBe('');
      expect(d.airportIata, d.slug).toMatch(/^[A-Z]{3}$/);
      expect(KINDS, d.slug).toContain(d.kind);
      // Throws a RangeError for a zone the runtime does not know.
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: d.timeZone }), d.slug).not.toThrow();
    }
  });

  it('has coordinates in range, as decimal strings with 6 decimals', () => {
    for (const d of destinations) {
      expect(d.latitude, d.slug).toMatch(SIX_DECIMALS);
      expect(d.longitude, d.slug).toMatch(SIX_DECIMALS);
      const lat = Number(d.latitude);
      const lon = Number(d.longitude);
      expect(lat >= -90 && lat <= 90, `${d.slug} latitude ${d.latitude}`).toBe(true);
      expect(lon >= -180 && lon <= 180, `${d.slug} longitude ${d.longitude}`).toBe(true);
    }
  });

  it('has positive integer prices', () => {
    for (const d of destinations) {
      expect(Number.isInteger(d.fromPriceUsdMinor) && d.fromPriceUsdMinor > 0, `${d.slug} ${d.fromPriceUsdMinor}`).toBe(true);
    }
  });

  it('has an image on disk for every slug', () => {
    const missing = destinations.filter((d) => !existsSync(`public/images/destinations/${d.slug}.svg`)).map((d) => d.slug);
    expect(missing).toEqual([]);
  });
});
