import { minCheckinDate } from './checkin';
import { parseIsoDate } from './flight-dates';

export const TRIP_TYPES = ['roundtrip', 'oneway', 'multicity'] as const;
export type TripType = (typeof TRIP_TYPES)[number];
export const CABIN_CLASSES = ['economy', 'premium_economy', 'business'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];
/** Seats one booking can hold: adults and children (lap infants take none). */
export const MAX_SEATED = 9;
/** How far ahead flights are sold. */
export const MAX_DAYS_AHEAD = 330;

export type FlightLegQuery = { from: string; to: string; date: string };

export type FlightSearch = {
  tripType: TripType;
  /** One leg (one-way), out and back (round trip) or 2–3 legs (multi-city), in order. */
  legs: FlightLegQuery[];
  cabin: CabinClass;
  adults: number;
  children: number;
  infants: number;
};

/** The search form's fields (spec §3 request names for type, cabin and party). */
export const FLIGHT_FIELDS = [
  'triptype',
  'from',
  'to',
  'depart',
  'return',
  'from2',
  'to2',
  'depart2',
  'from3',
  'to3',
  'depart3',
  'cabinclass',
  'noofadults',
  'noofchilds',
  'noofinfants',
] as const;
export type FlightField = (typeof FLIGHT_FIELDS)[number];

export type FlightSearchParse = { ok: true; query: FlightSearch } | { ok: false; errors: Partial<Record<FlightField, string>>; values: Partial<Record<FlightField, string>> };

/**
 * Whether a code is one of our airports. Passed in rather than read from the airport list here:
 * the server asks the whole list (airports.ts), the search form the airports its page was given,
 * so the list stays out of the browser's JavaScript (docs/decisions/0037).
 */
export type IsAirport = (iata: string) => boolean;

/** 'CUN', 'cun' or 'Cancún International Airport (CUN)' → 'CUN'; null when it is not one of our airports. */
export function readAirport(text: string, isAirport: IsAirport): string | null {
  const code = (/\(([A-Za-z]{3})\)\s*$/.exec(text)?.[1] ?? text).trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && isAirport(code) ? code : null;
}

const whole = (value: string, min: number, max: number) => {
  if (!/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/**
 * Reads a flight search from URL parameters (the form is a plain GET form). Every problem is
 * reported per field as a message key; nothing is guessed.
 */
export function parseFlightSearch(params: URLSearchParams, today: string, minDays: number, isAirport: IsAirport): FlightSearchParse {
  const values = Object.fromEntries(FLIGHT_FIELDS.map((f) => [f, (params.get(f) ?? '').trim()])) as Record<FlightField, string>;
  values.triptype ||= 'roundtrip';
  values.cabinclass ||= 'economy';
  values.noofadults ||= '1';
  values.noofchilds ||= '0';
  values.noofinfants ||= '0';
  const errors: Partial<Record<FlightField, string>> = {};
  const tripType = TRIP_TYPES.find((t) => t === values.triptype);
  if (!tripType) errors.triptype = 'flight.error.tripType';
  const cabin = CABIN_CLASSES.find((c) => c === values.cabinclass);
  if (!cabin) errors.cabinclass = 'flight.error.cabin';
  const earliest = minCheckinDate(today, minDays);
  const latest = parseIsoDate(today)!.add(MAX_DAYS_AHEAD, 'day').format('YYYY-MM-DD');

  const leg = (suffix: '' | '2' | '3', after: string | null): FlightLegQuery | null => {
    const [fromField, toField, dateField] = [`from${suffix}`, `to${suffix}`, `depart${suffix}`] as const;
    const from = readAirport(values[fromField], isAirport);
    const to = readAirport(values[toField], isAirport);
    if (!from) errors[fromField] = 'flight.error.from';
    if (!to) errors[toField] = 'flight.error.to';
    else if (from === to) errors[toField] = 'flight.error.sameAirport';
    const date = checkDate(dateField, after);
    return from && to && date && from !== to ? { from, to, date } : null;
  };
  const checkDate = (field: 'depart' | 'return' | 'depart2' | 'depart3', after: string | null): string | null => {
    const text = values[field];
    if (!parseIsoDate(text)) errors[field] = 'flight.error.date';
    else if (text < earliest) errors[field] = 'flight.error.dateTooSoon';
    else if (text > latest) errors[field] = 'flight.error.dateTooFar';
    else if (after && text < after) errors[field] = field === 'return' ? 'flight.error.returnBeforeDepart' : 'flight.error.legOrder';
    else return text;
    return null;
  };

  const legs: (FlightLegQuery | null)[] = [];
  const first = leg('', null);
  legs.push(first);
  if (tripType === 'roundtrip') {
    const back = checkDate('return', first?.date ?? null);
    legs.push(first && back ? { from: first.to, to: first.from, date: back } : null);
  } else if (tripType === 'multicity') {
    const second = leg('2', first?.date ?? null);
    legs.push(second);
    // The third flight is optional: left out entirely, it is not a leg.
    if (values.from3 || values.to3 || values.depart3) legs.push(leg('3', second?.date ?? first?.date ?? null));
  }

  const adults = whole(values.noofadults, 1, MAX_SEATED);
  const children = whole(values.noofchilds, 0, MAX_SEATED - 1);
  const infants = whole(values.noofinfants, 0, MAX_SEATED);
  if (adults === null) errors.noofadults = 'flight.error.adults';
  if (children === null) errors.noofchilds = 'flight.error.children';
  else if (adults !== null && adults + children > MAX_SEATED) errors.noofchilds = 'flight.error.tooMany';
  if (infants === null || (adults !== null && infants > adults)) errors.noofinfants = 'flight.error.infants';

  if (Object.keys(errors).length > 0 || !tripType || !cabin || adults === null || children === null || infants === null) return { ok: false, errors, values };
  return { ok: true, query: { tripType, legs: legs.filter((l): l is FlightLegQuery => l !== null), cabin, adults, children, infants } };
}

/** The search as URL parameters, for links between results, details and checkout. */
export function flightSearchParams(query: FlightSearch): URLSearchParams {
  const params = new URLSearchParams({ triptype: query.tripType });
  const [first, second, third] = query.legs;
  params.set('from', first!.from);
  params.set('to', first!.to);
  params.set('depart', first!.date);
  if (query.tripType === 'roundtrip') params.set('return', second!.date);
  if (query.tripType === 'multicity') {
    for (const [suffix, leg] of [
      ['2', second],
      ['3', third],
    ] as const) {
      if (!leg) continue;
      params.set(`from${suffix}`, leg.from);
      params.set(`to${suffix}`, leg.to);
      params.set(`depart${suffix}`, leg.date);
    }
  }
  params.set('cabinclass', query.cabin);
  params.set('noofadults', String(query.adults));
  params.set('noofchilds', String(query.children));
  params.set('noofinfants', String(query.infants));
  return params;
}

/** Seats a search needs on every flight: adults and children; lap infants sit with an adult. */
export const seatsNeeded = (query: Pick<FlightSearch, 'adults' | 'children'>) => query.adults + query.children;
