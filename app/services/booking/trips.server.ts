// Trips (issue 13; docs/api.md "Trips"; spec §7 "Trips"): trip lists of every product, reading a
// user's trips, our image of a trip's place, joining a trip by invitation, and bookings joining
// the trips that cover their dates. The rules are app/domain/trips.ts; a payload's rules are
// app/domain/trip-rules.ts, by the shape its product's registry entry names.
import { createHash, randomBytes } from 'node:crypto';
import { type Insertable, type Selectable, type Transaction, sql } from 'kysely';
import type { TripListBody, TripListCallName } from '#schemas/api/trips.schema';
import type { OrgConfig } from '#schemas/org-config.schema';
import { type Answer, answer } from '~/domain/answer';
import { normalizeEmail } from '~/domain/login-throttle';
import { invitationLink } from '~/domain/trip-invitations';
import { type ApiMessageKey, apiMessage } from '~/i18n/api-messages';
import type { LanguageCode } from '~/domain/reference-data';
import { parseEmailAddress } from '~/domain/email-address';
import { validName } from '~/domain/traveler';
import { PRODUCT_CODES, isProductCode, products } from '~/products/registry';
import {
  TRIP_CALLS,
  type TripRole,
  canChangeTrip,
  defaultTripName,
  placeImageFor,
  tripItemKey,
  tripPayloadRefusal,
  tripImageRefusal,
  tripNameRefusal,
  tripPlace,
  tripWindow,
  valueAt,
} from '~/domain/trips';
import { type CalendarEvent, calendarFileName, tripCalendar } from '~/domain/trip-calendar';
import { splitTrips, tripItemView, tripTotals } from '~/domain/trip-view';
import { publicOriginOf } from '../config/config.server';
import type { DB, TripsTable } from '../platform/db-schema';
import type { BookingSubscriber } from './booking-subscriber';
import { type Database, getDb } from '../platform/db.server';
import { errorFields, log } from '../platform/logger.server';
import { mailLanguage, queueEmail, renderEmail } from '../platform/mail.server';
import { formatCalendarDay } from '~/domain/date-format';
import { dayIn } from '~/domain/time-zone';
import { numberFormat } from '~/domain/intl-format';
import { UUID } from '~/domain/saved-cards';
import { propertyImageUrl, propertyImagesOf as propertyImageKinds } from '~/domain/property-content';

export type GetTripsBody = {
  json: { user_id: string; org_id: string; type?: 3; usr_type?: number; is_details_required?: 0 | 1 | boolean; trip_id?: string; product_type?: string | string[] };
};
export type GetTripsListBody = { json: { user_id: string; org_id: string; checkin_date: string; checkout_date: string } };
export type BelongsToTripBody = {
  user_id: string;
  org_id: string;
  trip_id: string;
  type?: 3;
  currency?: string;
  is_details_required?: 0 | 1 | boolean;
  product_type?: string | string[];
};
export type CityImagesBody = { json: { city?: string; state?: string; country?: string; latitude?: number | string; longitude?: number | string } };
export type AddUserToTripBody = { mytrip_id: string; user_id: string; accesscode?: string };
export type InviteBody = { trip_id: string; email: string; firstname?: string; lastname?: string; role: 'traveller' | 'viewer' };
export type AddBookingBody = {
  json: {
    trip_list_id?: string | null;
    trip_list_name?: string;
    user_id: string;
    org_id: string;
    checkin_date?: string;
    checkout_date?: string;
    type?: 3;
    trip_image?: string;
    usr_type?: number;
    booking_id: string;
    city_name?: string;
  };
};

/** Who calls: the signed-in user of the request's organisation. */
/** `language`: the page's, which a trip's default name is written in. */
export type TripActor = { orgId: string; userDbId: number; userId: string; email: string; language: LanguageCode };

/** How long an invitation's access code works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const invalid = (message: string) => answer(400, { status: 400, message });
/** A refusal the traveller reads (docs/api.md "Trips"), in the request's language. */
const refusal = (actor: Pick<TripActor, 'language'>, status: number, key: ApiMessageKey, extra: Record<string, unknown> = {}) =>
  answer(status, { status, message: apiMessage(actor.language, key), ...extra });
const noSuchTrip = (actor: Pick<TripActor, 'language'>) => refusal(actor, 404, 'trips.noSuchTrip');

/**
 * A body speaks for the session's user in the request's organisation only: another user id or
 * organisation is a 404, as if there were no such user (nothing says whose it is).
 */
function refusedCaller(actor: TripActor, userId: string, orgId: string): Answer | null {
  return userId === actor.userId && orgId === actor.orgId ? null : refusal(actor, 404, 'trips.noSuchUser');
}

type Db = Database | Transaction<DB>;
type TripRow = Selectable<TripsTable> & { role: TripRole };

/** The user's trips (as any member) in the organisation. */
const tripsOf = (db: Db, actor: TripActor) =>
  db
    .selectFrom('trips as t')
    .innerJoin('trip_members as m', 'm.trip_id', 't.id')
    .selectAll('t')
    .select('m.role')
    .where('t.org_id', '=', actor.orgId)
    .where('m.user_id', '=', actor.userDbId);

