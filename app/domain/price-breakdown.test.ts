import { describe, expect, it } from 'vitest';
import { computeCarPrice } from './car-rental';
import { computeFlightPrice } from './flight-price';
import { memberPricing } from './member-rates';
import { convert } from './money';
import { computeOfferPrice } from './offer-price';
import { type Breakdown, quoteBreakdown } from './price-breakdown';
import { buildQuote, type Quote, type QuoteDisplay } from './quote';
import { computeRoomPrice } from './room-price';
import { computeWeekPrice } from './weeks';
import { PRODUCT_CODES, products, type ProductCode, type ProductDefinition } from '~/products/registry';
import { type Random, seededRandom } from '../../test/support/seeded-random';

/** Display currencies as the rate table has them: the charge currency itself, cents, and none. */
function displayOf(random: Random): QuoteDisplay {
  return random.pick([
    { currency: 'USD', perUsd: '1', minorDigits: 2 },
    { currency: 'MXN', perUsd: `${random.int(15, 21)}.${String(random.int(0, 99_999_999)).padStart(8, '0')}`, minorDigits: 2 },
    { currency: 'EUR', perUsd: `0.${String(random.int(80_000_000, 99_999_999))}`, minorDigits: 2 },
    { currency: 'JPY', perUsd: `${random.int(100, 160)}.${String(random.int(0, 9_999))}`, minorDigits: 0 },
  ]);
}

const priceType = (random: Random) => random.pick(['B2B', 'B2C'] as const);
const common = (random: Random) => ({ display: displayOf(random), chargeCurrency: 'USD', chargeMinorDigits: 2, now: new Date('2027-01-01T00:00:00Z') });

/**
 * A quote of `code` as its page stack's quote builder records one (the services' buildQuote
 * calls), priced by the product's own pricing rule from generated rates and counts.
 */
