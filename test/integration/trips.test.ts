// Trips (issue 13, spec §7 "Trips"): every product's create and update call with the spec
// payload, and its refusal naming the missing field; the ±14-day window, gettrips,
// belongsThistrip and citieimages; bad input a 400 that changes nothing; another user's trip a
// 404, unchanged; joining by invitation once; bookings joining the trips covering them. Both backends.
import { tripRules } from '~/domain/trip-rules';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRIP_CALLS } from '~/domain/trips';
import { type ProductCode, products } from '~/products/registry';
import type { TripListInput } from '~/products/types';
import { tripEndpoints } from '~/api/trip-endpoints.server';
import { getOrgById, publicOriginOf } from '~/services/config/config.server';
import { createSession } from '~/services/identity/session.server';
import { type TripActor, attachBookingToTrips, inviteToTrip, isOpenInvitation } from '~/services/booking/trips.server';
import { tripPayloadOf } from '../support/trip-items';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn } from '../support/load-context';

/** The trip calls' handlers, as the /api table mounts them. */
const endpoint = (path: string) => tripEndpoints[`/api/trips/${path}` as keyof typeof tripEndpoints].action;
const addBookingRoute = endpoint('addBooking');
const addUserToTripRoute = endpoint('addUserToTrip');
const belongsRoute = endpoint('belongsThistrip');
const cityImagesRoute = endpoint('citieimages');
const createActivitiesRoute = endpoint('createActivitiesTripList');
const createCarRoute = endpoint('createCarTripList');
const createFlightRoute = endpoint('createFlightTripList');
const createResortsRoute = endpoint('createResortsTripList');
const createTransfersRoute = endpoint('createTransfersTripList');
const createHotelRoute = endpoint('createTripList');
const getTripsRoute = endpoint('gettrips');
const getTripsListRoute = endpoint('gettrips/getTripsList');
const inviteRoute = endpoint('invite');
const updateActivitiesRoute = endpoint('updateActivitiesTripList');
const updateCarRoute = endpoint('updateCarTripList');
const updateFlightRoute = endpoint('updateFlightTripList');
const updateResortsRoute = endpoint('updateResortsTripList');
const updateTransfersRoute = endpoint('updateTransfersTripList');
const updateHotelRoute = endpoint('updateTripList');

type Action = Parameters<typeof callAction>[0];
const routes: Record<string, Action> = {
  createTripList: createHotelRoute,
  updateTripList: updateHotelRoute,
  createCarTripList: createCarRoute,
  updateCarTripList: updateCarRoute,
  createActivitiesTripList: createActivitiesRoute,
  updateActivitiesTripList: updateActivitiesRoute,
  createTransfersTripList: createTransfersRoute,
  updateTransfersTripList: updateTransfersRoute,
  createFlightTripList: createFlightRoute,
  updateFlightTripList: updateFlightRoute,
  createResortsTripList: createResortsRoute,
  updateResortsTripList: updateResortsRoute,
};
/** One product per create call: the first that sends it. */
const creates = [...TRIP_CALLS.values()].filter((call) => call.mode === 'create');

const ORG = 'wanderly';
type Answer = { status: number; body: Record<string, any> };
type Who = { cookie: string; actor: TripActor };

/** Without the field at a dotted path. */
function without(payload: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(payload);
  const parts = path.split('.');
  delete parts.slice(0, -1).reduce<Record<string, any>>((at, part) => at[part], copy)[parts.at(-1)!];
  return copy;
}

