/**
 * Car rental (CAR): the search a traveller types, the rental length and the price of a
 * rental, as pure rules. Money is integer minor units of one currency (USD for the built-in
 * fleet). Times are the desk's wall-clock times; the built-in fleet books them as UTC
 * instants, which keeps every rental at one desk on one consistent clock.
 */
import type { PriceType } from './room-price';
import { parseDay } from './weeks';

export const CAR_FAMILIES = ['Economy', 'Compact', 'SUV', 'Van', 'Luxury'] as const;
export type CarFamily = (typeof CAR_FAMILIES)[number];
export type CarPayment = 'prepaid' | 'postpaid';

export const MIN_DRIVER_AGE = 21;
export const MAX_DRIVER_AGE = 99;
/** Drivers under this age pay the young-driver fee, per rental day. */
export const YOUNG_DRIVER_AGE = 25;
export const YOUNG_DRIVER_DAILY_FEE_MINOR = 1_500;
/** Dropping the car at another desk of the same city. */
export const ONE_WAY_FEE_MINOR = 3_500;
export const MAX_RENTAL_DAYS = 30;

const HOUR_MS = 3_600_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCATION_CODE = /^[A-Z0-9]{3,8}$/;

export type CarSearch = {
  pickupCode: string;
  /** Equals pickupCode when the car goes back where it was picked up. */
  dropoffCode: string;
  sameDropoff: boolean;
  /** YYYY-MM-DD and HH:mm */
  pickupDate: string;
  pickupTime: string;
  dropoffDate: string;
  dropoffTime: string;
  driverAge: number;
};

export type CarSearchField = 'pickup' | 'dropoff' | 'pickupDate' | 'pickupTime' | 'dropoffDate' | 'dropoffTime' | 'driverAge';
export type CarSearchErrors = Partial<Record<CarSearchField, string>>;
export type CarSearchValues = Partial<Record<CarSearchField, string>> & { sameDropoff?: boolean };

/** The instant a date and time name, or null when they are not real. */
export function rentalInstant(date: string, time: string): Date | null {
  if (!parseDay(date) || !TIME.test(time)) return null;
  return new Date(`${date}T${time}:00Z`);
}

/** Rental days: every started 24 hours is a day, and a rental is at least one day. */
export function rentalDays(startsAt: Date, endsAt: Date): number {
  const hours = (endsAt.getTime() - startsAt.getTime()) / HOUR_MS;
  if (!(hours > 0)) throw new RangeError('A rental must end after it starts');
  return Math.max(1, Math.ceil(hours / 24));
}

/** The pickup and drop-off instants and the rental days of a valid search. */
export function rentalRange(search: Pick<CarSearch, 'pickupDate' | 'pickupTime' | 'dropoffDate' | 'dropoffTime'>) {
  const startsAt = rentalInstant(search.pickupDate, search.pickupTime);
  const endsAt = rentalInstant(search.dropoffDate, search.dropoffTime);
  if (!startsAt || !endsAt || endsAt <= startsAt) return null;
  const days = rentalDays(startsAt, endsAt);
  return days <= MAX_RENTAL_DAYS ? { startsAt, endsAt, days } : null;
}

/**
 * Reads a car search from a query string or a form. Errors are message keys, one per field,
 * so the form shows each under its field. `minPickupDate` is today plus the lead days.
 */