/** The trip if the user is on it, locked for a change. */
const tripToChange = (trx: Transaction<DB>, actor: TripActor, tripId: string) => tripsOf(trx, actor).where('t.id', '=', tripId).forUpdate('t').executeTakeFirst();

/** A trip's dates span its items'. */
async function spanItems(trx: Transaction<DB>, tripId: string): Promise<void> {
  await trx
    .updateTable('trips')
    .set((eb) => ({
      starts_on: eb
        .selectFrom('trip_items')
        .select((s) => s.fn.min('starts_on').as('d'))
        .where('trip_id', '=', tripId),
      ends_on: eb
        .selectFrom('trip_items')
        .select((s) => s.fn.max('ends_on').as('d'))
        .where('trip_id', '=', tripId),
      updated_at: sql`now()`,
    }))
    .where('id', '=', tripId)
    .execute();
}

const asNumber = (value: string | null) => (value === null ? null : Number(value));
const detailsWanted = (flag: 0 | 1 | boolean | undefined) => flag === 1 || flag === true;
/** The product types a call names; none (or an empty list) is every product. */
const productList = (products: string | string[] | undefined) => {
  const list = products === undefined ? [] : [products].flat();
  return list.length > 0 ? list : null;
};

/**
 * Trips as the calls answer them, with their items (of `products` only, when named). A viewer
 * sees the itinerary: never an item's payload (its prices) nor a booking's reference.
 */
async function tripsWithItems(db: Db, trips: readonly TripRow[], options: { details: boolean; products: string[] | null }) {
  if (trips.length === 0) return [];
  let query = db
    .selectFrom('trip_items as i')
    .leftJoin('bookings as b', 'b.id', 'i.booking_id')
    .select(['i.id', 'i.trip_id', 'i.product', 'i.starts_on', 'i.ends_on', 'i.payload', 'b.reference', 'b.status as booking_status'])
    .where(
      'i.trip_id',
      'in',
      trips.map((trip) => trip.id),
    )
    .orderBy('i.starts_on')
    .orderBy('i.created_at');
  if (options.products) query = query.where('i.product', 'in', options.products);
  const items = await query.execute();
  return trips.map((trip) => {
    const full = trip.role !== 'viewer';
    return {
      trip_id: trip.id,
      trip_list_name: trip.name,
      checkin_date: trip.starts_on,
      checkout_date: trip.ends_on,
      city: trip.city,
      country: trip.country,
      latitude: asNumber(trip.latitude),
      longitude: asNumber(trip.longitude),
      trip_image: trip.image,
      role: trip.role,
      items: items
        .filter((item) => item.trip_id === trip.id)
        .map((item) => ({
          item_id: item.id,
          product_type: item.product,
          checkin_date: item.starts_on,
          checkout_date: item.ends_on,
          booked: item.booking_status === 'confirmed',
          booking_reference: full ? (item.reference ?? null) : null,
          ...(options.details && full ? { details: item.payload } : {}),
        })),
    };
  });
}

async function answerTrip(db: Db, actor: TripActor, tripId: string, message: string): Promise<Answer> {
  const trip = await tripsOf(db, actor).where('t.id', '=', tripId).executeTakeFirstOrThrow();
  const [data] = await tripsWithItems(db, [trip], { details: true, products: null });
  return answer(200, { status: true, message, data });
}

/** Why a trip's name or picture as sent cannot be kept, or null. */
function newTripFieldsRefusal(item: { trip_image?: string; trip_list_name?: string }): string | null {
  const image = item.trip_image?.trim();
  return (image ? tripImageRefusal(image) : null) ?? (item.trip_list_name ? tripNameRefusal(item.trip_list_name) : null);
}

/**
 * The trip an item goes on, in the caller's transaction: the one `tripListId` names (a refusal
 * when the actor may not change it), else a new trip of theirs made of `fresh`.
 */
