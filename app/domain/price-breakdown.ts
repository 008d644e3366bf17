// A price as the traveller checks it (issue 15 "Prices a traveller can check"): the lines a
// breakdown shows, each an amount that counts towards the total, in the order they add up, and
// the total. Pure data, in whole minor units: the components only format and label them, so a
// test can check that what is shown adds up.
import { convertAtQuoteRate, type Quote, type QuoteDisplay } from './quote';
import { products, type ProductCode, type ProductDefinition, type ProductOfFamily } from '~/products/registry';

/**
 * Whether a line's amount has tax in it: 'before' (taxes are a line of their own further down),
 * 'included', or 'tax' (the taxes line itself).
 */
export type TaxNote = 'before' | 'included' | 'tax';

/** The label of a line: its message key and the counts its plural forms choose by. */
export type LineLabel =
  | { key: 'price.line.stay'; counts: { nights: number; rooms: number } }
  | { key: 'price.line.homes'; counts: { nights: number; rooms: number } }
  | { key: `price.line.offer.${OfferCode}`; counts: { quantity: number; legs: number } }
  | { key: 'price.line.carDays'; counts: { days: number } }
  | { key: `price.line.passengers.${'adult' | 'child' | 'infant'}`; counts: { count: number } }
  | { key: 'price.line.weeks'; counts: { weeks: number; nights: number } }
  | { key: 'price.line.youngDriver' | 'price.line.oneWay' | 'price.taxes' | 'price.memberSavings'; counts: Record<string, never> };

type OfferCode = ProductOfFamily<'offer'>;

export type BreakdownLine = LineLabel & {
  /** Shown, in the display currency; a saving is negative. */
  amountMinor: number;
  /** The same line in the charge currency. */
  chargeMinor: number;
  taxes: TaxNote;
  /**
   * The unit price the label multiplies out ("3 nights at $181.72"), in the display currency,
   * and whether the counts times it is the amount exactly (otherwise the label says "about").
   */
  rate: { amountMinor: number; units: number; exact: boolean } | null;
};

export type Breakdown = {
  currency: string;
  minorDigits: number;
  lines: BreakdownLine[];
  /** The sum of the lines' amounts, in the display currency: what the breakdown says is the total. */
  totalMinor: number;
  /** The struck-out "was" total, if any, in the display currency. */
  wasMinor: number | null;
  /** The total in the currency the card is charged in, when that is not the display currency. */
  charged: { currency: string; minorDigits: number; amountMinor: number } | null;
};

/** One line before conversion: its label, its amount in the charge currency, its tax note and units. */
type SheetLine = LineLabel & { chargeMinor: number; taxes: TaxNote; units: number | null };

/** What a product's lines are built from: its amounts by quote line key and its counts. */
export type PriceSheet = {
  product: ProductCode;
  /** Amounts in the charge currency, by the registry's quote line keys; absent lines left out. */
  amounts: Partial<Record<string, number>>;
  /** The counts a product's labels use (nights, rooms, days, passengers by type…). */
  counts: Record<string, number>;
};

const count = (sheet: PriceSheet, name: string) => sheet.counts[name] ?? 0;
const amount = (sheet: PriceSheet, key: string) => sheet.amounts[key] ?? 0;
const has = (sheet: PriceSheet, key: string) => typeof sheet.amounts[key] === 'number' && sheet.amounts[key] !== 0;
const taxLine = (sheet: PriceSheet): SheetLine => ({ key: 'price.taxes', counts: {}, chargeMinor: amount(sheet, 'tax'), taxes: 'tax', units: null });

/**
 * Each product family's lines, in the order they add up. The per-unit lines the quotes record
 * (per night with tax, per unit with tax) are not lines: the rate shown is the line's own amount
 * over its units, so "3 nights × 1 room at $181.72" is what the line's amount is.
 */
const linesByFamily: Record<ProductDefinition['family'], (sheet: PriceSheet) => SheetLine[]> = {
  hotel: (sheet) => {
    const nights = count(sheet, 'nights');
    const rooms = count(sheet, 'rooms');
    const lines: SheetLine[] = [
      {
        key: sheet.counts.homes ? 'price.line.homes' : 'price.line.stay',
        counts: { nights, rooms },
        chargeMinor: amount(sheet, 'beforeTax'),
        taxes: 'before',
        units: nights * rooms,
      },
      taxLine(sheet),
    ];
    // The member's saving is taken off the price with tax (member-rates.ts).
    if (has(sheet, 'memberDiscount')) lines.push({ key: 'price.memberSavings', counts: {}, chargeMinor: -amount(sheet, 'memberDiscount'), taxes: 'included', units: null });
    return lines;
  },
  offer: (sheet) => {
    const quantity = count(sheet, 'quantity');
    const legs = count(sheet, 'legs');
    return [
      { key: `price.line.offer.${sheet.product as OfferCode}`, counts: { quantity, legs }, chargeMinor: amount(sheet, 'beforeTax'), taxes: 'before', units: quantity * legs },
      taxLine(sheet),
    ];
  },
  car: (sheet) => {
    const days = count(sheet, 'days');
    const lines: SheetLine[] = [{ key: 'price.line.carDays', counts: { days }, chargeMinor: amount(sheet, 'base'), taxes: 'before', units: days }];
    if (has(sheet, 'youngDriverFee')) lines.push({ key: 'price.line.youngDriver', counts: {}, chargeMinor: amount(sheet, 'youngDriverFee'), taxes: 'before', units: null });
    if (has(sheet, 'oneWayFee')) lines.push({ key: 'price.line.oneWay', counts: {}, chargeMinor: amount(sheet, 'oneWayFee'), taxes: 'before', units: null });
    return [...lines, taxLine(sheet)];
  },
  flight: (sheet) => [
    ...(['adult', 'child', 'infant'] as const)
      .filter((type) => count(sheet, type) > 0)
      .map((type): SheetLine => ({
        key: `price.line.passengers.${type}`,
        counts: { count: count(sheet, type) },
        chargeMinor: amount(sheet, `${type}.fareSubtotal`),
        taxes: 'before',
        units: count(sheet, type),
      })),
    taxLine(sheet),
  ],
  weeks: (sheet) => {
    const weeks = count(sheet, 'weeks');
    return [{ key: 'price.line.weeks', counts: { weeks, nights: count(sheet, 'nights') }, chargeMinor: amount(sheet, 'total'), taxes: 'included', units: weeks }];
  },
};

