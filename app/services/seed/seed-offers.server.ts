import type { OfferFacts } from '~/domain/offer-facts';
import { RESTAURANT_SLOTS, type OfferProductCode } from '~/domain/offers';
import type { Database } from '../platform/db.server';

/**
 * The built-in catalog of scheduled offers: per destination two activities, two airport
 * transfers (one per hotel zone) and two restaurants, plus a handful of weekly cruises from
 * coastal ports. Deterministic (numbers derived from slugs) and small: capacities are a few
 * units per option so a sold-out answer is easy to reach, and units never multiply by date
 * (a booking is an allocation over the slot's time range).
 */
type SeedDestination = { slug: string; name: string; kind: string; airport_iata: string; image_path: string; from_price_usd_minor: number };

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const round100 = (n: number) => Math.max(100, Math.round(n / 100) * 100);

type SeedOption = {
  code: string;
  name: string;
  description: string;
  units: number;
  unit_capacity: number;
  bag_capacity: number | null;
  duration_minutes: number;
  start_times: string[];
  weekdays: number[];
  net_usd_minor: number;
  tax_rate_bp: number;
  b2c_markup_bp: number;
  b2b_markup_bp: number;
  strike_pct: number;
  refundable: boolean;
};
type SeedOffer = {
  product: OfferProductCode;
  slug: string;
  destination_slug: string;
  name: string;
  description: string;
  image_path: string;
  guest_rating: string;
  supplier_code: string;
  facts: OfferFacts['facts'];
  options: SeedOption[];
};

const money = (h: number) => ({ tax_rate_bp: 800 + (h % 5) * 100, b2c_markup_bp: 2_000, b2b_markup_bp: 1_000 });

const activityNames: Record<string, [string, string]> = {
  city: ['Old town walking tour', 'Food and market tasting'],
  beach: ['Snorkelling trip', 'Sunset catamaran'],
  island: ['Island boat tour', 'Sunset catamaran'],
  mountain: ['Mountain hike', 'Ruins and valley day trip'],
};

function activitiesFor(d: SeedDestination): SeedOffer[] {
  const h = hash(`act:${d.slug}`);
  const [first, second] = activityNames[d.kind] ?? activityNames.city!;
  const base = d.from_price_usd_minor * 0.45;
  return [first, second].map((title, i) => ({
    product: 'ACT',
    slug: `${d.slug}-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`,
    destination_slug: d.slug,
    name: `${d.name} ${title.toLowerCase()}`,
    description: `A ${title.toLowerCase()} in ${d.name} with a local guide, in a small group.`,
    image_path: d.image_path,
    guest_rating: (8 + ((h >>> i) % 18) / 10).toFixed(1),
    supplier_code: 'OWN',
    facts: {
      category: i === 0 ? 'Tour' : 'Experience',
      meetingPoint: i === 0 ? `Main square, ${d.name}` : `Harbour gate, ${d.name}`,
      languages: ['English', 'Spanish'],
      includes: i === 0 ? ['Guide', 'Water'] : ['Guide', 'Tastings', 'Drinks'],
    },
    options: [
      {
        code: 'GROUP',
        name: 'Shared group',
        description: 'Up to 8 travellers with one guide.',
        units: 8,
        unit_capacity: 1,
        bag_capacity: null,
        duration_minutes: 180,
        start_times: i === 0 ? ['09:00', '14:00'] : ['11:00', '17:00'],
        weekdays: EVERY_DAY,
        net_usd_minor: round100(base * (1 + i * 0.3)),
        ...money(h),
        strike_pct: i === 0 ? 0 : 15,
        refundable: true,
      },
      {
        code: 'SMALL',
        name: 'Small group',
        description: 'Four travellers at most, with extra time at each stop.',
        units: i === 0 ? 4 : 2,
        unit_capacity: 1,
        bag_capacity: null,
        duration_minutes: 240,
        start_times: ['10:00'],
        weekdays: EVERY_DAY,
        net_usd_minor: round100(base * (1.8 + i * 0.3)),
        ...money(h),
        strike_pct: 0,
        refundable: false,
      },
    ],
  }));
}

const vehicles = [
  { code: 'SEDAN', name: 'Sedan', seats: 3, bags: 3, units: 3, factor: 1 },
  { code: 'VAN', name: 'Van', seats: 7, bags: 8, units: 2, factor: 1.6 },
  { code: 'MINIBUS', name: 'Minibus', seats: 12, bags: 14, units: 1, factor: 2.4 },
] as const;

