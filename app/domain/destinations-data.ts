/**
 * The destination catalog: 32 cities worldwide, written to the database by the seed
 * (`destinationsSeed` in seed.server.ts). Coordinates are decimal strings with 6 decimals (never floats); `fromPriceUsdMinor` is a
 * plausible nightly hotel price in US cents; `airportIata` is the main airport serving the city.
 * Each slug has an illustration at `public/images/destinations/<slug>.svg`.
 */
export type DestinationKind = 'city' | 'beach' | 'mountain' | 'island';

export type DestinationData = {
  readonly slug: string;
  readonly name: string;
  readonly countryCode: string;
  readonly countryName: string;
  readonly latitude: string;
  readonly longitude: string;
  readonly timeZone: string;
  readonly airportIata: string;
  readonly fromPriceUsdMinor: number;
  readonly kind: DestinationKind;
};

export const destinations: readonly DestinationData[] = [
  { slug: 'cancun', name: 'Cancún', countryCode: 'MX', countryName: 'Mexico', latitude: '21.161908', longitude: '-86.851528', timeZone: 'America/Cancun', airportIata: 'CUN', fromPriceUsdMinor: 8_900, kind: 'beach' },
  { slug: 'mexico-city', name: 'Mexico City', countryCode: 'MX', countryName: 'Mexico', latitude: '19.432608', longitude: '-99.133209', timeZone: 'America/Mexico_City', airportIata: 'MEX', fromPriceUsdMinor: 6_500, kind: 'city' },
  { slug: 'new-york', name: 'New York', countryCode: 'US', countryName: 'United States', latitude: '40.712776', longitude: '-74.005974', timeZone: 'America/New_York', airportIata: 'JFK', fromPriceUsdMinor: 18_900, kind: 'city' },
  { slug: 'orlando', name: 'Orlando', countryCode: 'US', countryName: 'United States', latitude: '28.538336', longitude: '-81.379234', timeZone: 'America/New_York', airportIata: 'MCO', fromPriceUsdMinor: 9_950, kind: 'city' },
  { slug: 'paris', name: 'Paris', countryCode: 'FR', countryName: 'France', latitude: '48.856613', longitude: '2.352222', timeZone: 'Europe/Paris', airportIata: 'CDG', fromPriceUsdMinor: 15_400, kind: 'city' },
  { slug: 'london', name: 'London', countryCode: 'GB', countryName: 'United Kingdom', latitude: '51.507351', longitude: '-0.127758', timeZone: 'Europe/London', airportIata: 'LHR', fromPriceUsdMinor: 16_800, kind: 'city' },
  { slug: 'rome', name: 'Rome', countryCode: 'IT', countryName: 'Italy', latitude: '41.902782', longitude: '12.496366', timeZone: 'Europe/Rome', airportIata: 'FCO', fromPriceUsdMinor: 12_300, kind: 'city' },
  { slug: 'tokyo', name: 'Tokyo', countryCode: 'JP', countryName: 'Japan', latitude: '35.676192', longitude: '139.650311', timeZone: 'Asia/Tokyo', airportIata: 'HND', fromPriceUsdMinor: 14_250, kind: 'city' },
  { slug: 'sydney', name: 'Sydney', countryCode: 'AU', countryName: 'Australia', latitude: '-33.868820', longitude: '151.209296', timeZone: 'Australia/Sydney', airportIata: 'SYD', fromPriceUsdMinor: 13_900, kind: 'city' },
  { slug: 'cape-town', name: 'Cape Town', countryCode: 'ZA', countryName: 'South Africa', latitude: '-33.924870', longitude: '18.424055', timeZone: 'Africa/Johannesburg', airportIata: 'CPT', fromPriceUsdMinor: 9_100, kind: 'city' },
  { slug: 'rio-de-janeiro', name: 'Rio de Janeiro', countryCode: 'BR', countryName: 'Brazil', latitude: '-22.906847', longitude: '-43.172897', timeZone: 'America/Sao_Paulo', airportIata: 'GIG', fromPriceUsdMinor: 8_400, kind: 'beach' },
  { slug: 'bangkok', name: 'Bangkok', countryCode: 'TH', countryName: 'Thailand', latitude: '13.756331', longitude: '100.501762', timeZone: 'Asia/Bangkok', airportIata: 'BKK', fromPriceUsdMinor: 5_600, kind: 'city' },

  // Europe
  { slug: 'barcelona', name: 'Barcelona', countryCode: 'ES', countryName: 'Spain', latitude: '41.385064', longitude: '2.173404', timeZone: 'Europe/Madrid', airportIata: 'BCN', fromPriceUsdMinor: 13_500, kind: 'city' },
  { slug: 'lisbon', name: 'Lisbon', countryCode: 'PT', countryName: 'Portugal', latitude: '38.722252', longitude: '-9.139337', timeZone: 'Europe/Lisbon', airportIata: 'LIS', fromPriceUsdMinor: 11_200, kind: 'city' },
  { slug: 'amsterdam', name: 'Amsterdam', countryCode: 'NL', countryName: 'Netherlands', latitude: '52.367573', longitude: '4.904139', timeZone: 'Europe/Amsterdam', airportIata: 'AMS', fromPriceUsdMinor: 17_900, kind: 'city' },
  { slug: 'reykjavik', name: 'Reykjavík', countryCode: 'IS', countryName: 'Iceland', latitude: '64.146582', longitude: '-21.942635', timeZone: 'Atlantic/Reykjavik', airportIata: 'KEF', fromPriceUsdMinor: 19_500, kind: 'city' },
  { slug: 'istanbul', name: 'Istanbul', countryCode: 'TR', countryName: 'Türkiye', latitude: '41.008238', longitude: '28.978359', timeZone: 'Europe/Istanbul', airportIata: 'IST', fromPriceUsdMinor: 8_800, kind: 'city' },
  { slug: 'prague', name: 'Prague', countryCode: 'CZ', countryName: 'Czechia', latitude: '50.075538', longitude: '14.437800', timeZone: 'Europe/Prague', airportIata: 'PRG', fromPriceUsdMinor: 9_600, kind: 'city' },

  // Middle East, Africa, Asia
  { slug: 'dubai', name: 'Dubai', countryCode: 'AE', countryName: 'United Arab Emirates', latitude: '25.204849', longitude: '55.270783', timeZone: 'Asia/Dubai', airportIata: 'DXB', fromPriceUsdMinor: 14_800, kind: 'city' },
  { slug: 'marrakech', name: 'Marrakech', countryCode: 'MA', countryName: 'Morocco', latitude: '31.629472', longitude: '-7.981084', timeZone: 'Africa/Casablanca', airportIata: 'RAK', fromPriceUsdMinor: 7_200, kind: 'city' },
  { slug: 'singapore', name: 'Singapore', countryCode: 'SG', countryName: 'Singapore', latitude: '1.352083', longitude: '103.819836', timeZone: 'Asia/Singapore', airportIata: 'SIN', fromPriceUsdMinor: 16_500, kind: 'city' },
  // Bali: coordinates of Denpasar, the island's capital; Ngurah Rai airport (DPS).
  { slug: 'bali', name: 'Bali', countryCode: 'ID', countryName: 'Indonesia', latitude: '-8.670458', longitude: '115.212629', timeZone: 'Asia/Makassar', airportIata: 'DPS', fromPriceUsdMinor: 6_900, kind: 'island' },

  // South America
  { slug: 'buenos-aires', name: 'Buenos Aires', countryCode: 'AR', countryName: 'Argentina', latitude: '-34.603684', longitude: '-58.381559', timeZone: 'America/Argentina/Buenos_Aires', airportIata: 'EZE', fromPriceUsdMinor: 7_800, kind: 'city' },
  { slug: 'lima', name: 'Lima', countryCode: 'PE', countryName: 'Peru', latitude: '-12.046374', longitude: '-77.042793', timeZone: 'America/Lima', airportIata: 'LIM', fromPriceUsdMinor: 7_400, kind: 'city' },
  { slug: 'cusco', name: 'Cusco', countryCode: 'PE', countryName: 'Peru', latitude: '-13.531950', longitude: '-71.967463', timeZone: 'America/Lima', airportIata: 'CUZ', fromPriceUsdMinor: 6_200, kind: 'mountain' },

  // North America and the Pacific
  { slug: 'vancouver', name: 'Vancouver', countryCode: 'CA', countryName: 'Canada', latitude: '49.282729', longitude: '-123.120738', timeZone: 'America/Vancouver', airportIata: 'YVR', fromPriceUsdMinor: 16_200, kind: 'city' },
  { slug: 'san-francisco', name: 'San Francisco', countryCode: 'US', countryName: 'United States', latitude: '37.774929', longitude: '-122.419416', timeZone: 'America/Los_Angeles', airportIata: 'SFO', fromPriceUsdMinor: 19_900, kind: 'city' },
  { slug: 'las-vegas', name: 'Las Vegas', countryCode: 'US', countryName: 'United States', latitude: '36.169941', longitude: '-115.139830', timeZone: 'America/Los_Angeles', airportIata: 'LAS', fromPriceUsdMinor: 10_900, kind: 'city' },
  { slug: 'honolulu', name: 'Honolulu', countryCode: 'US', countryName: 'United States', latitude: '21.306944', longitude: '-157.858333', timeZone: 'Pacific/Honolulu', airportIata: 'HNL', fromPriceUsdMinor: 22_900, kind: 'island' },
  // Los Cabos: coordinates of Cabo San Lucas; Baja California Sur keeps Mountain time (America/Mazatlan).
  { slug: 'los-cabos', name: 'Los Cabos', countryCode: 'MX', countryName: 'Mexico', latitude: '22.890533', longitude: '-109.916737', timeZone: 'America/Mazatlan', airportIata: 'SJD', fromPriceUsdMinor: 17_500, kind: 'beach' },
  { slug: 'puerto-vallarta', name: 'Puerto Vallarta', countryCode: 'MX', countryName: 'Mexico', latitude: '20.653407', longitude: '-105.225332', timeZone: 'America/Mexico_City', airportIata: 'PVR', fromPriceUsdMinor: 9_800, kind: 'beach' },
  // Cozumel rather than Playa del Carmen: Playa's main airport is Cancún (CUN), already Cancún's.
  { slug: 'cozumel', name: 'Cozumel', countryCode: 'MX', countryName: 'Mexico', latitude: '20.508300', longitude: '-86.945800', timeZone: 'America/Cancun', airportIata: 'CZM', fromPriceUsdMinor: 10_400, kind: 'island' },
];
