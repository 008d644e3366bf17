import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type CountryRanges, countryOf, parseCountryRanges } from '~/domain/ip-country';

/**
 * The visitor's country from their address, offline: the CC0 "geo-whois-asn-country" IPv4
 * table (@ip-location-db, built from the regional registries' data, © NRO, CC BY 4.0), shipped
 * as an npm package: nothing is downloaded at run time and no EULA applies. Read on first use
 * (about 330,000 ranges, a fraction of a second); IPv6 visitors get no country.
 */
let ranges: CountryRanges | undefined;

function loadRanges(): CountryRanges {
  const file = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv4-num.csv');
  return parseCountryRanges(readFileSync(file, 'utf8'));
}

/** Reads the table now (the server does before it listens), not on a visitor's first request. */
export function loadIpCountries(): void {
  ranges ??= loadRanges();
}

/** The two-letter country of `address`, or null (loopback, private, IPv6, unknown). */
export function countryOfAddress(address: string): string | null {
  loadIpCountries();
  return countryOf(ranges!, address);
}
