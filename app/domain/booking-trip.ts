// "Add to trip" from My bookings (issue 34): apart from the details pages' builders, so those
// pages do not carry it.
import { isProductCode } from '~/products/registry';
import { tripListCommon } from '~/products/types';
import type { TripCandidate } from './add-to-trip';

/** A booking as My bookings lists it: what adding it to a trip needs. */
export type BookingTripInput = { reference: string; product: string; status: string; startsOn: string; endsOn: string | null; place: string | null };

/**
 * "Add to trip" from My bookings (issue 34): a confirmed booking of a product trips take joins a
 * trip as itself (POST /api/trips/addBooking; the server takes its product and dates from the
 * booking); the dialog offers the user's trips near its dates or a new one named after its place.
 * Null for anything else (a pending or failed booking, a membership, a wallet top-up).
 */
export function bookingTripCandidate(booking: BookingTripInput): TripCandidate | null {
  if (booking.status !== 'confirmed' || !isProductCode(booking.product)) return null;
  const checkout = booking.endsOn ?? booking.startsOn;
  return {
    product: booking.product,
    call: 'addBooking',
    checkin: booking.startsOn,
    checkout,
    place: booking.place,
    coordinates: null,
    payload: (trip) => ({ ...tripListCommon(trip), booking_id: booking.reference, ...(booking.place ? { city_name: booking.place } : {}) }),
  };
}