const generators: Record<ProductDefinition['family'], (code: ProductCode, random: Random) => Quote<object>> = {
  hotel: (code, random) => {
    const p = computeRoomPrice({
      netNightlyMinor: random.int(1, 90_000),
      nights: random.int(1, 30),
      rooms: random.int(1, 5),
      taxRateBp: random.int(0, 2_500),
      markupBp: random.int(0, 3_000),
      strikePct: random.pick([0, 10, 35]),
      priceType: random.pick(['B2B', 'B2C', 'PKG'] as const),
      supplierCode: 'GEN',
      currency: 'USD',
    });
    const pricing = memberPricing(p.inclusive, random.pick([null, 5, 10, 12.5]), random.pick([true, false]));
    const memberDiscount = pricing.kind === 'member' ? pricing.discountMinor : 0;
    return buildQuote({
      product: code as 'HLT',
      lines: { perNight: p.per_night, beforeTax: p.exclusive, total: pricing.payMinor, strikeTotal: p.strike_price === null ? null : p.strike_price + p.strike_tax! },
      fees: { tax: p.tax, markup: Math.max(0, p.markup - memberDiscount), memberDiscount: memberDiscount > 0 ? memberDiscount : null },
      ...common(random),
      priceType: p.price_type,
      party: { rooms: p.rooms, guestsPerRoom: 2 },
      charge: { amountMinor: pricing.payMinor, description: 'generated' },
      facts: { propertyType: random.pick(['hotel', 'holiday_home']), nights: p.nights },
    });
  },
  offer: (code, random) => {
    const p = computeOfferPrice({
      netUnitMinor: random.int(1, 200_000),
      quantity: random.int(1, 9),
      legs: code === 'TRF' ? random.int(1, 2) : 1,
      taxRateBp: random.int(0, 2_500),
      b2bMarkupBp: random.int(0, 2_000),
      b2cMarkupBp: random.int(0, 4_000),
      strikePct: random.pick([0, 20]),
      priceType: priceType(random),
      supplierCode: 'GEN',
    });
    return buildQuote({
      product: code as 'ACT',
      lines: { perUnit: p.per_unit, beforeTax: p.exclusive, total: p.inclusive, strikeTotal: p.strike_price === null ? null : p.strike_price + p.strike_tax! },
      fees: { tax: p.tax, markup: p.markup },
      ...common(random),
      priceType: p.price_type,
      party: { guests: p.quantity, bags: 0 },
      charge: { amountMinor: p.inclusive, description: 'generated' },
      facts: { quantity: p.quantity, priceLegs: p.legs },
    });
  },
  car: (code, random) => {
    const p = computeCarPrice(
      { dailyNetMinor: random.int(1_000, 60_000), taxRateBp: random.int(0, 2_500), markupBp: random.int(0, 3_000), payment: random.pick(['prepaid', 'postpaid'] as const) },
      { days: random.int(1, 30), driverAge: random.int(18, 80), oneWay: random.pick([true, false]) },
      priceType(random),
    );
    return buildQuote({
      product: code as 'CAR',
      lines: { dailyRate: p.daily_rate, base: p.base, total: p.total },
      fees: { youngDriverFee: p.young_driver_fee > 0 ? p.young_driver_fee : null, oneWayFee: p.one_way_fee > 0 ? p.one_way_fee : null, tax: p.tax, markup: p.markup },
      ...common(random),
      priceType: p.price_type,
      party: { driverAge: 30 },
      charge: { amountMinor: p.pay_now, description: 'generated' },
      facts: { days: p.days },
    });
  },
  flight: (code, random) => {
    const adults = random.int(1, 6);
    const party = { adult: adults, child: random.int(0, 3), infant: random.int(0, adults) };
    const p = computeFlightPrice({
      segments: Array.from({ length: random.int(1, 4) }, () => ({ netMinor: random.int(2_000, 150_000), taxRateBp: random.int(0, 3_000), markupBp: random.int(0, 2_000) })),
      brandFactorBp: random.pick([10_000, 12_500, 17_000]),
      passengers: party,
      priceType: priceType(random),
      supplierCode: 'GEN',
      currency: 'USD',
    });
    const perType = (key: 'fare' | 'fareSubtotal' | 'perPerson' | 'subtotal' | 'tax') =>
      Object.fromEntries(
        p.passengers.map((l) => [
          `${l.type}.${key}`,
          key === 'fare' ? l.fare : key === 'fareSubtotal' ? l.fare * l.count : key === 'perPerson' ? l.total : key === 'tax' ? l.tax : l.subtotal,
        ]),
      );
    return buildQuote({
      product: code as 'FLT',
      lines: { ...perType('fare'), ...perType('fareSubtotal'), ...perType('perPerson'), ...perType('subtotal'), beforeTax: p.exclusive, total: p.inclusive },
      fees: { ...perType('tax'), tax: p.tax },
      ...common(random),
      priceType: p.price_type,
      party: { adults: party.adult, children: party.child, infants: party.infant },
      charge: { amountMinor: p.inclusive, description: 'generated' },
      facts: { passengers: p.passengers.map((l) => ({ type: l.type, count: l.count })) },
    });
  },
  weeks: (code, random) => {
    const unitCostMinor = random.int(10_000, 300_000);
    const feedCostMinor = unitCostMinor + random.int(0, 50_000);
    const p = computeWeekPrice({ unitCostMinor, feedCostMinor, retailPriceMinor: feedCostMinor + random.int(0, 80_000) }, random.int(1, 4), priceType(random));
    return buildQuote({
      product: code as 'RST',
      lines: { perWeek: p.per_week, total: p.amount },
      fees: {},
      ...common(random),
      priceType: p.price_type,
      party: { sleeps: 4 },
      charge: { amountMinor: p.amount, description: 'generated' },
      facts: { week: { weeks: p.weeks, nights: p.nights } },
    });
  },
};

const QUOTES_PER_PRODUCT = 400;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const lineOf = (quote: Quote<object>, key: string) => [...quote.lines, ...quote.fees].find((line) => line.key === key);
const rates = (quote: Quote<object>) =>
  new Map([
    ['USD', { perUsd: '1', minorDigits: quote.chargeMinorDigits }],
    [quote.display.currency, { perUsd: quote.display.perUsd, minorDigits: quote.display.minorDigits }],
  ]);