async function tripForItem(
  trx: Transaction<DB>,
  actor: TripActor,
  tripListId: string | null | undefined,
  fresh: Omit<Insertable<TripsTable>, 'org_id' | 'owner_user_id'>,
): Promise<string | Answer> {
  if (tripListId) {
    const trip = await tripToChange(trx, actor, tripListId);
    if (!trip) return noSuchTrip(actor);
    if (!canChangeTrip(trip.role)) return refusal(actor, 403, 'trips.viewerCannotChange');
    return trip.id;
  }
  const trip = await trx
    .insertInto('trips')
    .values({ ...fresh, org_id: actor.orgId, owner_user_id: actor.userDbId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('trip_members').values({ trip_id: trip.id, user_id: actor.userDbId, role: 'owner' }).execute();
  return trip.id;
}

/**
 * createTripList, updateTripList and the other products' calls (spec §7). Create adds the item
 * to the trip `trip_list_id` names, or to a new trip (named by `trip_list_name`, else by its
 * destination and dates, spec §5); the same item again is changed, not doubled. Update changes
 * an item already on the trip (and the trip's name or image when sent). A payload without its
 * product's data is refused with the spec's console message (§8: the call returns false).
 */
export async function saveTripListItem(actor: TripActor, name: TripListCallName, body: TripListBody, db: Database = getDb()): Promise<Answer> {
  const call = TRIP_CALLS.get(name)!;
  const item = body.json;
  const refused = refusedCaller(actor, item.user_id, item.org_id);
  if (refused) return refused;
  const payloadRefusal = tripPayloadRefusal(call.rules, item);
  if (payloadRefusal) {
    log.warn(payloadRefusal, { call: name, user: actor.userDbId });
    return answer(400, { status: false, message: payloadRefusal });
  }
  if (item.checkout_date < item.checkin_date) return invalid('checkout_date: must not be before checkin_date');
  const fieldsRefusal = newTripFieldsRefusal(item);
  if (fieldsRefusal) return invalid(fieldsRefusal);
  const product = item.product_type ?? call.products[0];
  if (!call.products.includes(product)) return invalid(`product_type: ${name} is for ${call.products.join(', ')}`);
  if (call.mode === 'update' && !item.trip_list_id) return invalid('trip_list_id: the trip whose item to change is required');

  const key = tripItemKey(call.rules, item);
  const payload = JSON.stringify(item);
  const dates = { starts_on: item.checkin_date, ends_on: item.checkout_date };
  return db.transaction().execute(async (trx) => {
    const place = tripPlace(call.rules, item);
    const tripId = await tripForItem(trx, actor, item.trip_list_id, {
      name: item.trip_list_name?.trim() || defaultTripName(place.city, item.checkin_date, item.checkout_date, actor.language),
      ...dates,
      city: place.city,
      country: place.country,
      latitude: place.latitude,
      longitude: place.longitude,
      image: item.trip_image?.trim() || null,
    });
    if (typeof tripId !== 'string') return tripId;

    if (call.mode === 'create') {
      await trx
        .insertInto('trip_items')
        .values({ trip_id: tripId, product, item_key: key, payload, ...dates, created_by: actor.userDbId })
        .onConflict((oc) => oc.columns(['trip_id', 'product', 'item_key']).doUpdateSet({ payload, ...dates, updated_at: sql`now()` }))
        .execute();
    } else {
      const changed = await trx
        .updateTable('trip_items')
        .set({ payload, ...dates, updated_at: sql`now()` })
        .where('trip_id', '=', tripId)
        .where('product', '=', product)
        .where('item_key', '=', key)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) return refusal(actor, 404, 'trips.noSuchItem');
      const tripName = item.trip_list_name?.trim();
      const image = item.trip_image?.trim();
      if (tripName || image)
        await trx
          .updateTable('trips')
          .set({ ...(tripName ? { name: tripName } : {}), ...(image ? { image } : {}) })
          .where('id', '=', tripId)
          .execute();
    }
    await spanItems(trx, tripId);
    return answerTrip(trx, actor, tripId, call.mode === 'create' ? 'Added to your trip' : 'Your trip was updated');
  });
}

/**
 * POST /api/trips/addBooking {json} (issue 34): one of the user's own confirmed bookings joins the
 * trip `trip_list_id` names (which they may change), or a new trip (named by `trip_list_name`,
 * else by `city_name` and the booking's dates). The item is the booking itself, booked, as a
 * confirmed booking joins the trips covering its dates; the booking's dates are the item's, and
 * the trip spans them. Again for the same trip changes nothing.
 */
export async function addBookingToTrip(actor: TripActor, { json: item }: AddBookingBody, db: Database = getDb()): Promise<Answer> {
  const refused = refusedCaller(actor, item.user_id, item.org_id);
  if (refused) return refused;
  const fieldsRefusal = newTripFieldsRefusal(item);
  if (fieldsRefusal) return invalid(fieldsRefusal);
  return db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom('bookings')
      .select(['id', 'reference', 'product', 'status', 'starts_on', 'ends_on'])
      .where('reference', '=', item.booking_id)
      .where('org_id', '=', actor.orgId)
      .where('user_id', '=', actor.userDbId)
      .executeTakeFirst();
    // Another user's booking is answered as one that does not exist; a membership is not a trip's.
    if (!booking || !isProductCode(booking.product)) return refusal(actor, 404, 'trips.noSuchBooking');
    if (booking.status !== 'confirmed') return refusal(actor, 409, 'trips.bookingNotConfirmed');
    const dates = { starts_on: booking.starts_on, ends_on: booking.ends_on ?? booking.starts_on };
    const city = item.city_name?.trim() || null;
    const tripId = await tripForItem(trx, actor, item.trip_list_id, {
      name: item.trip_list_name?.trim() || defaultTripName(city, dates.starts_on, dates.ends_on, actor.language),
      ...dates,
      city,
      image: item.trip_image?.trim() || null,
    });
    if (typeof tripId !== 'string') return tripId;
    // The booking may be on the trip already (added before, or joined to a planned item when it was confirmed).
    await trx.selectFrom('trips').select('id').where('id', '=', tripId).forUpdate().execute();
    const onTrip = await trx.selectFrom('trip_items').select('id').where('trip_id', '=', tripId).where('booking_id', '=', booking.id).executeTakeFirst();
    if (!onTrip) {
      await trx
        .insertInto('trip_items')
        .values({
          trip_id: tripId,
          product: booking.product,
          item_key: `booking:${booking.reference}`,
          payload: JSON.stringify({ booking_reference: booking.reference }),
          ...dates,
          booking_id: booking.id,
          created_by: actor.userDbId,
        })
        .execute();
    }
    await spanItems(trx, tripId);
    return answerTrip(trx, actor, tripId, 'Added to your trip');
  });
}

