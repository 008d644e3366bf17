// A hold's quote (docs/decisions/0025): what its checkout shows and what paying charges, priced
// once when the offer is held. The checkout and the charge read it back; nothing re-prices a
// hold, so a change of the visitor's currency or of the exchange rates after the hold changes
// neither. One shape for every product: a product adds its facts, not another shape.
import { type Charge, CATALOGUE_CURRENCY, chargeOf } from './charge';
import { type Money, type RateTable, convert, formatMoney } from './money';
import type { PriceLineOf, ProductCode } from '~/products/registry';

/** The visitor's currency at hold time and the rate used to show the quote in it. */
export type QuoteDisplay = { currency: string; perUsd: string; minorDigits: number };

/** One priced line: its label key, in the charge currency (minor units) and as shown. */
export type QuoteLine = { key: string; amountMinor: number; displayMinor: number };

export type Quote<Facts extends object = Record<string, unknown>> = {
  product: string;
  /** The price lines (per night, before tax, total…), fees apart. */
  lines: QuoteLine[];
  /** Taxes and fees (tax, young-driver and one-way fees, our markup). */
  fees: QuoteLine[];
  /**
   * The currency the lines and the charge are in: the catalogue's (USD, decision 0014), or the
   * display currency where the organisation settles in it (decision 0056).
   */
  chargeCurrency: string;
  chargeMinorDigits: number;
  display: QuoteDisplay;
  priceType: string;
  /** Who travels: adults, children, infants, guests, rooms… as the product counts them. */
  party: Record<string, number>;
  /** What paying charges. */
  charge: Charge;
  /** What the product's checkout shows beside the price (names, dates, the held option). */
  facts: Facts;
  quotedAt: string;
};

/** The display part of a quote for the visitor's currency at today's rates. */
export function quoteDisplayOf(currency: string, rates: RateTable): QuoteDisplay {
  const rate = rates.get(currency);
  if (!rate) throw new Error(`No rate for ${currency}`);
  return { currency, perUsd: rate.perUsd, minorDigits: rate.minorDigits };
}

/**
 * What a quote made now records: the visitor's currency at today's rate and the currency it
 * charges in (decision 0056: the visitor's where the organisation has a merchant account in it).
 */
export type Quoting = Pick<Quote, 'display' | 'chargeCurrency' | 'chargeMinorDigits'>;

/** A quote charges in the catalogue currency or in its display currency: its rate table holds only those two. */
function requireChargeable(chargeCurrency: string, displayCurrency: string): void {
  if (chargeCurrency !== CATALOGUE_CURRENCY && chargeCurrency !== displayCurrency)
    throw new Error(`A quote charges in ${CATALOGUE_CURRENCY} or in its display currency, not ${chargeCurrency}`);
}

export function quotingOf(displayCurrency: string, chargeCurrency: string, rates: RateTable): Quoting {
  const charged = rates.get(chargeCurrency);
  if (!charged) throw new Error(`No rate for ${chargeCurrency}`);
  requireChargeable(chargeCurrency, displayCurrency);
  return { display: quoteDisplayOf(displayCurrency, rates), chargeCurrency, chargeMinorDigits: charged.minorDigits };
}

/**
 * The rate table a quote was priced with: the catalogue currency, its display currency at the
 * quote's rate, and so its charge currency, which is one of the two.
 */
function rateTableOf(quote: Quoting): RateTable {
  const catalogueDigits = quote.chargeCurrency === CATALOGUE_CURRENCY ? quote.chargeMinorDigits : 2;
  return new Map([
    [CATALOGUE_CURRENCY, { perUsd: '1', minorDigits: catalogueDigits }],
    [quote.display.currency, { perUsd: quote.display.perUsd, minorDigits: quote.display.minorDigits }],
  ]);
}

/**
 * `money` in `to` at the quote's own rate (issue 11: conversions use the quote's rate); null
 * when either currency is neither the quote's charge nor its display currency.
 */
export function convertAtQuoteRate(quote: Quoting, money: Money, to: string): Money | null {
  const rates = rateTableOf(quote);
  return rates.has(money.currency) && rates.has(to) ? convert(money, to, rates) : null;
}

/** Our markup on a quote (its 'markup' fee or line), 0 when it records none. */
export function markupOfQuote(quote: Pick<Quote, 'lines' | 'fees'>): number {
  return [...quote.fees, ...quote.lines].find((line) => line.key === 'markup')?.amountMinor ?? 0;
}

/** Amounts by line key, in minor units of the catalogue currency; null amounts are left out. */
type Amounts = Partial<Record<string, number | null>>;
/**
 * `A`, if each of its keys is one the registry's `quote.priceLines` names for `C`: an unknown
 * key (one a spread brings too, which the excess property check lets through) does not compile.
 */
type PriceLinesOf<C extends ProductCode, A extends Amounts> = A & { [K in Exclude<keyof A, PriceLineOf<C>>]: never };

