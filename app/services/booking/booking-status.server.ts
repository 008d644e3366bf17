// Live booking status (spec §3 "Booking status message", §4 "Subscription booking"; architecture
// §6): a move publishes the booking's id with pg_notify inside its transaction, so PostgreSQL
// delivers it on commit only, to every instance LISTENing; each process LISTENs once and fans
// the ids out to the subscriptions following them, which read the status again.
import { type Transaction, sql } from 'kysely';
import { type BookingStatusMessage, isFinalBookingStatus } from '~/domain/booking-status';
import { type Database, getDb } from '../platform/db.server';
import { log, currentCorrelationId, underCorrelation } from '../platform/logger.server';
import { notificationOf, watchNotifications } from '../platform/notify-feed.server';
import type { DB } from '../platform/db-schema';
import type { BookingSubscriber } from './booking-subscriber';

const CHANNEL = 'booking_status';

/** Publishes that booking `bookingId` (its uuid) moved, in the move's transaction: sent when it commits, never when it rolls back. */
export async function publishBookingStatus(bookingId: string, trx: Transaction<DB>): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${notificationOf(bookingId, currentCorrelationId())})`.execute(trx);
}

/** Every move is published: the pages following the booking read its status again. */
export const bookingStatusFeed: BookingSubscriber = {
  name: 'booking status feed',
  onMove: ({ bookingId }, trx) => publishBookingStatus(bookingId, trx),
};

/** Whose bookings a caller may follow: the signed-in user on their organisation's site. */
export type BookingOwner = { orgId: string; userDbId: number };

async function findOwnedBooking(reference: string, owner: BookingOwner, db: Database) {
  return db
    .selectFrom('bookings')
    .select(['id', 'reference', 'status'])
    .where('reference', '=', reference)
    .where('org_id', '=', owner.orgId)
    .where('user_id', '=', owner.userDbId)
    .executeTakeFirst();
}

/** The owner's booking's status; null for an unknown booking and for someone else's alike. */
export async function bookingStatusOf(reference: string, owner: BookingOwner, db: Database = getDb()): Promise<BookingStatusMessage | null> {
  const booking = await findOwnedBooking(reference, owner, db);
  return booking ? { status: booking.status, booking_id: booking.reference } : null;
}

/** Calls `onMove` after each committed move of the booking (its uuid), with the move's correlation id, until the returned stop is called. */
export const watchBooking = (bookingId: string, onMove: (cause?: string) => void) => watchNotifications(CHANNEL, bookingId, onMove);

/**
 * The owner's booking's status now, then at each change, ending after a final status. Someone
 * else's booking or an unknown one ends at once with nothing (the same for both). A hand-written
 * iterator, like server/graphql.ts `ticks`: `return()` stops watching at once, even while a
 * `next()` waits for the next move, so unsubscribing frees the user's subscription slot.
 */
export function bookingStatusUpdates(reference: string, owner: BookingOwner, db: Database = getDb()): AsyncIterableIterator<BookingStatusMessage> {
  const done = { done: true, value: undefined } as const;
  let ended = false;
  let booking: { id: string; reference: string } | undefined;
  let last: string | undefined;
  let moved = false;
  /** The correlation id of the last move notified: the sent status is logged under it, on this instance. */
  let cause: string | undefined;
  let stopWatching: (() => void) | undefined;
  let wake: (() => void) | undefined;
  const end = () => {
    ended = true;
    stopWatching?.();
    stopWatching = undefined;
    wake?.();
  };
  const onMove = (movedBy?: string) => {
    moved = true;
    cause = movedBy ?? cause;
    wake?.();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (!booking && !ended) {
        const found = await findOwnedBooking(reference, owner, db);
        if (!found) end();
        else {
          // Watching before reading the status: a move committed in between is not lost.
          const stop = await watchBooking(found.id, onMove);
          if (ended) stop();
          else [booking, stopWatching] = [found, stop];
        }
      }
      while (!ended && booking) {
        if (last !== undefined && isFinalBookingStatus(last)) break;
        if (last !== undefined && !moved) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        moved = false;
        const row = await db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirst();
        if (!row || ended) break;
        if (row.status !== last) {
          last = row.status;
          underCorrelation(cause, () => log.info('booking status sent', { bookingId: booking!.reference, status: row.status }));
          return { done: false, value: { status: row.status, booking_id: booking.reference } };
        }
      }
      end();
      return done;
    },
    async return() {
      end();
      return done;
    },
  };
}