export function parseCarSearch(params: URLSearchParams, minPickupDate: string): { ok: true; search: CarSearch } | { ok: false; errors: CarSearchErrors; values: CarSearchValues } {
  const text = (name: string) => (params.get(name) ?? '').trim();
  const values = {
    pickup: text('pickup').toUpperCase(),
    dropoff: text('dropoff').toUpperCase(),
    pickupDate: text('pickup_date'),
    pickupTime: text('pickup_time'),
    dropoffDate: text('dropoff_date'),
    dropoffTime: text('dropoff_time'),
    driverAge: text('driver_age'),
    // The form sends a hidden same_dropoff=0 before the checkbox, so an unticked box is seen;
    // a hand-made link without the field is a round trip unless it names a drop-off.
    sameDropoff: params.has('same_dropoff') ? params.getAll('same_dropoff').includes('1') : !params.get('dropoff'),
  };
  const errors: CarSearchErrors = {};
  if (!LOCATION_CODE.test(values.pickup)) errors.pickup = 'cars.error.pickup';
  if (!values.sameDropoff && !LOCATION_CODE.test(values.dropoff)) errors.dropoff = 'cars.error.dropoff';
  if (!parseDay(values.pickupDate)) errors.pickupDate = 'cars.error.pickupDate';
  else if (values.pickupDate < minPickupDate) errors.pickupDate = 'cars.error.pickupTooSoon';
  if (!TIME.test(values.pickupTime)) errors.pickupTime = 'cars.error.time';
  if (!parseDay(values.dropoffDate)) errors.dropoffDate = 'cars.error.dropoffDate';
  if (!TIME.test(values.dropoffTime)) errors.dropoffTime = 'cars.error.time';
  if (!errors.pickupDate && !errors.pickupTime && !errors.dropoffDate && !errors.dropoffTime) {
    const startsAt = rentalInstant(values.pickupDate, values.pickupTime)!;
    const endsAt = rentalInstant(values.dropoffDate, values.dropoffTime)!;
    if (endsAt <= startsAt) errors.dropoffDate = 'cars.error.dropoffBeforePickup';
    else if (rentalDays(startsAt, endsAt) > MAX_RENTAL_DAYS) errors.dropoffDate = 'cars.error.tooLong';
  }
  const age = /^\d{1,3}$/.test(values.driverAge) ? Number(values.driverAge) : NaN;
  if (!(age >= MIN_DRIVER_AGE && age <= MAX_DRIVER_AGE)) errors.driverAge = 'cars.error.driverAge';
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    search: {
      pickupCode: values.pickup,
      dropoffCode: values.sameDropoff ? values.pickup : values.dropoff,
      sameDropoff: values.sameDropoff || values.dropoff === values.pickup,
      pickupDate: values.pickupDate,
      pickupTime: values.pickupTime,
      dropoffDate: values.dropoffDate,
      dropoffTime: values.dropoffTime,
      driverAge: age,
    },
  };
}

/** The query string of a search: what parseCarSearch reads back. */
export function carSearchParams(search: CarSearch): URLSearchParams {
  const params = new URLSearchParams({ pickup: search.pickupCode });
  if (search.sameDropoff) params.set('same_dropoff', '1');
  else params.set('dropoff', search.dropoffCode);
  params.set('pickup_date', search.pickupDate);
  params.set('pickup_time', search.pickupTime);
  params.set('dropoff_date', search.dropoffDate);
  params.set('dropoff_time', search.dropoffTime);
  params.set('driver_age', String(search.driverAge));
  return params;
}

export type CarRates = {
  /** The supplier's net rate for one day. */
  dailyNetMinor: number;
  /** Basis points (1600 = 16 %). */
  taxRateBp: number;
  markupBp: number;
  payment: CarPayment;
};

export type CarPrice = {
  days: number;
  /** Per day, our markup included, before taxes. */
  daily_rate: number;
  /** daily_rate × days */
  base: number;
  young_driver_fee: number;
  one_way_fee: number;
  net_rate_before_markup: number;
  markup: number;
  tax: number;
  total: number;
  price_type: PriceType;
  payment: CarPayment;
  /** Prepaid rentals are paid at booking; postpaid ones at the desk. */
  pay_now: number;
  pay_at_desk: number;
  currency: string;
};

const ofBp = (amount: number, bp: number) => Math.round((amount * bp) / 10_000);

/**
 * The price of a rental: the daily rate (net plus our B2B or B2C markup) times the days, the
 * young-driver fee per day under 25, the one-way fee, and tax on all of it.
 */
