// What a feature that joins a booking's life provides (decision 0058): its reaction to the
// booking's moves, the locks it takes first, and, for a product paid on its own terms, those
// terms. Types only, so a feature and the list that names it (booking-lifecycle.server.ts) never
// import each other.
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { ApiMessageKey } from '~/i18n/api-messages';
import type { BookingsTable, DB } from '../platform/db-schema';
import type { Database } from '../platform/db.server';

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
