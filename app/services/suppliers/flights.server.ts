import { destinations } from '~/domain/destinations-data';
import { computeFlightPrice, type FlightPrice } from '~/domain/flight-price';
import { type FlightSearch, flightSearchParams, seatsNeeded } from '~/domain/flight-query';
import {
  type Itinerary,
  type ScheduledFlight,
  type Segment,
  combineLegs,
  instantToLocal,
  itinerariesFor,
  itineraryMinutes,
  parseTripOfferId,
  tripOfferId,
} from '~/domain/flight-schedule';
import type { FareBrandsTable, FlightCabin } from '../platform/db-schema';
import { getDb } from '../platform/db.server';
import { type HoldItem, convertHoldToBooking, countAvailableUnits, createMultiItemHold } from '../booking/holds.server';
import { releaseHold } from '../booking/hold-release.server';
import { flightSeatItemRef } from '../seed/seed-flights.server';
import type { ProductSupplier, SupplierContext } from './port';

export type FlightQuery = FlightSearch;

export type FlightSegmentView = {
  flightId: number;
  airlineCode: string;
  airlineName: string;
  flightNumber: string;
  origin: string;
  destination: string;
  /** ISO instants, and the wall clock at each airport (date, minutes after midnight). */
  departsAt: string;
  arrivesAt: string;
  departsLocal: { date: string; minutes: number };
  arrivesLocal: { date: string; minutes: number };
  durationMinutes: number;
  aircraft: string;
  /** Seats free in the searched cabin on this flight and date. */
  available: number;
};

export type FlightLegOffer = { itineraryId: string; from: string; to: string; stops: number; durationMinutes: number; segments: FlightSegmentView[] };

export type FareBrand = {
  code: string;
  name: string;
  carryOnBags: number;
  checkedBags: number;
  changes: FareBrandsTable['changes'];
  refundable: boolean;
  seatChoice: boolean;
  /** The brand's factor on the cabin fare, basis points. */
  factorBp: number;
};

export type FareOffer = { brand: FareBrand; price: FlightPrice };

export type FlightOffer = {
  id: string;
  cabin: FlightCabin;
  legs: FlightLegOffer[];
  /** Seats free on the scarcest flight of the trip. */
  available: number;
  /** Minutes in the air and connecting, all legs together. */
  durationMinutes: number;
  /** The cheapest branded fare, or null when the trip has too few seats for the party. */
  cheapest: FareOffer | null;
};

export type FlightDetails = FlightOffer & { fares: FareOffer[] };

export type FlightSelection = FlightQuery & { offerId: string; fare: string };

export type PricedFlight = { offer: FlightDetails; fare: FareOffer };

/** At most this many trip combinations are priced for one search. */
const MAX_COMBINATIONS = 300;

const zoneByAirport = new Map(destinations.map((d) => [d.airportIata, d.timeZone]));
/** Our schedule only serves destination airports; their zones come from the destination catalog. */
const timeZoneOf = (iata: string) => zoneByAirport.get(iata) ?? 'UTC';

type FlightRow = ScheduledFlight & { airlineName: string; taxRateBp: number; b2cMarkupBp: number; b2bMarkupBp: number; supplierCode: string };

/** The flights that can start or end a leg of the query (a connection needs both). */
async function flightsFor(query: FlightQuery): Promise<FlightRow[]> {
  const froms = query.legs.map((l) => l.from);
  const tos = query.legs.map((l) => l.to);
  const rows = await getDb()
    .selectFrom('flights as f')
    .innerJoin('airlines as a', 'a.code', 'f.airline_code')
    .selectAll('f')
    .select('a.name as airline_name')
    .where((eb) => eb.or([eb('f.origin', 'in', froms), eb('f.destination', 'in', tos)]))
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    airlineCode: r.airline_code,
    airlineName: r.airline_name,
    flightNumber: r.flight_number,
    origin: r.origin,
    destination: r.destination,
    departureMinutes: r.departure_minutes,
    durationMinutes: r.duration_minutes,
    daysOperated: r.days_operated,
    aircraft: r.aircraft,
    taxRateBp: r.tax_rate_bp,
    b2cMarkupBp: r.b2c_markup_bp,
    b2bMarkupBp: r.b2b_markup_bp,
    supplierCode: r.supplier_code,
  }));
}

