/**
 * Payable total and the stored-value instrument amounts that reduce it (issue 11, spec §5 and
 * §9). Pure rules: no IO, no UI. Money is integer minor units of the charged currency with 2
 * decimals (spec §9 "Money inputs: at most 2 decimals"); amounts are never floats.
 */
import { decimalToMinor, minorToDecimal } from './charge';
import { divideRounded, roundForDisplay } from './money';

/** Minor digits of every stored-value amount the spec handles (§9: at most 2 decimals). */
export const MONEY_DIGITS = 2;

/** Spec §8/§5 message for a cash-card amount that is missing, zero (with no balance) or not positive. */
export const CASH_CARD_AMOUNT_MESSAGE = 'Please Enter Cash Card Amount';

/** Spec §9: wallet markup factor 1.1, kept as a ratio of integers so no float rounds it. */
export const WALLET_MARKUP = { numerator: 11n, denominator: 10n } as const;

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole minor units, not ${value}`);
}

/** A plain decimal (number or text, no sign or exponent) as a scaled integer: value × 10^scale. */
function scaledDecimal(value: number | string, scale: number, what: string): bigint {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`${what} is not a non-negative decimal: '${String(value)}'`);
  const fraction = match[2] ?? '';
  if (fraction.length > scale) throw new RangeError(`${what} has more than ${scale} decimals: '${text}'`);
  return BigInt(match[1]!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/**
 * Spec §5 "Wallet and discount amounts: clamped at a minimum of zero". Also used for every
 * deduction, so a negative instrument amount can never raise what the card pays.
 */
export function clampAtZero(amountMinor: number): number {
  assertMinor(amountMinor, 'An amount');
  return amountMinor > 0 ? amountMinor : 0;
}

export type Deductions = {
  /** The applied cash-card amount. */
  cashCardMinor?: number;
  /** The applied coupon discount. */
  couponMinor?: number;
  /** Every other applied instrument: loyalty points value, wallets, certificates, discount cards. */
  otherMinor?: readonly number[];
};

/**
 * Spec §5 "Payable total: max(0, amount − cash card − coupon)", extended by issue 11 to
 * "− the other instruments". Each deduction is clamped at zero first (§5 wallet and discount
 * amounts). In minor units the result is already a whole number of cents; see
 * payableTotalForDisplay for §5 "Number rounding".
 */
export function payableTotalMinor(amountMinor: number, deductions: Deductions = {}): number {
  assertMinor(amountMinor, 'The amount');
  const parts = [deductions.cashCardMinor ?? 0, deductions.couponMinor ?? 0, ...(deductions.otherMinor ?? [])];
  const total = parts.reduce((rest, part) => rest - clampAtZero(part), amountMinor);
  return total > 0 ? total : 0;
}

/** Issue 11 "Payable total": a total of 0 takes the zero-amount path (no card is charged). */
export function isZeroAmountPath(payableMinor: number): boolean {
  assertMinor(payableMinor, 'The payable total');
  return payableMinor <= 0;
}

/** Spec §5 "Number rounding: to 2 decimals when fractional, otherwise an integer" (12.5, 12, 12.34). */
export function payableTotalForDisplay(payableMinor: number): number {
  assertMinor(payableMinor, 'The payable total');
  return roundForDisplay(Number(minorToDecimal(clampAtZero(payableMinor), MONEY_DIGITS)));
}

export type AmountResult = { ok: true; amountMinor: number } | { ok: false; message: string };

/**
 * Spec §5 "Cash card amount": digits only with up to 2 decimals; capped at the lesser of the
 * available cash balance and the payable total; empty or zero input, when the balance is
 * sufficient (here: positive), means the full balance (still capped at the payable total);
 * an amount of 0 or less, or anything that is not such digits, shows 'Please Enter Cash Card
 * Amount'.
 */
export function cashCardAmount(input: string, balanceMinor: number, payableMinor: number): AmountResult {
  const balance = clampAtZero(balanceMinor);
  const payable = clampAtZero(payableMinor);
  const text = input.trim();
  const refused = { ok: false, message: CASH_CARD_AMOUNT_MESSAGE } as const;
  if (text !== '' && !/^\d+(?:\.\d{1,2})?$/.test(text)) return refused;
  const entered = text === '' ? 0 : decimalToMinor(text, MONEY_DIGITS);
  const wanted = entered === 0 ? balance : entered;
  const amountMinor = Math.min(wanted, balance, payable);
  return amountMinor > 0 ? { ok: true, amountMinor } : refused;
}

export type Coupon = { kind: 'percent'; percent: number | string } | { kind: 'fixed'; amountMinor: number };

/**
 * Spec §5 "Coupon: the discount is capped at the payable total" and §9 "A coupon discount is
 * capped at the total"; issue 11: a coupon is percent or fixed. A percent discount is taken of
 * the payable total and rounded half away from zero to the cent; never below zero.
 */
export function couponDiscount(coupon: Coupon, payableMinor: number): number {
  const payable = clampAtZero(payableMinor);
  const raw =
    coupon.kind === 'fixed' ? clampAtZero(coupon.amountMinor) : Number(divideRounded(BigInt(payable) * scaledDecimal(coupon.percent, 4, 'A coupon percent'), 100n * 10n ** 4n));
  return Math.min(raw, payable);
}

/**
 * Spec §5 "Loyalty points: the entered points are capped at the selected type's available
 * points". Negative or non-numeric entries count as 0 points.
 */
export function cappedPoints(enteredPoints: number, availablePoints: number): number {
  const entered = Number.isFinite(enteredPoints) && enteredPoints > 0 ? enteredPoints : 0;
  const available = Number.isFinite(availablePoints) && availablePoints > 0 ? availablePoints : 0;
  return Math.min(entered, available);
}

/**
 * Spec §3 "Points type: rate_per_miles" and issue 11 "Points convert by rate_per_miles": the
 * money value of `points` is points × rate_per_miles (the value of one point in the payment
 * currency), in minor units, rounded half away from zero to the cent.
 */
export function pointsValueMinor(points: number | string, ratePerMiles: number | string): number {
  const SCALE = 8;
  const value = scaledDecimal(points, SCALE, 'Points') * scaledDecimal(ratePerMiles, SCALE, 'rate_per_miles');
  const minor = divideRounded(value * 10n ** BigInt(MONEY_DIGITS), 10n ** BigInt(2 * SCALE));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Points value is too large');
  return Number(minor);
}

/**
 * Spec §9 "Wallet markup factor 1.1": a wallet amount with the markup applied (× 1.1),
 * rounded half away from zero to the cent, clamped at zero (§5 wallet amounts).
 */
export function walletAmountWithMarkup(amountMinor: number): number {
  const amount = BigInt(clampAtZero(amountMinor));
  return Number(divideRounded(amount * WALLET_MARKUP.numerator, WALLET_MARKUP.denominator));
}

/**
 * Spec §5 "Discount cards: apply only for B2B or PKG price types with a positive markup"
 * (price_type and markup of the room price, §3). The price type is compared case-insensitively.
 */
export function discountCardApplies(priceType: string | null | undefined, markup: number | null | undefined): boolean {
  const type = (priceType ?? '').trim().toUpperCase();
  return (type === 'B2B' || type === 'PKG') && typeof markup === 'number' && Number.isFinite(markup) && markup > 0;
}
