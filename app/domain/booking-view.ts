import type { BookingStatus, PaymentMethod } from '~/services/platform/db-schema';
import { isProductCode, products } from '~/products/registry';

/**
 * After booking (issue 4): who may see a booking's success page, what its status says, who
 * travels, and what counts as a booking message. Pure rules; bookings.server.ts does the IO.
 */

/** Statuses a success page, the profile list and the messages show: the booking went through. */
export const SHOWN_STATUSES = ['pending', 'confirmed', 'cancelled'] as const satisfies readonly BookingStatus[];
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

export const isShownStatus = (status: string): status is ShownStatus => (SHOWN_STATUSES as readonly string[]).includes(status);

/**
 * Statuses the owner's own list ("My bookings") and booking messages (the bell) show: those
 * above, and a booking that failed (its hold lapsed, its payment was voided), with why. Its
 * success page stays unknown to everyone (bookingAccess): there is nothing to show there.
 */
export const LISTED_STATUSES = [...SHOWN_STATUSES, 'failed'] as const satisfies readonly BookingStatus[];
export type ListedStatus = (typeof LISTED_STATUSES)[number];

export const isListedStatus = (status: string): status is ListedStatus => (LISTED_STATUSES as readonly string[]).includes(status);

/**
 * How much of a booking a visitor may see (quality goal S5):
 * - 'owner': a booking made signed in, seen by its own user: everything.
 * - 'public': a booking made without an account (a guest booking), seen by anyone holding its
 *   reference in the same organisation: only what is not personal (no e-mail, no phone, the
 *   traveller as first name and last initial). The reference is the guest's only key, so it
 *   must not unlock personal data for whoever guesses or overhears it.
 * - 'none': another organisation's booking, another user's booking, or one that never went
 *   through ('initiated', 'failed'): the page answers 404, the same as an unknown reference,
 *   so a reference's existence is never confirmed to someone who may not see it.
 * Agents and admins see other people's bookings only through their own roles' tools, not here.
 */
export type BookingAccess = 'owner' | 'public' | 'none';

export function bookingAccess(booking: { orgId: string; userId: number | null; status: string }, viewer: { orgId: string; userDbId: number | null }): BookingAccess {
  if (booking.orgId !== viewer.orgId || !isShownStatus(booking.status)) return 'none';
  if (booking.userId === null) return 'public';
  return viewer.userDbId !== null && viewer.userDbId === booking.userId ? 'owner' : 'none';
}

/** A booking reference as issued ('WAN-7K2QX9' style); anything else is not looked up. */
export function parseBookingReference(value: string | null): string | null {
  const trimmed = (value ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{2,6}-[A-Z0-9]{4,16}$/.test(trimmed) ? trimmed : null;
}

/** The traveller as a guest booking's public view shows them: 'Dora D.'. */
export function publicTravellerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** What the status line says (spec §3 payment options: OXXO waits to be paid, invoice follows). */
export type StatusNotice =
  | { kind: 'confirmed' }
  | { kind: 'confirmed_invoice' }
  | { kind: 'pending_oxxo'; voucher: string | null; /** ISO instant the voucher lapses unpaid (0018). */ expiresAt?: string }
  | { kind: 'pending_invoice' }
  | { kind: 'pending' }
  | { kind: 'cancelled' };

export function statusNotice(booking: { status: ShownStatus; paymentMethod: PaymentMethod | null; oxxoReference: string | null; oxxoExpiresAt?: string | null }): StatusNotice {
  switch (booking.status) {
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'confirmed':
      return booking.paymentMethod === 'invoice' ? { kind: 'confirmed_invoice' } : { kind: 'confirmed' };
    case 'pending':
      if (booking.paymentMethod === 'oxxo') return { kind: 'pending_oxxo', voucher: booking.oxxoReference, ...(booking.oxxoExpiresAt ? { expiresAt: booking.oxxoExpiresAt } : {}) };
      if (booking.paymentMethod === 'invoice') return { kind: 'pending_invoice' };
      return { kind: 'pending' };
  }
}

/** Who travels, as the page lists it; counts only, no names beyond the lead traveller's. */
export type PartyFact = { kind: 'rooms' | 'guestsPerRoom' | 'guests' | 'passengers' | 'units' | 'homes' | 'sleeps'; count: number };

const countOf = (selection: Record<string, string> | null, key: string): number | null => {
  const value = Number(selection?.[key]);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/**
 * The party of a booking from its hold: the held quantity (rooms, seats, places, tables…)
 * and the choices kept with the hold (`holds.selection`, e.g. guests per room). A booking
 * whose hold is gone shows no party rather than a guess.
 */
export function partyFacts(input: {
  product: string;
  quantity: number | null;
  selection: Record<string, string> | null;
  holidayHome?: boolean;
  sleeps?: number | null;
}): PartyFact[] {
  const { product, quantity, selection } = input;
  const facts: PartyFact[] = [];
  const push = (kind: PartyFact['kind'], count: number | null) => {
    if (count !== null && count > 0) facts.push({ kind, count });
  };
  // What a hold's party counts is the product's quote party (app/products/*.ts).
  switch (isProductCode(product) ? products[product].quote.party : null) {
    case 'rooms':
      push(input.holidayHome ? 'homes' : 'rooms', quantity);
      push('guestsPerRoom', countOf(selection, 'guestsPerRoom'));
      break;
    case 'passengers': {
      const listed = ['noofadults', 'noofchilds', 'noofinfants'].map((k) => countOf(selection, k) ?? 0).reduce((a, b) => a + b, 0);
      push('passengers', listed > 0 ? listed : quantity);
      break;
    }
    case 'guests':
      push('guests', countOf(selection, 'guests') ?? quantity);
      break;
    case 'guestsAndUnits':
      push('guests', countOf(selection, 'guests'));
      if (quantity !== null && quantity > 1) push('units', quantity);
      break;
    case 'sleeps':
      push('sleeps', input.sleeps ?? null);
      break;
    // A car's party is its driver, whose age the rental priced: no count to show.
    case 'driver':
    case null:
      break;
  }
  return facts;
}

/**
 * Booking messages (spec §3 "Booking notification", §7 Notifications): a message is a
 * status of one of the user's bookings that the user has not seen yet. The owner sees a
 * status by opening the booking's success page, which records it (`bookings.seen_status`,
 * migration 0013). A booking confirmed while the traveller was elsewhere, an OXXO voucher
 * paid in store (pending → confirmed), a cancellation or a failure is a new message until then
 * (a failed booking has no page: My bookings, which lists it, records it).
 */
export function isUnreadMessage(status: string, seenStatus: string | null): boolean {
  return isListedStatus(status) && seenStatus !== status;
}