/** How a sheet's amounts are shown: in which currency, and each charge amount converted. */
export type DisplayOf = { currency: string; minorDigits: number; toDisplay: (chargeMinor: number) => number; charge: { currency: string; minorDigits: number } };

/**
 * The breakdown of a product's price. Each line is converted as the running total up to it less
 * the running total before it, so the shown lines add up to the shown total exactly while each
 * stays within a minor unit of its own conversion (rounding each line alone would not add up).
 */
export function priceBreakdown(sheet: PriceSheet, display: DisplayOf): Breakdown {
  const sheetLines = linesByFamily[products[sheet.product].family](sheet);
  let running = 0;
  let shownSoFar = 0;
  const lines = sheetLines.map(({ units, ...line }): BreakdownLine => {
    running += line.chargeMinor;
    const amountMinor = display.toDisplay(running) - shownSoFar;
    shownSoFar += amountMinor;
    const rate = units && units > 0 ? { amountMinor: Math.round(amountMinor / units), units, exact: amountMinor % units === 0 } : null;
    return { ...line, amountMinor, rate } as BreakdownLine;
  });
  const chargedDiffers = display.charge.currency !== display.currency;
  return {
    currency: display.currency,
    minorDigits: display.minorDigits,
    lines,
    totalMinor: shownSoFar,
    wasMinor: has(sheet, 'strikeTotal') ? display.toDisplay(amount(sheet, 'strikeTotal')) : null,
    charged: chargedDiffers ? { ...display.charge, amountMinor: running } : null,
  };
}

const numberAt = (value: unknown, ...path: string[]): number => {
  let at: unknown = value;
  for (const key of path) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'number' ? at : 0;
};

/** The counts a product's labels need, from what its quote recorded (party and facts). */
function countsOfQuote(quote: Quote<object>, code: ProductCode): Record<string, number> {
  const { facts, party } = quote;
  switch (products[code].family) {
    case 'hotel':
      return { nights: numberAt(facts, 'nights'), rooms: numberAt(party, 'rooms'), homes: (facts as { propertyType?: string }).propertyType === 'holiday_home' ? 1 : 0 };
    case 'offer':
      return { quantity: numberAt(facts, 'quantity'), legs: numberAt(facts, 'priceLegs') };
    case 'car':
      return { days: numberAt(facts, 'days') };
    case 'flight':
      return { adult: numberAt(party, 'adults'), child: numberAt(party, 'children'), infant: numberAt(party, 'infants') };
    case 'weeks':
      return { weeks: numberAt(facts, 'week', 'weeks'), nights: numberAt(facts, 'week', 'nights') };
  }
}

/**
 * How amounts in `chargeCurrency` are shown in `display`'s currency at its rate: a quote's own
 * (its checkout), or today's (details and results pages, which show what a quote made now records).
 */
export function displayAt(display: QuoteDisplay, chargeCurrency: string, chargeMinorDigits: number): DisplayOf {
  const rated = { display, chargeCurrency, chargeMinorDigits };
  return {
    currency: display.currency,
    minorDigits: display.minorDigits,
    toDisplay: (chargeMinor) => convertAtQuoteRate(rated, { amountMinor: chargeMinor, currency: chargeCurrency }, display.currency)!.amountMinor,
    charge: { currency: chargeCurrency, minorDigits: chargeMinorDigits },
  };
}

/** A quote's breakdown (what its checkout shows), at the quote's own rate. */
export function quoteBreakdown(quote: Quote<object>): Breakdown {
  const code = quote.product as ProductCode;
  const amounts = Object.fromEntries([...quote.lines, ...quote.fees].map((line) => [line.key, line.amountMinor]));
  return priceBreakdown({ product: code, amounts, counts: countsOfQuote(quote, code) }, displayAt(quote.display, quote.chargeCurrency, quote.chargeMinorDigits));
}
