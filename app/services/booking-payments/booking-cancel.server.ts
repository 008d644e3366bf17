// A booking cancelled by its owner from "My bookings" (issue 11, POST /api/booking/cancel).
// Which bookings may be cancelled is app/domain/booking-cancel.ts; the cancellation itself is
// the payment core's (booking-payment.server.ts): stored value refunded and units freed in one
// transaction with the booking's move, then the card sale given back through the payment port.
import { json } from '@remix-run/node';
import { type CancelBookingBody, cancelBookingSchema } from '#schemas/api/booking-payment.schema';
import { CANCEL_TEXT, cancelCheck } from '~/domain/booking-cancel';
import { dayIn } from '~/domain/time-zone';
import { parseBookingReference } from '~/domain/booking-view';
import { compileApiBody } from '../platform/api-body-schema.server';
import { type Database, getDb } from '../platform/db.server';
import type { AppliedPart } from '../stored-value/stored-value.server';
import { type CardGiveBack, cancelConfirmedBooking, giveBackCancelledPayment } from './booking-payment.server';

export const validateCancelBooking = compileApiBody<CancelBookingBody>(cancelBookingSchema);

export type CancelAnswer =
  | { status: 404 | 409; message: string }
  | { status: 200; result: 'cancelled' | 'already_cancelled'; message: string; data: { booking_id: string; card: { amount_minor: number; currency: string; refunded: boolean } | null; parts: PartBody[] } };

type PartBody = { kind: string; title: string; code: string; amount_minor: number; currency: string; units: number };

const partBody = (part: AppliedPart): PartBody => ({ kind: part.kind, title: part.title, code: part.code, amount_minor: part.amountMinor, currency: part.currency, units: part.units });
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

/** The answer as HTTP (docs/api.md "Booking cancellation"). */
export const cancelResponse = (answer: CancelAnswer) => json(answer, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
