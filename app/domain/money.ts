/**
 * Money is integer minor units plus a currency code; never a float. Conversion uses decimal
 * rates (units per USD, as strings) scaled to integers, and rounds half away from zero once.
 */
import { numberFormat } from './intl-format';
import { keptAnswers } from './kept-answers';

export type Money = { amountMinor: number; currency: string };
export type RateTable = ReadonlyMap<string, { perUsd: string; minorDigits: number }>;

const RATE_SCALE_DIGITS = 8;

function scaledRate(decimal: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new Error(`Invalid rate '${decimal}'`);
  const fraction = (match[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0').slice(0, RATE_SCALE_DIGITS);
  return BigInt(match[1]!) * 10n ** BigInt(RATE_SCALE_DIGITS) + BigInt(fraction);
}

/** Integer division rounding half away from zero (the one rounding money uses). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Converts between currencies through USD at the table's rates. */
export function convert(money: Money, to: string, rates: RateTable): Money {
  if (money.currency === to) return money;
  const from = rates.get(money.currency);
  const target = rates.get(to);
  if (!from || !target) throw new Error(`No rate for ${from ? to : money.currency}`);
  // amount_to = amount_from / perUsd_from * perUsd_to, with minor-digit shifts.
  const numerator = BigInt(money.amountMinor) * scaledRate(target.perUsd) * 10n ** BigInt(target.minorDigits);
  const denominator = scaledRate(from.perUsd) * 10n ** BigInt(from.minorDigits);
  return { amountMinor: Number(divideRounded(numerator, denominator)), currency: to };
}

/** The spec's display rounding: 2 decimals when fractional, otherwise an integer. */
export function roundForDisplay(value: number): number {
  return Number.isInteger(value) ? value : Math.round(value * 100) / 100;
}

/**
 * Prices as shown, kept: formatting is the costliest step of showing a price (a details page
 * shows some thirty), and the visitors of a popular search see the same prices. Bounded.
 */
const shownPrices = keptAnswers<string>(4096);

export function formatMoney(money: Money, minorDigits: number, locale: string): string {
  return shownPrices(`${locale} ${money.currency} ${minorDigits} ${money.amountMinor}`, () => {
    const major = money.amountMinor / 10 ** minorDigits;
    const fractional = money.amountMinor % 10 ** minorDigits !== 0;
    const digits = fractional ? Math.min(2, minorDigits) : 0;
    return numberFormat(locale, { style: 'currency', currency: money.currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major);
  });
}
