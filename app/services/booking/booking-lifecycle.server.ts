// What the rest of the site does when a booking moves (issue 35 item 5): each feature owns its
// reaction in its own file and joins the booking's life by one line in BOOKING_SUBSCRIBERS. The
// pay core (app/services/booking-payments/booking-move.server.ts) runs them inside the move's
// transaction, in this order, and knows none of them by name.
import type { Transaction } from 'kysely';
import type { DB } from '../platform/db-schema';
import type { BookingStatus, BookingMove, BookingSubscriber, BookingTerms } from './booking-subscriber';
import { bookingStatusFeed } from './booking-status.server';
import { storedValueSettlement, pointsEarning } from '../stored-value/stored-value.server';
import { membershipActivation, membershipTerms } from '../membership/membership.server';
import { tripsAttachment } from './trips.server';
import { bookingEmail } from './booking-mail.server';
import { SUBSCRIPTION } from '~/products/types';

/** The order subscribers run in: the status feed first, the e-mail last (it reads what the others wrote). */
const BOOKING_SUBSCRIBERS: readonly BookingSubscriber[] = [bookingStatusFeed, storedValueSettlement, membershipActivation, pointsEarning, tripsAttachment, bookingEmail];

/** Subscribers added at run time (a test, a plug-in), after the built-in ones. */
const added: BookingSubscriber[] = [];

/** Adds a subscriber after the built-in ones; returns what removes it again. */
export function subscribeToBookingMoves(subscriber: BookingSubscriber): () => void {
  added.push(subscriber);
  return () => {
    const at = added.indexOf(subscriber);
    if (at >= 0) added.splice(at, 1);
  };
}

const subscribers = (): readonly BookingSubscriber[] => (added.length === 0 ? BOOKING_SUBSCRIBERS : [...BOOKING_SUBSCRIBERS, ...added]);

/** Takes the locks the subscribers need before the booking's row, in their order. */
export async function lockBeforeBooking(bookingId: string, to: BookingStatus, trx: Transaction<DB>): Promise<void> {
  for (const subscriber of subscribers()) await subscriber.lockFirst?.(bookingId, to, trx);
}

/** Runs every subscriber's reaction to `move`, in order, in the move's transaction. */
export async function reactToMove(move: BookingMove, trx: Transaction<DB>): Promise<void> {
  for (const subscriber of subscribers()) await subscriber.onMove?.(move, trx);
}

const PRODUCT_TERMS: Readonly<Record<string, BookingTerms>> = { [SUBSCRIPTION]: membershipTerms };

/** The terms of product `product`'s bookings, when it has its own. */
export const termsOf = (product: string): BookingTerms | undefined => PRODUCT_TERMS[product];