/** POST /api/trips/gettrips: the user's trips (or the one `trip_id` names), soonest first, with their items. */
export async function getTrips(actor: TripActor, { json: query }: GetTripsBody, db: Database = getDb()): Promise<Answer> {
  const refused = refusedCaller(actor, query.user_id, query.org_id);
  if (refused) return refused;
  let trips = tripsOf(db, actor).orderBy('t.starts_on').orderBy('t.created_at');
  if (query.trip_id) trips = trips.where('t.id', '=', query.trip_id);
  const rows = await trips.execute();
  if (query.trip_id && rows.length === 0) return noSuchTrip(actor);
  return answer(200, { status: true, data: await tripsWithItems(db, rows, { details: detailsWanted(query.is_details_required), products: productList(query.product_type) }) });
}

/** POST /api/trips/gettrips/getTripsList: the user's trips within 14 days before and after the dates (spec §9). */
export async function getTripsList(actor: TripActor, { json: query }: GetTripsListBody, db: Database = getDb()): Promise<Answer> {
  const refused = refusedCaller(actor, query.user_id, query.org_id);
  if (refused) return refused;
  if (query.checkout_date < query.checkin_date) return invalid('checkout_date: must not be before checkin_date');
  const { from, to } = tripWindow(query.checkin_date, query.checkout_date);
  const rows = await tripsOf(db, actor).where('t.starts_on', '<=', to).where('t.ends_on', '>=', from).orderBy('t.starts_on').orderBy('t.created_at').execute();
  return answer(200, { status: true, data: await tripsWithItems(db, rows, { details: false, products: null }) });
}

/**
 * POST /api/trips/belongsThistrip: whether the user is on the trip (and, when product types are
 * named, whether it holds an item of one of them). Another user's trip is simply not theirs.
 */
export async function belongsToTrip(actor: TripActor, body: BelongsToTripBody, db: Database = getDb()): Promise<Answer> {
  const refused = refusedCaller(actor, body.user_id, body.org_id);
  if (refused) return refused;
  let query = tripsOf(db, actor).select('t.id as trip').where('t.id', '=', body.trip_id);
  const products = productList(body.product_type);
  if (products) {
    query = query.where((eb) => eb.exists(eb.selectFrom('trip_items as i').select('i.id').whereRef('i.trip_id', '=', 't.id').where('i.product', 'in', products)));
  }
  return answer(200, { status: true, exist: (await query.executeTakeFirst()) !== undefined });
}

function coordinate(value: number | string | undefined, limit: number): number | null | 'bad' {
  if (value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : 'bad';
}

/** POST /api/trips/citieimages: our destination image for a place (named, else nearest); none is an empty list. */
export async function cityImages({ json: query }: CityImagesBody, db: Database = getDb()): Promise<Answer> {
  const latitude = coordinate(query.latitude, 90);
  const longitude = coordinate(query.longitude, 180);
  if (latitude === 'bad') return invalid('latitude: must be a number between -90 and 90');
  if (longitude === 'bad') return invalid('longitude: must be a number between -180 and 180');
  const rows = await db.selectFrom('destinations').select(['slug', 'name', 'country_code', 'country_name', 'latitude', 'longitude', 'image_path']).orderBy('id').execute();
  const places = rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    countryCode: row.country_code,
    countryName: row.country_name,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    imagePath: row.image_path,
  }));
  const place = placeImageFor(places, { city: query.city, country: query.country, latitude, longitude });
  const assets = place
    ? [{ city: place.name, country: place.countryName, country_code: place.countryCode, image: place.imagePath, latitude: place.latitude, longitude: place.longitude }]
    : [];
  return answer(200, { status: true, assets });
}

const accessCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Whether `accessCode` is an open invitation (unused, unexpired) of this organisation's for
 * `email`: what an invitation-code sign-up must hold (addUserToTrip later uses it up).
 */
