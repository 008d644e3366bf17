import type { Database } from './db.server';

/**
 * The built-in supplier's hotels: three per destination, three room types each, and one
 * inventory unit per physical room. Deterministic (derived from the destination slug), so a
 * re-seed gives the same catalog and tests can name what they expect.
 */
type SeedDestination = { slug: string; name: string; latitude: string; longitude: string; image_path: string; from_price_usd_minor: number };

/** A small deterministic hash: the same slug always gives the same numbers. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const hotelStyles = [
  { prefix: 'Grand Plaza', stars: 5, priceFactor: 2.2, street: 'Avenue of the Sun', rating: 9.1 },
  { prefix: 'Harbour View', stars: 4, priceFactor: 1.4, street: 'Harbour Road', rating: 8.4 },
  { prefix: 'Casa Central', stars: 3, priceFactor: 1.0, street: 'Market Street', rating: 7.9 },
] as const;

export const roomTypeTemplates = [
  { code: 'STD', name: 'Standard room', maxGuests: 2, rooms: 6, factor: 1 },
  { code: 'DLX', name: 'Deluxe room', maxGuests: 3, rooms: 4, factor: 1.45 },
  { code: 'STE', name: 'Suite', maxGuests: 4, rooms: 2, factor: 2.3 },
] as const;

export function hotelCatalogFor(destination: SeedDestination) {
  const h = hash(destination.slug);
  return hotelStyles.map((style, index) => {
    const offset = ((h >>> (index * 4)) % 17) / 1000 - 0.008;
    return {
      slug: `${destination.slug}-${style.prefix.toLowerCase().replace(/\s+/g, '-')}`,
      destination_slug: destination.slug,
      name: `${style.prefix} ${destination.name}`,
      stars: style.stars,
      guest_rating: style.rating.toFixed(1),
      address: `${10 + ((h >>> index) % 180)} ${style.street}, ${destination.name}`,
      latitude: (Number(destination.latitude) + offset).toFixed(6),
      longitude: (Number(destination.longitude) - offset).toFixed(6),
      image_path: destination.image_path,
      description: `A ${style.stars}-star stay in ${destination.name}, close to the sights, with free Wi-Fi and breakfast available.`,
      supplier_code: 'OWN',
      roomTypes: roomTypeTemplates.map((room) => ({
        code: room.code,
        name: room.name,
        max_guests: room.maxGuests,
        rooms: room.rooms,
        net_nightly_usd_minor: Math.round((destination.from_price_usd_minor * style.priceFactor * room.factor) / 100) * 100,
        tax_rate_bp: 1_200 + (h % 5) * 100,
        b2c_markup_bp: 1_800,
        b2b_markup_bp: 900,
        strike_pct: index === 0 ? 0 : 10 + (h % 3) * 5,
        refundable: room.code !== 'STE',
      })),
    };
  });
}

/** Writes what is missing of the hotel catalog and its room units (idempotent). */
export async function seedHotels(db: Database, destinations: readonly SeedDestination[]) {
  for (const destination of destinations) {
    for (const hotel of hotelCatalogFor(destination)) {
      const { roomTypes, ...row } = hotel;
      const saved = await db
        .insertInto('hotels')
        .values(row)
        .onConflict((oc) => oc.column('slug').doUpdateSet(row))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const { rooms, ...room } of roomTypes) {
        const type = await db
          .insertInto('hotel_room_types')
          .values({ ...room, hotel_id: saved.id })
          .onConflict((oc) => oc.columns(['hotel_id', 'code']).doUpdateSet(room))
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('inventory_units')
          .values(Array.from({ length: rooms }, (_, i) => ({ product: 'HLT', supplier_code: row.supplier_code, item_ref: hotelRoomItemRef(type.id), unit_label: `${101 + i}` })))
          .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
          .execute();
      }
    }
  }
}

export function hotelRoomItemRef(roomTypeId: number): string {
  return `room-type:${roomTypeId}`;
}

/**
 * Holiday homes (the /holidaystays flow): two per destination, each with two unit types and
 * one or a few homes of each, so a sold-out is easy to reach. A unit type is stored as a room
 * type and each home as an inventory unit, so prices (room-price.ts, B2B/B2C) and holds are the
 * hotel's. Seaside villas where the destination is by the sea, hillside cottages elsewhere.
 */
const unitTemplates = {
  apartments: [
    { code: 'APT1', name: 'One-bedroom apartment', maxGuests: 2, units: 3, factor: 0.9 },
    { code: 'APT2', name: 'Two-bedroom apartment', maxGuests: 4, units: 2, factor: 1.5 },
  ],
  villas: [
    { code: 'VIL2', name: 'Two-bedroom villa', maxGuests: 4, units: 2, factor: 2.1 },
    { code: 'VIL3', name: 'Three-bedroom villa', maxGuests: 6, units: 1, factor: 3 },
  ],
  cottages: [
    { code: 'COT2', name: 'Two-bedroom cottage', maxGuests: 4, units: 2, factor: 1.7 },
    { code: 'COT3', name: 'Three-bedroom cottage', maxGuests: 6, units: 1, factor: 2.4 },
  ],
} as const;

