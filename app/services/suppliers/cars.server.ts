import type { Selectable } from 'kysely';
import { type CarFamily, type CarPayment, type CarPrice, type CarSearch, carSearchParams, computeCarPrice, rentalRange } from '~/domain/car-rental';
import type { PaymentGatewayId } from '~/domain/payment-options';
import type { CarOffersTable } from '../platform/db-schema';
import { getDb } from '../platform/db.server';
import { convertHoldToBooking, countAvailableUnitsByItem, createHold } from '../booking/holds.server';
import { releaseHold } from '../booking/hold-release.server';
import { carOfferItemRef } from '../seed/seed-cars.server';
import type { ProductSupplier, SupplierContext } from './port';

export type CarLocation = { code: string; name: string; kind: 'airport' | 'downtown'; address: string; city: string; country: string; destination: string };

/**
 * One car offer for a search, with the spec's car trip field names (§3: uid, id, carfamily,
 * baggage, cartype, pickup and dropoff location, fare_summary, is_ac, noPax, mileage,
 * is_transport, freecancellation, and the request), so a trip list can store it as it is.
 */
export type CarOffer = {
  id: number;
  uid: string;
  carfamily: CarFamily;
  cartype: string;
  baggage: number;
  noPax: number;
  doors: number;
  is_ac: boolean;
  transmission: 'automatic' | 'manual';
  /** Kilometres included per day; null for unlimited mileage. */
  mileage: number | null;
  /** A self-drive rental, not a chauffeured transfer. */
  is_transport: false;
  freecancellation: boolean;
  payment: CarPayment;
  guarantee_needed: boolean;
  /** A pricing rule set this offer's rate (car payment mode). */
  pricing_rule: boolean;
  company: string;
  /** The payment provider the car is sold through (car payment mode). */
  payment_provider: PaymentGatewayId;
  image: string;
  pickup: CarLocation;
  dropoff: CarLocation;
  available: number;
  fare_summary: CarPrice;
  request: {
    pickup_code: string;
    dropoff_code: string;
    pickup_date: string;
    pickup_time: string;
    dropoff_date: string;
    dropoff_time: string;
    pickup_city: string;
    dropoff_city: string;
    pickup_country: string;
    dropoff_country: string;
    driver_age: number;
    currency: string;
  };
};

export type CarSelection = CarSearch & { offerId: number };

type Resolved = { kind: 'ok'; pickup: CarLocation & { id: number }; dropoff: CarLocation & { id: number } } | { kind: 'unknown_pickup' | 'unknown_dropoff' | 'other_city' };

/** Every rental desk, for the search form: grouped by city on the page, the airport desk first. */
export function carLocations() {
  return getDb()
    .selectFrom('car_locations as l')
    .innerJoin('destinations as d', 'd.slug', 'l.destination_slug')
    .select(['l.code', 'l.name', 'd.name as city', 'd.country_name as country'])
    .orderBy('d.name')
    .orderBy('l.kind')
    .execute();
}

/** The desks of a search: both must exist, and the drop-off must be in the pickup's city. */
export async function resolveRentalLocations(pickupCode: string, dropoffCode: string): Promise<Resolved> {
  const rows = await getDb()
    .selectFrom('car_locations as l')
    .innerJoin('destinations as d', 'd.slug', 'l.destination_slug')
    .select(['l.id', 'l.code', 'l.name', 'l.kind', 'l.address', 'd.name as city', 'd.country_name as country', 'd.slug as destination'])
    .where('l.code', 'in', [pickupCode, dropoffCode])
    .execute();
  const pickup = rows.find((r) => r.code === pickupCode);
  const dropoff = rows.find((r) => r.code === dropoffCode);
  if (!pickup) return { kind: 'unknown_pickup' };
  if (!dropoff) return { kind: 'unknown_dropoff' };
  if (pickup.destination !== dropoff.destination) return { kind: 'other_city' };
  return { kind: 'ok', pickup, dropoff };
}

const publicLocation = ({ id: _id, ...location }: CarLocation & { id: number }): CarLocation => location;

