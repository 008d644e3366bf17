import { type HotelStyle, type PropertyStyle, newHotelsFor, propertyContentFor } from '~/domain/property-catalog';
import { hash } from '~/domain/stable-hash';
import type { Database } from '../platform/db.server';

/**
 * The built-in supplier's hotels: eight per destination (the three it always had, with their
 * slugs, rooms and prices unchanged, and five added by issue 15), two or three room types each,
 * and one inventory unit per physical room. Deterministic (derived from the destination slug),
 * so a re-seed gives the same catalog and tests can name what they expect.
 */
type SeedDestination = { slug: string; name: string; kind: string | null; latitude: string; longitude: string; image_path: string; from_price_usd_minor: number };

const hotelStyles = [
  { style: 'grand', prefix: 'Grand Plaza', stars: 5, priceFactor: 2.2, street: 'Avenue of the Sun', rating: 9.1 },
  { style: 'harbour', prefix: 'Harbour View', stars: 4, priceFactor: 1.4, street: 'Harbour Road', rating: 8.4 },
  { style: 'central', prefix: 'Casa Central', stars: 3, priceFactor: 1.0, street: 'Market Street', rating: 7.9 },
] as const;

type RoomTemplate = { code: string; name: string; maxGuests: number; rooms: number; factor: number; refundable: boolean };

export const roomTypeTemplates: readonly RoomTemplate[] = [
  { code: 'STD', name: 'Standard room', maxGuests: 2, rooms: 6, factor: 1, refundable: true },
  { code: 'DLX', name: 'Deluxe room', maxGuests: 3, rooms: 4, factor: 1.45, refundable: true },
  { code: 'STE', name: 'Suite', maxGuests: 4, rooms: 2, factor: 2.3, refundable: false },
];

/** The added hotels' rooms and prices (a factor of the destination's price); the budget rooms take no cancellations. */
const newHotelRooms: Record<Exclude<HotelStyle, 'grand' | 'harbour' | 'central'>, { priceFactor: number; rooms: readonly RoomTemplate[] }> = {
  luxury: { priceFactor: 2.8, rooms: roomTypeTemplates },
  boutique: {
    priceFactor: 1.7,
    rooms: [
      { code: 'STD', name: 'Standard room', maxGuests: 2, rooms: 5, factor: 1, refundable: true },
      { code: 'DLX', name: 'Deluxe room', maxGuests: 3, rooms: 3, factor: 1.4, refundable: true },
    ],
  },
  business: { priceFactor: 1.3, rooms: roomTypeTemplates },
  inn: {
    priceFactor: 0.85,
    rooms: [
      { code: 'DBL', name: 'Double room', maxGuests: 2, rooms: 5, factor: 1, refundable: true },
      { code: 'FAM', name: 'Family room', maxGuests: 4, rooms: 2, factor: 1.6, refundable: true },
    ],
  },
  budget: {
    priceFactor: 0.6,
    rooms: [
      { code: 'DBL', name: 'Double room', maxGuests: 2, rooms: 8, factor: 1, refundable: false },
      { code: 'TWN', name: 'Twin room', maxGuests: 2, rooms: 6, factor: 1, refundable: false },
      { code: 'FAM', name: 'Family room', maxGuests: 4, rooms: 3, factor: 1.5, refundable: false },
    ],
  },
};

/** A property's row besides its rooms, with its content as the JSON the columns take. */
function propertyRow(
  destination: SeedDestination,
  property: { slug: string; name: string; style: PropertyStyle; stars: number; guest_rating: string; address: string; latitude: string; longitude: string },
) {
  const content = propertyContentFor(property, destination);
  const { style: _style, ...row } = property;
  return {
    ...row,
    destination_slug: destination.slug,
    image_path: destination.image_path,
    description: content.descriptions['en-US'],
    supplier_code: 'OWN',
    descriptions: JSON.stringify(content.descriptions),
    amenities: JSON.stringify(content.amenities),
    policies: JSON.stringify(content.policies),
    checkin_instructions: JSON.stringify(content.checkInInstructions),
    images: JSON.stringify(content.images),
  };
}

/** What a physical unit is called: hotel rooms are numbered from 101, homes from 1. */
const roomNumber = (i: number) => `${101 + i}`;
const homeNumber = (i: number) => `Home ${i + 1}`;

