// Pure rules of paying for a booking (spec §4 "Booking submit", §5 "Booking id", §7 "Payment
// token generation", §8; docs/decisions/0011): which ids and bodies are acceptable, what makes
// two submits the same request, how a payment attempt may move, and what the checkout is told.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentFailure } from '~/services/payments/port';
import { paymentRulesOf, productTakesInvoice } from '~/products/registry';

/**
 * How a booking is paid; 'zero' is the zero-amount path (spec §4 step 4); 'guarantee' books a
 * car on a verified card kept as its guarantee, nothing charged (car payment mode 'iframe').
 */
export type PayMethod = 'card' | 'saved_card' | 'invoice' | 'oxxo' | 'zero' | 'guarantee';

/**
 * Whether an organisation (its payments.options) takes this method for this product. An
 * invoice goes to an account, so only a signed-in payer may choose it.
 */
export function isMethodAllowed(method: PayMethod, orgOptions: readonly string[], product: string, signedIn: boolean): boolean {
  switch (method) {
    case 'card':
      return orgOptions.includes('new-card') || orgOptions.includes('add-card');
    case 'saved_card':
      return orgOptions.includes('saved-cards');
    case 'invoice':
      return signedIn && orgOptions.includes('invoice') && productTakesInvoice(product);
    case 'oxxo':
      return orgOptions.includes('oxxo') && (paymentRulesOf(product)?.oxxo ?? false);
    case 'zero':
      return true;
    // Which car takes it is the car's payment mode (carModeTakes).
    case 'guarantee':
      return paymentRulesOf(product)?.cardGuarantee ?? false;
  }
}

/** payments.threeDSecure 'always' makes every card charge require 3-D Secure. */
export const threeDSecureRequired = (setting: string) => setting === 'always';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

/**
 * What makes two submits "the same request": the route and its body with keys sorted. A retry
 * of the same body with the same Idempotency-Key replays; another body with that key conflicts.
 */