function transfersFor(d: SeedDestination): SeedOffer[] {
  const zones = d.kind === 'city' ? ['City centre', 'Business district'] : ['Hotel zone', 'Downtown'];
  return zones.map((zone, i) => {
    const h = hash(`trf:${d.slug}:${zone}`);
    const distanceKm = 12 + (h % 30) + i * 6;
    return {
      product: 'TRF',
      slug: `${d.slug}-airport-${zone.toLowerCase().replace(/\s+/g, '-')}`,
      destination_slug: d.slug,
      name: `${d.airport_iata} airport ↔ ${d.name} ${zone.toLowerCase()}`,
      description: `A private transfer between ${d.airport_iata} airport and your hotel in ${d.name}'s ${zone.toLowerCase()}; the driver waits with a name sign.`,
      image_path: d.image_path,
      guest_rating: (8.2 + (h % 15) / 10).toFixed(1),
      supplier_code: 'OWN',
      facts: { airportIata: d.airport_iata, zone, distanceKm },
      options: vehicles.map((v) => ({
        code: v.code,
        name: v.name,
        description: `Private ${v.name.toLowerCase()}: ${v.seats} passengers, ${v.bags} suitcases.`,
        units: v.units,
        unit_capacity: v.seats,
        bag_capacity: v.bags,
        duration_minutes: 30 + distanceKm * 2,
        start_times: [],
        weekdays: EVERY_DAY,
        net_usd_minor: round100((1_500 + distanceKm * 120) * v.factor),
        ...money(h),
        strike_pct: v.code === 'VAN' ? 10 : 0,
        refundable: true,
      })),
    };
  });
}

const cuisines = ['Local', 'Seafood', 'Italian', 'Steakhouse', 'Japanese', 'Vegetarian'] as const;
const tables = [
  { code: 'T2', name: 'Table for 2', seats: 2, units: 4 },
  { code: 'T4', name: 'Table for 4', seats: 4, units: 3 },
  { code: 'T6', name: 'Table for 6', seats: 6, units: 1 },
  { code: 'T10', name: 'Private room for 10', seats: 10, units: 1 },
] as const;

function restaurantsFor(d: SeedDestination): SeedOffer[] {
  return [0, 1].map((i) => {
    const h = hash(`rest:${d.slug}:${i}`);
    const cuisine = cuisines[(h + i) % cuisines.length]!;
    const name = i === 0 ? `Casa ${d.name}` : `${d.name} ${cuisine === 'Local' ? 'Kitchen' : cuisine} House`;
    return {
      product: 'RESTAURANT',
      slug: `${d.slug}-${name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '')}`,
      destination_slug: d.slug,
      name,
      description: `${cuisine} cooking in ${d.name}. The set menu is paid ahead; drinks are paid at the table.`,
      image_path: d.image_path,
      guest_rating: (7.8 + (h % 20) / 10).toFixed(1),
      supplier_code: 'OWN',
      facts: { cuisine, address: `${10 + (h % 150)} ${i === 0 ? 'Market Street' : 'Harbour Road'}, ${d.name}`, priceLevel: 2 + ((h >>> 3) % 3) },
      options: tables.map((t) => ({
        code: t.code,
        name: t.name,
        description: `Set menu for up to ${t.seats} guests.`,
        units: t.units,
        unit_capacity: t.seats,
        bag_capacity: null,
        // The second restaurant rests on Mondays.
        duration_minutes: 90,
        start_times: [...RESTAURANT_SLOTS],
        weekdays: i === 0 ? EVERY_DAY : [0, 2, 3, 4, 5, 6],
        net_usd_minor: round100(d.from_price_usd_minor * 0.25 * (1 + i * 0.2)),
        ...money(h),
        strike_pct: 0,
        refundable: true,
      })),
    };
  });
}

/** The cruises: ships sailing weekly from a port, with their ports of call. */
export const cruiseItineraries = [
  {
    port: 'cancun',
    ship: 'Ocean Aurora',
    line: 'Azure Seas',
    region: 'Caribbean',
    title: 'Western Caribbean explorer',
    nights: 7,
    weekday: 6,
    ports: ['Cozumel', 'Roatán', 'Belize City', 'Costa Maya'],
    perNight: 9_000,
  },
  {
    port: 'cozumel',
    ship: 'Sea Harmony',
    line: 'Azure Seas',
    region: 'Caribbean',
    title: 'Cayman and Jamaica escape',
    nights: 5,
    weekday: 0,
    ports: ['George Town', 'Ocho Rios'],
    perNight: 10_500,
  },
  {
    port: 'los-cabos',
    ship: 'Pacific Star',
    line: 'Golden Coast Cruises',
    region: 'Mexican Riviera',
    title: 'Mexican Riviera',
    nights: 7,
    weekday: 1,
    ports: ['Puerto Vallarta', 'Mazatlán', 'La Paz'],
    perNight: 8_500,
  },
  {
    port: 'barcelona',
    ship: 'Mare Nostrum',
    line: 'Golden Coast Cruises',
    region: 'Mediterranean',
    title: 'Mediterranean highlights',
    nights: 7,
    weekday: 5,
    ports: ['Marseille', 'Genoa', 'Civitavecchia (Rome)', 'Naples'],
    perNight: 12_000,
  },
  {
    port: 'honolulu',
    ship: 'Island Spirit',
    line: 'Pacific Blue Line',
    region: 'Hawaii',
    title: 'Hawaiian islands',
    nights: 7,
    weekday: 6,
    ports: ['Kahului (Maui)', 'Kona', 'Nawiliwili (Kauai)'],
    perNight: 14_000,
  },
  {
    port: 'bali',
    ship: 'Coral Voyager',
    line: 'Pacific Blue Line',
    region: 'Southeast Asia',
    title: 'Lombok and Komodo',
    nights: 4,
    weekday: 3,
    ports: ['Lombok', 'Komodo'],
    perNight: 11_000,
  },
] as const;

