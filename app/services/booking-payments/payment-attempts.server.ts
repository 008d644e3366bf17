// A booking's payment attempts and their moves (docs/decisions/0011, 0018): the steps the pay
// call, the reconciler, the provider's page and the OXXO voucher share to finish an attempt,
// each guarded by the status it expects, so two workers never finish one attempt twice.
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { type AttemptStatus, type BookingFailure, type PayOutcome, canMoveAttempt, oxxoVoucherExpiresAt, outcomeOfAttempt } from '~/domain/booking-payment';
import { FAILURE_TEXTS } from '~/domain/booking-failures';
import { successPath } from '~/products/registry';
import { getOrgById } from '../config/config.server';
import { type Database } from '../platform/db.server';
import type { BookingsTable, PaymentAttemptsTable } from '../platform/db-schema';
import { termsOf } from '../booking/booking-lifecycle.server';
import type { BookingChange } from '../booking/booking-subscriber';
import { LostMove, moveBooking } from './booking-move.server';
import { convertHoldToBooking } from '../booking/holds.server';
import { errorFields, log } from '../platform/logger.server';
import { RETRY_DELAYS_MS, giveBack, sleep, withRetries } from '../payments/gateway-calls.server';
import type { GatewayTransaction, PaymentFailure } from '../payments/port';
import { paymentGateway, paymentsOrNull } from '../payments/runtime.server';

export type Booking = Selectable<BookingsTable>;

export type Attempt = Selectable<PaymentAttemptsTable>;

const POLL_MS = 100;

export const { expired: EXPIRED_TEXT, notCaptured: NOT_CAPTURED_TEXT, late: LATE_TEXT } = FAILURE_TEXTS;

export function gatewayTimeoutMs(): number {
  return paymentsOrNull()?.timeoutMs ?? 10_000;
}

/** How long a submit waits for an identical one already running before answering 'pending'. */
function replayWaitMs(): number {
  return gatewayTimeoutMs() * (RETRY_DELAYS_MS.length + 1) * 2 + 2_000;
}

export async function returnUrlOf(booking: Booking, db: Database): Promise<string> {
  const terms = termsOf(booking.product);
  if (terms) return terms.successPath(booking, db);
  let holidayHome = false;
  const roomType = /^room-type:(\d+)$/.exec(booking.item_ref)?.[1];
  if (booking.product === 'HLT' && roomType) {
    const hotel = await db
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .select('h.property_type')
      .where('r.id', '=', Number(roomType))
      .executeTakeFirst();
    if (hotel?.property_type === 'holiday_home') holidayHome = true;
  }
  return successPath(booking.product, booking.reference, holidayHome);
}

export async function waitForAttempt(attemptId: string, db: Database): Promise<Attempt> {
  const deadline = Date.now() + replayWaitMs();
  for (;;) {
    const attempt = await reload(attemptId, db);
    if (attempt.status !== 'created' && attempt.status !== 'authorized') return attempt;
    if (Date.now() >= deadline) return attempt;
    await sleep(POLL_MS);
  }
}

export async function storedOutcome(attempt: Attempt, db: Database): Promise<PayOutcome> {
  const booking = await db.selectFrom('bookings').select(['status', 'failure_text', 'oxxo_reference']).where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  return outcomeOfAttempt(attempt, booking);
}

export function reload(attemptId: string, db: Database): Promise<Attempt> {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
}

/**
 * After a lost move of an attempt that holds gateway transaction `transactionId`: 'owned' when
 * the attempt now carries that very transaction (another worker took the same sale and finishes
 * it); otherwise nobody will capture it, so it is voided (or refunded once settled) and noted on
 * the attempt.
 */
export async function keepOrGiveBack(attemptId: string, transactionId: string, why: string, db: Database): Promise<'owned' | 'given_back'> {
  const now = await reload(attemptId, db);
  if (now.gateway_transaction_id === transactionId && now.status !== 'failed' && now.status !== 'declined') return 'owned';
  await giveBack(now.id, transactionId, why);
  await db.updateTable('payment_attempts').set({ gateway_transaction_id: transactionId }).where('id', '=', attemptId).where('gateway_transaction_id', 'is', null).execute();
  return 'given_back';
}

