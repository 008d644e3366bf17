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
