/**
 * What a checkout charges: integer minor units in the currency the card is charged in (the
 * catalogue's, USD, or the visitor's where the organisation settles in it: decisions 0014,
 * 0056), and a one-line description for the payment, the booking and the receipt.
 */
import { currencyFractionDigits, numberFormat } from './intl-format';
import { keptAnswers } from './kept-answers';

export type Charge = { amountMinor: number; currency: string; description: string };

/**
 * The currency the catalogue prices in, and every charge is made in unless the organisation
 * has a merchant account in the visitor's currency (docs/decisions/0056).
 */
export const CATALOGUE_CURRENCY = 'USD';

const CURRENCY = /^[A-Z]{3}$/;

/** A charge, refusing amounts that are not whole minor units or a currency that is not a code. */
export function chargeOf(amountMinor: number, currency: string, description: string): Charge {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`A charge is a whole, non-negative number of minor units, not ${amountMinor}`);
  if (!CURRENCY.test(currency)) throw new RangeError(`Unknown currency code '${currency}'`);
  const line = description.replace(/\s+/g, ' ').trim();
  if (line === '') throw new RangeError('A charge needs a description');
  return { amountMinor, currency, description: line };
}

/** The parts of a description that are there, joined the way every checkout writes them: 'Hotel Sol · 2 nights · 1 room'. */
export function describeCharge(parts: readonly (string | null | undefined | false)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.trim())
    .join(' · ');
}

/** '1 night', '2 nights': English counts for the description (it is for records, not the page copy). */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A decimal amount ('1234.5', '0.07', '12') as integer minor units with `minorDigits`
 * decimals, read as text so no binary float ever rounds it. More decimals than the currency
 * has, signs, exponents or other text are refused rather than rounded.
 */
export function decimalToMinor(amount: string, minorDigits: number): number {
  if (!Number.isInteger(minorDigits) || minorDigits < 0 || minorDigits > 4) throw new RangeError(`Unsupported minor digits ${minorDigits}`);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not a decimal amount: '${amount}'`);
  const fraction = match[2] ?? '';
  if (fraction.length > minorDigits && /[1-9]/.test(fraction.slice(minorDigits))) throw new RangeError(`'${amount}' has more than ${minorDigits} decimals`);
  const minor = BigInt(match[1]!) * 10n ** BigInt(minorDigits) + BigInt(fraction.slice(0, minorDigits).padEnd(minorDigits, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`'${amount}' is too large`);
  return Number(minor);
}

/** Integer minor units as a decimal string with exactly `minorDigits` decimals (what a gateway is sent). */
export function minorToDecimal(amountMinor: number, minorDigits: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`Not whole minor units: ${amountMinor}`);
  if (minorDigits === 0) return String(amountMinor);
  const text = String(amountMinor).padStart(minorDigits + 1, '0');
  return `${text.slice(0, -minorDigits)}.${text.slice(-minorDigits)}`;
}

/**
 * What the card will be charged, as the payer reads it before paying: the charged currency
 * (USD, decision 0014) in the page's locale, cents included, and never a bare "$" that a peso
 * site also shows ("US$123.45"; docs/decisions/0018).
 */
export function formatChargedAmount(charge: { amountMinor: number; currency: string }, locale: string): string {
  const format = numberFormat(locale, { style: 'currency', currency: charge.currency, currencyDisplay: 'narrowSymbol' });
  const text = format.format(charge.amountMinor / 10 ** currencyFractionDigits(charge.currency));
  // Only the currency part of a formatted amount can be a "$" (digits, separators and signs never are).
  return showsBareDollar(format, `${locale} ${charge.currency}`) ? text.replace('$', `${charge.currency.slice(0, 2)}$`) : text;
}

/** Whether a currency format's symbol is a bare "$", learnt once per locale and currency (formatToParts is slow). */
const bareDollarFormats = keptAnswers<boolean>(512);
function showsBareDollar(format: Intl.NumberFormat, key: string): boolean {
  return bareDollarFormats(key, () => format.formatToParts(1).some((part) => part.type === 'currency' && part.value === '$'));
}
