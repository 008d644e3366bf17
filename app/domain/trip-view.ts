// My trips (issue 13): what the page and the calendar show of a trip item, read from the spec §3
// payload its product sent. Pure: the server decides who may see prices (a viewer never does).
import { destinations } from './destinations-data';
import { instantToLocal } from './flight-schedule';
import { valueAt } from './trips';
import { isProductCode, products } from '~/products/registry';
import type { TripPayloadShape } from '~/products/types';

export type TripItemView = {
  /** What the item is ('Hotel Azul', 'MEX → CUN'); null when the payload names nothing (a booking's own item). */
  name: string | null;
  /** The local start and end times ('HH:MM') where the payload has them; else the item is all-day. */
  startTime: string | null;
  endTime: string | null;
  /** The IANA zones those times are local to, from the item's own place (a flight: its departure and arrival airports); null: unknown. */
  startZone: string | null;
  endZone: string | null;
  /** The local dates of a start and end the payload pins to instants (a flight's); null: the item's own dates. */
  startDate: string | null;
  endDate: string | null;
  /** The price the traveller pays, in major units, and its currency where the payload says it. */
  amount: number | null;
  currency: string | null;
};

const text = (payload: unknown, path: string): string | null => {
  const value = valueAt(payload, path);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
const number = (payload: unknown, path: string): number | null => {
  const value = valueAt(payload, path);
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};
/** 'HH:MM' from a time or an ISO instant's local part; null otherwise. */
const clock = (value: string | null): string | null =>
  value
    ?.match(/(?:^|T)([01]\d|2[0-3]):([0-5]\d)/)
    ?.slice(1, 3)
    .join(':') ?? null;

function nameOf(shape: TripPayloadShape, payload: unknown): string | null {
  switch (shape) {
    case 'hotel':
      return text(payload, 'Hotel_name');
    case 'car': {
      const [type, family] = [text(payload, 'cartype'), text(payload, 'carfamily')];
      return type && family ? `${type} (${family})` : (type ?? family);
    }
    case 'flight': {
      const legs = valueAt(payload, 'request.flightsearch');
      if (!Array.isArray(legs) || legs.length === 0) return null;
      const stops = [text(legs[0], 'from'), ...legs.map((leg) => text(leg, 'to'))];
      return stops.every((stop) => stop !== null) ? stops.join(' → ') : null;
    }
    case 'transfer':
      return text(payload, 'trf_transfers_name');
    case 'resort':
      return text(payload, 'rst_address');
    case 'offer':
      // Scheduled offers: where, and which option.
      return text(payload, 'destination');
  }
}

const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A place's zone from our destination catalog: by slug, city name or airport code. */
const zoneOf = (place: string | null, by: 'slug' | 'name' | 'airportIata'): string | null =>
  place === null ? null : (destinations.find((d) => (by === 'name' ? fold(d.name) === fold(place) : d[by] === place))?.timeZone ?? null);

type Times = Pick<TripItemView, 'startTime' | 'endTime' | 'startZone' | 'endZone' | 'startDate' | 'endDate'>;
const local = (startTime: string | null, endTime: string | null, startZone: string | null, endZone = startZone): Times => ({
  startTime,
  endTime,
  startZone,
  endZone,
  startDate: null,
  endDate: null,
});

/** A flight's departure or arrival: an instant read as the wall clock at its airport; a time without an offset as written. */
function airportTime(value: string | null, zone: string | null): { date: string | null; time: string | null } {
  if (value === null) return { date: null, time: null };
  const instant = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? new Date(value) : null;
  if (instant && zone && !Number.isNaN(instant.getTime())) {
    const { date, minutes } = instantToLocal(instant, zone);
    return { date, time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
  }
  // An instant whose airport we do not know has no local time to show.
  return instant ? { date: null, time: null } : { date: value.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null, time: clock(value) };
}

function flightTimes(payload: unknown): Times {
  const bounds = valueAt(payload, 'bnds');
  const legs = valueAt(payload, 'request.flightsearch');
  const first = Array.isArray(bounds) && bounds.length > 0 ? bounds[0] : Array.isArray(legs) ? legs[0] : undefined;
  const last = Array.isArray(bounds) && bounds.length > 0 ? bounds[bounds.length - 1] : Array.isArray(legs) ? legs[legs.length - 1] : undefined;
  const startZone = zoneOf(text(first, 'from'), 'airportIata');
  const endZone = zoneOf(text(last, 'to'), 'airportIata');
  const departs = airportTime(text(first, 'departs_at'), startZone);
  const arrives = airportTime(text(last, 'arrives_at'), endZone);
  return { startTime: departs.time, endTime: departs.time ? arrives.time : null, startZone, endZone, startDate: departs.date, endDate: departs.time ? arrives.date : null };
}

function timesOf(shape: TripPayloadShape, payload: unknown): Times {
  switch (shape) {
    case 'car':
      return local(
        clock(text(payload, 'request.pickup_time')),
        clock(text(payload, 'request.dropoff_time')),
        zoneOf(text(payload, 'request.pickup_city'), 'name'),
        zoneOf(text(payload, 'request.dropoff_city') ?? text(payload, 'request.pickup_city'), 'name'),
      );
    case 'flight':
      return flightTimes(payload);
    case 'hotel':
      return local(null, null, zoneOf(text(payload, 'search_req.destination'), 'slug') ?? zoneOf(text(payload, 'city_name'), 'name'));
    case 'transfer':
      return local(clock(text(payload, 'trf_time')), null, null);
    case 'resort':
      return local(null, null, null);
    case 'offer':
      return local(clock(text(payload, 'start_time')), null, zoneOf(text(payload, 'destination'), 'name'));
  }
}

function amountOf(shape: TripPayloadShape, payload: unknown): number | null {
  switch (shape) {
    case 'hotel':
      return number(payload, 'inclusive');
    case 'car':
    case 'flight':
      return number(payload, 'fare_summary.total');
    case 'resort':
      return number(payload, 'rst_retail_price');
    case 'transfer':
    case 'offer':
      return number(payload, 'price.b2c');
  }
}

function priceOf(shape: TripPayloadShape, payload: unknown): { amount: number | null; currency: string | null } {
  const currency = text(payload, 'currency') ?? text(payload, 'request.currency') ?? text(payload, 'fare_summary.currency');
  return { amount: amountOf(shape, payload), currency };
}

/** The item as My trips and the calendar show it. */
export function tripItemView(product: string, payload: unknown): TripItemView {
  // Each payload shape is read its own way (closed switches: a new shape does not compile until it
  // says how; a new product sending a known shape needs nothing); an item of a product this build
  // does not know shows as nothing known.
  if (!isProductCode(product)) return { name: null, ...local(null, null, null), amount: null, currency: null };
  const shape = products[product].tripList.payload;
  return { name: nameOf(shape, payload), ...timesOf(shape, payload), ...priceOf(shape, payload) };
}

/** A trip's totals: the items' amounts summed per currency (an unknown currency is its own sum), in first-seen order. */
export function tripTotals(items: readonly { amount: number | null; currency: string | null }[]): { currency: string | null; amount: number }[] {
  const totals = new Map<string | null, number>();
  for (const item of items) {
    if (item.amount === null) continue;
    totals.set(item.currency, Math.round(((totals.get(item.currency) ?? 0) + item.amount) * 100) / 100);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/** Upcoming trips (not yet ended on `today`) soonest first, then past trips, latest first. */
export function splitTrips<T extends { endsOn: string; startsOn: string }>(trips: readonly T[], today: string): { upcoming: T[]; past: T[] } {
  const upcoming = trips.filter((trip) => trip.endsOn >= today).sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  const past = trips.filter((trip) => trip.endsOn < today).sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return { upcoming, past };
}
