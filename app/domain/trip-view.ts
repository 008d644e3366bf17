// My trips (issue 13): what the page and the calendar show of a trip item, read from the spec §3
// payload its product sent. Pure: the server decides who may see prices (a viewer never does).
import { valueAt } from './trips';

export type TripItemView = {
  /** What the item is ('Hotel Azul', 'MEX → CUN'); null when the payload names nothing (a booking's own item). */
  name: string | null;
  /** The local start and end times ('HH:MM') where the payload has them; else the item is all-day. */
  startTime: string | null;
  endTime: string | null;
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
const clock = (value: string | null): string | null => value?.match(/(?:^|T)([01]\d|2[0-3]):([0-5]\d)/)?.slice(1, 3).join(':') ?? null;

function nameOf(product: string, payload: unknown): string | null {
  switch (product) {
    case 'HLT':
      return text(payload, 'Hotel_name');
    case 'CAR': {
      const [type, family] = [text(payload, 'cartype'), text(payload, 'carfamily')];
      return type && family ? `${type} (${family})` : (type ?? family);
    }
    case 'FLT': {
      const legs = valueAt(payload, 'request.flightsearch');
      if (!Array.isArray(legs) || legs.length === 0) return null;
      const stops = [text(legs[0], 'from'), ...legs.map((leg) => text(leg, 'to'))];
      return stops.every((stop) => stop !== null) ? stops.join(' → ') : null;
    }
    case 'TRF':
      return text(payload, 'trf_transfers_name');
    case 'RST':
    case 'STY':
    case 'WEEKS':
      return text(payload, 'rst_address');
    default:
      // Scheduled offers (activities, cruises, restaurants): where, and which option.
      return text(payload, 'destination');
  }
}

function timesOf(product: string, payload: unknown): [string | null, string | null] {
  switch (product) {
    case 'CAR':
      return [clock(text(payload, 'request.pickup_time')), clock(text(payload, 'request.dropoff_time'))];
    case 'TRF':
      return [clock(text(payload, 'trf_time')), null];
    case 'HLT':
    case 'FLT':
    case 'RST':
    case 'STY':
    case 'WEEKS':
      return [null, null];
    default:
      return [clock(text(payload, 'start_time')), null];
  }
}

function priceOf(product: string, payload: unknown): { amount: number | null; currency: string | null } {
  const currency = text(payload, 'currency') ?? text(payload, 'request.currency');
  const amount =
    product === 'HLT' ? number(payload, 'inclusive')
    : product === 'CAR' || product === 'FLT' ? number(payload, 'fare_summary.total')
    : product === 'RST' || product === 'STY' || product === 'WEEKS' ? number(payload, 'rst_retail_price')
    : number(payload, 'price.b2c');
  return { amount, currency };
}

/** The item as My trips and the calendar show it. */
export function tripItemView(product: string, payload: unknown): TripItemView {
  const [startTime, endTime] = timesOf(product, payload);
  return { name: nameOf(product, payload), startTime, endTime, ...priceOf(product, payload) };
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
