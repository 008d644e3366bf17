/**
 * Which bookings their owner may cancel for a refund from "My bookings" (issue 11). A simple,
 * written-down rule rather than per-supplier policies: a confirmed booking whose first day is
 * still ahead, paid in a way we can give back by ourselves — a card charge (void or refund at
 * the gateway) and stored value (refunded on the ledger). Invoices (credit lines), OXXO vouchers
 * (cash paid in a store) and card guarantees (nothing charged, a supplier's no-show policy) are
 * settled by a person, not by this button.
 */

export type CancelCheck = { ok: true } | { ok: false; reason: 'already_cancelled' | 'not_confirmed' | 'started' | 'method'; message: string };

/** Payment methods a cancellation gives back on its own: the card sale, or nothing charged (all stored value). */
const REFUNDABLE_METHODS: readonly string[] = ['card', 'saved_card', 'zero'];

export const CANCEL_TEXT = {
  already_cancelled: 'This booking is already cancelled.',
  not_confirmed: 'Only a confirmed booking can be cancelled.',
  started: 'This booking has already started: it can no longer be cancelled here.',
  method: 'This booking was not paid by card or stored value: contact us to cancel it.',
} as const;

/**
 * May the owner cancel this booking today? `startsOn` and `today` are 'YYYY-MM-DD' calendar days
 * (the booking's own, and today's on the organisation's clock, decision 0039): a booking starting
 * today has started.
 */
export function cancelCheck(booking: { status: string; paymentMethod: string | null; startsOn: string }, today: string): CancelCheck {
  const refuse = (reason: Exclude<CancelCheck, { ok: true }>['reason']): CancelCheck => ({ ok: false, reason, message: CANCEL_TEXT[reason] });
  if (booking.status === 'cancelled') return refuse('already_cancelled');
  if (booking.status !== 'confirmed') return refuse('not_confirmed');
  if (!(booking.startsOn > today)) return refuse('started');
  if (booking.paymentMethod === null || !REFUNDABLE_METHODS.includes(booking.paymentMethod)) return refuse('method');
  return { ok: true };
}