export async function isOpenInvitation(orgId: string, email: string, accessCode: string, db: Database = getDb()): Promise<boolean> {
  const found = await db
    .selectFrom('trip_invitations as v')
    .innerJoin('trips as t', 't.id', 'v.trip_id')
    .select('v.id')
    .where('t.org_id', '=', orgId)
    .where('v.email_normalized', '=', normalizeEmail(email))
    .where('v.access_code_hash', '=', accessCodeHash(accessCode))
    .where('v.used_at', 'is', null)
    .where('v.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * Invites `email` to a trip its owner names (the e-mail and its links are the caller's): the
 * access code is returned once; only its hash is kept. Null: the inviter does not own the trip.
 */
export async function inviteToTrip(
  owner: TripActor,
  invitation: { tripId: string; email: string; role: 'traveller' | 'viewer'; ttlMs?: number },
  db: Database = getDb(),
): Promise<{ accessCode: string; expiresAt: Date } | null> {
  const trip = await tripsOf(db, owner).where('t.id', '=', invitation.tripId).where('m.role', '=', 'owner').executeTakeFirst();
  if (!trip) return null;
  const accessCode = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + (invitation.ttlMs ?? INVITATION_TTL_MS));
  await db
    .insertInto('trip_invitations')
    .values({
      trip_id: trip.id,
      email_normalized: normalizeEmail(invitation.email),
      access_code_hash: accessCodeHash(accessCode),
      role: invitation.role,
      invited_by: owner.userDbId,
      expires_at: expiresAt,
    })
    .execute();
  return { accessCode, expiresAt };
}

/**
 * POST /api/trips/invite: the trip's owner invites someone by e-mail (inviteToTrip), and the
 * invitation e-mail is queued in the same transaction: someone without an account in the
 * organisation gets the link that opens sign-up prefilled, an account holder the sign-in one.
 */
export async function sendTripInvitation(org: OrgConfig, owner: TripActor, body: InviteBody, db: Database = getDb()): Promise<Answer> {
  const parsed = parseEmailAddress(body.email);
  if (!parsed.ok) return invalid('email: a plain address such as name@example.com');
  const email = parsed.address;
  const firstname = body.firstname?.trim() ?? '';
  const lastname = body.lastname?.trim() ?? '';
  // The invitee's name reaches an e-mail to an address that never asked for one: a name, nothing else.
  for (const [field, name] of [
    ['firstname', firstname],
    ['lastname', lastname],
  ] as const) {
    if (name !== '' && !validName(name)) return invalid(`${field}: letters, spaces, apostrophes, hyphens and dots only (at most 60)`);
  }
  return db.transaction().execute(async (trx) => {
    const invited = await inviteToTrip(owner, { tripId: body.trip_id, email, role: body.role }, trx);
    if (!invited) return refusal(owner, 404, 'trips.noTripToInvite');
    const [inviter, account] = await Promise.all([
      trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', owner.userDbId).executeTakeFirstOrThrow(),
      trx.selectFrom('users').select(['first_name', 'preferred_language']).where('org_id', '=', org.orgId).where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst(),
    ]);
    const newcomer = account ? null : { firstname, lastname, title: '', countrycode: '', phonenumber: '', lang: org.locale.defaultLanguage };
    const link = invitationLink(publicOriginOf(org), { accessCode: invited.accessCode, email, tripId: body.trip_id, newcomer });
    // In the invitee's language if they have an account, else the organisation's.
    const language = mailLanguage(org, account?.preferred_language);
    const mail = renderEmail('tripInvitation', language, {
      orgName: org.name,
      firstName: account?.first_name || firstname || email,
      // An account's name is a name (validName) since sign-up checks it; an older one that is not gives way to the address.
      inviterName: validName(inviter.first_name) && validName(inviter.last_name) ? `${inviter.first_name} ${inviter.last_name}` : owner.email,
      expires: formatCalendarDay(dayIn(org.timeZone, invited.expiresAt), { language, dateFormat: null }),
      link,
    });
    await queueEmail({ orgId: org.orgId, to: email, ...mail }, trx);
    // Whether the address has an account is not said: the invitee's link says it, to them only.
    return answer(200, { status: true, message: `Invitation sent to ${email}`, data: { email, role: body.role, expires_at: invited.expiresAt.toISOString() } });
  });
}

/**
 * POST /api/trips/addUserToTrip: the user joins the trip with an unused, unexpired invitation to
 * their e-mail address, which is then used up. Without one: 404, nothing changes. With the link's
 * `accesscode`, it is that invitation (its hash): a used code is a 409, an expired one a 410.
 */
