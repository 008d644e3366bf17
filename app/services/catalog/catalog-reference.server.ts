import type { Selectable } from 'kysely';
import type { PropertyType } from '~/domain/hotel-flow';
import type { HotelRoomTypesTable, HotelsTable } from '../platform/db-schema';
import { getDb } from '../platform/db.server';
import { cachedReference } from './reference-cache.server';

/** Every destination, by name: what the home blocks and the search forms list. Same for every visitor. */
export function destinationCatalog() {
  return cachedReference('destinations', () =>
    getDb().selectFrom('destinations').select(['slug', 'name', 'country_name', 'latitude', 'longitude', 'image_path', 'from_price_usd_minor', 'kind']).orderBy('name').execute(),
  );
}

/** Destinations to choose from in a search form. */
export async function destinationChoices() {
  return (await destinationCatalog()).map(({ slug, name, country_name }) => ({ slug, name, country_name }));
}

/**
 * A hotel and its room types (cheapest first) as stored: no price view, no availability, so
 * the same for every organisation and visitor. Null when no hotel has that slug.
 */
export function hotelCatalogEntry(slug: string): Promise<{ hotel: Selectable<HotelsTable>; roomTypes: Selectable<HotelRoomTypesTable>[] } | null> {
  return cachedReference(`hotel:${slug}`, async () => {
    const hotel = await getDb().selectFrom('hotels').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!hotel) return null;
    const roomTypes = await getDb().selectFrom('hotel_room_types').selectAll().where('hotel_id', '=', hotel.id).orderBy('net_nightly_usd_minor').execute();
    return { hotel, roomTypes };
  });
}

/** Where a destination's properties of one type are, for the details page's map of what is near. */
export function destinationProperties(destinationSlug: string, propertyType: PropertyType) {
  return cachedReference(`properties:${destinationSlug}:${propertyType}`, () =>
    getDb()
      .selectFrom('hotels')
      .select(['slug', 'name', 'latitude', 'longitude'])
      .where('destination_slug', '=', destinationSlug)
      .where('property_type', '=', propertyType)
      .orderBy('id')
      .execute(),
  );
}

const hotelSummaryColumns = ['id', 'slug', 'name', 'stars', 'guest_rating', 'address', 'latitude', 'longitude', 'image_path', 'images', 'supplier_code'] as const;
export type HotelSummaryRow = Pick<Selectable<HotelsTable>, (typeof hotelSummaryColumns)[number]>;

/**
 * A destination's properties of one type (most stars first) and all their room types (cheapest
 * first), as stored: what a results page prices. Same for every organisation and visitor.
 */
export function destinationHotels(destinationSlug: string, propertyType: PropertyType): Promise<{ hotels: HotelSummaryRow[]; roomTypes: Selectable<HotelRoomTypesTable>[] }> {
  return cachedReference(`hotels:${destinationSlug}:${propertyType}`, async () => {
    const hotels = await getDb()
      .selectFrom('hotels')
      .select(hotelSummaryColumns)
      .where('destination_slug', '=', destinationSlug)
      .where('property_type', '=', propertyType)
      .orderBy('stars', 'desc')
      .orderBy('id')
      .execute();
    if (hotels.length === 0) return { hotels, roomTypes: [] };
    const roomTypes = await getDb()
      .selectFrom('hotel_room_types')
      .selectAll()
      .where(
        'hotel_id',
        'in',
        hotels.map((h) => h.id),
      )
      .orderBy('net_nightly_usd_minor')
      .execute();
    return { hotels, roomTypes };
  });
}
