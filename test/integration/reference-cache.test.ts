import { describe, expect, it } from 'vitest';
import resolveFeaturedDestinations from '~/blocks/home.featuredDestinations/data.server';
import { computeRoomPrice } from '~/domain/room-price';
import { getOrgById } from '~/services/config/config.server';
import { getDb } from '~/services/platform/db.server';
import { createHold } from '~/services/booking/holds.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import { clearReferenceCache } from '~/services/catalog/reference-cache.server';
import { hotelRoomItemRef } from '~/services/seed/seed-catalog.server';
import { useSeededDatabase } from '../support/databases';
import { pageRequests } from '../support/page-requests';
import { inDays } from '../support/dates';

const { loadHotelDetails } = pageRequests;

/**
 * Catalogue reads are cached for every visitor (reference-cache.server.ts): what each
 * organisation, language, currency and price view shows must still be its own, and live
 * availability must never come from the cache.
 */
const checkin = inDays(40);
const checkout = inDays(43);
const detailsRequest = (host: string) =>
  new Request(`http://${host}/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${checkout}&rooms=1&guests=2`, {
    headers: { host },
  });
const featured = { id: 'featured', type: 'home.featuredDestinations', props: { limit: 4 } } as const;

describe('cached catalogue reads', () => {
  const database = useSeededDatabase('pglite');

  it('gives each organisation its own currency and language on top of the shared destinations', async () => {
    clearReferenceCache();
    const contextOf = (orgId: string, language: 'en-US' | 'es-MX', currency: 'USD' | 'MXN') => ({
      request: new Request('http://localhost/'),
      org: getOrgById(orgId)!,
      user: null,
      locale: { language, currency },
      pathname: '/',
      query: new URLSearchParams(),
      cookie: () => undefined,
      leadDays: 1,
    });
    const rows = await database.db.selectFrom('destinations').select(['slug', 'from_price_usd_minor']).orderBy('from_price_usd_minor').orderBy('name').limit(4).execute();
    const rates = await getRateTable();
    const expected = (language: string, currency: string) =>
      rows.map((r) => ({ slug: r.slug, fromPrice: toDisplayPrice({ amountMinor: r.from_price_usd_minor, currency: 'USD' }, currency, language, rates) }));
    // Alternate, so each call after the first is answered from the cache.
    for (let round = 0; round < 2; round++) {
      const english = await resolveFeaturedDestinations(featured, contextOf('wanderly', 'en-US', 'USD'));
      const spanish = await resolveFeaturedDestinations(featured, contextOf('viajamas', 'es-MX', 'MXN'));
      expect(english.destinations.map(({ slug, fromPrice }) => ({ slug, fromPrice }))).toEqual(expected('en-US', 'USD'));
      expect(spanish.destinations.map(({ slug, fromPrice }) => ({ slug, fromPrice }))).toEqual(expected('es-MX', 'MXN'));
      expect(spanish.destinations[0]!.fromPrice.currency).toBe('MXN');
    }
  });

  it("prices a cached hotel for each organisation's price view and currency", async () => {
    clearReferenceCache();
    const roomTypes = await database.db
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .selectAll('r')
      .where('h.slug', '=', 'cancun-harbour-view')
      .orderBy('r.net_nightly_usd_minor')
      .execute();
    const standard = roomTypes[0]!;
    const inclusive = (priceType: 'B2B' | 'B2C') =>
      computeRoomPrice({
        netNightlyMinor: standard.net_nightly_usd_minor,
        nights: 3,
        rooms: 1,
        taxRateBp: standard.tax_rate_bp,
        markupBp: priceType === 'B2B' ? standard.b2b_markup_bp : standard.b2c_markup_bp,
        strikePct: standard.strike_pct,
        priceType,
        supplierCode: 'OWN',
        currency: 'USD',
      }).inclusive;
    const rates = await getRateTable();
    for (let round = 0; round < 2; round++) {
      const consumer = await loadHotelDetails(detailsRequest('wanderly.localhost'));
      const business = await loadHotelDetails(detailsRequest('voyagerpro.localhost'));
      const mexican = await loadHotelDetails(detailsRequest('viajamas.localhost'));
      expect(consumer.hotel.rooms.map((r) => r.roomTypeId)).toEqual(roomTypes.map((r) => r.id));
      expect(consumer.hotel.rooms[0]!.price.total).toMatchObject({ amountMinor: inclusive('B2C'), currency: 'USD' });
      expect(business.hotel.rooms[0]!.price).toMatchObject({ priceType: 'B2B', total: { amountMinor: inclusive('B2B'), currency: 'USD' } });
      expect(mexican.hotel.rooms[0]!.price.total).toEqual(toDisplayPrice({ amountMinor: inclusive('B2C'), currency: 'USD' }, 'MXN', 'es-MX', rates));
    }
  });

  it('counts availability live while the hotel itself comes from the cache', async () => {
    clearReferenceCache();
    const before = await loadHotelDetails(detailsRequest('wanderly.localhost'));
    const room = before.hotel.rooms[0]!;
    const held = await createHold({
      orgId: 'wanderly',
      userId: null,
      product: 'HLT',
      itemRef: hotelRoomItemRef(room.roomTypeId),
      startsAt: new Date(`${checkin}T00:00:00Z`),
      endsAt: new Date(`${checkout}T00:00:00Z`),
      quantity: 1,
      ttlMinutes: 15,
    });
    expect(held.kind).toBe('held');
    const after = await loadHotelDetails(detailsRequest('voyagerpro.localhost'));
    expect(after.hotel.rooms[0]!.available).toBe(room.available - 1);
  });

  it('reads catalogue changes once the cache is cleared (as seeding and installing a database do)', async () => {
    clearReferenceCache();
    expect((await loadHotelDetails(detailsRequest('wanderly.localhost'))).hotel.name).toBe('Harbour View Cancún');
    await getDb().updateTable('hotels').set({ name: 'Harbour View Cancún (renamed)' }).where('slug', '=', 'cancun-harbour-view').execute();
    expect((await loadHotelDetails(detailsRequest('wanderly.localhost'))).hotel.name).toBe('Harbour View Cancún');
    clearReferenceCache();
    expect((await loadHotelDetails(detailsRequest('wanderly.localhost'))).hotel.name).toBe('Harbour View Cancún (renamed)');
  });
});