export type QuoteInput<Facts extends object, C extends ProductCode, Lines extends Amounts, Fees extends Amounts> = {
  product: C;
  lines: PriceLinesOf<C, Lines>;
  /** Taxes and fees, keyed like the lines. */
  fees: PriceLinesOf<C, Fees>;
  display: QuoteDisplay;
  chargeCurrency: string;
  chargeMinorDigits: number;
  priceType: string;
  party: Record<string, number>;
  /** In minor units of the catalogue currency, like the lines. */
  charge: { amountMinor: number; description: string };
  facts: Facts;
  now?: Date;
};

/**
 * A quote from its priced parts in the catalogue currency: each line converted once to the
 * charge currency and to the display currency, at the rate of `display`.
 */
export function buildQuote<Facts extends object, C extends ProductCode, Lines extends Amounts, Fees extends Amounts>(input: QuoteInput<Facts, C, Lines, Fees>): Quote<Facts> {
  requireChargeable(input.chargeCurrency, input.display.currency);
  const base = { display: input.display, chargeCurrency: input.chargeCurrency, chargeMinorDigits: input.chargeMinorDigits };
  const rates = rateTableOf(base);
  const to = (currency: string, amountMinor: number) => convert({ amountMinor, currency: CATALOGUE_CURRENCY }, currency, rates).amountMinor;
  const linesOf = (amounts: Amounts) =>
    Object.entries(amounts)
      .filter((e): e is [string, number] => typeof e[1] === 'number')
      .map(([key, amountMinor]) => {
        if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Quote line ${key} is not whole minor units: ${amountMinor}`);
        return { key, amountMinor: to(input.chargeCurrency, amountMinor), displayMinor: to(input.display.currency, amountMinor) };
      });
  return {
    product: input.product,
    lines: linesOf(input.lines),
    fees: linesOf(input.fees),
    ...base,
    priceType: input.priceType,
    party: input.party,
    charge: chargeOf(to(input.chargeCurrency, input.charge.amountMinor), input.chargeCurrency, input.charge.description),
    facts: input.facts,
    quotedAt: (input.now ?? new Date()).toISOString(),
  };
}

/** An amount of the quote as shown: in its display currency, at its rate, with its text. */
export type QuotedPrice = Money & { text: string };

/** A line (or fee) of the quote as shown, or null when the quote has no such line. */
export function quotedLine(quote: Quote<object>, key: string, language: string): QuotedPrice | null {
  const line = quote.lines.find((l) => l.key === key) ?? quote.fees.find((l) => l.key === key);
  return line ? shown(quote, line.displayMinor, language) : null;
}

/** Like `quotedLine`, for a line every quote of its product has. */
export function requiredLine(quote: Quote<object>, key: string, language: string): QuotedPrice {
  const line = quotedLine(quote, key, language);
  if (!line) throw new Error(`The ${quote.product} quote has no ${key} line`);
  return line;
}

function shown(quote: Quote<object>, displayMinor: number, language: string): QuotedPrice {
  const money = { amountMinor: displayMinor, currency: quote.display.currency };
  return { ...money, text: formatMoney(money, quote.display.minorDigits, language) };
}

/** Any amount in the charge currency as the quote shows it (at the quote's rate). */
export function quotedAmount(quote: Quote<object>, amountMinor: number, language: string): QuotedPrice {
  const converted = convert({ amountMinor, currency: quote.chargeCurrency }, quote.display.currency, rateTableOf(quote));
  return shown(quote, converted.amountMinor, language);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isLine = (v: unknown): v is QuoteLine => isRecord(v) && typeof v.key === 'string' && isInt(v.amountMinor) && isInt(v.displayMinor);

/**
 * A stored quote read back (jsonb, or its JSON text), or null when there is none or it is not
 * a quote of `product`: a hold without a quote is not payable.
 */
export function readQuote(value: unknown, product: string): Quote | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(parsed) || parsed.product !== product) return null;
  const { lines, fees, display, charge, party, facts } = parsed;
  const ok =
    Array.isArray(lines) &&
    lines.every(isLine) &&
    Array.isArray(fees) &&
    fees.every(isLine) &&
    isRecord(display) &&
    typeof display.currency === 'string' &&
    typeof display.perUsd === 'string' &&
    isInt(display.minorDigits) &&
    isRecord(charge) &&
    isInt(charge.amountMinor) &&
    charge.amountMinor >= 0 &&
    typeof charge.currency === 'string' &&
    typeof charge.description === 'string' &&
    typeof parsed.chargeCurrency === 'string' &&
    isInt(parsed.chargeMinorDigits) &&
    typeof parsed.priceType === 'string' &&
    isRecord(party) &&
    Object.values(party).every(isInt) &&
    isRecord(facts) &&
    typeof parsed.quotedAt === 'string';
  return ok ? (parsed as Quote) : null;
}