export async function addUserToTrip(actor: TripActor, body: AddUserToTripBody, db: Database = getDb()): Promise<Answer> {
  if (body.user_id !== actor.userId) return refusal(actor, 404, 'trips.noSuchUser');
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('trip_invitations as v')
      .innerJoin('trips as t', 't.id', 'v.trip_id')
      .select(['v.id', 'v.role', 'v.used_at', 'v.used_by', sql<boolean>`v.expires_at <= now()`.as('expired')])
      .where('v.trip_id', '=', body.mytrip_id)
      .where('t.org_id', '=', actor.orgId)
      .where('v.email_normalized', '=', normalizeEmail(actor.email));
    query =
      body.accesscode === undefined
        ? query.where('v.used_at', 'is', null).where('v.expires_at', '>', sql<Date>`now()`)
        : query.where('v.access_code_hash', '=', accessCodeHash(body.accesscode));
    const invitation = await query.orderBy('v.created_at', 'desc').forUpdate('v').executeTakeFirst();
    if (!invitation) return refusal(actor, 404, 'trips.noInvitation');
    // Used: refused; the person who used it (a reload, the link opened twice) is told they are on the trip.
    if (invitation.used_at !== null) {
      return refusal(actor, 409, 'trips.invitationUsed', invitation.used_by === actor.userDbId ? { data: { trip_id: body.mytrip_id, member: true } } : {});
    }
    if (invitation.expired) return refusal(actor, 410, 'trips.invitationExpired');
    // Someone already on the trip keeps their role; the invitation is used up either way.
    await trx
      .insertInto('trip_members')
      .values({ trip_id: body.mytrip_id, user_id: actor.userDbId, role: invitation.role })
      .onConflict((oc) => oc.columns(['trip_id', 'user_id']).doNothing())
      .execute();
    await trx
      .updateTable('trip_invitations')
      .set({ used_at: sql`now()`, used_by: actor.userDbId })
      .where('id', '=', invitation.id)
      .execute();
    return answerTrip(trx, actor, body.mytrip_id, 'You have joined the trip');
  });
}

/**
 * A confirmed booking of a product joins each trip of its booker (as owner or traveller) that covers its
 * dates: it books the trip's planned item of its product starting that day, if there is one,
 * else it is added as an item of its own. Idempotent. Returns the trips it is on.
 */
export async function attachBookingToTrips(bookingId: string, trx: Transaction<DB>): Promise<string[]> {
  const booking = await trx
    .selectFrom('bookings')
    .select(['id', 'org_id', 'user_id', 'product', 'reference', 'starts_on', 'ends_on', 'status'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  // Memberships and wallet top-ups are bookings too, but nothing one travels with.
  if (!booking || booking.user_id === null || booking.status !== 'confirmed' || !isProductCode(booking.product)) return [];
  const endsOn = booking.ends_on ?? booking.starts_on;
  const trips = await trx
    .selectFrom('trips as t')
    .innerJoin('trip_members as m', 'm.trip_id', 't.id')
    .select('t.id')
    .where('t.org_id', '=', booking.org_id)
    .where('m.user_id', '=', booking.user_id)
    .where('m.role', 'in', ['owner', 'traveller'])
    .where('t.starts_on', '<=', booking.starts_on)
    .where('t.ends_on', '>=', endsOn)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .forUpdate('t')
    .execute();
  for (const { id: tripId } of trips) {
    const linked = await trx.selectFrom('trip_items').select('id').where('trip_id', '=', tripId).where('booking_id', '=', booking.id).executeTakeFirst();
    if (linked) continue;
    const planned = await trx
      .selectFrom('trip_items')
      .select('id')
      .where('trip_id', '=', tripId)
      .where('product', '=', booking.product)
      .where('starts_on', '=', booking.starts_on)
      .where('booking_id', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst();
    if (planned) {
      await trx
        .updateTable('trip_items')
        .set({ booking_id: booking.id, updated_at: sql`now()` })
        .where('id', '=', planned.id)
        .execute();
    } else {
      await trx
        .insertInto('trip_items')
        .values({
          trip_id: tripId,
          product: booking.product,
          item_key: `booking:${booking.reference}`,
          payload: JSON.stringify({ booking_reference: booking.reference }),
          starts_on: booking.starts_on,
          ends_on: endsOn,
          booking_id: booking.id,
          created_by: booking.user_id,
        })
        .execute();
    }
  }
  return trips.map((trip) => trip.id);
}

/**
 * attachBookingToTrips for the payment path: a trip problem must never fail a payment, so it
 * runs under a savepoint (a failed statement would otherwise abort the payment's transaction)
 * and is logged, the booking confirmed all the same.
 */
async function attachConfirmedBookingToTrips(bookingId: string, trx: Transaction<DB>): Promise<void> {
  await sql`savepoint attach_booking_to_trips`.execute(trx);
  try {
    await attachBookingToTrips(bookingId, trx);
    await sql`release savepoint attach_booking_to_trips`.execute(trx);
  } catch (error) {
    await sql`rollback to savepoint attach_booking_to_trips`.execute(trx);
    log.error('a confirmed booking could not join its trips', { bookingId, ...errorFields(error) });
  }
}

/** A booked item joins the booker's trips that cover its dates (issue 13). */
export const tripsAttachment: BookingSubscriber = {
  name: 'trips attachment',
  async onMove({ bookingId, to }, trx) {
    if (to === 'confirmed') await attachConfirmedBookingToTrips(bookingId, trx);
  },
};

/** An item as My trips shows it. A viewer's never carries a price or a booking reference. */
export type MyTripItem = {
  id: string;
  product: string;
  startsOn: string;
  endsOn: string;
  name: string | null;
  startTime: string | null;
  endTime: string | null;
  /** The zones of the start and end times: the item's own place's, else the trip's. */
  startZone: string | null;
  endZone: string | null;
  booked: boolean;
  amountText: string | null;
  bookingReference: string | null;
  /** The property's own picture (the hotel's, the resort's, the car's, the offer's), not the destination's; null when it has none. */
  image: string | null;
};
export type MyTrip = {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  city: string | null;
  country: string | null;
  image: string | null;
  /** The destination's IANA time zone, where ours is known (the calendar's TZID). */
  timeZone: string | null;
  role: TripRole;
  items: MyTripItem[];
  /** Sums per currency (empty for a viewer). */
  totals: string[];
};

const moneyText = (amount: number, currency: string | null, language: string) =>
  currency && /^[A-Z]{3}$/.test(currency) ? numberFormat(language, { style: 'currency', currency }).format(amount) : numberFormat(language).format(amount);

/** Our destination for a trip's place (its image and time zone), if one fits. */
async function destinationsOf(db: Db) {
  const rows = await db
    .selectFrom('destinations')
    .select(['slug', 'name', 'country_code', 'country_name', 'latitude', 'longitude', 'image_path', 'time_zone'])
    .orderBy('id')
    .execute();
  const places = rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    countryCode: row.country_code,
    countryName: row.country_name,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    imagePath: row.image_path,
    timeZone: row.time_zone,
  }));
  return (trip: TripRow) =>
    placeImageFor(places, { city: trip.city ?? undefined, country: trip.country ?? undefined, latitude: asNumber(trip.latitude), longitude: asNumber(trip.longitude) }) as
      (typeof places)[number] | null;
}

