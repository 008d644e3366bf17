import { describe, expect, it } from 'vitest';
import {
  ONE_WAY_FEE_MINOR,
  YOUNG_DRIVER_DAILY_FEE_MINOR,
  applyCarFilters,
  carSearchParams,
  computeCarPrice,
  parseCarFilters,
  parseCarSearch,
  rentalDays,
  rentalRange,
} from './car-rental';

const at = (text: string) => new Date(`${text}:00Z`);

describe('rentalDays', () => {
  it('counts every started 24 hours as a day, at least one', () => {
    expect(rentalDays(at('2027-03-01T10:00'), at('2027-03-01T12:00'))).toBe(1);
    expect(rentalDays(at('2027-03-01T10:00'), at('2027-03-02T10:00'))).toBe(1);
    expect(rentalDays(at('2027-03-01T10:00'), at('2027-03-02T10:01'))).toBe(2);
    expect(rentalDays(at('2027-03-01T10:00'), at('2027-03-04T09:00'))).toBe(3);
  });

  it('refuses a rental that does not end after it starts', () => {
    expect(() => rentalDays(at('2027-03-01T10:00'), at('2027-03-01T10:00'))).toThrow(RangeError);
  });

  it('rentalRange refuses impossible dates and rentals over 30 days', () => {
    expect(rentalRange({ pickupDate: '2027-02-30', pickupTime: '10:00', dropoffDate: '2027-03-02', dropoffTime: '10:00' })).toBeNull();
    expect(rentalRange({ pickupDate: '2027-03-01', pickupTime: '10:00', dropoffDate: '2027-04-15', dropoffTime: '10:00' })).toBeNull();
    expect(rentalRange({ pickupDate: '2027-03-01', pickupTime: '10:00', dropoffDate: '2027-03-03', dropoffTime: '11:00' })?.days).toBe(3);
  });
});

const query = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    pickup: 'cuna',
    same_dropoff: '1',
    pickup_date: '2027-03-01',
    pickup_time: '10:00',
    dropoff_date: '2027-03-04',
    dropoff_time: '10:00',
    driver_age: '30',
    ...extra,
  });

describe('parseCarSearch', () => {
  it('reads a round-trip search and writes it back the same', () => {
    const parsed = parseCarSearch(query(), '2027-01-01');
    expect(parsed).toEqual({
      ok: true,
      search: {
        pickupCode: 'CUNA',
        dropoffCode: 'CUNA',
        sameDropoff: true,
        pickupDate: '2027-03-01',
        pickupTime: '10:00',
        dropoffDate: '2027-03-04',
        dropoffTime: '10:00',
        driverAge: 30,
      },
    });
    if (!parsed.ok) return;
    expect(parseCarSearch(carSearchParams(parsed.search), '2027-01-01')).toEqual(parsed);
  });

  it('reads a one-way search when the box is unticked (the hidden 0 alone) and a drop-off is chosen', () => {
    const params = query({ same_dropoff: '0', dropoff: 'CUNC' });
    const parsed = parseCarSearch(params, '2027-01-01');
    expect(parsed.ok && parsed.search).toMatchObject({ pickupCode: 'CUNA', dropoffCode: 'CUNC', sameDropoff: false });
    if (parsed.ok) expect(carSearchParams(parsed.search).get('dropoff')).toBe('CUNC');
    // Ticked box (hidden 0 then 1): the drop-off field is ignored.
    const ticked = query({ same_dropoff: '0', dropoff: 'CUNC' });
    ticked.append('same_dropoff', '1');
    const round = parseCarSearch(ticked, '2027-01-01');
    expect(round.ok && round.search.dropoffCode).toBe('CUNA');
  });

  it('says per field what is wrong', () => {
    const parsed = parseCarSearch(
      new URLSearchParams({ pickup: '', same_dropoff: '0', pickup_date: '2027-02-30', pickup_time: '25:00', dropoff_date: 'soon', dropoff_time: '10:00', driver_age: '17' }),
      '2027-01-01',
    );
    expect(parsed).toMatchObject({
      ok: false,
      errors: {
        pickup: 'cars.error.pickup',
        dropoff: 'cars.error.dropoff',
        pickupDate: 'cars.error.pickupDate',
        pickupTime: 'cars.error.time',
        dropoffDate: 'cars.error.dropoffDate',
        driverAge: 'cars.error.driverAge',
      },
    });
    expect(parseCarSearch(query({ dropoff_date: '2027-03-01', dropoff_time: '09:00' }), '2027-01-01')).toMatchObject({
      ok: false,
      errors: { dropoffDate: 'cars.error.dropoffBeforePickup' },
    });
    expect(parseCarSearch(query({ dropoff_date: '2027-04-15' }), '2027-01-01')).toMatchObject({ ok: false, errors: { dropoffDate: 'cars.error.tooLong' } });
    expect(parseCarSearch(query(), '2027-03-02')).toMatchObject({ ok: false, errors: { pickupDate: 'cars.error.pickupTooSoon' } });
    expect(parseCarSearch(query({ driver_age: 'old' }), '2027-01-01')).toMatchObject({ ok: false, errors: { driverAge: 'cars.error.driverAge' } });
  });
});

