import type { PropertyType } from '~/domain/hotel-flow';
import { type PropertyContent, propertyContentOf, propertyImageUrl, propertyImagesOf } from '~/domain/property-content';
import { computeRoomPrice, roomMarkupBp, type RoomPrice } from '~/domain/room-price';
import { getDb } from '../platform/db.server';
import { type HotelSummaryRow, destinationHotels, hotelCatalogEntry } from '../catalog/catalog-reference.server';
import { convertHoldToBooking, countAvailableUnitsByItem, createHold } from '../booking/holds.server';
import { releaseHold } from '../booking/hold-release.server';
import { hotelRoomItemRef } from '../seed/seed-catalog.server';
import type { ProductSupplier, SupplierContext } from './port';

export type HotelQuery = {
  /** Hotels and holiday homes are searched, shown and held apart (the /holidaystays flow). */
  propertyType: PropertyType;
  destination: string;
  /** YYYY-MM-DD; the stay is half-open: check-out day is not a night. */
  checkin: string;
  checkout: string;
  rooms: number;
  guestsPerRoom: number;
};

export type RoomOffer = {
  roomTypeId: number;
  code: string;
  name: string;
  maxGuests: number;
  refundable: boolean;
  available: number;
  price: RoomPrice;
};

export type HotelOffer = {
  hotelId: number;
  slug: string;
  name: string;
  stars: number;
  guestRating: number;
  address: string;
  latitude: number;
  longitude: number;
  /** The first of its pictures (the destination's when it has none). */
  image: string;
  /** The cheapest room type that fits the party and has enough rooms free. */
  cheapest: RoomOffer | null;
};

export type HotelDetails = Omit<HotelOffer, 'cheapest'> & {
  description: string;
  destination: string;
  /** Descriptions, amenities, policies, check-in instructions and pictures; null when the supplier gave none. */
  content: PropertyContent | null;
  rooms: RoomOffer[];
};

export type HotelSelection = HotelQuery & { roomTypeId: number };

const DAY_MS = 86_400_000;

/** The nights of a query, or null when the dates are not a real stay. */
export function stayRange(query: Pick<HotelQuery, 'checkin' | 'checkout'>): { startsAt: Date; endsAt: Date; nights: number } | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(query.checkin) || !pattern.test(query.checkout)) return null;
  const startsAt = new Date(`${query.checkin}T00:00:00Z`);
  const endsAt = new Date(`${query.checkout}T00:00:00Z`);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return null;
  if (startsAt.toISOString().slice(0, 10) !== query.checkin || endsAt.toISOString().slice(0, 10) !== query.checkout) return null;
  const nights = Math.round((endsAt.getTime() - startsAt.getTime()) / DAY_MS);
  return nights >= 1 && nights <= 30 ? { startsAt, endsAt, nights } : null;
}

type RoomTypeRow = {
  id: number;
  code: string;
  name: string;
  max_guests: number;
  net_nightly_usd_minor: number;
  tax_rate_bp: number;
  b2c_markup_bp: number;
  b2b_markup_bp: number;
  strike_pct: number;
  refundable: boolean;
  hotel_id: number;
};

/** Free rooms of each room type over the stay, in one query; types with none free are missing. */
function availableRooms(rows: readonly RoomTypeRow[], stay: { startsAt: Date; endsAt: Date }): Promise<ReadonlyMap<string, number>> {
  return countAvailableUnitsByItem({ products: ['HLT'], itemRefs: rows.map((r) => hotelRoomItemRef(r.id)), startsAt: stay.startsAt, endsAt: stay.endsAt });
}

/** Every room type of `rows` priced for the query (none when the dates are not a real stay). */
async function roomOffers(rows: readonly RoomTypeRow[], query: HotelQuery, context: SupplierContext, supplierCodeOf: (row: RoomTypeRow) => string): Promise<RoomOffer[]> {
  const stay = stayRange(query);
  if (!stay || rows.length === 0) return [];
  const available = await availableRooms(rows, stay);
  return rows.map((row) => ({
    roomTypeId: row.id,
    code: row.code,
    name: row.name,
    maxGuests: row.max_guests,
    refundable: row.refundable,
    available: available.get(hotelRoomItemRef(row.id)) ?? 0,
    price: computeRoomPrice({
      netNightlyMinor: row.net_nightly_usd_minor,
      nights: stay.nights,
      rooms: query.rooms,
      taxRateBp: row.tax_rate_bp,
      markupBp: roomMarkupBp(context.priceType, { b2bBp: row.b2b_markup_bp, b2cBp: row.b2c_markup_bp }),
      strikePct: row.strike_pct,
      priceType: context.priceType,
      supplierCode: supplierCodeOf(row),
      currency: 'USD',
    }),
  }));
}