export function requestFingerprint(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route} ${JSON.stringify(canonical(body))}`)
    .digest('hex');
}

/** Major units (a number, or a decimal string with at most 2 decimals) → integer minor units. */
export function toMinorUnits(amount: unknown): number | null {
  if (typeof amount === 'number') {
    const cents = Math.round(amount * 100);
    // 12.345 would round silently: refuse anything with more than 2 decimals.
    return Number.isFinite(amount) && amount >= 0 && cents <= 99_999_999_999 && Math.abs(cents - amount * 100) < 1e-6 ? cents : null;
  }
  const match = typeof amount === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim()) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------
// Payment attempts (table payment_attempts). 'created' exists before any gateway call.
// ---------------------------------------------------------------------------------------

export type AttemptStatus = 'created' | 'authorized' | 'captured' | 'voided' | 'declined' | 'failed' | 'unknown' | 'awaiting_payment' | 'completed';

const TRANSITIONS: Record<AttemptStatus, readonly AttemptStatus[]> = {
  // The gateway answered (authorised, declined, failed), did not (unknown), or no gateway is
  // involved (invoice, zero: completed; OXXO: awaiting the store payment).
  created: ['authorized', 'declined', 'failed', 'unknown', 'completed', 'awaiting_payment'],
  // Booked and captured, or voided because the booking could not be confirmed.
  authorized: ['captured', 'voided'],
  // The reconciler found what happened at the gateway.
  unknown: ['authorized', 'declined', 'failed'],
  // OXXO: the store payment came (completed) or the voucher lapsed (failed). A provider's own
  // payment page (decision 0055): the payer paid there (authorized), was declined or left (declined, failed).
  awaiting_payment: ['completed', 'failed', 'authorized', 'declined'],
  // Its booking was cancelled by its owner and the sale given back (voided, or refunded once settled).
  captured: ['voided'],
  voided: [],
  declined: [],
  failed: [],
  completed: [],
};

export function canMoveAttempt(from: AttemptStatus, to: AttemptStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Statuses where the attempt may still charge: a second charge for the booking must wait. */
export const ATTEMPT_IN_FLIGHT: readonly AttemptStatus[] = ['created', 'authorized', 'unknown'];

/**
 * Statuses of a live attempt: in flight, or an OXXO voucher waiting to be paid. A booking has at
 * most one (the partial unique index payment_attempts_one_live, migration 0015, lists the same).
 */
export const ATTEMPT_LIVE: readonly AttemptStatus[] = [...ATTEMPT_IN_FLIGHT, 'awaiting_payment'];

/** The constraint that refuses a second live attempt for a booking. */
export const ONE_LIVE_ATTEMPT_INDEX = 'payment_attempts_one_live';

export const isAttemptFinal = (status: AttemptStatus) => TRANSITIONS[status].length === 0;

// ---------------------------------------------------------------------------------------
// What the checkout is told (spec §4 steps 5–6, §8 error catalogue).
// ---------------------------------------------------------------------------------------

/** Spec §2 demo-account modal title: what a demo account's booking or payment call is answered (403). */
export const DEMO_REFUSAL = { error: 'demo', message: "SORRY! YOU CAN'T BOOK THROUGH THIS ACCOUNT" } as const;

export const CARD_FAILURE_TITLE = 'SORRY! UNABLE TO PROCESS YOUR CARD';
export const CARD_FAILURE_MESSAGE = "WE COULDN'T PROCESS PAYMENT ON YOUR CURRENT CARD, PLEASE USE A DIFFERENT ONE AND TRY AGAIN";
export const THREE_D_SECURE_MESSAGE = 'Please enter another payment method';
export const BOOKING_FAILED_DEFAULT = 'Error creating booking order';

/** Why a booking could not be made after a successful authorisation (stored in failure jsonb). */
export type BookingFailure = { kind: 'booking'; text: string };

export type PayOutcome =
  | { kind: 'confirmed' }
  | { kind: 'pending'; oxxoReference?: string }
  | { kind: 'card_declined' }
  | { kind: 'three_d_secure' }
  | { kind: 'booking_failed'; error: string | null; httpStatus: 409 | 502 }
  | { kind: 'conflict' }
  /** The payer goes to the card provider's own payment page (decision 0055). */
  | { kind: 'redirect'; url: string };

/** A refused or unanswered gateway call, as the checkout sees it. */
export function outcomeOfFailure(failure: PaymentFailure): PayOutcome {
  switch (failure.kind) {
    case 'transport':
      return failure.retryable ? { kind: 'pending' } : { kind: 'booking_failed', error: null, httpStatus: 502 };
    case 'gateway_rejected':
      return failure.reason === 'three_d_secure' ? { kind: 'three_d_secure' } : { kind: 'card_declined' };
    case 'processor_declined':
    case 'failed':
    case 'validation':
      return { kind: 'card_declined' };
  }
}

export function isPaymentFailure(value: unknown): value is PaymentFailure {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return ['processor_declined', 'gateway_rejected', 'failed', 'validation', 'transport'].includes(String(value.kind));
}

/**
 * The answer for an attempt as stored: how a replay (same key, same body) or a concurrent
 * identical submit learns the first one's outcome without calling the gateway.
 */
export function outcomeOfAttempt(
  attempt: { status: AttemptStatus; failure: unknown; hosted_url?: string | null },
  booking: { status: string; failure_text: string | null; oxxo_reference: string | null },
): PayOutcome {
  switch (attempt.status) {
    case 'captured':
    case 'completed':
      return booking.status === 'confirmed' ? { kind: 'confirmed' } : { kind: 'pending' };
    case 'awaiting_payment':
      // A payer still on the provider's page (decision 0055): a replay sends them back to it.
      if (attempt.hosted_url) return { kind: 'redirect', url: attempt.hosted_url };
      return booking.oxxo_reference ? { kind: 'pending', oxxoReference: booking.oxxo_reference } : { kind: 'pending' };
    case 'created':
    case 'authorized':
    case 'unknown':
      return { kind: 'pending' };
    case 'voided':
      return { kind: 'booking_failed', error: booking.failure_text, httpStatus: 409 };
    case 'declined':
    case 'failed':
      if (isPaymentFailure(attempt.failure)) return outcomeOfFailure(attempt.failure);
      return { kind: 'booking_failed', error: booking.failure_text, httpStatus: 409 };
  }
}

/** `riskMs`: how long the fraud screening took, told in a Server-Timing header (bench:booking reads it). */
export type PayAnswer = { status: number; body: Record<string, unknown>; riskMs?: number };

/** A pay call refused before any attempt (docs/api.md "Booking payment"): a malformed request. */
export const invalidPay = (message: string): PayAnswer => ({ status: 400, body: { status: 'invalid', message } });
/** No such booking (or saved card) for this payer: one answer whether it exists or is someone else's. */
export const payNotFound = (message = 'No such booking'): PayAnswer => ({ status: 404, body: { status: 'not_found', message } });
/** A demo account never books. */
export const DEMO_PAY_REFUSAL: PayAnswer = { status: 403, body: DEMO_REFUSAL };

/**
 * The payment an attempt made (spec §7 `payment_id`): the gateway transaction it holds, or the one
 * a decline named; null when none was made (invoice, OXXO, zero amount, refused before the gateway).
 */
export function paymentIdOf(attempt: { gateway_transaction_id: string | null; failure: unknown }): string | null {
  if (attempt.gateway_transaction_id) return attempt.gateway_transaction_id;
  const failure = attempt.failure;
  return typeof failure === 'object' && failure !== null && 'transactionId' in failure && typeof failure.transactionId === 'string' ? failure.transactionId : null;
}

/** The HTTP answer of every pay call (docs/api.md "Booking payment"); `paymentId` is the answer's `payment_id`. */
export function payAnswer(outcome: PayOutcome, booking: { reference: string; returnUrl: string; paymentId: string | null }): PayAnswer {
  const answer = answerOf(outcome, booking);
  return { status: answer.status, body: { ...answer.body, payment_id: booking.paymentId } };
}

function answerOf(outcome: PayOutcome, booking: { reference: string; returnUrl: string }): PayAnswer {
  const placed = { booking_id: booking.reference, return_url: booking.returnUrl };
  switch (outcome.kind) {
    case 'confirmed':
      return { status: 200, body: { status: 'confirmed', ...placed } };
    case 'pending':
      return { status: 202, body: { status: 'pending', ...placed, ...(outcome.oxxoReference ? { oxxo_reference: outcome.oxxoReference } : {}) } };
    case 'card_declined':
      return { status: 402, body: { status: 'card_declined', title: CARD_FAILURE_TITLE, message: CARD_FAILURE_MESSAGE } };
    case 'three_d_secure':
      return { status: 402, body: { status: 'three_d_secure', message: THREE_D_SECURE_MESSAGE } };
    case 'booking_failed':
      return { status: outcome.httpStatus, body: { status: 'booking_failed', booking_id: booking.reference, error: outcome.error || BOOKING_FAILED_DEFAULT } };
    case 'conflict':
      return { status: 409, body: { status: 'conflict', message: 'This Idempotency-Key was used for another request' } };
    case 'redirect':
      return { status: 200, body: { status: 'redirect', booking_id: booking.reference, redirect_url: outcome.url } };
  }
}

// ---------------------------------------------------------------------------------------
// Signatures: the second-provider checksum and the OXXO webhook.
// ---------------------------------------------------------------------------------------

/** A secret for one purpose, derived from the gateway's private key (one secret to rotate). */
export function derivedSecret(privateKey: string, purpose: 'checksum' | 'oxxo-webhook'): Buffer {
  return createHmac('sha256', privateKey).update(`travel-booking:${purpose}`).digest();
}

export type ChecksumFields = { orderId: string; currency: string; countryCode: string; amount: string; apiKey: string; userId: number };

/** The second-provider checksum (spec §7): binds the order, amount, currency and the signed-in user. */
export function checksumOf(secret: Buffer, fields: ChecksumFields): string {
  const text = [fields.orderId, fields.currency, fields.countryCode, fields.amount, fields.apiKey, String(fields.userId)].join('|');
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]+$/.test(a) || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** How old a webhook may be; older ones (replays) are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC of "t.body">`, the OXXO webhook's signature header. */
export function signWebhook(secret: Buffer, body: string, nowSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${nowSeconds}.${body}`).digest('hex');
  return `t=${nowSeconds},v1=${v1}`;
}

export function verifyWebhook(secret: Buffer, body: string, header: string | null, nowSeconds: number): 'ok' | 'bad_signature' | 'stale' {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return 'bad_signature';
  const t = Number(match[1]);
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  if (!sameHex(match[2] ?? '', expected)) return 'bad_signature';
  return Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS ? 'stale' : 'ok';
}

/** How long an OXXO voucher stays payable when the organisation does not say (`payments.oxxo.voucherHours`). */
export const DEFAULT_OXXO_VOUCHER_HOURS = 72;

/** When a voucher issued at `issuedAt` lapses unpaid. */
export function oxxoVoucherExpiresAt(issuedAt: Date, voucherHours: number = DEFAULT_OXXO_VOUCHER_HOURS): Date {
  return new Date(issuedAt.getTime() + voucherHours * 3_600_000);
}

/** The order id a gateway transaction carries: one per attempt, so the reconciler finds exactly it. */
export const gatewayOrderId = (bookingReference: string, attemptId: string) => `${bookingReference}:${attemptId}`;
