import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteDisplayOf } from '~/domain/quote';
import { addDays, formatDay, parseDay, weekStartOnOrAfter } from '~/domain/weeks';
import { type ProductCode, products } from '~/products/registry';
import { chargeForHold } from '~/services/booking/checkout-charge.server';
import { recordHoldQuote } from '~/services/booking/holds.server';
import { getRateTable } from '~/services/catalog/rates.server';
import { builtInCarSupplier as cars } from '~/services/suppliers/cars.server';
import { builtInFlightSupplier as flights } from '~/services/suppliers/flights.server';
import { offerSuppliers } from '~/services/suppliers/offers.server';
import { weeksSupplierFor } from '~/services/suppliers/weeks.server';
import { quoteWeeksHold } from '~/products/weeks/weeks-quote.server';
import { pageRequests } from '../support/page-requests';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const { holdCar, holdFlight, holdHotelRoom, holdOffer, loadCarCheckout, loadFlightCheckout, loadHotelCheckout, loadOfferCheckout, loadWeeksCheckout } = pageRequests;

/**
 * Issue 10 acceptance 5: a hold records its quote. Changing the visitor's currency and the
 * exchange rates after the hold changes neither the checkout's total nor the charge, and the
 * charge is the quote shown: for every product.
 */
const wanderly = 'http://localhost';
const viajamas = 'http://viajamas.localhost';
const requestOf = (site: string, path: string, currency: string, method = 'GET') => new Request(`${site}${path}`, { method, headers: { cookie: `currency_code=${currency}` } });
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
};
let nextAddress = 1;
const clientIp = () => `203.0.113.${nextAddress++}`;
const consumer = (orgId: string) => ({ orgId, userId: null, priceType: 'B2C' as const });

/** What a checkout shows as its total, whatever the product's page calls it. */
type Shown = {
  charge: { amountMinor: number; currency: string; description: string };
  quote: { charge: unknown; display: { currency: string }; lines: { key: string; amountMinor: number }[]; fees: { key: string }[] } | null;
  total: { amountMinor: number; currency?: string; text?: string };
};