const fits = (room: RoomOffer, query: HotelQuery) => room.maxGuests >= query.guestsPerRoom && room.available >= query.rooms;

/** The columns a search lists: the content (descriptions, policies) stays for the details page. */
function hotelSummary(hotel: HotelSummaryRow): Omit<HotelOffer, 'cheapest'> {
  const [first] = propertyImagesOf(hotel.images);
  return {
    hotelId: hotel.id,
    slug: hotel.slug,
    name: hotel.name,
    stars: hotel.stars,
    guestRating: Number(hotel.guest_rating),
    address: hotel.address,
    latitude: Number(hotel.latitude),
    longitude: Number(hotel.longitude),
    image: first ? propertyImageUrl(hotel.slug, first) : hotel.image_path,
  };
}

/** The built-in hotel supplier: hotels and rooms stored in our database. */
export const builtInHotelSupplier: ProductSupplier<HotelQuery, HotelOffer, HotelDetails, HotelSelection, RoomOffer> = {
  product: 'HLT',

  async search(query, context) {
    if (!stayRange(query)) return [];
    // The properties and room types are catalogue data; availability is counted live.
    const { hotels, roomTypes: rows } = await destinationHotels(query.destination, query.propertyType);
    if (hotels.length === 0) return [];
    const supplierCodes = new Map(hotels.map((h) => [h.id, h.supplier_code]));
    const offers = await roomOffers(rows, query, context, (row) => supplierCodes.get(row.hotel_id)!);
    return hotels.map((hotel) => {
      const cheapest = offers.filter((o, i) => rows[i]!.hotel_id === hotel.id && fits(o, query)).sort((a, b) => a.price.inclusive - b.price.inclusive)[0] ?? null;
      return { ...hotelSummary(hotel), cheapest };
    });
  },

  async details(slug, query, context) {
    // The hotel and its room types are catalogue data; availability is counted live.
    // The entry is cached by slug (one row whatever the flow); the other flow's property is not found.
    const entry = await hotelCatalogEntry(slug);
    if (!entry || entry.hotel.property_type !== query.propertyType) return null;
    const { hotel, roomTypes } = entry;
    const rooms = await roomOffers(roomTypes, query, context, () => hotel.supplier_code);
    return {
      ...hotelSummary(hotel),
      description: hotel.description,
      destination: hotel.destination_slug,
      content: propertyContentOf(hotel),
      rooms,
    };
  },

  async price(selection, context) {
    const row = await getDb()
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .selectAll('r')
      .select('h.supplier_code')
      .where('r.id', '=', selection.roomTypeId)
      .where('h.property_type', '=', selection.propertyType)
      .executeTakeFirst();
    if (!row) return null;
    return (await roomOffers([row], selection, context, () => row.supplier_code))[0] ?? null;
  },

  async hold(selection, options) {
    const stay = stayRange(selection);
    const exists = await getDb()
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .select('r.id')
      .where('r.id', '=', selection.roomTypeId)
      .where('h.property_type', '=', selection.propertyType)
      .executeTakeFirst();
    if (!stay || !exists) return { kind: 'not_found' };
    return createHold({
      orgId: options.orgId,
      userId: options.userId,
      clientIp: options.clientIp,
      product: 'HLT',
      itemRef: hotelRoomItemRef(selection.roomTypeId),
      startsAt: stay.startsAt,
      endsAt: stay.endsAt,
      quantity: selection.rooms,
      ttlMinutes: options.ttlMinutes,
      // The quote: the party and the rate it was priced at; a stay's dates are its own local dates.
      selection: {
        propertyType: selection.propertyType,
        checkin: selection.checkin,
        checkout: selection.checkout,
        rooms: String(selection.rooms),
        guestsPerRoom: String(selection.guestsPerRoom),
        priceType: options.priceType,
        startsOn: selection.checkin,
        endsOn: selection.checkout,
      },
    });
  },

  release: (token) => releaseHold(token),
  confirm: (token) => convertHoldToBooking(token),
};