async function brandsOf(cabin: FlightCabin): Promise<FareBrand[]> {
  const rows = await getDb().selectFrom('fare_brands').selectAll().where('cabin', '=', cabin).orderBy('rank').execute();
  return rows.map((b) => ({
    code: b.code,
    name: b.name,
    carryOnBags: b.carry_on_bags,
    checkedBags: b.checked_bags,
    changes: b.changes,
    refundable: b.refundable,
    seatChoice: b.seat_choice,
    factorBp: b.factor_bp,
  }));
}

type FlightSegment = Segment<FlightRow>;
type FlightItinerary = Itinerary<FlightRow>;

const segmentKey = (s: Segment) => `${s.flight.id}@${s.date}`;
const holdItem = (s: Segment, cabin: FlightCabin): HoldItem => ({ itemRef: flightSeatItemRef(s.flight.id, cabin), startsAt: s.departsAt, endsAt: s.arrivesAt });

/**
 * Prices, seats and views of trip combinations for one query. Fares are priced only when the
 * trip has seats for the party, except for `price`, which a checkout asks after its own hold
 * took the last seats.
 */
async function buildOffers(
  query: FlightQuery,
  trips: FlightItinerary[][],
  context: SupplierContext,
  { allFares, needSeats }: { allFares: boolean; needSeats: boolean },
): Promise<FlightDetails[]> {
  const segments = new Map(trips.flatMap((legs) => legs.flatMap((l) => l.segments)).map((s) => [segmentKey(s), s]));
  if (segments.size === 0) return [];
  const flightIds = [...new Set([...segments.values()].map((s) => s.flight.id))];
  const cabins = await getDb().selectFrom('flight_cabins').select(['flight_id', 'net_usd_minor']).where('cabin', '=', query.cabin).where('flight_id', 'in', flightIds).execute();
  const netOf = new Map(cabins.map((c) => [c.flight_id, c.net_usd_minor]));
  const brands = await brandsOf(query.cabin);
  const free = new Map<string, number>();
  for (const [key, s] of segments) {
    free.set(key, netOf.has(s.flight.id) ? await countAvailableUnits({ product: 'FLT', ...holdItem(s, query.cabin) }) : 0);
  }
  const seats = seatsNeeded(query);
  return trips.map((legs) => {
    const all = legs.flatMap((l) => l.segments);
    const available = Math.min(...all.map((s) => free.get(segmentKey(s)) ?? 0));
    const priced = (!needSeats || available >= seats) && all.every((s) => netOf.has(s.flight.id));
    const fares = priced
      ? (allFares ? brands : brands.slice(0, 1)).map((brand) => ({
          brand,
          price: computeFlightPrice({
            segments: all.map(({ flight }) => ({
              netMinor: netOf.get(flight.id)!,
              taxRateBp: flight.taxRateBp,
              markupBp: context.priceType === 'B2B' ? flight.b2bMarkupBp : flight.b2cMarkupBp,
            })),
            brandFactorBp: brand.factorBp,
            passengers: { adult: query.adults, child: query.children, infant: query.infants },
            priceType: context.priceType,
            supplierCode: all[0]!.flight.supplierCode,
            currency: 'USD',
          }),
        }))
      : [];
    return {
      id: tripOfferId(legs),
      cabin: query.cabin,
      legs: legs.map((leg) => ({
        itineraryId: leg.id,
        from: leg.segments[0]!.flight.origin,
        to: leg.segments[leg.segments.length - 1]!.flight.destination,
        stops: leg.segments.length - 1,
        durationMinutes: itineraryMinutes(leg),
        segments: leg.segments.map((s) => segmentView(s, free.get(segmentKey(s)) ?? 0)),
      })),
      available,
      durationMinutes: legs.reduce((sum, l) => sum + itineraryMinutes(l), 0),
      cheapest: fares[0] ?? null,
      fares,
    };
  });
}

function segmentView(s: FlightSegment, available: number): FlightSegmentView {
  const f = s.flight;
  return {
    flightId: f.id,
    airlineCode: f.airlineCode,
    airlineName: f.airlineName,
    flightNumber: `${f.airlineCode} ${f.flightNumber}`,
    origin: f.origin,
    destination: f.destination,
    departsAt: s.departsAt.toISOString(),
    arrivesAt: s.arrivesAt.toISOString(),
    departsLocal: instantToLocal(s.departsAt, timeZoneOf(f.origin)),
    arrivesLocal: instantToLocal(s.arrivesAt, timeZoneOf(f.destination)),
    durationMinutes: f.durationMinutes,
    aircraft: f.aircraft,
    available,
  };
}

