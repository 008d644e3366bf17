import { distanceKm } from '~/domain/airports';
import { destinations } from '~/domain/destinations-data';
import type { FlightCabin } from '../platform/db-schema';
import type { Database } from '../platform/db.server';

/**
 * The built-in flight catalog: a weekly schedule between the airports of our destinations.
 * Destination i is linked with i+1 and i+3 (in catalog order, wrapping), both ways, so every
 * airport has four direct routes and many pairs need one connection (Cancún–New York goes
 * through Mexico City or Orlando). Each direction has 1–3 flights a day; the first is daily,
 * so every day of the coming months has flights. Deterministic: numbers come from a hash of
 * the route, so a re-seed gives the same catalog.
 */
export const airlinesSeed = [
  { code: 'QW', name: 'Quetzal Wings' },
  { code: 'NS', name: 'Northstar Airways' },
  { code: 'PJ', name: 'Pacific Jet' },
  { code: 'MR', name: 'Meridian Air' },
  { code: 'AT', name: 'Atlas Skylines' },
] as const;

/** Seats per cabin: small on purpose, so a sold-out flight is easy to reach. */
export const cabinSeats: Record<FlightCabin, { seats: number; factorBp: number }> = {
  economy: { seats: 9, factorBp: 10_000 },
  premium_economy: { seats: 4, factorBp: 16_000 },
  business: { seats: 2, factorBp: 32_000 },
};

export const fareBrandsSeed = (Object.keys(cabinSeats) as FlightCabin[]).flatMap((cabin) => [
  {
    cabin,
    code: 'BASIC',
    name: 'Basic',
    rank: 1,
    factor_bp: 10_000,
    carry_on_bags: 1,
    checked_bags: cabin === 'economy' ? 0 : 1,
    changes: 'none' as const,
    refundable: false,
    seat_choice: false,
  },
  {
    cabin,
    code: 'STANDARD',
    name: 'Standard',
    rank: 2,
    factor_bp: 12_500,
    carry_on_bags: 1,
    checked_bags: cabin === 'economy' ? 1 : 2,
    changes: 'fee' as const,
    refundable: false,
    seat_choice: true,
  },
  { cabin, code: 'FLEX', name: 'Flex', rank: 3, factor_bp: 16_000, carry_on_bags: 1, checked_bags: 2, changes: 'free' as const, refundable: true, seat_choice: true },
]);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const DAILY = 0b1111111;
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

export function flightScheduleSeed() {
  const n = destinations.length;
  const flights = [];
  let route = 0;
  for (let i = 0; i < n; i++) {
    for (const step of [1, 3]) {
      const a = destinations[i]!;
      const b = destinations[(i + step) % n]!;
      const km = distanceKm({ latitude: Number(a.latitude), longitude: Number(a.longitude) }, { latitude: Number(b.latitude), longitude: Number(b.longitude) });
      const durationMinutes = roundTo(35 + (km / 800) * 60, 5);
      const economyNet = roundTo(4_900 + km * 9, 100);
      for (const [origin, destination] of [
        [a.airportIata, b.airportIata],
        [b.airportIata, a.airportIata],
      ] as const) {
        route++;
        const h = hash(`${origin}-${destination}`);
        const airline = airlinesSeed[h % airlinesSeed.length]!;
        const count = [1, 1, 2, 2, 3][h % 5]!;
        for (let k = 0; k < count; k++) {
          // First flight daily; the second skips one weekday; the third flies three days a week.
          const daysOperated = k === 0 ? DAILY : k === 1 ? DAILY & ~(1 << (h % 7)) : 0b0101010;
          flights.push({
            airline_code: airline.code,
            flight_number: String(100 + route * 3 + k),
            origin,
            destination,
            departure_minutes: (6 * 60 + k * 5 * 60 + roundTo((h >>> 8) % 90, 5)) % 1440,
            duration_minutes: durationMinutes,
            days_operated: daysOperated,
            aircraft: km < 3_000 ? (h % 2 ? 'Airbus A320neo' : 'Boeing 737-800') : h % 2 ? 'Boeing 787-9' : 'Airbus A350-900',
            tax_rate_bp: 700 + (h % 6) * 100,
            b2c_markup_bp: 1_500,
            b2b_markup_bp: 700,
            supplier_code: 'OWN',
            // A later flight of the day is a little dearer, as in real schedules.
            economyNet: economyNet + k * 1_500,
          });
        }
      }
    }
  }
  return flights;
}

export function flightSeatItemRef(flightId: number, cabin: FlightCabin): string {
  return `flight:${flightId}:${cabin}`;
}

const SEAT_LETTERS = 'ABCDEF';
const seatLabel = (cabin: FlightCabin, i: number) => `${cabin === 'business' ? 1 : cabin === 'premium_economy' ? 5 : 10 + Math.floor(i / 6)}${SEAT_LETTERS[i % 6]}`;

/** Writes what is missing of the flight catalog and its seats (idempotent), in a few batched statements. */
export async function seedFlights(db: Database) {
  await db
    .insertInto('airlines')
    .values([...airlinesSeed])
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: (eb) => eb.ref('excluded.name') }))
    .execute();
  await db
    .insertInto('fare_brands')
    .values(fareBrandsSeed)
    .onConflict((oc) => oc.columns(['cabin', 'code']).doNothing())
    .execute();
  const schedule = flightScheduleSeed();
  const saved = await db
    .insertInto('flights')
    .values(schedule.map(({ economyNet: _, ...row }) => row))
    .onConflict((oc) =>
      oc.columns(['airline_code', 'flight_number']).doUpdateSet({
        departure_minutes: (eb) => eb.ref('excluded.departure_minutes'),
        duration_minutes: (eb) => eb.ref('excluded.duration_minutes'),
        days_operated: (eb) => eb.ref('excluded.days_operated'),
      }),
    )
    .returning(['id', 'airline_code', 'flight_number'])
    .execute();
  const idOf = new Map(saved.map((f) => [`${f.airline_code}${f.flight_number}`, f.id]));
  const cabins = schedule.flatMap((f) =>
    (Object.keys(cabinSeats) as FlightCabin[]).map((cabin) => ({
      flight_id: idOf.get(`${f.airline_code}${f.flight_number}`)!,
      cabin,
      seats: cabinSeats[cabin].seats,
      net_usd_minor: roundTo((f.economyNet * cabinSeats[cabin].factorBp) / 10_000, 100),
    })),
  );
  await db
    .insertInto('flight_cabins')
    .values(cabins)
    .onConflict((oc) => oc.columns(['flight_id', 'cabin']).doNothing())
    .execute();
  const units = cabins.flatMap((c) =>
    Array.from({ length: c.seats }, (_, i) => ({ product: 'FLT', supplier_code: 'OWN', item_ref: flightSeatItemRef(c.flight_id, c.cabin), unit_label: seatLabel(c.cabin, i) })),
  );
  // Chunks keep each statement well under the 65 535 bind parameters of the wire protocol.
  for (let i = 0; i < units.length; i += 4_000) {
    await db
      .insertInto('inventory_units')
      .values(units.slice(i, i + 4_000))
      .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
      .execute();
  }
}
