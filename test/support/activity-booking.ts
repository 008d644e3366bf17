// A seeded activity held and booked as a checkout's traveller step leaves it ('initiated', before
// the init-booking step): the start of the tests that pay, confirm or move a booking.
import { createHold } from '~/services/booking/holds.server';
import type { Database } from '~/services/platform/db.server';

export type ActivityBookingRequest = {
  org: string;
  userId: number;
  /** Picks the n-th seeded activity option, so the tests of one file book different ones. */
  optionIndex: number;
  startsAt: Date;
  hours: number;
  reference: string;
  guest: { firstName: string; lastName: string; email: string };
};

/** The booking, its hold's token and the option booked. */
export async function initiatedActivityBooking(db: Database, request: ActivityBookingRequest) {
  const option = await db
    .selectFrom('offer_options as o')
    .innerJoin('offers as f', 'f.id', 'o.offer_id')
    .select(['o.id', 'f.name'])
    .where('f.product', '=', 'ACT')
    .orderBy('o.id')
    .offset(request.optionIndex)
    .executeTakeFirstOrThrow();
  const itemRef = `offer-option:${option.id}`;
  const { startsAt } = request;
  const held = await createHold({
    orgId: request.org,
    userId: request.userId,
    product: 'ACT',
    itemRef,
    startsAt,
    endsAt: new Date(startsAt.getTime() + request.hours * 3_600_000),
    quantity: 1,
    ttlMinutes: 15,
  });
  if (held.kind !== 'held') throw new Error(`expected a hold, got ${held.kind}`);
  const booking = await db
    .insertInto('bookings')
    .values({
      reference: request.reference,
      org_id: request.org,
      user_id: request.userId,
      hold_id: held.hold.id,
      product: 'ACT',
      item_ref: itemRef,
      starts_on: startsAt.toISOString().slice(0, 10),
      ends_on: null,
      guest_first_name: request.guest.firstName,
      guest_last_name: request.guest.lastName,
      guest_email: request.guest.email,
      guest_phone: null,
      status: 'initiated',
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { bookingId: booking.id, holdToken: held.hold.token, offerName: option.name };
}
