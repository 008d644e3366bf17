import { sql } from 'kysely';
import type { CarFamily, CarPayment } from '~/domain/car-rental';
import type { Database } from '../platform/db.server';
import { hash } from '~/domain/stable-hash';

/**
 * The built-in car supplier's fleet: an airport desk and a downtown office in every
 * destination, six offers per desk and 2–5 cars per offer (Luxury: always 2, so sold-out is
 * reachable). Deterministic (derived from the desk code) like the other seeds; prices do not
 * depend on the date, so the fleet serves any day.
 */
type SeedDestination = { slug: string; name: string; airport_iata: string };

/** `payment_provider`: the provider each company's cars are sold through (car payment mode). */
export const carCompanies = [
  { code: 'SOL', name: 'Sol Rent a Car', payment_provider: 'PG_01' },
  { code: 'ATL', name: 'Atlas Car Hire', payment_provider: 'PG_01' },
  { code: 'NWY', name: 'Northway Rentals', payment_provider: 'PG_02' },
] as const;

type OfferTemplate = {
  key: string;
  family: CarFamily;
  carType: string;
  passengers: number;
  baggage: number;
  doors: number;
  isAc: boolean;
  transmission: 'automatic' | 'manual';
  mileageKmPerDay: number | null;
  freeCancellation: boolean;
  payment: CarPayment;
  guaranteeNeeded: boolean;
  factor: number;
  /**
   * Our markup (basis points, B2C and B2B); none: the supplier's commissionable rate. With the
   * payment, guarantee and pricing rule it decides the car's payment mode (decision 0019):
   * every desk has a card-provider car (ECO1, SUV, VAN prepaid with markup; LUX postpaid with
   * a guarantee and markup), an iframe car (ECO2: postpaid, guarantee, no markup) and a nopg
   * car (CMP: postpaid, no guarantee).
   */
  markupBp?: { b2c: number; b2b: number };
  /** A pricing rule set the rate. */
  pricingRule?: boolean;
  /** A fixed fleet size; otherwise 2–5 from the desk's hash. */
  fleet?: number;
};

export const carOfferTemplates: readonly OfferTemplate[] = [
  {
    key: 'ECO1',
    family: 'Economy',
    carType: 'Kia Picanto or similar',
    passengers: 4,
    baggage: 1,
    doors: 4,
    isAc: true,
    transmission: 'manual',
    mileageKmPerDay: 250,
    freeCancellation: true,
    payment: 'prepaid',
    guaranteeNeeded: false,
    factor: 1,
  },
  {
    key: 'ECO2',
    family: 'Economy',
    carType: 'Fiat 500 or similar',
    passengers: 4,
    baggage: 1,
    doors: 2,
    isAc: false,
    transmission: 'manual',
    mileageKmPerDay: null,
    freeCancellation: false,
    payment: 'postpaid',
    guaranteeNeeded: true,
    factor: 0.9,
    markupBp: { b2c: 0, b2b: 0 },
  },
  {
    key: 'CMP',
    family: 'Compact',
    carType: 'Volkswagen Golf or similar',
    passengers: 5,
    baggage: 2,
    doors: 5,
    isAc: true,
    transmission: 'automatic',
    mileageKmPerDay: null,
    freeCancellation: true,
    payment: 'postpaid',
    guaranteeNeeded: false,
    factor: 1.3,
  },
  {
    key: 'SUV',
    family: 'SUV',
    carType: 'Toyota RAV4 or similar',
    passengers: 5,
    baggage: 3,
    doors: 5,
    isAc: true,
    transmission: 'automatic',
    mileageKmPerDay: null,
    freeCancellation: true,
    payment: 'prepaid',
    guaranteeNeeded: false,
    factor: 2,
  },
  {
    key: 'VAN',
    family: 'Van',
    carType: 'Ford Transit Custom or similar',
    passengers: 8,
    baggage: 4,
    doors: 4,
    isAc: true,
    transmission: 'manual',
    mileageKmPerDay: 300,
    freeCancellation: false,
    payment: 'prepaid',
    guaranteeNeeded: false,
    factor: 2.6,
    pricingRule: true,
  },
  {
    key: 'LUX',
    family: 'Luxury',
    carType: 'BMW 5 Series or similar',
    passengers: 5,
    baggage: 3,
    doors: 4,
    isAc: true,
    transmission: 'automatic',
    mileageKmPerDay: null,
    freeCancellation: true,
    payment: 'postpaid',
    guaranteeNeeded: true,
    factor: 3.8,
    fleet: 2,
  },
];

