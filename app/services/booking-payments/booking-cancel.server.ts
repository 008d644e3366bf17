// A booking cancelled by its owner from "My bookings" (issue 11, POST /api/booking/cancel).
// Which bookings may be cancelled is app/domain/booking-cancel.ts; the cancellation itself:
// stored value refunded and units freed in one transaction with the booking's move, then the
// card sale given back through the payment port.
import type { CancelBookingBody } from '#schemas/api/booking-payment.schema';
import { CANCEL_TEXT, cancelCheck } from '~/domain/booking-cancel';
import { dayIn } from '~/domain/time-zone';
import { parseBookingReference } from '~/domain/booking-view';
import { type Database, getDb } from '../platform/db.server';
import { LostMove, lockHoldOfBooking, moveBooking } from './booking-move.server';
import { moveAttempt, releaseBookedHold } from './payment-attempts.server';
import { type AppliedPart, refundApplicationsOfHold, settleEarnedPoints } from '../stored-value/stored-value.server';
import { giveBack } from '../payments/gateway-calls.server';
import { paymentsOrNull } from '../payments/runtime.server';

export type CancelAnswer =
  | { status: 404 | 409; message: string }
  | {
      status: 200;
      result: 'cancelled' | 'already_cancelled';
      message: string;
      data: { booking_id: string; card: { amount_minor: number; currency: string; refunded: boolean } | null; parts: PartBody[] };
    };

type PartBody = { kind: string; title: string; code: string; amount_minor: number; currency: string; units: number };

const partBody = (part: AppliedPart): PartBody => ({
  kind: part.kind,
  title: part.title,
  code: part.code,
  amount_minor: part.amountMinor,
  currency: part.currency,
  units: part.units,
});
const cardBody = (card: CardGiveBack) => (card ? { amount_minor: card.amountMinor, currency: card.currency, refunded: card.done } : null);

const NOT_FOUND = { status: 404 as const, message: 'No such booking' };

/**
 * Cancels the member's booking `body.id` in organisation `orgId`. Someone else's booking, or
 * none, is one 404 and changes nothing; a booking the rule refuses is a 409; a cancelled one
 * answers 'already_cancelled' and changes nothing (unless its card give-back is still owed:
 * then it is tried again, the same gateway call).
 */
export async function cancelBooking(member: { orgId: string; userId: number; timeZone: string }, body: CancelBookingBody, db: Database = getDb()): Promise<CancelAnswer> {
  const reference = parseBookingReference(body.id);
  if (!reference) return NOT_FOUND;
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'status', 'payment_method', 'starts_on'])
    .where('reference', '=', reference)
    .where('org_id', '=', member.orgId)
    .where('user_id', '=', member.userId)
    .executeTakeFirst();
  if (!booking) return NOT_FOUND;
  const already = async () => ({
    status: 200 as const,
    result: 'already_cancelled' as const,
    message: CANCEL_TEXT.already_cancelled,
    data: { booking_id: reference, card: cardBody(await giveBackCancelledPayment(booking.id, db)), parts: [] },
  });
  const check = cancelCheck({ status: booking.status, paymentMethod: booking.payment_method, startsOn: booking.starts_on }, dayIn(member.timeZone));
  if (!check.ok) return check.reason === 'already_cancelled' ? already() : { status: 409, message: check.message };
  const cancelled = await cancelConfirmedBooking(booking.id, db);
  // Another cancel of the same booking won the lock: this one changed nothing.
  if (cancelled === 'not_confirmed') return already();
  const card = await giveBackCancelledPayment(booking.id, db);
  const message =
    card && !card.done
      ? 'Your booking is cancelled. Your stored value is back; the card refund is delayed and will be sent automatically.'
      : 'Your booking is cancelled and everything you paid is refunded.';
  return { status: 200, result: 'cancelled', message, data: { booking_id: reference, card: cardBody(card), parts: cancelled.refunded.map(partBody) } };
}

/**
 * Cancels a confirmed booking in one transaction under its row lock: the booking moves to
 * 'cancelled', every stored-value part its hold captured is refunded to where it came from
 * (ledger), and its units are freed. The card sale is given back afterwards, outside the
 * transaction (`giveBackCancelledPayment`). 'not_confirmed' when the booking was no longer
 * confirmed under the lock (another cancel won): nothing changed.
 */
export async function cancelConfirmedBooking(bookingId: string, db: Database = getDb()): Promise<{ refunded: AppliedPart[] } | 'not_confirmed'> {
  return db.transaction().execute(async (trx) => {
    // The hold's row first, then the booking's: the order every stored-value change takes (decision 0031).
    await lockHoldOfBooking(bookingId, trx);
    const booking = await trx.selectFrom('bookings').select(['status', 'hold_id']).where('id', '=', bookingId).forUpdate().executeTakeFirstOrThrow();
    if (booking.status !== 'confirmed') return 'not_confirmed';
    if (!(await moveBooking(bookingId, 'confirmed', { status: 'cancelled' }, trx))) throw new LostMove('booking confirmed → cancelled');
    // Points earned on it were pending until the trip: they go with the booking.
    await settleEarnedPoints(bookingId, 'forfeit', trx);
    if (!booking.hold_id) return { refunded: [] };
    const refunded = await refundApplicationsOfHold(booking.hold_id, trx);
    await releaseBookedHold(booking.hold_id, trx);
    return { refunded };
  });
}

export type CardGiveBack = { amountMinor: number; currency: string; done: boolean } | null;

/**
 * Gives back the card sale of a cancelled booking: voided before settlement, refunded after
 * (the attempt's own gateway keys, so a repeat is the same call), then the attempt moves
 * 'captured' → 'voided'. null when the booking charged no card or it was given back already;
 * `done: false` when the gateway did not answer (the reconciler sweep tries again).
 */
export async function giveBackCancelledPayment(bookingId: string, db: Database = getDb()): Promise<CardGiveBack> {
  const attempt = await db
    .selectFrom('payment_attempts as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .selectAll('a')
    .where('a.booking_id', '=', bookingId)
    .where('b.status', '=', 'cancelled')
    .where('a.status', '=', 'captured')
    .where('a.gateway_transaction_id', 'is not', null)
    .executeTakeFirst();
  if (!attempt?.gateway_transaction_id) return null;
  // Marked as tried now: the sweep takes the least recently tried first.
  await db.updateTable('payment_attempts').set({ updated_at: new Date() }).where('id', '=', attempt.id).execute();
  const done = await giveBack(attempt.id, attempt.gateway_transaction_id, 'booking cancelled by its owner');
  // Lost: a concurrent cancel (same keys, one give-back) moved it first.
  if (done) await moveAttempt(attempt.id, 'captured', 'voided', { failure: { kind: 'booking', text: 'Cancelled by its owner' } }, db);
  return { amountMinor: attempt.amount_minor, currency: attempt.currency, done };
}

/** The reconciler's sweep: card sales of cancelled bookings not given back yet. Returns how many it gave back. */
export async function reconcileCancelledPayments(db: Database = getDb()): Promise<number> {
  if (!paymentsOrNull()) return 0;
  const owed = await db
    .selectFrom('payment_attempts as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .select('a.booking_id')
    .where('b.status', '=', 'cancelled')
    .where('a.status', '=', 'captured')
    .where('a.gateway_transaction_id', 'is not', null)
    // The least recently tried first, so a give-back that keeps failing cannot starve the rest.
    .orderBy('a.updated_at')
    .limit(20)
    .execute();
  let given = 0;
  for (const { booking_id: bookingId } of owed) if ((await giveBackCancelledPayment(bookingId, db))?.done) given += 1;
  return given;
}
