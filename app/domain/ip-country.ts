/**
 * Which country an IPv4 address is in, from a table of address ranges (the offline CC0 database
 * the server loads: ~/services/site/ip-country.server.ts). Pure: parsing and the search.
 */

/** Ranges sorted by start, not overlapping; `countries[i]` holds range i's two-letter code. */
export type CountryRanges = { starts: Uint32Array; ends: Uint32Array; countries: string[] };

/** An IPv4 address (or IPv4 mapped into IPv6, `::ffff:a.b.c.d`) as a number; null for anything else. */
export function ipv4Number(address: string): number | null {
  const dotted = address.startsWith('::ffff:') ? address.slice(7) : address;
  const parts = dotted.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** Private, shared, loopback, link-local, documentation, multicast and reserved blocks (RFC 6890): in no country, whatever a table says. */
const NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
];
const NOT_PUBLIC_RANGES = NOT_PUBLIC.map(([base, bits]) => {
  const start = ipv4Number(base)!;
  return [start, start + 2 ** (32 - bits) - 1] as const;
});

/** The country of `address`, or null: not IPv4, private or reserved, or in no range. */
export function countryOf(ranges: CountryRanges, address: string): string | null {
  const ip = ipv4Number(address);
  if (ip === null || NOT_PUBLIC_RANGES.some(([start, end]) => ip >= start && ip <= end)) return null;
  // The last range starting at or before the address, then whether it reaches it.
  let low = 0;
  let high = ranges.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (ranges.starts[middle]! <= ip) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found >= 0 && ip <= ranges.ends[found]! ? ranges.countries[found]! : null;
}

/** Reads the database's `start,end,CC` lines (numbers), skipping what does not parse. */
export function parseCountryRanges(csv: string): CountryRanges {
  const lines = csv.split('\n');
  const starts = new Uint32Array(lines.length);
  const ends = new Uint32Array(lines.length);
  const countries: string[] = [];
  let count = 0;
  for (const line of lines) {
    const [start, end, country] = line.split(',');
    if (!start || !end || !country || !/^[A-Z]{2}$/.test(country.trim())) continue;
    starts[count] = Number(start);
    ends[count] = Number(end);
    countries.push(country.trim());
    count += 1;
  }
  return { starts: starts.slice(0, count), ends: ends.slice(0, count), countries };
}

/** The language each country's visitors get when the organisation offers it (the platform knows two). */
const SPANISH = new Set(['MX', 'ES', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY', 'SV', 'NI', 'CR', 'PA', 'UY', 'PR']);
const ENGLISH = new Set(['US', 'GB', 'CA', 'AU', 'NZ', 'IE']);
const EURO = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
const CURRENCY: Record<string, string> = { AU: 'AUD', BR: 'BRL', CA: 'CAD', CH: 'CHF', GB: 'GBP', JP: 'JPY', MX: 'MXN', US: 'USD', CO: 'COP' };

/** A country's likely language and currency (codes of the reference data), where there is one. */
export function countryLocale(country: string): { language?: string; currency?: string } {
  const language = SPANISH.has(country) ? 'es-MX' : ENGLISH.has(country) ? 'en-US' : undefined;
  const currency = CURRENCY[country] ?? (EURO.has(country) ? 'EUR' : undefined);
  return { ...(language ? { language } : {}), ...(currency ? { currency } : {}) };
}
