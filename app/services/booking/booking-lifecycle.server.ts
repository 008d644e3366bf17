// What the rest of the site does when a booking moves (issue 35 item 5): each feature owns its
// reaction in its own file and joins the booking's life by one line in BOOKING_SUBSCRIBERS. The
// pay core (app/services/booking-payments/booking-move.server.ts) runs them inside the move's
// transaction, in this order, and knows none of them by name.
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { ApiMessageKey } from '~/i18n/api-messages';
import type { BookingsTable, DB } from '../platform/db-schema';
import type { Database } from '../platform/db.server';
import { bookingStatusFeed } from './booking-status.server';
import { storedValueSettlement, pointsEarning } from '../stored-value/stored-value.server';
import { membershipActivation, membershipTerms } from '../membership/membership.server';
import { tripsAttachment } from './trips.server';
import { bookingEmail } from './booking-mail.server';
import { SUBSCRIPTION } from '~/products/types';

export type Booking = Selectable<BookingsTable>;
export type BookingStatus = Booking['status'];
/** What a move writes on the booking's row (its status and the columns that go with it). */
export type BookingChange = Omit<Updateable<BookingsTable>, 'id' | 'updated_at'>;

/** A booking's move, as its subscribers see it: the row as it is after the move. */
export type BookingMove = {
  bookingId: string;
  from: BookingStatus;
  to: BookingStatus;
  change: BookingChange;
  booking: Pick<Booking, 'hold_id' | 'org_id' | 'user_id' | 'amount_minor' | 'currency' | 'product'>;
};

/** A feature's part in every booking's life. */
export interface BookingSubscriber {
  /** Says whose reaction it is (logs, tests). */
  readonly name: string;
  /**
   * Rows it will lock, taken before the booking's own row by every transaction that moves the
   * booking to `to`: one lock order for all writers, so two never wait on each other (decision 0032).
   */
  lockFirst?(bookingId: string, to: BookingStatus, trx: Transaction<DB>): Promise<void>;
  /** Its reaction, in the move's transaction: what it writes commits with the move; a throw rolls the move back. */
  onMove?(move: BookingMove, trx: Transaction<DB>): Promise<void>;
}

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

const subscribers = (): readonly BookingSubscriber[] => [...BOOKING_SUBSCRIBERS, ...added];

/** Takes the locks the subscribers need before the booking's row, in their order. */
export async function lockBeforeBooking(bookingId: string, to: BookingStatus, trx: Transaction<DB>): Promise<void> {
  for (const subscriber of subscribers()) await subscriber.lockFirst?.(bookingId, to, trx);
}

/** Runs every subscriber's reaction to `move`, in order, in the move's transaction. */
export async function reactToMove(move: BookingMove, trx: Transaction<DB>): Promise<void> {
  for (const subscriber of subscribers()) await subscriber.onMove?.(move, trx);
}

/**
 * A product whose bookings the pay core pays on their own terms: a membership is paid only on
 * the terms it would be bought on now, lands on its own success page and holds no inventory.
 */
export interface BookingTerms {
  /** Why the booking may not be paid now, or null; read under the booking's lock. */
  payRefusal(booking: Booking, trx: Transaction<DB>): Promise<ApiMessageKey | null>;
  /** Where its payer lands once it is paid. */
  successPath(booking: Booking, db: Database): Promise<string>;
  /** A booking of it without a hold has no inventory to claim. */
  holdsNoInventory: boolean;
}

const PRODUCT_TERMS: Readonly<Record<string, BookingTerms>> = { [SUBSCRIPTION]: membershipTerms };

/** The terms of product `product`'s bookings, when it has its own. */
export const termsOf = (product: string): BookingTerms | undefined => PRODUCT_TERMS[product];
