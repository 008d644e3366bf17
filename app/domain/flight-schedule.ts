/**
 * Scheduled flights and how they make itineraries: a flight departs at a local time on the
 * weekdays it operates; its departure and arrival are instants (the range its seats are held
 * over, so seats never multiply by date); a leg is one flight or two with a connection.
 */
import { dateTimeFormat } from './intl-format';

export type ScheduledFlight = {
  id: number;
  airlineCode: string;
  flightNumber: string;
  origin: string;
  destination: string;
  /** Minutes after local midnight at the origin. */
  departureMinutes: number;
  durationMinutes: number;
  /** Bit n set = operates on weekday n of the local departure date (0 = Sunday). */
  daysOperated: number;
  aircraft: string;
};

export type Segment<F extends ScheduledFlight = ScheduledFlight> = {
  flight: F;
  /** Local departure date at the origin, YYYY-MM-DD. */
  date: string;
  departsAt: Date;
  arrivesAt: Date;
};

export type Itinerary<F extends ScheduledFlight = ScheduledFlight> = { id: string; segments: Segment<F>[] };

export type LegRequest = { from: string; to: string; date: string };

/** A connection shorter than this cannot be made; longer than the maximum is not offered. */
export const MIN_CONNECTION_MINUTES = 60;
export const MAX_CONNECTION_MINUTES = 12 * 60;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
function formatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** The wall clock in `timeZone` at an instant: local date and minutes after midnight. */
export function instantToLocal(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

function offsetMinutes(instantMs: number, timeZone: string): number {
  const local = instantToLocal(new Date(instantMs), timeZone);
  const asUtc = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * MINUTE_MS;
  return Math.round((asUtc - Math.floor(instantMs / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/** The instant of a local wall-clock time in `timeZone` (two passes settle DST edges). */
export function localToInstant(date: string, minutes: number, timeZone: string): Date {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  const first = naive - offsetMinutes(naive, timeZone) * MINUTE_MS;
  return new Date(naive - offsetMinutes(first, timeZone) * MINUTE_MS);
}

export function operatesOn(daysOperated: number, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (daysOperated & (1 << weekday)) !== 0;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The flight's departure and arrival instants on a local departure date, or null when it does not fly that day. */
export function segmentOn<F extends ScheduledFlight>(flight: F, date: string, timeZoneOf: (iata: string) => string): Segment<F> | null {
  if (!operatesOn(flight.daysOperated, date)) return null;
  const departsAt = localToInstant(date, flight.departureMinutes, timeZoneOf(flight.origin));
  return { flight, date, departsAt, arrivesAt: new Date(departsAt.getTime() + flight.durationMinutes * MINUTE_MS) };
}

const segmentId = (s: Segment) => `${s.flight.id}@${s.date}`;
export const itineraryId = (segments: Segment[]) => segments.map(segmentId).join('.');

/**
 * Every itinerary for a leg on its date: the direct flights, and one-stop pairs whose second
 * flight leaves the connecting airport between the minimum and maximum connection time after
 * the first lands (it may be the next local day). Ordered by departure, then arrival.
 */
export function itinerariesFor<F extends ScheduledFlight>(flights: readonly F[], leg: LegRequest, timeZoneOf: (iata: string) => string): Itinerary<F>[] {
  const on = (flight: F, date: string) => segmentOn(flight, date, timeZoneOf);
  const result: Itinerary<F>[] = [];
  for (const first of flights) {
    if (first.origin !== leg.from) continue;
    const s1 = on(first, leg.date);
    if (!s1) continue;
    if (first.destination === leg.to) {
      result.push({ id: itineraryId([s1]), segments: [s1] });
      continue;
    }
    const landed = instantToLocal(s1.arrivesAt, timeZoneOf(first.destination)).date;
    for (const second of flights) {
      if (second.origin !== first.destination || second.destination !== leg.to) continue;
      for (const date of [landed, addDays(landed, 1)]) {
        const s2 = on(second, date);
        if (!s2) continue;
        const wait = (s2.departsAt.getTime() - s1.arrivesAt.getTime()) / MINUTE_MS;
        if (wait >= MIN_CONNECTION_MINUTES && wait <= MAX_CONNECTION_MINUTES) result.push({ id: itineraryId([s1, s2]), segments: [s1, s2] });
      }
    }
  }
  const first = (i: Itinerary) => i.segments[0]!.departsAt.getTime();
  const last = (i: Itinerary) => i.segments[i.segments.length - 1]!.arrivesAt.getTime();
  return result.sort((a, b) => first(a) - first(b) || last(a) - last(b));
}

/** A trip offer's id names each leg's itinerary, legs joined by '_'. */
export const tripOfferId = (legs: Itinerary[]) => legs.map((l) => l.id).join('_');

const OFFER_ID = /^\d{1,9}@\d{4}-\d{2}-\d{2}(\.\d{1,9}@\d{4}-\d{2}-\d{2})?(_\d{1,9}@\d{4}-\d{2}-\d{2}(\.\d{1,9}@\d{4}-\d{2}-\d{2})?){0,2}$/;

/** The itinerary ids of a trip offer id, or null when it is not one. */
export function parseTripOfferId(id: string): string[] | null {
  return OFFER_ID.test(id) ? id.split('_') : null;
}

/** Minutes from the first departure to the last arrival. */
export function itineraryMinutes(itinerary: Itinerary): number {
  const first = itinerary.segments[0]!;
  const last = itinerary.segments[itinerary.segments.length - 1]!;
  return Math.round((last.arrivesAt.getTime() - first.departsAt.getTime()) / MINUTE_MS);
}

/**
 * The trips that can be flown from each leg's itineraries: every combination in which a leg
 * leaves at least the minimum connection time after the previous one lands. At most `cap`.
 */
export function combineLegs<F extends ScheduledFlight>(legs: Itinerary<F>[][], cap: number): Itinerary<F>[][] {
  if (legs.length === 0) return [];
  let combos: Itinerary<F>[][] = [[]];
  for (const options of legs) {
    combos = combos.flatMap((combo) => {
      const previous = combo[combo.length - 1];
      const ready = previous ? previous.segments[previous.segments.length - 1]!.arrivesAt.getTime() + MIN_CONNECTION_MINUTES * MINUTE_MS : -Infinity;
      return options.filter((option) => option.segments[0]!.departsAt.getTime() >= ready).map((option) => [...combo, option]);
    });
    if (combos.length > cap) combos = combos.slice(0, cap);
  }
  return combos;
}

/** 'HH:mm' for minutes after midnight. */
export const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** '2h 05m' for a duration in minutes. */
export const durationText = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

export type DepartureWindow = 'night' | 'morning' | 'afternoon' | 'evening';
export const DEPARTURE_WINDOWS: readonly DepartureWindow[] = ['morning', 'afternoon', 'evening', 'night'];

/** The part of the day a local departure time falls in: night 00–05, morning 05–12, afternoon 12–18, evening 18–24. */
export function departureWindow(minutes: number): DepartureWindow {
  if (minutes < 5 * 60) return 'night';
  if (minutes < 12 * 60) return 'morning';
  return minutes < 18 * 60 ? 'afternoon' : 'evening';
}
