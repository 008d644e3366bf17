// /user/my-trips and its .ics export (issue 13): the page data of the user's trips (items of every
// product, booked ones marked, totals), a trip link opening one trip, the trip problem and a 404
// for a trip that is not the user's, a viewer never sent prices or confirmation numbers (checked
// in the loader's data, not the markup), and the calendar file read by a real calendar parser (ical.js).
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { loader as myTripsLoader } from '~/routes/user.my-trips';
import { loader as icsLoader } from '~/routes/user.my-trips_.ics';
import { createSession } from '~/services/identity/session.server';
import { type TripActor, attachBookingToTrips, saveTripListItem } from '~/services/booking/trips.server';
import { readCalendar } from '../support/ical';
import { tripPayloadOf } from '../support/trip-items';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn } from '../support/load-context';

const ORG = 'wanderly';
type Who = { cookie: string; actor: TripActor };
type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

describe.each(['pglite', 'postgres'] as const)('my trips on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const people: Record<'member' | 'viewer' | 'stranger', Who> = {} as never;
  let tripId = '';
  let reference = '';

  beforeAll(async () => {
    if (database.skip) return;
    for (const [who, key] of [
      ['member', 'member'],
      ['viewer', 'expired'],
      ['stranger', 'newuser'],
    ] as const) {
      const user = await database.db.selectFrom('users').select(['id', 'public_id', 'email']).where('email', '=', `${key}@${ORG}.example`).executeTakeFirstOrThrow();
      const cookie = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: user.id })).setCookie.split(';')[0]!;
      people[who] = { cookie, actor: { orgId: ORG, userDbId: user.id, userId: user.public_id, email: user.email, language: 'en-US' } };
    }
    const trip = (tripListId: string | null) => ({
      tripListId,
      tripListName: '',
      userId: people.member.actor.userId,
      orgId: ORG,
      checkinDate: '2036-12-01',
      checkoutDate: '2036-12-08',
      tripImage: '',
    });
    const hotel = await saveTripListItem(people.member.actor, 'createTripList', { json: tripPayloadOf('HLT', trip(null)) } as never, database.db);
    tripId = (hotel.body as { data: { trip_id: string } }).data.trip_id;
    const car = await saveTripListItem(people.member.actor, 'createCarTripList', { json: tripPayloadOf('CAR', trip(tripId)) } as never, database.db);
    expect(car.status).toBe(200);
    await database.db.insertInto('trip_members').values({ trip_id: tripId, user_id: people.viewer.actor.userDbId, role: 'viewer' }).execute();
    // The hotel is booked: its item is marked, with its confirmation number for the owner.
    reference = `WAN-MT${Date.now().toString(36).toUpperCase()}`;
    const booking = await database.db
      .insertInto('bookings')
      .values({
        reference,
        org_id: ORG,
        user_id: people.member.actor.userDbId,
        product: 'HLT',
        item_ref: 'test:my-trips',
        starts_on: '2036-12-01',
        ends_on: '2036-12-08',
        guest_first_name: 'Maya',
        guest_last_name: 'Lopez',
        guest_email: 'maya@example.com',
        guest_phone: null,
        status: 'confirmed',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute((trx) => attachBookingToTrips(booking.id, trx));
  });

  const get = (route: Loader, path: string, who: Who) => callAction(route as never, new Request(`http://${hostOf(ORG)}${path}`, { headers: { cookie: who.cookie } }));
  const pageData = async (path: string, who: Who) => {
    const response = await get(myTripsLoader, path, who);
    const body = (await response.json()) as { blocks: { kind: string; block: { type: string }; data: any }[] };
    return { status: response.status, body, data: body.blocks.find((entry) => entry.block?.type === 'trips.list')!.data };
  };

  it('lists the member’s trips with every item, booked ones marked, and totals', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { status, data } = await pageData('/user/my-trips', people.member);
    expect(status).toBe(200);
    expect(data.view).toBe('list');
    const trip = data.upcoming.find((t: { id: string }) => t.id === tripId);
    expect(trip).toMatchObject({ name: 'Cancún · Dec 2036', role: 'owner', image: expect.stringMatching(/^\//) });
    expect(trip.items).toEqual([
      expect.objectContaining({ product: 'HLT', name: 'Hotel Azul', booked: true, bookingReference: reference, amountText: '$812.00' }),
      expect.objectContaining({ product: 'CAR', name: 'Nissan Versa (Compact)', booked: false, bookingReference: null, amountText: '$210.00', startTime: '10:00' }),
    ]);
    // Both in US dollars: one total.
    expect(trip.totals).toEqual(['$1,022.00']);
  });

  it('opens one trip by its link; a viewer’s data holds no price, payment detail or confirmation number', async (ctx) => {
    if (database.skip) return ctx.skip();
    const path = `/user/my-trips?trip_id=${tripId}&workarea=viewMyTrips`;
    const owner = await pageData(path, people.member);
    expect(owner.status).toBe(200);
    expect(owner.data).toMatchObject({ view: 'trip', trip: { id: tripId, items: [{ booked: true }, { booked: false }] } });

    const viewer = await pageData(path, people.viewer);
    expect(viewer.status).toBe(200);
    expect(viewer.data).toMatchObject({ view: 'trip', trip: { id: tripId, role: 'viewer', totals: [] } });
    expect(viewer.data.trip.items.map((item: Record<string, unknown>) => [item.name, item.booked, item.amountText, item.bookingReference])).toEqual([
      ['Hotel Azul', true, null, null],
      ['Nissan Versa (Compact)', false, null, null],
    ]);
    // Without the random ids, whose hex digits may spell an amount.
    const sent = JSON.stringify(viewer.body).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '');
    for (const secret of [reference, '812', '210', 'inclusive', 'fare_summary', 'price']) expect(sent).not.toContain(secret);
  });

  it('another user’s trip or an unknown id answers the trip problem with a 404 and nothing of the trip', async (ctx) => {
    if (database.skip) return ctx.skip();
    for (const id of [tripId, 'no-such-trip', '00000000-0000-4000-8000-000000000000']) {
      const { status, data, body } = await pageData(`/user/my-trips?trip_id=${id}&workarea=viewMyTrips`, people.stranger);
      expect(status).toBe(404);
      expect(data).toMatchObject({ view: 'problem', tripId: id });
      expect(JSON.stringify(body)).not.toContain('Hotel Azul');
    }
  });

  it('exports the trip as an .ics file in the destination’s local time, for members only', async (ctx) => {
    if (database.skip) return ctx.skip();
    const response = await get(icsLoader, `/user/my-trips/ics?trip_id=${tripId}`, people.member);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cancun-dec-2036.ics"');
    const { events } = readCalendar(await response.text());
    expect(events.map((e) => e.summary)).toEqual(['Hotels: Hotel Azul', 'Cars: Nissan Versa (Compact)']);
    expect(events[0]).toMatchObject({ start: { local: '2036-12-01', zone: null }, description: `Booked, confirmation ${reference}` });
    // The car desk's own time: 10:00 in Cancún is 15:00 UTC.
    expect(events[1]!.start).toEqual({ local: '2036-12-01T10:00:00', zone: 'America/Cancun', instant: '2036-12-01T15:00:00.000Z' });
    expect(events[1]!.end).toEqual({ local: '2036-12-08T10:00:00', zone: 'America/Cancun', instant: '2036-12-08T15:00:00.000Z' });

    const viewer = await (await get(icsLoader, `/user/my-trips/ics?trip_id=${tripId}`, people.viewer)).text();
    expect(viewer).not.toContain(reference);
    for (const id of [tripId, 'nope']) expect((await get(icsLoader, `/user/my-trips/ics?trip_id=${id}`, people.stranger)).status).toBe(404);
    expect((await get(icsLoader, '/user/my-trips/ics', people.member)).status).toBe(404);
  });
});
