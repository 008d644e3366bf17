import { describe, expect, it } from 'vitest';
import type { CarSearch } from '~/domain/car-rental';
import { carOfferItemRef } from '~/services/seed/seed-cars.server';
import { builtInCarSupplier as cars, carLocations, resolveRentalLocations } from '~/services/suppliers/cars.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { type Backend, useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const backends: Backend[] = ['pglite', 'postgres'];
const consumer: SupplierContext = { orgId: 'wanderly', userId: null, priceType: 'B2C' };
const business: SupplierContext = { orgId: 'voyagerpro', userId: null, priceType: 'B2B' };

const search = (extra: Partial<CarSearch> = {}): CarSearch => ({
  pickupCode: 'CUNA',
  dropoffCode: 'CUNA',
  sameDropoff: true,
  pickupDate: inDays(30),
  pickupTime: '10:00',
  dropoffDate: inDays(33),
  dropoffTime: '12:00',
  driverAge: 35,
  ...extra,
});

describe.each(backends)('built-in car supplier on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('seeds an airport desk and a downtown office per destination, 2–5 cars per offer', async (ctx) => {
    if (database.skip) return ctx.skip();
    const locations = await carLocations();
    expect(locations.filter((l) => l.city === 'Cancún').map((l) => [l.code, l.name])).toEqual([
      ['CUNA', 'Cancún Airport (CUN)'],
      ['CUNC', 'Cancún Downtown'],
    ]);
    const fleets = await database.db
      .selectFrom('inventory_units')
      .select((eb) => ['item_ref', eb.fn.countAll<string | number>().as('cars')])
      .where('product', '=', 'CAR')
      .groupBy('item_ref')
      .execute();
    expect(fleets.length).toBe(locations.length * 6);
    for (const fleet of fleets) expect(Number(fleet.cars)).toBeGreaterThanOrEqual(2);
    for (const fleet of fleets) expect(Number(fleet.cars)).toBeLessThanOrEqual(5);
  });

  it('finds the offers of a desk with the spec fields, priced by the day (started 24 hours count)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const offers = await cars.search(search(), consumer);
    expect(offers.map((o) => o.carfamily).sort()).toEqual(['Compact', 'Economy', 'Economy', 'Luxury', 'SUV', 'Van']);
    for (const offer of offers) {
      // 3 days and 2 hours: 4 rental days.
      expect(offer.fare_summary).toMatchObject({ days: 4, price_type: 'B2C', currency: 'USD', one_way_fee: 0, young_driver_fee: 0 });
      expect(offer.fare_summary.total).toBe(offer.fare_summary.base + offer.fare_summary.tax);
      expect(offer.available).toBeGreaterThanOrEqual(2);
      expect(offer.request).toMatchObject({ pickup_code: 'CUNA', dropoff_code: 'CUNA', pickup_city: 'Cancún', pickup_country: 'Mexico', currency: 'USD' });
      expect(offer.is_transport).toBe(false);
    }
    const luxury = offers.find((o) => o.carfamily === 'Luxury')!;
    expect(luxury).toMatchObject({ noPax: 5, is_ac: true, mileage: null, freecancellation: true, payment: 'postpaid', guarantee_needed: true });
    expect(luxury.fare_summary.pay_at_desk).toBe(luxury.fare_summary.total);
    expect(await cars.search(search({ pickupCode: 'XXXA', dropoffCode: 'XXXA' }), consumer)).toEqual([]);
    expect(await cars.search(search({ dropoffDate: inDays(29) }), consumer)).toEqual([]);
  });

  it('allows a drop-off at the other desk of the city (one-way fee), not in another city', async (ctx) => {
    if (database.skip) return ctx.skip();
    expect((await resolveRentalLocations('CUNA', 'CUNC')).kind).toBe('ok');
    expect((await resolveRentalLocations('CUNA', 'JFKA')).kind).toBe('other_city');
    expect((await resolveRentalLocations('CUNA', 'NOPE')).kind).toBe('unknown_dropoff');
    const [oneWay] = await cars.search(search({ dropoffCode: 'CUNC', sameDropoff: false }), consumer);
    expect(oneWay!.fare_summary.one_way_fee).toBeGreaterThan(0);
    expect(oneWay!.dropoff.name).toBe('Cancún Downtown');
    expect(await cars.search(search({ dropoffCode: 'JFKA', sameDropoff: false }), consumer)).toEqual([]);
  });

  it('gives agents and business brands the lower B2B price, and young drivers a fee', async (ctx) => {
    if (database.skip) return ctx.skip();
    // A car with our markup (the Fiat 500 is sold at the supplier's commissionable rate).
    const b2c = (await cars.search(search(), consumer)).find((offer) => offer.fare_summary.markup > 0);
    const b2b = (await cars.search(search(), business)).find((offer) => offer.uid === b2c?.uid);
    expect(b2b!.uid).toBe(b2c!.uid);
    expect(b2b!.fare_summary.price_type).toBe('B2B');
    expect(b2b!.fare_summary.total).toBeLessThan(b2c!.fare_summary.total);
    const [young] = await cars.search(search({ driverAge: 22 }), consumer);
    expect(young!.fare_summary.young_driver_fee).toBeGreaterThan(0);
  });

  it('holds cars until the last one is gone, then answers sold out; release gives it back', async (ctx) => {
    if (database.skip) return ctx.skip();
    const rental = search({ pickupCode: 'LHRC', dropoffCode: 'LHRC', pickupDate: inDays(80), dropoffDate: inDays(82) });
    const luxury = (await cars.search(rental, consumer)).find((o) => o.carfamily === 'Luxury')!;
    expect(luxury.available).toBe(2);
    const selection = { ...rental, offerId: luxury.id };
    const first = await cars.hold(selection, { ...consumer, ttlMinutes: 15 });
    const second = await cars.hold(selection, { ...consumer, ttlMinutes: 15 });
    expect([first.kind, second.kind]).toEqual(['held', 'held']);
    if (first.kind !== 'held') throw new Error('expected a hold');
    expect(first.hold.itemRef).toBe(carOfferItemRef(luxury.id));
    expect((await cars.price(selection, consumer))!.available).toBe(0);
    expect(await cars.hold(selection, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'sold_out', available: 0 });
    // Another rental period of the same cars is not affected: units do not multiply by date.
    expect((await cars.price({ ...selection, pickupDate: inDays(90), dropoffDate: inDays(91) }, consumer))!.available).toBe(2);
    expect(await cars.release(first.hold.token)).toBe(true);
    expect((await cars.price(selection, consumer))!.available).toBe(1);
  });

  it('answers not found for an unknown offer or one from another desk', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [other] = await cars.search(search({ pickupCode: 'JFKA', dropoffCode: 'JFKA' }), consumer);
    expect(await cars.hold({ ...search(), offerId: other!.id }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'not_found' });
    expect(await cars.hold({ ...search(), offerId: 999_999 }, { ...consumer, ttlMinutes: 15 })).toEqual({ kind: 'not_found' });
    expect(await cars.details('abc', search(), consumer)).toBeNull();
    expect(await cars.details(String(other!.id), search(), consumer)).toBeNull();
  });
});
