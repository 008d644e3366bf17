import { describe, expect, it } from 'vitest';
import { type TripListInput, tripListCommon } from '~/products/types';
import { bookingTripCandidate } from './booking-trip';

const trip: TripListInput = {
  tripListId: null,
  tripListName: 'Beach week',
  userId: 'u-1',
  orgId: 'wanderly',
  checkinDate: '2030-03-10',
  checkoutDate: '2030-03-15',
  tripImage: '',
};

describe('bookingTripCandidate (Add to trip from My bookings, issue 34)', () => {
  const booking = { reference: 'WAN-7K2QX9AB', product: 'HLT', status: 'confirmed', startsOn: '2030-03-10', endsOn: '2030-03-15', place: 'Cancún' };
  it('adds a confirmed booking as itself: its reference, and its place for a new trip', () => {
    const candidate = bookingTripCandidate(booking)!;
    expect(candidate).toMatchObject({ product: 'HLT', call: 'addBooking', checkin: '2030-03-10', checkout: '2030-03-15', place: 'Cancún' });
    expect(candidate.payload(trip)).toEqual({ ...tripListCommon(trip), booking_id: 'WAN-7K2QX9AB', city_name: 'Cancún' });
    expect(bookingTripCandidate({ ...booking, endsOn: null, place: null })!.payload(trip)).not.toHaveProperty('city_name');
    expect(bookingTripCandidate({ ...booking, endsOn: null })!.checkout).toBe('2030-03-10');
  });
  it('has none for a booking that is not confirmed, or not of a product trips take', () => {
    expect(bookingTripCandidate({ ...booking, status: 'pending' })).toBeNull();
    expect(bookingTripCandidate({ ...booking, product: 'SUB' })).toBeNull();
  });
});
