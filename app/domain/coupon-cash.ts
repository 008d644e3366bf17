/**
 * Small rules of the coupon and cash card blocks and calls (spec §5, §8; issue 11), shared by
 * the checkout's blocks and the /api answers. Money is integer minor units of a 2-digit
 * currency (every stored value currency is); the calls speak major units.
 */
import { STORED_VALUE_TEXT } from './instruments';

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

/** The amount to send for a cash card: empty uses the whole balance; 0 or less is refused (spec §5). */
export function cashAmountToSend(typed: string): { ok: true; amount: string } | { ok: false; message: string } {
  const text = typed.trim();
  if (text === '') return { ok: true, amount: '' };
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) return { ok: false, message: STORED_VALUE_TEXT.cashAmount };
  return { ok: true, amount: text };
}

/** Spec §8: a coupon failure shows the server's message upper-cased (a generic one when it sent none). */
export function couponFailureText(message: unknown): string {
  return typeof message === 'string' && message.trim() !== '' ? message.toUpperCase() : STORED_VALUE_TEXT.couponInvalid;
}

/** Spec §7: the client treats a removeCashcard answer as released when msg (or the legacy mgs) says 'successfully'. */
export function cashCardReleased(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  return Object.entries(body).some(([key, text]) => (key === 'msg' || key === 'mgs') && typeof text === 'string' && text.includes('successfully'));
}