/**
 * The user's trips (or the one `tripId` names) as My trips shows them, their items' names, local
 * times and prices read from their payloads here: a viewer is sent no price, payment detail or
 * booking reference at all (not merely hidden by the page).
 */
async function myTripRows(actor: TripActor, tripId: string | null, language: string, db: Db): Promise<MyTrip[]> {
  let query = tripsOf(db, actor).orderBy('t.starts_on').orderBy('t.created_at');
  if (tripId) query = query.where('t.id', '=', tripId);
  const trips = await query.execute();
  if (trips.length === 0) return [];
  const [items, placeOf] = await Promise.all([
    db
      .selectFrom('trip_items as i')
      .leftJoin('bookings as b', 'b.id', 'i.booking_id')
      .select(['i.id', 'i.trip_id', 'i.product', 'i.starts_on', 'i.ends_on', 'i.payload', 'b.reference', 'b.status as booking_status'])
      .where(
        'i.trip_id',
        'in',
        trips.map((trip) => trip.id),
      )
      .orderBy('i.starts_on')
      .orderBy('i.created_at')
      .execute(),
    destinationsOf(db),
  ]);
  const [offerNames, images] = await Promise.all([
    offerNamesOf(
      items.map((item) => valueAt(item.payload, 'product_code')),
      db,
    ),
    propertyImagesOf(items, db),
  ]);
  return trips.map((trip) => {
    const full = trip.role !== 'viewer';
    const views = items
      .filter((item) => item.trip_id === trip.id)
      .map((item) => {
        const view = tripItemView(item.product, item.payload);
        // A scheduled offer's payload names it by code only (spec §3): ours has a name.
        return { item, view: { ...view, name: offerNames.get(String(valueAt(item.payload, 'product_code'))) ?? view.name } };
      });
    const place = placeOf(trip);
    return {
      id: trip.id,
      name: trip.name,
      startsOn: trip.starts_on,
      endsOn: trip.ends_on,
      city: trip.city,
      country: trip.country,
      image: trip.image ?? place?.imagePath ?? null,
      timeZone: place?.timeZone ?? null,
      role: trip.role,
      items: views.map(({ item, view }) => {
        const booked = item.booking_status === 'confirmed';
        return {
          id: item.id,
          product: item.product,
          startsOn: view.startDate ?? item.starts_on,
          endsOn: view.endDate ?? item.ends_on,
          name: view.name,
          startTime: view.startTime,
          endTime: view.endTime,
          startZone: view.startZone ?? place?.timeZone ?? null,
          endZone: view.endZone ?? place?.timeZone ?? null,
          booked,
          amountText: full && view.amount !== null ? moneyText(view.amount, view.currency, language) : null,
          bookingReference: full && booked ? item.reference : null,
          image: images.get(item.id) ?? null,
        };
      }),
      totals: full ? tripTotals(views.map(({ view }) => view)).map((total) => moneyText(total.amount, total.currency, language)) : [],
    };
  });
}

/** The products that send spec §3's activity payload (scheduled offers but transfers), whose product_code names an offer. */
const offerPayloadProducts = PRODUCT_CODES.filter((code) => products[code].tripList.payload === 'offer');

/**
 * Each item's property picture by item id, from what its payload names (spec §3 trip payloads):
 * a hotel's own drawing (hotel_id is its slug), a resort's or stay's picture (rst_resort_id), a
 * car's (id), a scheduled offer's (product_code). Flights and transfers have none.
 */
