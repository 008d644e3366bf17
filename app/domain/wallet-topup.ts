/**
 * Wallet top-ups (product WLT, spec §1; §4: no invoice option, a card pays). The amount a member
 * may add in one top-up, typed in major units of the wallet's currency.
 */

export const TOPUP_MIN_MINOR = 1_000;
export const TOPUP_MAX_MINOR = 100_000;

export const TOPUP_AMOUNT_TEXT = 'amount: between 10.00 and 1000.00, with at most 2 decimals';

/** The typed amount in minor units, or null when it is not a number with at most 2 decimals between the limits. */
export function topUpAmountMinor(typed: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor >= TOPUP_MIN_MINOR && minor <= TOPUP_MAX_MINOR ? minor : null;
}