export async function moveAttempt(
  attemptId: string,
  from: AttemptStatus | readonly AttemptStatus[],
  to: AttemptStatus,
  extra: { gateway_transaction_id?: string; failure?: PaymentFailure | BookingFailure; hosted_url?: string } = {},
  db: Database,
): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : [...from];
  if (!froms.every((status) => canMoveAttempt(status, to))) throw new Error(`A payment attempt never moves from ${froms.join('/')} to ${to}`);
  const moved = await db
    .updateTable('payment_attempts')
    .set({
      status: to,
      updated_at: new Date(),
      ...(extra.gateway_transaction_id ? { gateway_transaction_id: extra.gateway_transaction_id } : {}),
      ...(extra.failure ? { failure: JSON.stringify(extra.failure) } : {}),
      ...(extra.hosted_url ? { hosted_url: extra.hosted_url } : {}),
    })
    .where('id', '=', attemptId)
    .where('status', 'in', froms)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** Declined or failed at the gateway: no charge, and the booking can take another card. */
export async function refuse(attempt: Attempt, failure: PaymentFailure, db: Database): Promise<boolean> {
  const status: AttemptStatus = failure.kind === 'processor_declined' || failure.kind === 'gateway_rejected' ? 'declined' : 'failed';
  return db.transaction().execute(async (trx) => {
    // Lost: another worker settled the attempt first (and with it the booking): leave both.
    // 'awaiting_payment': a payer who was declined on, or left, the provider's page (decision 0055).
    if (!(await moveAttempt(attempt.id, ['created', 'unknown', 'awaiting_payment'], status, { failure }, trx))) return false;
    // The booking is 'pending' while its one live attempt is; anything else was moved by
    // someone else (failed, cancelled) and stays as it is.
    if (!(await moveBooking(attempt.booking_id, 'pending', { status: 'initiated', payment_method: null }, trx))) {
      log.warn('refused attempt: the booking had already left pending', { attemptId: attempt.id });
    }
    return true;
  });
}

export async function bookingAndHold(attempt: Attempt, db: Database) {
  const booking = await db.selectFrom('bookings').selectAll().where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  const hold = booking.hold_id ? await db.selectFrom('holds').select(['id', 'token', 'status']).where('id', '=', booking.hold_id).executeTakeFirst() : undefined;
  return { booking, hold };
}

/**
 * Turns the hold into the booking's allocation; true when it is (or already was) converted. A
 * membership has no inventory (and no hold): nothing to claim.
 */
export async function claimInventory(booking: Booking, hold: { token: string; status: string } | undefined): Promise<boolean> {
  if (booking.hold_id === null && termsOf(booking.product)?.holdsNoInventory) return true;
  if (!hold) return false;
  if (hold.status === 'booked') return true;
  return convertHoldToBooking(hold.token);
}

/**
 * An authorised attempt: confirm the booking (inventory), then capture, then mark it confirmed.
 * No inventory → void (paid but not booked is a void, never a refund). Unknown capture outcome →
 * left 'authorized' for the reconciler, which repeats the capture with the same key.
 */