async function propertyImagesOf(items: readonly { id: string; product: string; payload: unknown }[], db: Db): Promise<Map<string, string>> {
  const refs = (products: readonly string[], field: string, valid: RegExp) =>
    items.flatMap((item) => {
      const value = valueAt(item.payload, field);
      return products.includes(item.product) && (typeof value === 'string' || typeof value === 'number') && valid.test(String(value))
        ? [{ item: item.id, ref: String(value) }]
        : [];
    });
  const hotels = refs(['HLT'], 'hotel_id', /^[a-z0-9-]{2,120}$/);
  const resorts = refs(['RST', 'STY'], 'rst_resort_id', /^[1-9]\d{0,8}$/);
  const cars = refs(['CAR'], 'id', /^[1-9]\d{0,8}$/);
  const offers = refs(offerPayloadProducts, 'product_code', /^[a-z0-9-]{2,120}$/);
  const unique = (list: { ref: string }[]) => [...new Set(list.map((entry) => entry.ref))];
  const [hotelRows, resortRows, carRows, offerRows] = await Promise.all([
    hotels.length ? db.selectFrom('hotels').select(['slug', 'images', 'image_path']).where('slug', 'in', unique(hotels)).execute() : [],
    resorts.length ? db.selectFrom('resorts').select(['id', 'image_path']).where('id', 'in', unique(resorts).map(Number)).execute() : [],
    cars.length ? db.selectFrom('car_offers').select(['id', 'image_path']).where('id', 'in', unique(cars).map(Number)).execute() : [],
    offers.length ? db.selectFrom('offers').select(['slug', 'image_path']).where('slug', 'in', unique(offers)).execute() : [],
  ]);
  const byRef = new Map<string, string>([
    ...hotelRows.map((row): [string, string] => {
      const [first] = propertyImageKinds(row.images);
      return [`HLT:${row.slug}`, first ? propertyImageUrl(row.slug, first) : row.image_path];
    }),
    ...resortRows.map((row): [string, string] => [`RST:${row.id}`, row.image_path]),
    ...carRows.map((row): [string, string] => [`CAR:${row.id}`, row.image_path]),
    ...offerRows.map((row): [string, string] => [`OFFER:${row.slug}`, row.image_path]),
  ]);
  const images = new Map<string, string>();
  for (const [family, list] of [
    ['HLT', hotels],
    ['RST', resorts],
    ['CAR', cars],
    ['OFFER', offers],
  ] as const) {
    for (const { item, ref } of list) {
      const image = byRef.get(`${family}:${ref}`);
      if (image) images.set(item, image);
    }
  }
  return images;
}

/** Our scheduled offers' names by slug, for the codes given (anything else is skipped). */
async function offerNamesOf(codes: unknown[], db: Db): Promise<Map<string, string>> {
  const slugs = [...new Set(codes.filter((code): code is string => typeof code === 'string' && /^[a-z0-9-]{2,120}$/.test(code)))];
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom('offers').select(['slug', 'name']).where('slug', 'in', slugs).execute();
  return new Map(rows.map((row) => [row.slug, row.name]));
}

const isUuid = (value: string) => UUID.test(value);

/** My trips: upcoming (not yet over on `today`, the organisation's day) soonest first, then past ones. */
export async function myTrips(actor: TripActor, today: string, db: Database = getDb()) {
  return splitTrips(await myTripRows(actor, null, actor.language, db), today);
}

/** One trip the user is on, as My trips shows it; null when it is unknown or not theirs. */
export async function myTrip(actor: TripActor, tripId: string, db: Database = getDb()): Promise<MyTrip | null> {
  if (!isUuid(tripId)) return null;
  return (await myTripRows(actor, tripId, actor.language, db))[0] ?? null;
}

/**
 * The trip as an .ics file for one of its members (any role: the calendar names no price, and a
 * booking reference only for those who may see it); null when the trip is unknown or not theirs.
 * `label` names an item's product in the user's language.
 */
export async function tripCalendarFile(
  actor: TripActor,
  tripId: string,
  texts: { label: (product: string) => string; booked: (reference: string | null) => string },
  db: Database = getDb(),
): Promise<{ fileName: string; text: string } | null> {
  if (!isUuid(tripId)) return null;
  // The calendar shows no amounts: their language does not matter.
  const [trip] = await myTripRows(actor, tripId, 'en-US', db);
  if (!trip) return null;
  const events: CalendarEvent[] = trip.items.map((item) => ({
    uid: `${item.id}@trips`,
    summary: item.name ? `${texts.label(item.product)}: ${item.name}` : texts.label(item.product),
    description: item.booked ? texts.booked(item.bookingReference) : null,
    startsOn: item.startsOn,
    endsOn: item.endsOn,
    startTime: item.startTime,
    endTime: item.endTime,
    startZone: item.startZone,
    endZone: item.endZone,
  }));
  return { fileName: calendarFileName(trip.name), text: tripCalendar({ name: trip.name, events, now: new Date() }) };
}
