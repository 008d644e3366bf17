// A booking's status moves, guarded and in one transaction with what the rest of the site does
// about them (app/services/booking/booking-lifecycle.server.ts): the one way a booking's status changes
// once it is paying.
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db.server';
import type { DB } from '../platform/db-schema';
import { lockBeforeBooking, reactToMove } from '../booking/booking-lifecycle.server';
import type { BookingChange, BookingStatus } from '../booking/booking-subscriber';

/**
 * A guarded state move that did not happen: the row was no longer in the status it was expected
 * in (another worker, the reconciler or a job moved it first). Thrown inside a transaction to
 * roll back what it wrote; the caller decides what the lost move means.
 */
export class LostMove extends Error {
  constructor(readonly what: string) {
    super(`lost move: ${what}`);
  }
}

/** Locks the row of the booking's hold (a booking's hold never changes once made). */
export async function lockHoldOfBooking(bookingId: string, trx: Transaction<DB>): Promise<void> {
  const booking = await trx.selectFrom('bookings').select('hold_id').where('id', '=', bookingId).executeTakeFirst();
  if (booking?.hold_id) await trx.selectFrom('holds').select('id').where('id', '=', booking.hold_id).forUpdate().execute();
}

/**
 * Moves a booking from the status it is expected in; false when it was no longer in it. Its
 * subscribers react in the same transaction (the stored value its hold applied is captured or
 * released, a membership activated, its e-mail queued …): all of it commits, or none.
 * `locksTaken`: the caller already took the subscribers' locks for this move in `db` (the pay
 * call's first transaction takes them before it reads the booking).
 */
export async function moveBooking(bookingId: string, from: BookingStatus, change: BookingChange, db: Database, options: { locksTaken?: boolean } = {}): Promise<boolean> {
  const move = async (trx: Transaction<DB>) => {
    // A change that keeps the status (an OXXO voucher's details) takes no subscriber's locks.
    if (change.status && !options.locksTaken) await lockBeforeBooking(bookingId, change.status, trx);
    const booking = await trx
      .updateTable('bookings')
      .set({ ...change, updated_at: new Date() })
      .where('id', '=', bookingId)
      .where('status', '=', from)
      .returning(['hold_id', 'org_id', 'user_id', 'amount_minor', 'currency', 'product'])
      .executeTakeFirst();
    if (!booking) return false;
    await reactToMove({ bookingId, from, to: change.status ?? from, change, booking }, trx);
    return true;
  };
  return db.isTransaction ? move(db as Transaction<DB>) : db.transaction().execute(move);
}