describe('a hold keeps its quote when the currency and the rates change (pglite)', () => {
  const database = useSeededDatabase('pglite');
  afterEach(() => vi.restoreAllMocks());

  /** Every exchange rate of the display currencies moves, and the one-minute rate cache is past. */
  async function moveRates() {
    for (const [code, perUsd] of [
      ['EUR', '0.50000000'],
      ['GBP', '3.00000000'],
      ['MXN', '40.00000000'],
    ] as const) {
      await database.db.updateTable('exchange_rates').set({ per_usd: perUsd }).where('currency_code', '=', code).execute();
    }
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect((await getRateTable()).get('EUR')?.perUsd).toBe('0.50000000');
  }

  /**
   * Shows the checkout in `first` currency, moves the rates, shows it again in `second`: the
   * quote's lines and fees are the ones the registry's `quote` names for the product, the
   * total (its currency, amount and text) and the charge are the same, and the charge is the
   * quote's, the one initBooking takes.
   */
  async function expectQuoteKept(product: ProductCode, orgId: string, token: string, show: (currency: string) => Promise<Shown>, first: string, second: string) {
    const before = await show(first);
    expect(before.quote, `${product}: the hold has a quote`).not.toBeNull();
    // The registry describes the quote the hold recorded: each key is a price line it names, and every required line is there.
    const { priceLines, requiredLines } = products[product].quote;
    const recorded = [...before.quote!.lines, ...before.quote!.fees].map((line) => line.key);
    expect(
      recorded.filter((key) => !(priceLines as readonly string[]).includes(key)),
      `${product}: recorded lines the registry does not name`,
    ).toEqual([]);
    expect(
      requiredLines.filter((key) => !recorded.includes(key)),
      `${product}: required lines the quote lacks`,
    ).toEqual([]);
    expect(before.total.currency).toBe(first);
    expect(before.charge).toEqual(before.quote!.charge);
    // Viajamás settles in pesos (decision 0056): a peso visitor's charge is in pesos, the others' in dollars.
    expect(before.charge.currency).toBe(orgId === 'viajamas' && first === 'MXN' ? 'MXN' : 'USD');
    // What is charged is the quoted total (a car charges as its payment mode says: its own test).
    if (product !== 'CAR') expect(before.charge.amountMinor).toBe(before.quote!.lines.find((line) => line.key === 'total')!.amountMinor);
    await moveRates();
    const after = await show(second);
    expect(after.total, `${product}: the total`).toEqual(before.total);
    expect(after.charge, `${product}: the charge`).toEqual(before.charge);
    expect(after.quote).toEqual(before.quote);
    expect(await chargeForHold({ orgId, userId: null }, product, token), `${product}: initBooking's charge`).toEqual(before.charge);
    vi.restoreAllMocks();
    return before;
  }

  it('hotel and holiday home', async () => {
    for (const [propertyType, base] of [
      ['hotel', ''],
      ['holiday_home', '/holidaystays'],
    ] as const) {
      const room = await database.db
        .selectFrom('hotel_room_types as r')
        .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
        .select('r.id')
        .where('h.property_type', '=', propertyType)
        .where('h.destination_slug', '=', 'cancun')
        .orderBy('r.id')
        .executeTakeFirstOrThrow();
      const stay = { destination: 'cancun', checkin: inDays(130), checkout: inDays(133), rooms: '1', guests: '2', roomTypeId: String(room.id) };
      const made = await holdHotelRoom(requestOf(wanderly, `${base}/hotel-checkout`, 'EUR', 'POST'), formOf(stay), clientIp());
      if (made.result.kind !== 'held') throw new Error(`expected a ${propertyType} hold`);
      const token = made.result.hold.token;
      await expectQuoteKept(
        'HLT',
        'wanderly',
        token,
        async (currency) => {
          const page = await loadHotelCheckout(requestOf(wanderly, `${base}/hotel-checkout?hold=${token}`, currency));
          return { ...page, total: page.price.total };
        },
        'EUR',
        'GBP',
      );
    }
  });

  it('Viajamás charges a peso visitor in pesos; Wanderly, showing the same pesos, still charges dollars (issue 34 acceptance 9)', async () => {
    const room = await database.db
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .select('r.id')
      .where('h.destination_slug', '=', 'cancun')
      .orderBy('r.id')
      .executeTakeFirstOrThrow();
    const stay = { destination: 'cancun', checkin: inDays(140), checkout: inDays(142), rooms: '1', guests: '2', roomTypeId: String(room.id) };
    const chargeOn = async (site: string, orgId: string) => {
      const made = await holdHotelRoom(requestOf(site, '/hotel-checkout', 'MXN', 'POST'), formOf(stay), clientIp());
      if (made.result.kind !== 'held') throw new Error(`expected a hold on ${orgId}`);
      const token = made.result.hold.token;
      const page = await loadHotelCheckout(requestOf(site, `/hotel-checkout?hold=${token}`, 'MXN'));
      expect(await chargeForHold({ orgId, userId: null }, 'HLT', token), `${orgId}: initBooking's charge`).toEqual(page.charge);
      return { charge: page.charge, total: page.price.total, perUsd: Number(page.quote!.display.perUsd) };
    };
    const pesos = await chargeOn(viajamas, 'viajamas');
    expect(pesos.charge).toMatchObject({ currency: 'MXN', amountMinor: pesos.total.amountMinor });
    expect(pesos.total.currency).toBe('MXN');
    const dollars = await chargeOn(wanderly, 'wanderly');
    expect(dollars.charge.currency).toBe('USD');
    expect(dollars.total.currency).toBe('MXN');
    // The same room and nights: the dollar charge is, at its quote's rate, what the peso charge is.
    expect(dollars.perUsd).toBe(pesos.perUsd);
    expect(Math.abs(Math.round(dollars.charge.amountMinor * dollars.perUsd) - pesos.charge.amountMinor)).toBeLessThanOrEqual(1);
  });

  it('flight', async () => {
    const query = { tripType: 'oneway' as const, legs: [{ from: 'CUN', to: 'MCO', date: inDays(131) }], cabin: 'economy' as const, adults: 1, children: 0, infants: 0 };
    const [offer] = await flights.search(query, consumer('viajamas'));
    const form = {
      triptype: 'oneway',
      from: 'CUN',
      to: 'MCO',
      depart: inDays(131),
      cabinclass: 'economy',
      noofadults: '1',
      noofchilds: '0',
      noofinfants: '0',
      offer: offer!.id,
      brandedfare: offer!.cheapest!.brand.code,
    };
    const made = await holdFlight(requestOf(viajamas, '/flight/checkout', 'MXN', 'POST'), formOf(form), clientIp());
    if (made.result.kind !== 'held') throw new Error('expected a flight hold');
    const token = made.result.hold.token;
    await expectQuoteKept(
      'FLT',
      'viajamas',
      token,
      async (currency) => {
        const page = await loadFlightCheckout(requestOf(viajamas, `/flight/checkout?hold=${token}`, currency));
        return { ...page, total: { amountMinor: page.fare.price.totalMinor, currency: page.quote.display.currency, text: page.fare.price.total } };
      },
      'MXN',
      'USD',
    );
  });

  it('car', async () => {
    const search = {
      pickupCode: 'CUNA',
      dropoffCode: 'CUNA',
      sameDropoff: true,
      pickupDate: inDays(132),
      pickupTime: '10:00',
      dropoffDate: inDays(135),
      dropoffTime: '10:00',
      driverAge: 35,
    };
    const offer = (await cars.search(search, consumer('wanderly'))).find((o) => o.fare_summary.payment === 'prepaid')!;
    const form = {
      pickup: 'CUNA',
      same_dropoff: '1',
      pickup_date: inDays(132),
      pickup_time: '10:00',
      dropoff_date: inDays(135),
      dropoff_time: '10:00',
      driver_age: '35',
      car_id: String(offer.id),
    };
    const made = await holdCar(requestOf(wanderly, '/cars/checkout', 'EUR', 'POST'), formOf(form), clientIp());
    if (made.result.kind !== 'held') throw new Error('expected a car hold');
    const token = made.result.hold.token;
    const shown = await expectQuoteKept(
      'CAR',
      'wanderly',
      token,
      async (currency) => {
        const page = await loadCarCheckout(requestOf(wanderly, `/cars/checkout?hold=${token}`, currency));
        return { ...page, total: page.car.price.total };
      },
      'EUR',
      'GBP',
    );
    expect(shown.charge.amountMinor).toBeGreaterThan(0);
  });

  it('activity, transfer, cruise and restaurant', async () => {
    const segments = [
      ['ACT', 'activities'],
      ['TRF', 'transfers'],
      ['CRUISE', 'cruises'],
      ['RESTAURANT', 'restaurants'],
    ] as const;
    for (const [code, segment] of segments) {
      const day = inDays(134);
      const time = code === 'TRF' || code === 'RESTAURANT' ? '19:00' : null;
      const search = { destination: 'cancun', date: day, until: code === 'CRUISE' ? inDays(164) : day, month: null, time, guests: 2, bags: 0, returnDate: null, returnTime: null };
      const found = (await offerSuppliers[code].search(search, consumer('wanderly'))).find((o) => o.cheapest?.slots.some((s) => s.bookable))!;
      const slot = found.cheapest!.slots.find((s) => s.bookable)!;
      const fields: Record<string, string> = code === 'CRUISE' ? { month: slot.day.slice(0, 7) } : { date: day, ...(time ? { time } : {}) };
      const form = {
        destination: 'cancun',
        guests: '2',
        ...fields,
        ...(code === 'TRF' ? { bags: '0', trip: 'oneway' } : {}),
        offer: found.slug,
        option: found.cheapest!.code,
        day: slot.day,
        time: slot.time,
      };
      const made = await holdOffer(requestOf(wanderly, `/${segment}/checkout`, 'EUR', 'POST'), segment, formOf(form), clientIp());
      expect(made.token, `${segment}: held`).not.toBeNull();
      const shown = await expectQuoteKept(
        code,
        'wanderly',
        made.token!,
        async (currency) => {
          const page = await loadOfferCheckout(requestOf(wanderly, `/${segment}/checkout?hold=${made.token}`, currency), segment);
          return { ...page, total: page.price.total };
        },
        'EUR',
        'GBP',
      );
      expect(shown.charge.amountMinor, `${segment}: the charge is the quoted total`).toBeGreaterThan(0);
    }
  });

  it('resort and stay weeks', async () => {
    for (const kind of ['RST', 'STY'] as const) {
      const unit = await database.db
        .selectFrom('resort_unit_types as t')
        .innerJoin('resorts as r', 'r.id', 't.resort_id')
        .select(['t.id', 't.week_start_weekday', 'r.id as resort_id'])
        .where('r.kind', '=', kind)
        .orderBy('t.id')
        .executeTakeFirstOrThrow();
      const start = weekStartOnOrAfter(parseDay(inDays(140))!, unit.week_start_weekday);
      const week = { checkIn: formatDay(start), checkOut: formatDay(addDays(start, 7)) };
      // As POST /api/weeks/prepareBookWeeks holds a week and records its quote in the visitor's currency.
      const made = await weeksSupplierFor(kind).hold({ inventoryId: unit.id, ...week }, { ...consumer('wanderly'), ttlMinutes: 15 });
      if (made.kind !== 'held') throw new Error(`expected a ${kind} hold`);
      const quote = await quoteWeeksHold(made.hold, consumer('wanderly'), { display: quoteDisplayOf('EUR', await getRateTable()), chargeCurrency: 'USD', chargeMinorDigits: 2 });
      await recordHoldQuote(made.hold, quote!);
      const token = made.hold.token;
      const path = kind === 'RST' ? '/resorts/checkout' : '/stays/checkout';
      await expectQuoteKept(
        kind,
        'wanderly',
        token,
        async (currency) => {
          const page = await loadWeeksCheckout(requestOf(wanderly, `${path}?hold=${token}`, currency), kind);
          return { ...page, total: page.week.total };
        },
        'EUR',
        'GBP',
      );
    }
  });
});
