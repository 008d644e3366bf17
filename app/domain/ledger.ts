/**
 * Stored-value ledger rules (docs/decisions/0030), pure: which accounts each movement debits
 * and credits, that a transaction balances, and what an amount may be. The database enforces
 * the same balancing and non-negative rules again; these give callers clear errors first.
 */

export const INSTRUMENT_KINDS = ['coupon', 'cash_card', 'points', 'wallet', 'certificate', 'discount_card'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/**
 * 'available' and 'reserved' belong to a member's instrument; 'issuance' (the source of issued
 * value, the only account that goes negative) and 'spent' (captured value) are the
 * organisation's, one of each per kind, point type and currency.
 */
export type AccountRole = 'available' | 'reserved' | 'issuance' | 'spent';

export type LedgerTransactionKind = 'issue' | 'reserve' | 'capture' | 'release' | 'refund';

/** Where each movement takes value from and where it puts it. */
export const MOVEMENTS: Readonly<Record<LedgerTransactionKind, { from: AccountRole; to: AccountRole }>> = {
  issue: { from: 'issuance', to: 'available' },
  reserve: { from: 'available', to: 'reserved' },
  capture: { from: 'reserved', to: 'spent' },
  release: { from: 'reserved', to: 'available' },
  refund: { from: 'spent', to: 'available' },
};

export type Entry = { accountId: number; amountMinor: number; currency: string };

export class LedgerError extends Error {
  override name = 'LedgerError';
}
export class InvalidAmountError extends LedgerError {
  override name = 'InvalidAmountError';
}
export class CurrencyMismatchError extends LedgerError {
  override name = 'CurrencyMismatchError';
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Currency mismatch: the account is in ${expected}, the amount in ${actual}`);
  }
}
export class InsufficientBalanceError extends LedgerError {
  override name = 'InsufficientBalanceError';
  constructor(
    readonly accountId: number,
    /** Undefined when the database refused the movement (its CHECK), not this code. */
    readonly availableMinor: number | undefined,
    readonly requestedMinor: number,
  ) {
    super(`Insufficient balance on account ${accountId}: ${availableMinor ?? 'less than requested'} available, ${requestedMinor} requested`);
  }
}
export class UnknownAccountError extends LedgerError {
  override name = 'UnknownAccountError';
}
export class UnknownReservationError extends LedgerError {
  override name = 'UnknownReservationError';
}
export class ReservationSettledError extends LedgerError {
  override name = 'ReservationSettledError';
  constructor(
    readonly reservationId: number,
    readonly status: 'captured' | 'released',
  ) {
    super(`Reservation ${reservationId} is already ${status}`);
  }
}
export class ReservationNotCapturedError extends LedgerError {
  override name = 'ReservationNotCapturedError';
}
export class RefundExceedsCaptureError extends LedgerError {
  override name = 'RefundExceedsCaptureError';
}
/** An idempotency key already used for a different request. */
export class IdempotencyConflictError extends LedgerError {
  override name = 'IdempotencyConflictError';
}

/** A movement's amount: a positive safe integer of minor units. */
export function checkAmount(amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new InvalidAmountError(`An amount is a positive whole number of minor units, not ${amountMinor}`);
  return amountMinor;
}

export function checkCurrency(accountCurrency: string, amountCurrency: string): void {
  if (accountCurrency !== amountCurrency) throw new CurrencyMismatchError(accountCurrency, amountCurrency);
}

/** The two entries of a movement of `amountMinor` from one account to another. */
export function postings(from: number, to: number, amountMinor: number, currency: string): Entry[] {
  checkAmount(amountMinor);
  if (from === to) throw new LedgerError('A movement needs two different accounts');
  return [
    { accountId: from, amountMinor: -amountMinor, currency },
    { accountId: to, amountMinor, currency },
  ];
}

/** The currencies whose entries do not sum to zero (empty: the transaction balances). */
export function unbalancedCurrencies(entries: readonly Entry[]): string[] {
  const sums = new Map<string, number>();
  for (const entry of entries) sums.set(entry.currency, (sums.get(entry.currency) ?? 0) + entry.amountMinor);
  return [...sums].filter(([, sum]) => sum !== 0).map(([currency]) => currency);
}

export function assertBalanced(entries: readonly Entry[]): void {
  if (entries.length === 0) throw new LedgerError('A transaction has entries');
  const unbalanced = unbalancedCurrencies(entries);
  if (unbalanced.length > 0) throw new LedgerError(`Transaction does not balance in ${unbalanced.join(', ')}`);
}

/** A refund may return at most what was captured and not yet refunded. */
export function checkRefund(capturedMinor: number, refundedMinor: number, amountMinor: number): void {
  checkAmount(amountMinor);
  if (refundedMinor + amountMinor > capturedMinor)
    throw new RefundExceedsCaptureError(`Refund of ${amountMinor} exceeds the ${capturedMinor - refundedMinor} captured and not yet refunded`);
}

/** A stable description of a request, so a retried key can be told from a reused one. */
export function fingerprintOf(kind: LedgerTransactionKind, fields: Readonly<Record<string, string | number>>): string {
  return `${kind}|${Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('|')}`;
}