describe('price breakdown: the sum property over every product in the registry', () => {
  it.each(PRODUCT_CODES)('%s: the shown lines add up to the shown total, which is the quote’s total', (code) => {
    const random = seededRandom(PRODUCT_CODES.indexOf(code) + 1);
    for (let i = 0; i < QUOTES_PER_PRODUCT; i++) {
      const quote = generators[products[code].family](code, random);
      const shown: Breakdown = quoteBreakdown(quote);
      const context = JSON.stringify({ code, i, display: quote.display, lines: shown.lines });
      // What the traveller adds up, in the currency shown…
      expect(sum(shown.lines.map((l) => l.amountMinor)), context).toBe(shown.totalMinor);
      // …is the total the quote records (what the page says elsewhere), and in the charge currency too.
      expect(shown.totalMinor, context).toBe(lineOf(quote, 'total')!.displayMinor);
      expect(sum(shown.lines.map((l) => l.chargeMinor)), context).toBe(lineOf(quote, 'total')!.amountMinor);
      for (const line of shown.lines) {
        // No line hides another's rounding: each is within a minor unit of its own conversion.
        const own = convert({ amountMinor: line.chargeMinor, currency: quote.chargeCurrency }, quote.display.currency, rates(quote)).amountMinor;
        expect(Math.abs(line.amountMinor - own), context).toBeLessThanOrEqual(1);
        // A rate the label multiplies out is exact, or the label says it is an average.
        if (line.rate) {
          // The units are what the label counts: weeks (their nights are said, not multiplied), else every count.
          const counts = line.counts as Record<string, number>;
          const units = line.key === 'price.line.weeks' ? counts.weeks! : Object.values(counts).reduce((a, b) => a * b, 1);
          expect(line.rate.units, context).toBe(units);
          expect(line.rate.exact, context).toBe(line.rate.amountMinor * units === line.amountMinor);
        }
      }
      // The charged currency is named exactly when it is not the one shown.
      expect(shown.charged === null, context).toBe(quote.display.currency === quote.chargeCurrency);
      if (shown.charged) expect(shown.charged.amountMinor).toBe(lineOf(quote, 'total')!.amountMinor);
    }
  });
});

describe('price breakdown: the hotel stay', () => {
  const quote = () =>
    buildQuote({
      product: 'HLT',
      // Per night with tax 205.34 USD, three nights of one room 545.16 before tax, 70.87 tax.
      lines: { perNight: 20_534, beforeTax: 54_516, total: 61_603, strikeTotal: null },
      fees: { tax: 7_087, markup: 4_000, memberDiscount: null },
      display: { currency: 'USD', perUsd: '1', minorDigits: 2 },
      chargeCurrency: 'USD',
      chargeMinorDigits: 2,
      priceType: 'B2C',
      party: { rooms: 1, guestsPerRoom: 2 },
      charge: { amountMinor: 61_603, description: 'generated' },
      facts: { propertyType: 'hotel', nights: 3 },
    });

  it('multiplies out a before-tax nightly rate, then adds the taxes, never a rate with tax', () => {
    const shown = quoteBreakdown(quote());
    expect(shown.lines.map(({ key, counts, amountMinor, taxes, rate }) => ({ key, counts, amountMinor, taxes, rate }))).toEqual([
      { key: 'price.line.stay', counts: { nights: 3, rooms: 1 }, amountMinor: 54_516, taxes: 'before', rate: { amountMinor: 18_172, units: 3, exact: true } },
      { key: 'price.taxes', counts: {}, amountMinor: 7_087, taxes: 'tax', rate: null },
    ]);
    expect(shown.totalMinor).toBe(61_603);
    expect(shown.charged).toBeNull();
  });

  it('names the charged currency and its amount when the page shows another', () => {
    const q = quote();
    const shown = quoteBreakdown({ ...q, display: { currency: 'MXN', perUsd: '17.00000000', minorDigits: 2 } });
    expect(shown.totalMinor).toBe(61_603 * 17);
    expect(shown.charged).toEqual({ currency: 'USD', minorDigits: 2, amountMinor: 61_603 });
  });
});