export function holidayHomeCatalogFor(destination: SeedDestination & { kind: string | null }) {
  const h = hash(`${destination.slug}:homes`);
  const seaside = destination.kind === 'beach' || destination.kind === 'island';
  const styles: { prefix: string; stars: number; rating: number; street: string; kind: keyof typeof unitTemplates; what: string }[] = [
    { prefix: 'Old Town Apartments', stars: 4, rating: 8.8, street: 'Old Town Square', kind: 'apartments', what: 'Self-catering apartments with a kitchen and a washing machine' },
    seaside
      ? { prefix: 'Seaside Villas', stars: 5, rating: 9.3, street: 'Shore Lane', kind: 'villas', what: 'Private villas with a garden and a pool, a short walk from the beach' }
      : { prefix: 'Hillside Cottages', stars: 4, rating: 9.0, street: 'Orchard Lane', kind: 'cottages', what: 'Quiet cottages with a garden and a wood stove' },
  ];
  return styles.map((style, index) => {
    const offset = ((h >>> (index * 5)) % 23) / 1000 - 0.011;
    return {
      slug: `${destination.slug}-${style.prefix.toLowerCase().replace(/\s+/g, '-')}`,
      destination_slug: destination.slug,
      name: `${style.prefix} ${destination.name}`,
      stars: style.stars,
      guest_rating: style.rating.toFixed(1),
      address: `${3 + ((h >>> index) % 90)} ${style.street}, ${destination.name}`,
      latitude: (Number(destination.latitude) - offset).toFixed(6),
      longitude: (Number(destination.longitude) + offset).toFixed(6),
      image_path: destination.image_path,
      description: `${style.what} in ${destination.name}. The whole home is yours, with free Wi-Fi and linen included.`,
      supplier_code: 'OWN',
      property_type: 'holiday_home' as const,
      unitTypes: unitTemplates[style.kind].map((unit) => ({
        code: unit.code,
        name: unit.name,
        max_guests: unit.maxGuests,
        units: unit.units,
        net_nightly_usd_minor: Math.round((destination.from_price_usd_minor * unit.factor) / 100) * 100,
        tax_rate_bp: 1_000 + (h % 4) * 100,
        b2c_markup_bp: 1_800,
        b2b_markup_bp: 900,
        strike_pct: index === 0 ? 10 + (h % 3) * 5 : 0,
        // The biggest homes take no late cancellations.
        refundable: unit.maxGuests < 6,
      })),
    };
  });
}

/** Writes what is missing of the holiday homes and their units in three statements (idempotent). */
export async function seedHolidayHomes(db: Database, destinations: readonly (SeedDestination & { kind: string | null })[]) {
  const catalog = destinations.flatMap((d) => holidayHomeCatalogFor(d));
  const homes = await db
    .insertInto('hotels')
    .values(catalog.map(({ unitTypes: _unitTypes, ...row }) => row))
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        stars: eb.ref('excluded.stars'),
        guest_rating: eb.ref('excluded.guest_rating'),
        address: eb.ref('excluded.address'),
        latitude: eb.ref('excluded.latitude'),
        longitude: eb.ref('excluded.longitude'),
        image_path: eb.ref('excluded.image_path'),
        description: eb.ref('excluded.description'),
        property_type: eb.ref('excluded.property_type'),
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const idOf = new Map(homes.map((home) => [home.slug, home.id]));
  const unitRows = catalog.flatMap((home) => home.unitTypes.map(({ units, ...unit }) => ({ row: { ...unit, hotel_id: idOf.get(home.slug)! }, units })));
  const types = await db
    .insertInto('hotel_room_types')
    .values(unitRows.map((u) => u.row))
    .onConflict((oc) =>
      oc.columns(['hotel_id', 'code']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        max_guests: eb.ref('excluded.max_guests'),
        net_nightly_usd_minor: eb.ref('excluded.net_nightly_usd_minor'),
        tax_rate_bp: eb.ref('excluded.tax_rate_bp'),
        b2c_markup_bp: eb.ref('excluded.b2c_markup_bp'),
        b2b_markup_bp: eb.ref('excluded.b2b_markup_bp'),
        strike_pct: eb.ref('excluded.strike_pct'),
        refundable: eb.ref('excluded.refundable'),
      })),
    )
    .returning(['id', 'hotel_id', 'code'])
    .execute();
  const typeId = new Map(types.map((t) => [`${t.hotel_id}:${t.code}`, t.id]));
  await db
    .insertInto('inventory_units')
    .values(
      unitRows.flatMap(({ row, units }) =>
        Array.from({ length: units }, (_, i) => ({ product: 'HLT', supplier_code: 'OWN', item_ref: hotelRoomItemRef(typeId.get(`${row.hotel_id}:${row.code}`)!), unit_label: `Home ${i + 1}` })),
      ),
    )
    .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
    .execute();
}