const roundTo100 = (minor: number) => Math.round(minor / 100) * 100;

export function carLocationsFor(destination: SeedDestination) {
  const h = hash(destination.slug);
  return [
    {
      code: `${destination.airport_iata}A`,
      destination_slug: destination.slug,
      kind: 'airport' as const,
      name: `${destination.name} Airport (${destination.airport_iata})`,
      address: `Arrivals hall, ${destination.name} airport (${destination.airport_iata})`,
    },
    {
      code: `${destination.airport_iata}C`,
      destination_slug: destination.slug,
      kind: 'downtown' as const,
      name: `${destination.name} Downtown`,
      address: `${10 + (h % 180)} Station Square, ${destination.name}`,
    },
  ];
}

export function carOffersFor(location: { code: string; kind: 'airport' | 'downtown' }) {
  const h = hash(location.code);
  // Downtown offices are a little cheaper than the airport desks, as in the trade.
  const baseDaily = (2_400 + (h % 6) * 200) * (location.kind === 'downtown' ? 0.9 : 1);
  return carOfferTemplates.map((template, index) => ({
    code: `${location.code}-${template.key}`,
    company_code: carCompanies[(h + index) % carCompanies.length]!.code,
    fleet: template.fleet ?? 2 + ((h >>> (index * 3)) % 4),
    row: {
      car_family: template.family,
      car_type: template.carType,
      passengers: template.passengers,
      baggage: template.baggage,
      doors: template.doors,
      is_ac: template.isAc,
      transmission: template.transmission,
      mileage_km_per_day: template.mileageKmPerDay,
      free_cancellation: template.freeCancellation,
      payment: template.payment,
      guarantee_needed: template.guaranteeNeeded,
      daily_net_usd_minor: roundTo100(baseDaily * template.factor),
      tax_rate_bp: 1_000 + (h % 8) * 100,
      b2c_markup_bp: template.markupBp?.b2c ?? 2_000,
      b2b_markup_bp: template.markupBp?.b2b ?? 1_000,
      pricing_rule: template.pricingRule ?? false,
      image_path: `/images/cars/${template.family.toLowerCase()}.svg`,
    },
  }));
}

export function carOfferItemRef(offerId: number): string {
  return `car-offer:${offerId}`;
}

/** Writes what is missing of the fleet, a handful of batched statements (idempotent). */
export async function seedCars(db: Database, destinations: readonly SeedDestination[]) {
  const companies = await db
    .insertInto('car_rental_companies')
    .values([...carCompanies])
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: sql`excluded.name`, payment_provider: sql`excluded.payment_provider` }))
    .returning(['id', 'code'])
    .execute();
  const companyId = new Map(companies.map((c) => [c.code, c.id]));
  const locations = await db
    .insertInto('car_locations')
    .values(destinations.flatMap(carLocationsFor))
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: sql`excluded.name`, address: sql`excluded.address` }))
    .returning(['id', 'code', 'kind'])
    .execute();
  const offers = locations.flatMap((location) => carOffersFor(location).map((offer) => ({ ...offer, location_id: location.id })));
  const saved = await db
    .insertInto('car_offers')
    .values(offers.map((o) => ({ ...o.row, code: o.code, location_id: o.location_id, company_id: companyId.get(o.company_code)! })))
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({
        car_type: sql`excluded.car_type`,
        daily_net_usd_minor: sql`excluded.daily_net_usd_minor`,
        tax_rate_bp: sql`excluded.tax_rate_bp`,
        b2c_markup_bp: sql`excluded.b2c_markup_bp`,
        b2b_markup_bp: sql`excluded.b2b_markup_bp`,
        pricing_rule: sql`excluded.pricing_rule`,
      }),
    )
    .returning(['id', 'code'])
    .execute();
  const offerId = new Map(saved.map((o) => [o.code, o.id]));
  await db
    .insertInto('inventory_units')
    .values(
      offers.flatMap((offer) =>
        Array.from({ length: offer.fleet }, (_, i) => ({
          product: 'CAR',
          supplier_code: offer.company_code,
          item_ref: carOfferItemRef(offerId.get(offer.code)!),
          unit_label: `${offer.code}-${i + 1}`,
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
    .execute();
}
