/** The guest a booking is made for, as typed on the checkout form. */
export type BookingGuest = { firstName: string; lastName: string };

/** What the duplicate check needs to know about a booking, new or existing. */
export type BookingForDuplicateCheck = {
  productCode: string;
  /** The hotel, car, activity… booked; when both sides carry one, they must match too. */
  itemId?: string | number | null;
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD; absent for single-date products (activities, transfers). */
  checkout?: string | null;
  guest: BookingGuest;
  /** Only existing bookings have one; a cancelled booking no longer blocks the name. */
  status?: string | null;
};

const CANCELLED = new Set(['cancelled', 'canceled', 'cancel', 'cx', 'cxl']);

/**
 * Names compare the way a supplier's duplicate check sees them: 'José  Pérez ' and
 * 'jose perez' are one guest. Accents are stripped after NFD so that precomposed and
 * decomposed input agree.
 */
function normaliseName(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function guestKey(guest: BookingGuest | null | undefined): string | null {
  const first = normaliseName(guest?.firstName);
  const last = normaliseName(guest?.lastName);
  // Without a full name there is nothing to compare; the form's own validation asks for it.
  return first && last ? `${first}\u0000${last}` : null;
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function isCancelled(status: string | null | undefined): boolean {
  return CANCELLED.has(text(status).toLowerCase());
}

/**
 * Whether `candidate` repeats an existing, non-cancelled booking: the same guest (first and
 * last name, ignoring case, accents and spacing) for the same product and the same dates.
 * A match opens the duplicate-booking modal ('Guest Name Update Required').
 */
export function isDuplicateBooking(candidate: BookingForDuplicateCheck, existing: readonly BookingForDuplicateCheck[]): boolean {
  const name = guestKey(candidate.guest);
  const product = text(candidate.productCode).toUpperCase();
  const checkin = text(candidate.checkin);
  if (!name || !product || !checkin) return false;
  const checkout = text(candidate.checkout);
  const item = text(candidate.itemId);
  return existing.some((booking) => {
    if (isCancelled(booking.status)) return false;
    if (text(booking.productCode).toUpperCase() !== product) return false;
    if (text(booking.checkin) !== checkin || text(booking.checkout) !== checkout) return false;
    const otherItem = text(booking.itemId);
    if (item && otherItem && item !== otherItem) return false;
    return guestKey(booking.guest) === name;
  });
}