describe.each(['pglite', 'postgres'] as const)('trips on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const people: Record<'member' | 'other' | 'invitee', Who> = {} as never;

  beforeAll(async () => {
    if (database.skip) return;
    for (const [who, key] of [
      ['member', 'member'],
      ['other', 'expired'],
      ['invitee', 'newuser'],
    ] as const) {
      const user = await database.db.selectFrom('users').select(['id', 'public_id', 'email']).where('email', '=', `${key}@${ORG}.example`).executeTakeFirstOrThrow();
      const cookie = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: user.id })).setCookie.split(';')[0]!;
      people[who] = { cookie, actor: { orgId: ORG, userDbId: user.id, userId: user.public_id, email: user.email, language: 'en-US' } };
    }
  });

  const call = async (route: Action, path: string, body: unknown, who: Who | null = people.member): Promise<Answer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who) headers.cookie = who.cookie;
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await callAction(route, new Request(`http://${hostOf(ORG)}/api/trips/${path}`, { method: 'POST', headers, body: raw }));
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const tripCall = (name: string, json: Record<string, unknown>, who: Who = people.member) => call(routes[name]!, name, { json }, who);
  const input = (who: Who, checkinDate: string, checkoutDate: string, tripListId: string | null = null): TripListInput => ({
    tripListId,
    tripListName: '',
    userId: who.actor.userId,
    orgId: ORG,
    checkinDate,
    checkoutDate,
    tripImage: '',
  });
  /** A trip of `who` with one item of `code`, from `start` to `end`. */
  async function tripWith(code: ProductCode, start: string, end: string, who: Who = people.member): Promise<string> {
    const made = await tripCall(products[code].tripList.calls.create, tripPayloadOf(code, input(who, start, end)), who);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data.trip_id as string;
  }
  const snapshot = async () => ({
    trips: await database.db.selectFrom('trips').selectAll().orderBy('id').execute(),
    items: await database.db.selectFrom('trip_items').selectAll().orderBy('id').execute(),
    members: await database.db.selectFrom('trip_members').selectAll().orderBy('trip_id').orderBy('user_id').execute(),
    invitations: await database.db.selectFrom('trip_invitations').selectAll().orderBy('id').execute(),
  });

  describe.each(
    creates.map((create) => ({
      create: create.name,
      update: [...TRIP_CALLS.values()].find((c) => c.mode === 'update' && c.rules === create.rules)!.name,
      code: create.products[0],
    })),
  )('$create / $update', ({ create, update, code }) => {
    it('creates a trip named after its place and dates with the spec payload, adds to it, and updates the item', async (ctx) => {
      if (database.skip) return ctx.skip();
      const payload = tripPayloadOf(code, input(people.member, '2030-03-10', '2030-03-15'));
      const made = await tripCall(create, payload);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const place = TRIP_CALLS.get(create)!.rules.place.city ? 'Cancún' : 'My trip';
      expect(made.body).toMatchObject({
        status: true,
        data: {
          trip_list_name: `${place} · Mar 2030`,
          checkin_date: '2030-03-10',
          checkout_date: '2030-03-15',
          role: 'owner',
          items: [{ product_type: code, booked: false, details: payload }],
        },
      });
      const tripId = made.body.data.trip_id as string;
      // On a page in Spanish the default name is Spanish, month and fallback alike.
      const spanish = { ...people.member, cookie: `${people.member.cookie}; lan_code=es-MX` };
      const inSpanish = await tripCall(create, tripPayloadOf(code, input(people.member, '2031-12-10', '2031-12-15')), spanish);
      expect(inSpanish.body.data.trip_list_name).toBe(`${place === 'My trip' ? 'Mi viaje' : place} · dic 2031`);

      // The same item again changes it; the trip's dates follow its items.
      const again = await tripCall(create, { ...payload, trip_list_id: tripId, checkout_date: '2030-03-20' });
      expect(again.body.data).toMatchObject({ trip_id: tripId, checkout_date: '2030-03-20', items: [{ checkout_date: '2030-03-20' }] });

      const changed = await tripCall(update, { ...payload, trip_list_id: tripId, trip_list_name: 'Spring break', checkin_date: '2030-03-11', checkout_date: '2030-03-12' });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        status: true,
        data: { trip_list_name: 'Spring break', checkin_date: '2030-03-11', checkout_date: '2030-03-12', items: [{ checkin_date: '2030-03-11' }] },
      });
      expect(changed.body.data.items).toHaveLength(1);
    });

    it.for(tripRules[products[code].tripList.payload].required.map(([path, label]) => ({ path, label })))(
      'refuses both calls without $path, naming "$label", changing nothing',
      async ({ path, label }, ctx) => {
        if (database.skip) return ctx.skip();
        const tripId = await tripWith(code, '2030-04-01', '2030-04-03');
        const before = await snapshot();
        const payload = without(tripPayloadOf(code, input(people.member, '2030-04-01', '2030-04-03', tripId)), path);
        const message = `data required for ${tripRules[products[code].tripList.payload].label} trip creation: ${label}`;
        expect(await tripCall(create, { ...payload, trip_list_id: null })).toEqual({ status: 400, body: { status: false, message } });
        expect(await tripCall(update, payload)).toEqual({ status: 400, body: { status: false, message } });
        expect(await snapshot()).toEqual(before);
      },
    );
  });

  it('lists the trips within 14 days before the start and 14 days after the end (getTripsList)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const inside = await tripWith('HLT', '2031-05-01', '2031-05-04');
    const edge = await tripWith('CAR', '2031-06-03', '2031-06-05');
    const tooEarly = await tripWith('TRF', '2031-04-10', '2031-04-16');
    const tooLate = await tripWith('ACT', '2031-06-04', '2031-06-06');
    const others = await tripWith('HLT', '2031-05-01', '2031-05-04', people.other);
    const listed = await call(getTripsListRoute, 'gettrips/getTripsList', {
      json: { user_id: people.member.actor.userId, org_id: ORG, checkin_date: '2031-05-01', checkout_date: '2031-05-20' },
    });
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as { trip_id: string }[]).map((trip) => trip.trip_id);
    expect(ids).toContain(inside);
    expect(ids).toContain(edge);
    expect(ids).not.toContain(tooEarly);
    expect(ids).not.toContain(tooLate);
    expect(ids).not.toContain(others);
    // A trip ending the 16th is 15 days before the 1st; one starting June 4th is 15 days after May 20th.
    const wider = await call(getTripsListRoute, 'gettrips/getTripsList', {
      json: { user_id: people.member.actor.userId, org_id: ORG, checkin_date: '2031-04-30', checkout_date: '2031-05-21' },
    });
    expect((wider.body.data as { trip_id: string }[]).map((trip) => trip.trip_id)).toEqual(expect.arrayContaining([tooEarly, tooLate]));
  });

  it("reads the user's trips, one trip, with or without details and by product (gettrips)", async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('HLT', '2032-01-10', '2032-01-15');
    const car = tripPayloadOf('CAR', input(people.member, '2032-01-10', '2032-01-15', tripId));
    expect((await tripCall('createCarTripList', car)).status).toBe(200);
    const ask = (json: Record<string, unknown>, who: Who = people.member) =>
      call(getTripsRoute, 'gettrips', { json: { user_id: who.actor.userId, type: 3, usr_type: 2, org_id: ORG, ...json } }, who);

    const all = await ask({ is_details_required: 0 });
    expect(all.status).toBe(200);
    expect((all.body.data as { trip_id: string }[]).some((trip) => trip.trip_id === tripId)).toBe(true);

    const one = await ask({ trip_id: tripId, is_details_required: 1 });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({
      trip_id: tripId,
      checkin_date: '2032-01-10',
      items: [{ product_type: 'HLT', details: expect.objectContaining({ hotel_id: 'h-1' }) }, { product_type: 'CAR' }],
    });
    const cars = await ask({ trip_id: tripId, is_details_required: 0, product_type: ['CAR'] });
    expect(cars.body.data[0].items).toEqual([expect.not.objectContaining({ details: expect.anything() })]);
    expect(cars.body.data[0].items[0].product_type).toBe('CAR');

    // Someone else's trip is no trip of theirs; nor may they ask as this user.
    expect(await ask({ trip_id: tripId }, people.other)).toEqual({ status: 404, body: { status: 404, message: 'No such trip' } });
    expect((await call(getTripsRoute, 'gettrips', { json: { user_id: people.member.actor.userId, org_id: ORG } }, people.other)).status).toBe(404);
  });

  it('says whether the user is on a trip (belongsThistrip)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('FLT', '2032-02-01', '2032-02-08');
    const ask = (extra: Record<string, unknown>, who: Who = people.member) =>
      call(belongsRoute, 'belongsThistrip', { user_id: who.actor.userId, type: 3, trip_id: tripId, currency: 'USD', is_details_required: 0, org_id: ORG, ...extra }, who);
    expect(await ask({ product_type: [] })).toEqual({ status: 200, body: { status: true, exist: true } });
    expect((await ask({ product_type: ['FLT', 'HLT'] })).body.exist).toBe(true);
    expect((await ask({ product_type: ['CAR'] })).body.exist).toBe(false);
    expect(await ask({}, people.other)).toEqual({ status: 200, body: { status: true, exist: false } });
    expect((await ask({ org_id: 'viajamas' })).status).toBe(404);
  });

  it('finds our destination image by name, else the nearest (citieimages)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const ask = (json: Record<string, unknown>) => call(cityImagesRoute, 'citieimages', { json });
    expect(await ask({ city: 'cancun', state: 'Quintana Roo', country: 'MX', latitude: '', longitude: '' })).toEqual({
      status: 200,
      body: {
        status: true,
        assets: [{ city: 'Cancún', country: 'Mexico', country_code: 'MX', image: '/images/destinations/cancun.svg', latitude: 21.161908, longitude: -86.851528 }],
      },
    });
    expect((await ask({ city: 'Playa del Carmen', latitude: 20.6296, longitude: -87.0739 })).body.assets[0].image).toBe('/images/destinations/cozumel.svg');
    expect((await ask({ city: 'Puerto Morelos', latitude: 20.8468, longitude: -86.8757 })).body.assets[0].image).toBe('/images/destinations/cancun.svg');
    expect(await ask({ city: 'Nowhere', latitude: 0, longitude: -150 })).toEqual({ status: 200, body: { status: true, assets: [] } });
    expect(await ask({ latitude: 91 })).toMatchObject({ status: 400, body: { status: 400, message: expect.stringMatching(/^json\.latitude: |^latitude: /) } });
  });

  it('refuses bad input with a 400 naming the field, changing nothing; no session is a 401', async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('HLT', '2033-01-01', '2033-01-05');
    const before = await snapshot();
    const payload = tripPayloadOf('HLT', input(people.member, '2033-01-01', '2033-01-05', tripId));
    const bad: [unknown, RegExp][] = [
      ['{"json": ', /not valid JSON/],
      [{ json: { ...payload, surprise: 1 } }, /^json\.surprise: unrecognized property/],
      [{ json: { ...payload, checkin_date: '1 Jan 2033' } }, /^json\.checkin_date: /],
      [{ json: { ...payload, type: 2 } }, /^json\.type: /],
      [{ json: { ...payload, trip_list_id: 'trip-7' } }, /^json\.trip_list_id: /],
      [{ json: { ...payload, checkout_date: '2032-12-01' } }, /^checkout_date: must not be before checkin_date/],
      [{ json: { ...payload, trip_image: 'javascript:alert(1)' } }, /^trip_image: must be one of our images/],
      [{ json: { ...payload, trip_image: 'http://images.example.com/beach.jpg' } }, /^trip_image: must be one of our images/],
      [{ json: { ...payload, trip_image: '/user/my-trips/ics?trip_id=x' } }, /^trip_image: must be one of our images/],
      [{ json: { ...payload, product_type: 'CAR' } }, /^product_type: createTripList is for HLT/],
      [{ json: { ...payload, trip_list_id: null, trip_list_name: 'Cancún\r\nBcc: someone@example.com' } }, /^trip_list_name: one line of at most 120 characters/],
      [{ json: { ...payload, trip_list_id: null, trip_list_name: 'Beach\u2028week' } }, /^trip_list_name: one line/],
      [{ json: without(payload, 'checkin_date') }, /^json\.checkin_date: missing required property/],
      [{ payload }, /^json: missing required property|^payload: unrecognized property/],
    ];
    for (const [body, message] of bad) {
      const answer = await call(createHotelRoute, 'createTripList', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ status: 400, message: expect.stringMatching(message) });
    }
    expect((await tripCall('updateTripList', { ...payload, trip_list_id: null })).body).toEqual({
      status: 400,
      message: 'trip_list_id: the trip whose item to change is required',
    });
    expect((await call(getTripsListRoute, 'gettrips/getTripsList', { json: { user_id: people.member.actor.userId, org_id: ORG } })).body.message).toMatch(
      /json\.checkin_date: missing required property/,
    );
    expect((await call(belongsRoute, 'belongsThistrip', { user_id: people.member.actor.userId, org_id: ORG, trip_id: 'nope' })).status).toBe(400);
    expect(await call(createHotelRoute, 'createTripList', { json: payload }, null)).toMatchObject({ status: 401 });
    expect(await snapshot()).toEqual(before);
  });

  it("answers another user's trip, user or organisation with a 404 and changes nothing", async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('HLT', '2033-02-01', '2033-02-05');
    const before = await snapshot();
    const mine = tripPayloadOf('HLT', input(people.member, '2033-02-01', '2033-02-05', tripId));
    const theirs = tripPayloadOf('HLT', input(people.other, '2033-02-01', '2033-02-05', tripId));
    expect(await tripCall('createTripList', theirs, people.other)).toEqual({ status: 404, body: { status: 404, message: 'No such trip' } });
    expect(await tripCall('updateTripList', { ...theirs, trip_list_name: 'Mine now' }, people.other)).toEqual({ status: 404, body: { status: 404, message: 'No such trip' } });
    expect(await tripCall('createTripList', mine, people.other)).toEqual({ status: 404, body: { status: 404, message: 'No such user' } });
    expect(await tripCall('createTripList', { ...mine, org_id: 'viajamas' })).toEqual({ status: 404, body: { status: 404, message: 'No such user' } });
    expect(await tripCall('updateTripList', { ...mine, hotel_id: 'h-404' })).toEqual({ status: 404, body: { status: 404, message: 'No such item on this trip' } });
    // In the page's language: a Spanish page reads Spanish refusals.
    const inSpanish = { ...people.other, cookie: `${people.other.cookie}; lan_code=es-MX` };
    expect(await tripCall('createTripList', theirs, inSpanish)).toEqual({ status: 404, body: { status: 404, message: 'No existe ese viaje' } });
    expect(await call(addUserToTripRoute, 'addUserToTrip', { mytrip_id: tripId, user_id: people.other.actor.userId }, people.other)).toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });

  it('lets an invited user join once, before the invitation expires, as its role (addUserToTrip)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('HLT', '2033-03-01', '2033-03-05');
    expect(await inviteToTrip(people.other.actor, { tripId, email: people.invitee.actor.email, role: 'viewer' }, database.db)).toBeNull();
    const invited = await inviteToTrip(people.member.actor, { tripId, email: people.invitee.actor.email.toUpperCase(), role: 'viewer' }, database.db);
    expect(invited?.accessCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await database.db.selectFrom('trip_invitations').select('access_code_hash').where('trip_id', '=', tripId).executeTakeFirstOrThrow();
    expect(stored.access_code_hash).not.toContain(invited!.accessCode);

    const join = (who: Who) => call(addUserToTripRoute, 'addUserToTrip', { mytrip_id: tripId, user_id: who.actor.userId }, who);
    // The invitation is the invitee's e-mail's: no one else joins with it.
    expect(await join(people.other)).toEqual({ status: 404, body: { status: 404, message: 'No valid invitation to this trip' } });
    const joined = await join(people.invitee);
    expect(joined).toMatchObject({ status: 200, body: { status: true, data: { trip_id: tripId, role: 'viewer' } } });
    // A viewer sees the itinerary, not the item's payload (its prices), and cannot change the trip.
    expect(joined.body.data.items).toEqual([expect.not.objectContaining({ details: expect.anything() })]);
    const change = tripPayloadOf('HLT', input(people.invitee, '2033-03-01', '2033-03-05', tripId));
    expect(await tripCall('updateTripList', change, people.invitee)).toEqual({ status: 403, body: { status: 403, message: 'A viewer cannot change this trip' } });
    // Used once.
    await database.db.deleteFrom('trip_members').where('trip_id', '=', tripId).where('user_id', '=', people.invitee.actor.userDbId).execute();
    expect((await join(people.invitee)).status).toBe(404);

    // Expired.
    const later = await tripWith('HLT', '2033-04-01', '2033-04-05');
    const stale = await inviteToTrip(people.member.actor, { tripId: later, email: people.invitee.actor.email, role: 'traveller', ttlMs: -1_000 }, database.db);
    expect((await call(addUserToTripRoute, 'addUserToTrip', { mytrip_id: later, user_id: people.invitee.actor.userId }, people.invitee)).status).toBe(404);
    // With the link's code, the refusal says why.
    const before = await snapshot();
    expect(await call(addUserToTripRoute, 'addUserToTrip', { mytrip_id: later, user_id: people.invitee.actor.userId, accesscode: stale!.accessCode }, people.invitee)).toEqual({
      status: 410,
      body: { status: 410, message: 'This invitation has expired: ask for a new one' },
    });
    expect(await snapshot()).toEqual(before);
    const members = await database.db.selectFrom('trip_members').select('user_id').where('trip_id', '=', later).execute();
    expect(members).toEqual([{ user_id: people.member.actor.userDbId }]);
  });

  it('holds an invitation-code sign-up to an open invitation of the organisation for that e-mail (isOpenInvitation)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('HLT', '2033-04-10', '2033-04-12');
    const email = `signup-${Date.now()}@example.com`;
    const { accessCode } = (await inviteToTrip(people.member.actor, { tripId, email, role: 'traveller' }, database.db))!;
    expect(await isOpenInvitation(ORG, email.toUpperCase(), accessCode, database.db)).toBe(true);
    expect(await isOpenInvitation(ORG, email, 'INV-9', database.db)).toBe(false);
    expect(await isOpenInvitation(ORG, 'someone-else@example.com', accessCode, database.db)).toBe(false);
    expect(await isOpenInvitation('viajamas', email, accessCode, database.db)).toBe(false);
    const stale = await inviteToTrip(people.member.actor, { tripId, email, role: 'traveller', ttlMs: -1_000 }, database.db);
    expect(await isOpenInvitation(ORG, email, stale!.accessCode, database.db)).toBe(false);
    await database.db.updateTable('trip_invitations').set({ used_at: new Date() }).where('trip_id', '=', tripId).execute();
    expect(await isOpenInvitation(ORG, email, accessCode, database.db)).toBe(false);
  });

  describe("inviting by e-mail (POST /api/trips/invite) and joining with the link's code", () => {
    const org = getOrgById(ORG)!;
    const invite = (body: unknown, who: Who = people.member) => call(inviteRoute, 'invite', body, who);
    const mailTo = (to: string) =>
      database.db.selectFrom('outbox').select(['subject', 'text_body', 'html_body']).where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
    const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
    const join = (tripId: string, accesscode: string, who: Who) => call(addUserToTripRoute, 'addUserToTrip', { mytrip_id: tripId, user_id: who.actor.userId, accesscode }, who);

    it('mails an account holder the sign-in link (accesscode, email, tripid); its code works once', async (ctx) => {
      if (database.skip) return ctx.skip();
      const tripId = await tripWith('HLT', '2033-05-01', '2033-05-05');
      const sent = await invite({ trip_id: tripId, email: people.invitee.actor.email, role: 'traveller' });
      expect(sent).toMatchObject({ status: 200, body: { status: true, data: { email: people.invitee.actor.email, role: 'traveller' } } });
      expect(sent.body.data).not.toHaveProperty('account');
      const mail = await mailTo(people.invitee.actor.email);
      // The trip's name is the inviter's free text: it stays out of a mail the invitee never asked for.
      expect(mail?.subject).toBe(`Maya Member invited you to a trip on ${org.name}`);
      expect(mail!.text_body).not.toContain('Cancún · May 2033');
      const link = linkIn(mail!.text_body);
      expect(link.origin).toBe(publicOriginOf(org));
      expect([...link.searchParams.keys()]).toEqual(['accesscode', 'email', 'tripid']);
      expect(link.searchParams.get('tripid')).toBe(tripId);
      expect(mail!.html_body).toContain(`<a href="${publicOriginOf(org)}/?accesscode&#x3D;${link.searchParams.get('accesscode')}&amp;`);
      const code = link.searchParams.get('accesscode')!;
      // Only the code's hash is kept.
      const stored = await database.db.selectFrom('trip_invitations').select('access_code_hash').where('trip_id', '=', tripId).executeTakeFirstOrThrow();
      expect(stored.access_code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.access_code_hash).not.toContain(code);

      // Another account cannot use it; a wrong code is no invitation.
      expect((await join(tripId, code, people.other)).status).toBe(404);
      expect((await join(tripId, `${code}x`, people.invitee)).status).toBe(404);
      expect(await join(tripId, code, people.invitee)).toMatchObject({ status: 200, body: { status: true, data: { trip_id: tripId, role: 'traveller' } } });
      const before = await snapshot();
      expect(await join(tripId, code, people.invitee)).toEqual({
        status: 409,
        body: { status: 409, message: 'This invitation was already used', data: { trip_id: tripId, member: true } },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("mails someone without an account the full invitation set on the organisation's origin", async (ctx) => {
      if (database.skip) return ctx.skip();
      const tripId = await tripWith('HLT', '2033-06-01', '2033-06-05');
      const email = `friend-${randomUUID().slice(0, 8)}@example.com`;
      expect((await invite({ trip_id: tripId, email, firstname: 'Frida', lastname: 'Kahlo', role: 'viewer' })).body.data).not.toHaveProperty('account');
      const link = linkIn((await mailTo(email))!.text_body);
      expect(link.origin).toBe(publicOriginOf(org));
      expect(Object.fromEntries(link.searchParams)).toEqual({
        accesscode: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        email,
        firstname: 'Frida',
        lastname: 'Kahlo',
        title: '',
        countrycode: '',
        phonenumber: '',
        lang: org.locale.defaultLanguage,
        tripid: tripId,
      });
    });

    it("lets only the trip's owner invite, and refuses bad input, changing nothing", async (ctx) => {
      if (database.skip) return ctx.skip();
      const tripId = await tripWith('HLT', '2033-07-01', '2033-07-05');
      const invited = await inviteToTrip(people.member.actor, { tripId, email: people.invitee.actor.email, role: 'traveller' }, database.db);
      expect((await join(tripId, invited!.accessCode, people.invitee)).status).toBe(200);
      const outbox = () => database.db.selectFrom('outbox').select('id').orderBy('id').execute();
      const before = { ...(await snapshot()), outbox: await outbox() };
      const good = { trip_id: tripId, email: 'someone@example.com', role: 'viewer' };
      // A traveller on the trip and a stranger are not its owner.
      expect(await invite(good, people.invitee)).toEqual({ status: 404, body: { status: 404, message: 'No trip of yours to invite to' } });
      expect(await invite(good, people.other)).toEqual({ status: 404, body: { status: 404, message: 'No trip of yours to invite to' } });
      expect((await call(inviteRoute, 'invite', good, null)).status).toBe(401);
      for (const bad of [
        { ...good, role: 'owner' },
        { ...good, email: 'not-an-email' },
        { ...good, trip_id: 'x' },
        { ...good, extra: 1 },
        { trip_id: tripId, role: 'viewer' },
        'not json',
        // Addresses a mail library could read as someone else's, and names that are not names.
        { ...good, email: 'victim@company.com(x)attacker.net' },
        { ...good, email: '"victim@company.com"@attacker.net' },
        { ...good, firstname: 'Ann\nVisit https://evil.example' },
        { ...good, lastname: 'https://evil.example' },
      ]) {
        const answer = await invite(bad);
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect({ ...(await snapshot()), outbox: await outbox() }).toEqual(before);
    });
  });

  it('joins a confirmed booking to the trips covering its dates, booking their planned item, once', async (ctx) => {
    if (database.skip) return ctx.skip();
    const tripId = await tripWith('HLT', '2034-05-01', '2034-05-08');
    const elsewhere = await tripWith('HLT', '2034-07-01', '2034-07-08');
    const book = async (product: string, startsOn: string, endsOn: string | null, status: 'confirmed' | 'pending' = 'confirmed') =>
      await database.db
        .insertInto('bookings')
        .values({
          reference: `WAN-T${randomUUID().slice(0, 8).toUpperCase()}`,
          org_id: ORG,
          user_id: people.member.actor.userDbId,
          product,
          item_ref: `test:trip-${randomUUID()}`,
          starts_on: startsOn,
          ends_on: endsOn,
          guest_first_name: 'Maya',
          guest_last_name: 'Member',
          guest_email: people.member.actor.email,
          status,
          updated_at: new Date(),
        })
        .returning(['id', 'reference'])
        .executeTakeFirstOrThrow();
    const hotel = await book('HLT', '2034-05-01', '2034-05-08');
    const dinner = await book('RESTAURANT', '2034-05-03', null);
    const unpaid = await book('CAR', '2034-05-02', '2034-05-04', 'pending');
    const membership = await book('SUB', '2034-05-02', null);
    const attach = (id: string) => database.db.transaction().execute((trx) => attachBookingToTrips(id, trx));
    expect(await attach(hotel.id)).toEqual([tripId]);
    expect(await attach(hotel.id)).toEqual([tripId]);
    expect(await attach(dinner.id)).toEqual([tripId]);
    expect(await attach(unpaid.id)).toEqual([]);
    expect(await attach(membership.id)).toEqual([]);

    const items = await database.db.selectFrom('trip_items').select(['product', 'booking_id', 'item_key']).where('trip_id', '=', tripId).orderBy('created_at').execute();
    expect(items).toEqual([
      { product: 'HLT', booking_id: hotel.id, item_key: 'h-1' },
      { product: 'RESTAURANT', booking_id: dinner.id, item_key: `booking:${dinner.reference}` },
    ]);
    expect(await database.db.selectFrom('trip_items').select('booking_id').where('trip_id', '=', elsewhere).execute()).toEqual([{ booking_id: null }]);
    const read = await call(getTripsRoute, 'gettrips', { json: { user_id: people.member.actor.userId, org_id: ORG, trip_id: tripId } });
    expect(read.body.data[0].items).toEqual([
      expect.objectContaining({ product_type: 'HLT', booked: true, booking_reference: hotel.reference }),
      expect.objectContaining({ product_type: 'RESTAURANT', booked: true, booking_reference: dinner.reference }),
    ]);
  });

  it('adds one of the user’s confirmed bookings to a new or an existing trip (addBooking, issue 34), once; nobody else’s, nothing unconfirmed', async (ctx) => {
    if (database.skip) return ctx.skip();
    const book = async (product: string, status: 'confirmed' | 'pending', who: Who = people.member) =>
      await database.db
        .insertInto('bookings')
        .values({
          reference: `WAN-B${randomUUID().slice(0, 8).toUpperCase()}`,
          org_id: ORG,
          user_id: who.actor.userDbId,
          product,
          item_ref: `test:add-${randomUUID()}`,
          starts_on: '2035-02-10',
          ends_on: '2035-02-14',
          guest_first_name: 'Maya',
          guest_last_name: 'Member',
          guest_email: who.actor.email,
          status,
          updated_at: new Date(),
        })
        .returning(['id', 'reference'])
        .executeTakeFirstOrThrow();
    const add = (json: Record<string, unknown>, who: Who = people.member) =>
      call(addBookingRoute, 'addBooking', { json: { user_id: who.actor.userId, org_id: ORG, ...json } }, who);
    const stay = await book('HLT', 'confirmed');

    // A new trip, named by its place and the booking's dates (the dates sent are not the booking's: the booking decides).
    const made = await add({
      booking_id: stay.reference,
      trip_list_name: '',
      city_name: 'Cancún',
      checkin_date: '2035-01-01',
      checkout_date: '2035-01-02',
      trip_image: '/images/destinations/cancun.svg',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const tripId = made.body.data.trip_id as string;
    const trip = await database.db.selectFrom('trips').select(['name', 'starts_on', 'ends_on', 'image']).where('id', '=', tripId).executeTakeFirstOrThrow();
    expect(trip).toEqual({ name: 'Cancún · Feb 2035', starts_on: '2035-02-10', ends_on: '2035-02-14', image: '/images/destinations/cancun.svg' });
    const itemsOf = (id: string) => database.db.selectFrom('trip_items').select(['product', 'booking_id', 'starts_on', 'ends_on']).where('trip_id', '=', id).execute();
    expect(await itemsOf(tripId)).toEqual([{ product: 'HLT', booking_id: stay.id, starts_on: '2035-02-10', ends_on: '2035-02-14' }]);
    // Again: nothing doubles.
    expect((await add({ booking_id: stay.reference, trip_list_id: tripId })).status).toBe(200);
    expect(await itemsOf(tripId)).toHaveLength(1);

    // An existing trip of the user: it now spans the booking too.
    const other = await tripWith('ACT', '2035-02-01', '2035-02-11');
    const car = await book('CAR', 'confirmed');
    expect((await add({ booking_id: car.reference, trip_list_id: other })).status).toBe(200);
    expect(await database.db.selectFrom('trips').select(['starts_on', 'ends_on']).where('id', '=', other).executeTakeFirstOrThrow()).toEqual({
      starts_on: '2035-02-01',
      ends_on: '2035-02-14',
    });

    // A booking joined to a planned item when it was confirmed is on that trip already: nothing is added beside it.
    const planned = await tripWith('HLT', '2035-02-09', '2035-02-15');
    await database.db.updateTable('trip_items').set({ starts_on: '2035-02-10' }).where('trip_id', '=', planned).execute();
    const joined = await book('HLT', 'confirmed');
    expect(await database.db.transaction().execute((trx) => attachBookingToTrips(joined.id, trx))).toContain(planned);
    expect((await add({ booking_id: joined.reference, trip_list_id: planned })).status).toBe(200);
    expect((await itemsOf(planned)).map((item) => item.booking_id)).toEqual([joined.id]);

    const before = await snapshot();
    const theirs = await book('HLT', 'confirmed', people.other);
    expect(await add({ booking_id: theirs.reference })).toMatchObject({ status: 404, body: { message: 'No such booking' } });
    expect(await add({ booking_id: (await book('CAR', 'pending')).reference })).toMatchObject({ status: 409, body: { message: 'Only a confirmed booking can join a trip' } });
    expect(await add({ booking_id: (await book('SUB', 'confirmed')).reference })).toMatchObject({ status: 404 });
    expect((await add({ booking_id: stay.reference, trip_list_id: await tripWith('HLT', '2035-03-01', '2035-03-02', people.other) })).status).toBe(404);
    for (const bad of [{ booking_id: 'x y' }, { booking_id: stay.reference, extra: 1 }, { booking_id: stay.reference, trip_list_id: 'nope' }, {}]) {
      expect((await add(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(addBookingRoute, 'addBooking', { json: { user_id: people.member.actor.userId, org_id: ORG, booking_id: stay.reference } }, null)).status).toBe(401);
    const after = await snapshot();
    // Only the other user's trip made for the check above was written.
    expect(after.items.filter((item) => !before.items.some((seen) => seen.id === item.id)).every((item) => item.booking_id === null)).toBe(true);
  });
});
