// Issue 13 "Booked items join the trip that covers their dates": a booking confirmed through the
// payment path (moveBooking) joins its booker's trip in the same transaction, and a trip problem
// never fails the payment. Both backends.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { createHold } from '~/services/booking/holds.server';
import { initBookingAction } from '~/http/pay-call.server';
import { createSession } from '~/services/identity/session.server';
import { saveTripListItem } from '~/services/booking/trips.server';
import { tripPayloadOf } from '../support/trip-items';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';

const zeroAmountBookingRoute = bookingEndpoints['/api/booking/zeroAmountBooking'].action;

const ORG = 'wanderly';

describe.each(['pglite', 'postgres'] as const)('confirmed bookings join trips on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let serial = 0;

  async function member() {
    const user = await database.db.selectFrom('users').select(['id', 'public_id', 'email']).where('email', '=', `member@${ORG}.example`).executeTakeFirstOrThrow();
    const cookie = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: user.id })).setCookie.split(';')[0]!;
    return { cookie, actor: { orgId: ORG, userDbId: user.id, userId: user.public_id, email: user.email, language: 'en-US' as const } };
  }

  const post = (path: string, body: unknown, cookie: string) =>
    new Request(`http://${hostOf(ORG)}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

  /** A free hotel booking from `startsOn` to `endsOn`, through the checkout's hold and init steps, then confirmed by zeroAmountBooking. */
  async function bookFreeHotel(userDbId: number, cookie: string, startsOn: string, endsOn: string) {
    const itemRef = `test:trip-${backend}-${++serial}-${Date.now()}`;
    await database.db.insertInto('inventory_units').values({ product: 'HLT', supplier_code: 'OWN', item_ref: itemRef, unit_label: 'u-1' }).execute();
    const held = await createHold({
      orgId: ORG,
      userId: userDbId,
      product: 'HLT',
      itemRef,
      startsAt: new Date(`${startsOn}T15:00:00Z`),
      endsAt: new Date(`${endsOn}T11:00:00Z`),
      quantity: 1,
      ttlMinutes: 15,
    });
    if (held.kind !== 'held') throw new Error('expected a hold');
    const reference = `WAN-J${serial}${randomUUID().slice(0, 6).toUpperCase()}`;
    const row = await database.db
      .insertInto('bookings')
      .values({
        reference,
        org_id: ORG,
        user_id: userDbId,
        hold_id: held.hold.id,
        product: 'HLT',
        item_ref: itemRef,
        starts_on: startsOn,
        ends_on: endsOn,
        guest_first_name: 'Maya',
        guest_last_name: 'Lopez',
        guest_email: 'maya@example.com',
        guest_phone: null,
        status: 'initiated',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const form = new FormData();
    form.set('hold', held.hold.token);
    const init = await initBookingAction(await loadContextFor(post('/hotels/checkout', '', cookie)), form, 'HLT', { amountMinor: 0, currency: 'USD', description: 'Test' });
    expect(init.status).toBe(200);
    const paid = await callAction(zeroAmountBookingRoute, post('/api/booking/zeroAmountBooking', { id: reference }, cookie));
    expect(paid.status, await paid.clone().text()).toBe(200);
    return { id: row.id, reference };
  }

  it('a confirmed hotel booking whose dates a trip covers books its planned item', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie, actor } = await member();
    const trip = { tripListId: null, tripListName: '', userId: actor.userId, orgId: ORG, checkinDate: '2035-02-01', checkoutDate: '2035-02-08', tripImage: '' };
    const made = await saveTripListItem(actor, 'createTripList', { json: tripPayloadOf('HLT', trip) } as never, database.db);
    expect(made.status).toBe(200);
    const tripId = (made.body as { data: { trip_id: string } }).data.trip_id;

    const booking = await bookFreeHotel(actor.userDbId, cookie, '2035-02-01', '2035-02-08');
    expect(await database.db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow()).toEqual({ status: 'confirmed' });
    const items = await database.db.selectFrom('trip_items').select(['product', 'booking_id']).where('trip_id', '=', tripId).execute();
    expect(items).toEqual([{ product: 'HLT', booking_id: booking.id }]);
  });

  it('a trip problem is logged and the payment is confirmed all the same', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie, actor } = await member();
    const trip = { tripListId: null, tripListName: '', userId: actor.userId, orgId: ORG, checkinDate: '2035-06-01', checkoutDate: '2035-06-08', tripImage: '' };
    const made = await saveTripListItem(actor, 'createTripList', { json: tripPayloadOf('HLT', trip) } as never, database.db);
    const tripId = (made.body as { data: { trip_id: string } }).data.trip_id;
    // Any change to this trip's items fails, as a broken trip would.
    await sql`create or replace function refuse_trip_item() returns trigger language plpgsql as $$ begin raise exception 'trip broken'; end $$`.execute(database.db);
    await sql
      .raw(`create trigger refuse_trip_item before insert or update on trip_items for each row when (new.trip_id = '${tripId}') execute function refuse_trip_item()`)
      .execute(database.db);
    try {
      const booking = await bookFreeHotel(actor.userDbId, cookie, '2035-06-01', '2035-06-08');
      expect(await database.db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow()).toEqual({ status: 'confirmed' });
      expect(await database.db.selectFrom('trip_items').select('booking_id').where('trip_id', '=', tripId).execute()).toEqual([{ booking_id: null }]);
    } finally {
      await sql`drop trigger refuse_trip_item on trip_items`.execute(database.db);
    }
  });
});