export async function finishAuthorized(attemptId: string, db: Database): Promise<PayOutcome> {
  const attempt = await reload(attemptId, db);
  const transactionId = attempt.gateway_transaction_id;
  if (attempt.status !== 'authorized' || !transactionId) return storedOutcome(attempt, db);
  const { booking, hold } = await bookingAndHold(attempt, db);
  if (booking.status === 'failed') return voidAndFail(attempt, transactionId, booking.failure_text ?? EXPIRED_TEXT, db);
  let claimed: boolean;
  try {
    claimed = await claimInventory(booking, hold);
  } catch (error) {
    log.error('confirming the booking failed', { attemptId, ...errorFields(error) });
    claimed = false;
  }
  if (!claimed) return voidAndFail(attempt, transactionId, EXPIRED_TEXT, db);
  const captured = await withRetries(() => paymentGateway().capture({ transactionId, idempotencyKey: gatewayKey(attempt, 'capture') }));
  if (!captured.ok) {
    if (captured.failure.kind === 'transport' && captured.failure.retryable) return { kind: 'pending' };
    log.warn('capture refused: voiding', { attemptId, failure: captured.failure.kind });
    if (hold) await releaseBookedHold(hold.id, db);
    return voidAndFail(attempt, transactionId, NOT_CAPTURED_TEXT, db);
  }
  const kept = await settleAttempt(attempt, 'authorized', 'captured', { status: 'confirmed', confirmed_at: new Date(), payment_method: attempt.method, failure_text: null }, db);
  if (kept === 'moved') return { kind: 'confirmed' };
  if (kept === 'attempt_lost') {
    // Another worker captured the same authorisation (same key, one capture) and confirmed it;
    // if it was voided instead, nothing of this capture may stay on the card.
    const now = await reload(attempt.id, db);
    if (now.status !== 'captured') await giveBack(now.id, transactionId, 'capture after the attempt was settled elsewhere');
    return storedOutcome(now, db);
  }
  // Captured, but the booking left 'pending' meanwhile (failed or cancelled by someone else):
  // it will not be made, so the capture is given back and the units are freed.
  log.warn('booking left pending while its payment was captured: giving the payment back', { attemptId });
  if (hold) await releaseBookedHold(hold.id, db);
  return voidAndFail(attempt, transactionId, NOT_CAPTURED_TEXT, db);
}

/**
 * The gateway's idempotency key of one call of an attempt: made from the attempt's own id, so no
 * client key (one per attempt, but any text) can coincide with another attempt's call.
 */
export function gatewayKey(attempt: Attempt, call: 'sale' | 'capture' | 'void' | 'refund'): string {
  return `${attempt.id}:${call}`;
}

/** Gives back the units of a hold converted for a booking that will not be made. */
export async function releaseBookedHold(holdId: string, db: Database): Promise<void> {
  const release = async (trx: Database) => {
    const released = await trx.updateTable('holds').set({ status: 'released' }).where('id', '=', holdId).where('status', '=', 'booked').executeTakeFirst();
    if (Number(released.numUpdatedRows) > 0) await trx.deleteFrom('unit_allocations').where('hold_id', '=', holdId).execute();
  };
  // Inside a caller's transaction (the OXXO expiry) it joins that transaction.
  if (db.isTransaction) await release(db);
  else await db.transaction().execute(release);
}

/**
 * The booking cannot be made: it fails with `text` at once; the authorisation is voided (the
 * attempt stays 'authorized' for the reconciler when the void's outcome is unknown).
 */
async function voidAndFail(attempt: Attempt, transactionId: string, text: string, db: Database): Promise<PayOutcome> {
  // Only a booking still waiting for this attempt fails with `text`; one already failed (or
  // moved on by someone else) keeps its status and its own text.
  await moveBooking(attempt.booking_id, 'pending', { status: 'failed', failure_text: text }, db);
  const booking = await db.selectFrom('bookings').select(['status', 'failure_text']).where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  const error = booking.status === 'failed' ? (booking.failure_text ?? text) : text;
  // A void before settlement, a refund after (a capture whose booking was lost).
  if (await giveBack(attempt.id, transactionId, error)) {
    if (!(await moveAttempt(attempt.id, 'authorized', 'voided', { failure: { kind: 'booking', text: error } }, db))) {
      log.warn('voided attempt had already been settled by another worker', { attemptId: attempt.id, status: (await reload(attempt.id, db)).status });
    }
  } else log.warn('void not done yet: the reconciler retries it', { attemptId: attempt.id });
  return { kind: 'booking_failed', error, httpStatus: 409 };
}