function toOffer(
  row: Selectable<CarOffersTable> & { company: string; payment_provider: PaymentGatewayId },
  query: CarSearch,
  where: Extract<Resolved, { kind: 'ok' }>,
  available: number,
  context: SupplierContext,
): CarOffer | null {
  const range = rentalRange(query);
  if (!range) return null;
  const oneWay = where.pickup.code !== where.dropoff.code;
  return {
    id: row.id,
    uid: row.code,
    carfamily: row.car_family,
    cartype: row.car_type,
    baggage: row.baggage,
    noPax: row.passengers,
    doors: row.doors,
    is_ac: row.is_ac,
    transmission: row.transmission,
    mileage: row.mileage_km_per_day,
    is_transport: false,
    freecancellation: row.free_cancellation,
    payment: row.payment,
    guarantee_needed: row.guarantee_needed,
    pricing_rule: row.pricing_rule,
    company: row.company,
    payment_provider: row.payment_provider,
    image: row.image_path,
    pickup: publicLocation(where.pickup),
    dropoff: publicLocation(where.dropoff),
    available,
    fare_summary: computeCarPrice(
      { dailyNetMinor: row.daily_net_usd_minor, taxRateBp: row.tax_rate_bp, markupBp: context.priceType === 'B2B' ? row.b2b_markup_bp : row.b2c_markup_bp, payment: row.payment },
      { days: range.days, driverAge: query.driverAge, oneWay },
      context.priceType,
    ),
    request: {
      pickup_code: where.pickup.code,
      dropoff_code: where.dropoff.code,
      pickup_date: query.pickupDate,
      pickup_time: query.pickupTime,
      dropoff_date: query.dropoffDate,
      dropoff_time: query.dropoffTime,
      pickup_city: where.pickup.city,
      dropoff_city: where.dropoff.city,
      pickup_country: where.pickup.country,
      dropoff_country: where.dropoff.country,
      driver_age: query.driverAge,
      currency: 'USD',
    },
  };
}

function offersAt(locationId: number, offerId?: number) {
  let query = getDb()
    .selectFrom('car_offers as o')
    .innerJoin('car_rental_companies as c', 'c.id', 'o.company_id')
    .selectAll('o')
    .select(['c.name as company', 'c.payment_provider'])
    .where('o.location_id', '=', locationId);
  if (offerId !== undefined) query = query.where('o.id', '=', offerId);
  return query.orderBy('o.daily_net_usd_minor').orderBy('o.id').execute();
}

/** The offers of a search (all of them, or one), priced and with the cars free over the rental. */
async function pricedOffers(query: CarSearch, context: SupplierContext, offerId?: number): Promise<CarOffer[]> {
  const range = rentalRange(query);
  if (!range) return [];
  const where = await resolveRentalLocations(query.pickupCode, query.dropoffCode);
  if (where.kind !== 'ok') return [];
  const rows = await offersAt(where.pickup.id, offerId);
  const free = await countAvailableUnitsByItem({ products: ['CAR'], itemRefs: rows.map((r) => carOfferItemRef(r.id)), startsAt: range.startsAt, endsAt: range.endsAt });
  return rows.map((row) => toOffer(row, query, where, free.get(carOfferItemRef(row.id)) ?? 0, context)).filter((o): o is CarOffer => o !== null);
}

/** The built-in car supplier: desks, offers and fleets stored in our database. */
export const builtInCarSupplier: ProductSupplier<CarSearch, CarOffer, CarOffer, CarSelection, CarOffer> = {
  product: 'CAR',

  search: (query, context) => pricedOffers(query, context),

  async details(id, query, context) {
    if (!/^[1-9]\d{0,8}$/.test(id)) return null;
    return (await pricedOffers(query, context, Number(id)))[0] ?? null;
  },

  async price(selection, context) {
    return (await pricedOffers(selection, context, selection.offerId))[0] ?? null;
  },

  async hold(selection, options) {
    const range = rentalRange(selection);
    const where = await resolveRentalLocations(selection.pickupCode, selection.dropoffCode);
    if (!range || where.kind !== 'ok') return { kind: 'not_found' };
    const offer = await getDb().selectFrom('car_offers').select('id').where('id', '=', selection.offerId).where('location_id', '=', where.pickup.id).executeTakeFirst();
    if (!offer) return { kind: 'not_found' };
    return createHold({
      orgId: options.orgId,
      userId: options.userId,
      clientIp: options.clientIp,
      product: 'CAR',
      itemRef: carOfferItemRef(offer.id),
      startsAt: range.startsAt,
      endsAt: range.endsAt,
      quantity: 1,
      ttlMinutes: options.ttlMinutes,
      // The quote: desks, times and the driver's age (one-way and young-driver fees), the rate,
      // and the rental's local dates (pickup and drop-off times are the desks' wall clock).
      selection: {
        ...Object.fromEntries(carSearchParams(selection)),
        car_id: String(offer.id),
        priceType: options.priceType,
        startsOn: selection.pickupDate,
        endsOn: selection.dropoffDate,
      },
    });
  },

  release: (token) => releaseHold(token),
  confirm: (token) => convertHoldToBooking(token),
};
