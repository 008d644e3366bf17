/**
 * Small rules of the coupon and cash card blocks and calls (spec §5, §8; issue 11), shared by
 * the checkout's blocks and the /api answers. Money is integer minor units of a 2-digit
 * currency (every stored value currency is); the calls speak major units.
 */
import { STORED_VALUE_TEXT, matchCoupon } from './instruments';

/** Minor units as the calls' major-unit number (10050 → 100.5). */
export const minorToMajor = (minor: number): number => minor / 100;

/**
 * A money field of a call body (a number or a decimal string) as the text the core prices:
 * '' stays '' (the whole balance); a number becomes its shortest decimal text, which the core
 * refuses when it has more than 2 decimals.
 */
export function amountText(value: number | string | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? String(value) : value.trim();
}

/**
 * What the member types in the cash card amount box, kept to digits and at most 2 decimals
 * (spec §5 "Digits only, with up to 2 decimals"): anything else typed is dropped.
 */
export function cleanAmountInput(raw: string): string {
  const [whole = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/**
 * The amount to send for a cash card. Spec §5: "Empty or zero input, when the balance is
 * sufficient, means the full balance is used" (the core's cashCardAmount): both are sent as ''
 * (the whole balance); anything but digits with up to 2 decimals is refused ('Please Enter Cash Card Amount').
 */
export function cashAmountToSend(typed: string): { ok: true; amount: string } | { ok: false } {
  const text = typed.trim();
  if (text !== '' && !/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false };
  return { ok: true, amount: text === '' || Number(text) === 0 ? '' : text };
}

/** Spec §5: the typed code must match one of the member's coupons; why not, as the block's message key. */
export function couponToApply(typed: string, available: readonly { code: string }[]): { ok: true; code: string } | { ok: false; reason: 'none' | 'invalid' } {
  const match = matchCoupon(typed, available);
  if (match.ok) return { ok: true, code: match.coupon.code };
  return { ok: false, reason: match.message === STORED_VALUE_TEXT.couponNone ? 'none' : 'invalid' };
}

/** A string field at the top of a call's JSON answer; null when there is none. */
export function answerText(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = Object.entries(body).find(([key]) => key === name)?.[1];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Spec §8: a coupon failure shows the server's message upper-cased; `fallback` when it sent none (no answer at all). */
export function couponFailureText(body: unknown, fallback: string): string {
  return answerText(body, 'message')?.toUpperCase() ?? fallback;
}

/** Spec §7: the client treats a removeCashcard answer as released when msg (or the legacy mgs) says 'successfully'. */
export function cashCardReleased(body: unknown): boolean {
  return [answerText(body, 'msg'), answerText(body, 'mgs')].some((text) => text?.includes('successfully'));
}

/** The cash card refusal reasons the server names (stored-value.server's RefusalReason), each said by the block in the page's language. */
const CASH_REFUSAL_REASONS = ['inactive', 'empty', 'over_balance', 'currency', 'nothing_to_pay', 'already_applied'] as const;
export type CashRefusalReason = (typeof CASH_REFUSAL_REASONS)[number];

/** Why an applyCashcard answer refused the card, when it says a reason the block knows; null otherwise (the block's general failure). */
export function cashRefusalReason(body: unknown): CashRefusalReason | null {
  const reason = answerText(body, 'reason');
  return CASH_REFUSAL_REASONS.find((known) => known === reason) ?? null;
}