describe('computeCarPrice', () => {
  const rates = { dailyNetMinor: 4_000, taxRateBp: 1_600, markupBp: 2_000, payment: 'prepaid' as const };

  it('is days × daily rate (net plus markup) plus tax, paid now when prepaid', () => {
    const price = computeCarPrice(rates, { days: 3, driverAge: 30, oneWay: false }, 'B2C');
    expect(price).toMatchObject({
      days: 3,
      daily_rate: 4_800,
      base: 14_400,
      young_driver_fee: 0,
      one_way_fee: 0,
      net_rate_before_markup: 12_000,
      markup: 2_400,
      tax: 2_304,
      total: 16_704,
    });
    expect(price).toMatchObject({ pay_now: 16_704, pay_at_desk: 0, price_type: 'B2C', currency: 'USD' });
  });

  it('adds the young-driver fee per day and the one-way fee, both taxed; postpaid is paid at the desk', () => {
    const price = computeCarPrice({ ...rates, payment: 'postpaid' }, { days: 2, driverAge: 22, oneWay: true }, 'B2C');
    const fees = 2 * YOUNG_DRIVER_DAILY_FEE_MINOR + ONE_WAY_FEE_MINOR;
    expect(price.young_driver_fee).toBe(2 * YOUNG_DRIVER_DAILY_FEE_MINOR);
    expect(price.one_way_fee).toBe(ONE_WAY_FEE_MINOR);
    expect(price.tax).toBe(Math.round(((9_600 + fees) * 1_600) / 10_000));
    expect(price.total).toBe(9_600 + fees + price.tax);
    expect(price).toMatchObject({ pay_now: 0, pay_at_desk: price.total });
    expect(computeCarPrice(rates, { days: 2, driverAge: 25, oneWay: false }, 'B2C').young_driver_fee).toBe(0);
  });

  it('gives B2B (lower markup) a lower price than B2C for the same car', () => {
    const b2c = computeCarPrice(rates, { days: 4, driverAge: 40, oneWay: false }, 'B2C');
    const b2b = computeCarPrice({ ...rates, markupBp: 800 }, { days: 4, driverAge: 40, oneWay: false }, 'B2B');
    expect(b2b.total).toBeLessThan(b2c.total);
    expect(b2b.price_type).toBe('B2B');
    expect(b2b.net_rate_before_markup).toBe(b2c.net_rate_before_markup);
  });

  it('refuses broken rates', () => {
    expect(() => computeCarPrice({ ...rates, dailyNetMinor: 10.5 }, { days: 1, driverAge: 30, oneWay: false }, 'B2C')).toThrow(RangeError);
    expect(() => computeCarPrice(rates, { days: 0, driverAge: 30, oneWay: false }, 'B2C')).toThrow(RangeError);
  });
});

describe('car filters', () => {
  const offer = (
    carfamily: 'Economy' | 'SUV' | 'Van',
    total: number,
    extra: Partial<{ freecancellation: boolean; payment: 'prepaid' | 'postpaid'; noPax: number; available: number }> = {},
  ) => ({
    carfamily,
    freecancellation: true,
    payment: 'prepaid' as const,
    noPax: 5,
    available: 2,
    fare_summary: { total },
    ...extra,
  });
  const offers = [
    offer('Van', 300, { noPax: 8, freecancellation: false }),
    offer('Economy', 100, { payment: 'postpaid', noPax: 4 }),
    offer('SUV', 200, { available: 0 }),
    offer('SUV', 250),
  ];

  it('reads the filters, ignoring junk', () => {
    const filters = parseCarFilters(new URLSearchParams('family=SUV&family=Truck&family=Economy&free_cancellation=1&payment=cash&passengers=6&sort=price_desc'));
    expect(filters).toEqual({ families: ['Economy', 'SUV'], freeCancellation: true, payment: null, minPassengers: null, sort: 'price_desc' });
    expect(parseCarFilters(new URLSearchParams('family=Van&payment=postpaid&passengers=7'))).toMatchObject({
      families: ['Van'],
      payment: 'postpaid',
      minPassengers: 7,
      sort: 'price',
    });
    expect(parseCarFilters(new URLSearchParams())).toEqual({ families: [], freeCancellation: false, payment: null, minPassengers: null, sort: 'price' });
  });

  it('filters by family, free cancellation, payment and passengers; sorts by price with sold-out cars last', () => {
    const all = parseCarFilters(new URLSearchParams());
    expect(applyCarFilters(offers, all).map((o) => o.fare_summary.total)).toEqual([100, 250, 300, 200]);
    expect(applyCarFilters(offers, { ...all, sort: 'price_desc' }).map((o) => o.fare_summary.total)).toEqual([300, 250, 100, 200]);
    expect(applyCarFilters(offers, { ...all, families: ['SUV'] }).map((o) => o.fare_summary.total)).toEqual([250, 200]);
    expect(applyCarFilters(offers, { ...all, freeCancellation: true }).map((o) => o.carfamily)).toEqual(['Economy', 'SUV', 'SUV']);
    expect(applyCarFilters(offers, { ...all, payment: 'postpaid' }).map((o) => o.carfamily)).toEqual(['Economy']);
    expect(applyCarFilters(offers, { ...all, minPassengers: 7 }).map((o) => o.carfamily)).toEqual(['Van']);
  });
});