/** Each leg's itineraries for the query. */
async function legOptions(query: FlightQuery): Promise<FlightItinerary[][]> {
  const flights = await flightsFor(query);
  return query.legs.map((leg) => itinerariesFor(flights, leg, timeZoneOf));
}

/** The trip an offer id names, if it is still flown for the query: every leg's itinerary must be one of its options. */
async function tripOf(offerId: string, query: FlightQuery): Promise<FlightItinerary[] | null> {
  const ids = parseTripOfferId(offerId);
  if (!ids || ids.length !== query.legs.length) return null;
  const options = await legOptions(query);
  const legs = ids.map((id, i) => options[i]!.find((o) => o.id === id) ?? null);
  if (legs.some((l) => l === null)) return null;
  return (
    combineLegs(
      legs.map((l) => [l!]),
      1,
    )[0] ?? null
  );
}

/** The built-in flight supplier: our schedule, cabins and seats. */
export const builtInFlightSupplier: ProductSupplier<FlightQuery, FlightOffer, FlightDetails, FlightSelection, PricedFlight> = {
  product: 'FLT',

  async search(query, context) {
    const trips = combineLegs(await legOptions(query), MAX_COMBINATIONS);
    return (await buildOffers(query, trips, context, { allFares: false, needSeats: true })).map(({ fares: _, ...offer }) => offer);
  },

  async details(offerId, query, context) {
    const trip = await tripOf(offerId, query);
    if (!trip) return null;
    return (await buildOffers(query, [trip], context, { allFares: true, needSeats: true }))[0] ?? null;
  },

  async price(selection, context) {
    const trip = await tripOf(selection.offerId, selection);
    const offer = trip ? (await buildOffers(selection, [trip], context, { allFares: true, needSeats: false }))[0] : undefined;
    const fare = offer?.fares.find((f) => f.brand.code === selection.fare);
    return offer && fare ? { offer, fare } : null;
  },

  async hold(selection, options) {
    const trip = await tripOf(selection.offerId, selection);
    const brands = await brandsOf(selection.cabin);
    if (!trip || !brands.some((b) => b.code === selection.fare)) return { kind: 'not_found' };
    return createMultiItemHold({
      orgId: options.orgId,
      userId: options.userId,
      clientIp: options.clientIp,
      product: 'FLT',
      items: flightHoldItems(trip, selection.cabin),
      quantity: seatsNeeded(selection),
      ttlMinutes: options.ttlMinutes,
      selection: flightHoldSelection(selection, trip, options.priceType),
    });
  },

  release: (token) => releaseHold(token),
  confirm: (token) => convertHoldToBooking(token),
};

/**
 * What a flight hold records: the search (route, dates, cabin and the passenger mix, which
 * prices it), the trip and fare, the rate, and the trip's local dates: the first flight's
 * departure date at its airport and the last flight's arrival date at its own.
 */
export function flightHoldSelection(selection: FlightSelection, trip: Itinerary[], priceType: string): Record<string, string> {
  const segments = trip.flatMap((leg) => leg.segments);
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  return {
    ...Object.fromEntries(flightSearchParams(selection)),
    offer: selection.offerId,
    brandedfare: selection.fare,
    priceType,
    startsOn: instantToLocal(first.departsAt, timeZoneOf(first.flight.origin)).date,
    endsOn: instantToLocal(last.arrivesAt, timeZoneOf(last.flight.destination)).date,
  };
}

/** The seats a trip holds: one item per flight, over its departure→arrival. */
export function flightHoldItems(trip: Itinerary[], cabin: FlightCabin): HoldItem[] {
  return trip.flatMap((leg) => leg.segments.map((s) => holdItem(s, cabin)));
}

/** The hold items of an offer id for a query, to check that a hold is the one a checkout names. */
export async function flightHoldItemsOf(offerId: string, query: FlightQuery): Promise<HoldItem[] | null> {
  const trip = await tripOf(offerId, query);
  return trip ? flightHoldItems(trip, query.cabin) : null;
}