/** The hold lapsed before a payment without a charge could claim it: the booking fails. */
export async function failExpired(attempt: Attempt, db: Database): Promise<PayOutcome> {
  const failure: BookingFailure = { kind: 'booking', text: EXPIRED_TEXT };
  const moved = await db.transaction().execute(async (trx) => {
    if (!(await moveAttempt(attempt.id, 'created', 'failed', { failure }, trx))) return false;
    await moveBooking(attempt.booking_id, 'pending', { status: 'failed', failure_text: EXPIRED_TEXT }, trx);
    return true;
  });
  // Lost: another worker finished this attempt; its answer stands.
  if (!moved) return storedOutcome(await reload(attempt.id, db), db);
  return { kind: 'booking_failed', error: EXPIRED_TEXT, httpStatus: 409 };
}

/** Invoice, zero-amount and OXXO: the inventory is claimed; no gateway call. */
export async function finishWithoutGateway(attempt: Attempt, db: Database): Promise<PayOutcome> {
  const { booking, hold } = await bookingAndHold(attempt, db);
  if (!(await claimInventory(booking, hold))) return failExpired(attempt, db);
  if (attempt.method === 'oxxo') {
    const reference = booking.oxxo_reference ?? oxxoVoucherReference();
    const expiresAt = oxxoVoucherExpiresAt(new Date(), getOrgById(booking.org_id)?.payments.oxxo?.voucherHours);
    const settled = await settleAttempt(attempt, 'created', 'awaiting_payment', { oxxo_reference: reference, oxxo_expires_at: expiresAt }, db);
    return settled === 'moved' ? { kind: 'pending', oxxoReference: reference } : answerLostRace(settled, attempt, hold, db);
  }
  const settled = await settleAttempt(attempt, 'created', 'completed', { status: 'confirmed', confirmed_at: new Date(), payment_method: attempt.method }, db);
  return settled === 'moved' ? { kind: 'confirmed' } : answerLostRace(settled, attempt, hold, db);
}

/**
 * Finishes an attempt: moves it from `from` to `to`, and its booking (expected 'pending') by
 * `set`, in one transaction; says which of the two lost a race, if any.
 */
export async function settleAttempt(
  attempt: Attempt,
  from: AttemptStatus,
  to: AttemptStatus,
  set: BookingChange,
  db: Database,
): Promise<'moved' | 'attempt_lost' | 'booking_lost'> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await moveAttempt(attempt.id, from, to, {}, trx))) return 'attempt_lost';
      if (!(await moveBooking(attempt.booking_id, 'pending', set, trx))) throw new LostMove(`booking pending (attempt ${to})`);
      return 'moved';
    });
  } catch (error) {
    if (error instanceof LostMove) return 'booking_lost';
    throw error;
  }
}

/**
 * The answer after `settleAttempt` from 'created' lost: another worker finished the attempt (its answer
 * stands), or the booking left 'pending' first, so it is not made and its units are freed.
 */
export async function answerLostRace(lost: 'attempt_lost' | 'booking_lost', attempt: Attempt, hold: { id: string } | undefined, db: Database): Promise<PayOutcome> {
  if (lost === 'attempt_lost') return storedOutcome(await reload(attempt.id, db), db);
  if (hold) await releaseBookedHold(hold.id, db);
  await moveAttempt(attempt.id, 'created', 'failed', { failure: { kind: 'booking', text: NOT_CAPTURED_TEXT } }, db);
  const now = await db.selectFrom('bookings').select('failure_text').where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  return { kind: 'booking_failed', error: now.failure_text ?? NOT_CAPTURED_TEXT, httpStatus: 409 };
}

/** An OXXO voucher reference: 14 digits the store clerk types in. */
export function oxxoVoucherReference(): string {
  return `9${[...randomBytes(13)].map((b) => String(b % 10)).join('')}`;
}

export const APPROVED: readonly GatewayTransaction['status'][] = ['authorized', 'submitted_for_settlement', 'settling', 'settled'];

export function failureOfTransaction(transaction: GatewayTransaction): PaymentFailure {
  if (transaction.status === 'gateway_rejected') return { kind: 'gateway_rejected', reason: 'other', transactionId: transaction.id };
  if (transaction.status === 'failed') return { kind: 'failed', code: '', text: 'failed', transactionId: transaction.id };
  return { kind: 'processor_declined', code: '', text: transaction.status, decline: 'soft', transactionId: transaction.id };
}