export function hotelCatalogFor(destination: SeedDestination) {
  const h = hash(destination.slug);
  const priced = (room: RoomTemplate, priceFactor: number, strikePct: number) => ({
    code: room.code,
    name: room.name,
    max_guests: room.maxGuests,
    units: room.rooms,
    net_nightly_usd_minor: Math.round((destination.from_price_usd_minor * priceFactor * room.factor) / 100) * 100,
    tax_rate_bp: 1_200 + (h % 5) * 100,
    b2c_markup_bp: 1_800,
    b2b_markup_bp: 900,
    strike_pct: strikePct,
    refundable: room.refundable,
  });
  const original = hotelStyles.map((style, index) => {
    const offset = ((h >>> (index * 4)) % 17) / 1000 - 0.008;
    return {
      ...propertyRow(destination, {
        slug: `${destination.slug}-${style.prefix.toLowerCase().replace(/\s+/g, '-')}`,
        name: `${style.prefix} ${destination.name}`,
        style: style.style,
        stars: style.stars,
        guest_rating: style.rating.toFixed(1),
        address: `${10 + ((h >>> index) % 180)} ${style.street}, ${destination.name}`,
        latitude: (Number(destination.latitude) + offset).toFixed(6),
        longitude: (Number(destination.longitude) - offset).toFixed(6),
      }),
      property_type: 'hotel' as const,
      unitLabel: roomNumber,
      roomTypes: roomTypeTemplates.map((room) => priced(room, style.priceFactor, index === 0 ? 0 : 10 + (h % 3) * 5)),
    };
  });
  const added = newHotelsFor(destination).map((hotel, index) => {
    const { priceFactor, rooms } = newHotelRooms[hotel.style as keyof typeof newHotelRooms];
    return {
      ...propertyRow(destination, {
        slug: hotel.slug,
        name: hotel.name,
        style: hotel.style,
        stars: hotel.stars,
        guest_rating: hotel.guestRating,
        address: hotel.address,
        latitude: hotel.latitude,
        longitude: hotel.longitude,
      }),
      property_type: 'hotel' as const,
      unitLabel: roomNumber,
      roomTypes: rooms.map((room) => priced(room, priceFactor, (h >>> index) % 2 === 0 ? 0 : 10 + ((h >>> (index + 2)) % 3) * 5)),
    };
  });
  return [...original, ...added];
}

type CatalogEntry = ReturnType<typeof hotelCatalogFor>[number] | ReturnType<typeof holidayHomeCatalogFor>[number];

/**
 * Writes what is missing of properties, their room types and units in three statements
 * (idempotent); a property's row and its room types' prices are brought up to date.
 */
async function writeProperties(db: Database, catalog: readonly CatalogEntry[]) {
  const saved = await db
    .insertInto('hotels')
    .values(catalog.map(({ roomTypes: _rooms, unitLabel: _label, ...row }) => row))
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
        descriptions: eb.ref('excluded.descriptions'),
        amenities: eb.ref('excluded.amenities'),
        policies: eb.ref('excluded.policies'),
        checkin_instructions: eb.ref('excluded.checkin_instructions'),
        images: eb.ref('excluded.images'),
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const idOf = new Map(saved.map((property) => [property.slug, property.id]));
  const typeRows = catalog.flatMap((property) =>
    property.roomTypes.map(({ units, ...room }) => ({ row: { ...room, hotel_id: idOf.get(property.slug)! }, units, unitLabel: property.unitLabel })),
  );
  const types = await db
    .insertInto('hotel_room_types')
    .values(typeRows.map((t) => t.row))
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
      typeRows.flatMap(({ row, units, unitLabel }) =>
        Array.from({ length: units }, (_, i) => ({
          product: 'HLT',
          supplier_code: 'OWN',
          item_ref: hotelRoomItemRef(typeId.get(`${row.hotel_id}:${row.code}`)!),
          unit_label: unitLabel(i),
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['product', 'item_ref', 'unit_label']).doNothing())
    .execute();
}

/** Writes what is missing of the hotel catalog and its room units (idempotent). */
export async function seedHotels(db: Database, destinations: readonly SeedDestination[]) {
  await writeProperties(
    db,
    destinations.flatMap((d) => hotelCatalogFor(d)),
  );
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

export function holidayHomeCatalogFor(destination: SeedDestination) {
  const h = hash(`${destination.slug}:homes`);
  const seaside = destination.kind === 'beach' || destination.kind === 'island';
  const styles: { prefix: string; stars: number; rating: number; street: string; kind: keyof typeof unitTemplates }[] = [
    { prefix: 'Old Town Apartments', stars: 4, rating: 8.8, street: 'Old Town Square', kind: 'apartments' },
    seaside
      ? { prefix: 'Seaside Villas', stars: 5, rating: 9.3, street: 'Shore Lane', kind: 'villas' }
      : { prefix: 'Hillside Cottages', stars: 4, rating: 9.0, street: 'Orchard Lane', kind: 'cottages' },
  ];
  return styles.map((style, index) => {
    const offset = ((h >>> (index * 5)) % 23) / 1000 - 0.011;
    return {
      ...propertyRow(destination, {
        slug: `${destination.slug}-${style.prefix.toLowerCase().replace(/\s+/g, '-')}`,
        name: `${style.prefix} ${destination.name}`,
        style: style.kind,
        stars: style.stars,
        guest_rating: style.rating.toFixed(1),
        address: `${3 + ((h >>> index) % 90)} ${style.street}, ${destination.name}`,
        latitude: (Number(destination.latitude) - offset).toFixed(6),
        longitude: (Number(destination.longitude) + offset).toFixed(6),
      }),
      property_type: 'holiday_home' as const,
      unitLabel: homeNumber,
      roomTypes: unitTemplates[style.kind].map((unit) => ({
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
export async function seedHolidayHomes(db: Database, destinations: readonly SeedDestination[]) {
  await writeProperties(
    db,
    destinations.flatMap((d) => holidayHomeCatalogFor(d)),
  );
}
