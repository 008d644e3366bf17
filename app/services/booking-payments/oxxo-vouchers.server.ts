// OXXO vouchers (decision 0019): paid in store (the collector's signed webhook) or expired unpaid.
import { type BookingFailure, type PayAnswer, invalidPay } from '~/domain/booking-payment';
import { FAILURE_TEXTS } from '~/domain/booking-failures';
import { type Database, getDb } from '../platform/db.server';
import { LostMove, moveBooking } from './booking-move.server';
import { log } from '../platform/logger.server';
import { moveAttempt, releaseBookedHold } from './payment-attempts.server';

export const OXXO_EXPIRED_TEXT = FAILURE_TEXTS.oxxoExpired;

/**
 * A voucher paid in store (the collector's webhook, its signature and body already checked by
 * the route): confirms its booking once; a repeat answers the same. The answer is the webhook's
 * (docs/api.md "OXXO webhook"): a voucher that lapsed confirms nothing (the acquirer refunds).
 */
export async function payOxxoVoucher(reference: string, amountMinor: number, db: Database = getDb()): Promise<PayAnswer> {
  const answer = (status: number, body: Record<string, unknown>): PayAnswer => ({ status, body });
  return db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom('bookings').selectAll().where('oxxo_reference', '=', reference).forUpdate().executeTakeFirst();
    if (!booking) return answer(404, { status: 'not_found' });
    if (booking.status === 'confirmed') return answer(200, { status: 'confirmed', booking_id: booking.reference, replay: true });
    // A voucher paid after it lapsed (or after the expiry job failed the booking) does not
    // confirm anything: its units may be someone else's by now. The acquirer refunds the payer.
    const lapsed = booking.oxxo_expires_at !== null && booking.oxxo_expires_at.getTime() <= Date.now();
    if (lapsed || booking.status === 'failed') {
      return answer(409, { status: 'expired', booking_id: booking.reference, message: 'This OXXO voucher expired before it was paid; the booking was not made' });
    }
    if (booking.amount_minor !== amountMinor) return invalidPay('amount_minor: does not match the voucher');
    const attempt = await trx
      .selectFrom('payment_attempts')
      .select('id')
      .where('booking_id', '=', booking.id)
      .where('method', '=', 'oxxo')
      .where('status', '=', 'awaiting_payment')
      .executeTakeFirst();
    if (!attempt) return answer(404, { status: 'not_found', message: 'No voucher awaiting payment' });
    // Both rows are as read under the booking's lock; a lost move would be a bug.
    if (!(await moveAttempt(attempt.id, 'awaiting_payment', 'completed', {}, trx))) throw new LostMove('attempt awaiting_payment → completed');
    if (!(await moveBooking(booking.id, 'pending', { status: 'confirmed', confirmed_at: new Date() }, trx))) throw new LostMove('booking pending → confirmed (voucher paid)');
    return answer(200, { status: 'confirmed', booking_id: booking.reference });
  });
}

/**
 * Fails the OXXO bookings whose voucher lapsed unpaid: the attempt 'failed', the booking
 * 'failed' with OXXO_EXPIRED_TEXT, and the units converted when the voucher was issued released.
 * Each booking in its own transaction, its row locked (SKIP LOCKED: another instance, or a
 * webhook paying it right now, has it), so a voucher is either paid or expired, never both.
 */
export async function expireOxxoVouchers(options: { limit?: number } = {}, db: Database = getDb()): Promise<number> {
  const { limit = 50 } = options;
  const due = await db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'pending')
    .where('payment_method', '=', 'oxxo')
    .where('oxxo_expires_at', '<=', new Date())
    .orderBy('oxxo_expires_at')
    .limit(limit)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
      if (!booking || booking.status !== 'pending' || !booking.oxxo_expires_at || booking.oxxo_expires_at.getTime() > Date.now()) return false;
      const attempt = await trx.selectFrom('payment_attempts').select('id').where('booking_id', '=', id).where('status', '=', 'awaiting_payment').executeTakeFirst();
      const failure: BookingFailure = { kind: 'booking', text: OXXO_EXPIRED_TEXT };
      if (attempt && !(await moveAttempt(attempt.id, 'awaiting_payment', 'failed', { failure }, trx))) return false;
      if (!(await moveBooking(id, 'pending', { status: 'failed', failure_text: OXXO_EXPIRED_TEXT }, trx))) return false;
      if (booking.hold_id) await releaseBookedHold(booking.hold_id, trx);
      return true;
    });
    if (done) expired += 1;
  }
  if (expired > 0) log.info('OXXO vouchers expired', { count: expired });
  return expired;
}

/** The periodic OXXO voucher expiry (server/index.ts), every minute. */
export const oxxoExpiryJob = { name: 'oxxo-voucher-expiry', everyMs: 60_000, run: () => expireOxxoVouchers() };