const cabins = [
  { code: 'INSIDE', name: 'Inside cabin', sleeps: 2, units: 3, factor: 1 },
  { code: 'OCEAN', name: 'Ocean view cabin', sleeps: 3, units: 2, factor: 1.3 },
  { code: 'BALCONY', name: 'Balcony cabin', sleeps: 4, units: 2, factor: 1.7 },
  { code: 'SUITE', name: 'Suite', sleeps: 4, units: 1, factor: 2.8 },
] as const;

function cruisesFrom(d: SeedDestination): SeedOffer[] {
  return cruiseItineraries
    .filter((c) => c.port === d.slug)
    .map((c) => {
      const h = hash(`cruise:${c.ship}`);
      return {
        product: 'CRUISE',
        slug: `${c.ship.toLowerCase().replace(/\s+/g, '-')}-${c.title.toLowerCase().replace(/[^a-z]+/g, '-')}`,
        destination_slug: d.slug,
        name: `${c.title} on ${c.ship}`,
        description: `${c.nights} nights from ${d.name} on ${c.ship} (${c.line}), calling at ${c.ports.join(', ')}. Sails every week; meals on board included.`,
        image_path: d.image_path,
        guest_rating: (8 + (h % 17) / 10).toFixed(1),
        supplier_code: 'OWN',
        facts: { ship: c.ship, line: c.line, region: c.region, nights: c.nights, departurePort: d.name, ports: [...c.ports] },
        options: cabins.map((cabin) => ({
          code: cabin.code,
          name: cabin.name,
          description: `Sleeps up to ${cabin.sleeps}; price per cabin for the whole cruise.`,
          units: cabin.units,
          unit_capacity: cabin.sleeps,
          bag_capacity: null,
          duration_minutes: c.nights * 24 * 60,
          start_times: ['16:00'],
          weekdays: [c.weekday],
          net_usd_minor: round100(c.perNight * c.nights * cabin.factor),
          ...money(h),
          strike_pct: cabin.code === 'BALCONY' ? 12 : 0,
          refundable: cabin.code !== 'SUITE',
        })),
      };
    });
}

export function offerCatalogFor(destination: SeedDestination): SeedOffer[] {
  return [...activitiesFor(destination), ...transfersFor(destination), ...restaurantsFor(destination), ...cruisesFrom(destination)];
}

export function offerOptionItemRef(optionId: number): string {
  return `offer-option:${optionId}`;
}

/** Writes what is missing of the offers, their options and units in three statements (idempotent). */
export async function seedOffers(db: Database, destinations: readonly SeedDestination[]) {
  const catalog = destinations.flatMap(offerCatalogFor);
  const saved = await db
    .insertInto('offers')
    .values(catalog.map(({ options: _options, facts, ...row }) => ({ ...row, facts: JSON.stringify(facts) })))
    .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), description: eb.ref('excluded.description'), facts: eb.ref('excluded.facts') })))
    .returning(['id', 'slug'])
    .execute();
  const idOf = new Map(saved.map((r) => [r.slug, r.id]));
  const options = catalog.flatMap((offer) =>
    offer.options.map((o) => ({ offer_id: idOf.get(offer.slug)!, units: o.units, product: offer.product, supplier: offer.supplier_code, option: o })),
  );
  const savedOptions = await db
    .insertInto('offer_options')
    .values(
      options.map(({ offer_id, option: { units: _units, start_times, weekdays, ...o } }) => ({
        ...o,
        offer_id,
        start_times: JSON.stringify(start_times),
        weekdays: JSON.stringify(weekdays),
      })),
    )
    .onConflict((oc) => oc.columns(['offer_id', 'code']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), description: eb.ref('excluded.description') })))
    .returning(['id', 'offer_id', 'code'])
    .execute();
  const optionId = new Map(savedOptions.map((r) => [`${r.offer_id}:${r.code}`, r.id]));
  const units = options.flatMap(({ offer_id, units: count, product, supplier, option }) =>
    Array.from({ length: count }, (_, i) => ({
      product,
      supplier_code: supplier,
      item_ref: offerOptionItemRef(optionId.get(`${offer_id}:${option.code}`)!),
      unit_label: `${option.code}-${i + 1}`,
    })),
  );
  await db
    .insertInto('inventory_units')
    .values(units)
    .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
    .execute();
}