export function computeCarPrice(rates: CarRates, rental: { days: number; driverAge: number; oneWay: boolean }, priceType: PriceType, currency = 'USD'): CarPrice {
  for (const [name, value] of Object.entries({ dailyNetMinor: rates.dailyNetMinor, taxRateBp: rates.taxRateBp, markupBp: rates.markupBp, days: rental.days })) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
  }
  if (rental.days < 1) throw new RangeError('A rental is at least one day');
  const dailyMarkup = ofBp(rates.dailyNetMinor, rates.markupBp);
  const dailyRate = rates.dailyNetMinor + dailyMarkup;
  const base = dailyRate * rental.days;
  const youngDriverFee = rental.driverAge < YOUNG_DRIVER_AGE ? YOUNG_DRIVER_DAILY_FEE_MINOR * rental.days : 0;
  const oneWayFee = rental.oneWay ? ONE_WAY_FEE_MINOR : 0;
  const tax = ofBp(base + youngDriverFee + oneWayFee, rates.taxRateBp);
  const total = base + youngDriverFee + oneWayFee + tax;
  return {
    days: rental.days,
    daily_rate: dailyRate,
    base,
    young_driver_fee: youngDriverFee,
    one_way_fee: oneWayFee,
    net_rate_before_markup: rates.dailyNetMinor * rental.days,
    markup: dailyMarkup * rental.days,
    tax,
    total,
    price_type: priceType,
    payment: rates.payment,
    pay_now: rates.payment === 'prepaid' ? total : 0,
    pay_at_desk: rates.payment === 'prepaid' ? 0 : total,
    currency,
  };
}

export type CarSort = 'price' | 'price_desc';
export type CarFilters = { families: CarFamily[]; freeCancellation: boolean; payment: CarPayment | null; minPassengers: number | null; sort: CarSort };
export const PASSENGER_OPTIONS = [4, 5, 7] as const;

const isFamily = (value: string): value is CarFamily => (CAR_FAMILIES as readonly string[]).includes(value);

/** The results filters from the URL; anything not understood is left out rather than refused. */
export function parseCarFilters(params: URLSearchParams): CarFilters {
  const payment = params.get('payment');
  const passengers = Number(params.get('passengers'));
  return {
    families: CAR_FAMILIES.filter((family) => params.getAll('family').filter(isFamily).includes(family)),
    freeCancellation: params.get('free_cancellation') === '1',
    payment: payment === 'prepaid' || payment === 'postpaid' ? payment : null,
    minPassengers: (PASSENGER_OPTIONS as readonly number[]).includes(passengers) ? passengers : null,
    sort: params.get('sort') === 'price_desc' ? 'price_desc' : 'price',
  };
}

type Filterable = { carfamily: CarFamily; freecancellation: boolean; payment: CarPayment; noPax: number; available: number; fare_summary: { total: number } };

/** The offers that pass the filters, sorted by total price; sold-out cars go last whatever the order. */
export function applyCarFilters<T extends Filterable>(offers: readonly T[], filters: CarFilters): T[] {
  const direction = filters.sort === 'price_desc' ? -1 : 1;
  return offers
    .filter((o) => filters.families.length === 0 || filters.families.includes(o.carfamily))
    .filter((o) => !filters.freeCancellation || o.freecancellation)
    .filter((o) => filters.payment === null || o.payment === filters.payment)
    .filter((o) => filters.minPassengers === null || o.noPax >= filters.minPassengers)
    .sort((a, b) => {
      if (a.available > 0 !== b.available > 0) return a.available > 0 ? -1 : 1;
      return direction * (a.fare_summary.total - b.fare_summary.total);
    });
}

/** A valid search as the form's field values, to show it again in the form. */
export function carSearchValues(search: CarSearch): CarSearchValues {
  return {
    pickup: search.pickupCode,
    dropoff: search.sameDropoff ? '' : search.dropoffCode,
    sameDropoff: search.sameDropoff,
    pickupDate: search.pickupDate,
    pickupTime: search.pickupTime,
    dropoffDate: search.dropoffDate,
    dropoffTime: search.dropoffTime,
    driverAge: String(search.driverAge),
  };
}
