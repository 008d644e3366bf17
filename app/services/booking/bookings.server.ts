import { type Answer, answer } from '~/domain/answer';
import { sql } from 'kysely';
import {
  type BookingAccess,
  type ShownStatus,
  LISTED_STATUSES,
  bookingAccess,
  isListedStatus,
  isShownStatus,
  isUnreadMessage,
  parseBookingReference,
  partyFacts,
  publicTravellerName,
  statusNotice,
} from '~/domain/booking-view';
import { PAYMENT_ID_COOKIE } from '~/domain/booking-submit';
import { cancelCheck } from '~/domain/booking-cancel';
import { dayIn } from '~/domain/time-zone';
import { hotelFlowOf } from '~/domain/hotel-flow';
import type { InstrumentKind } from '~/domain/ledger';
import { type OfferFacts, factText, readOfferFacts } from '~/domain/offer-facts';
import type { OfferProductCode } from '~/domain/offers';
import { isLanguageCode } from '~/domain/reference-data';
import { roomTypeName } from '~/domain/room-types';
import { messagesFor } from '~/i18n';
import { isProductCode, products, successPath } from '~/products/registry';
import type { CountMessagesBody } from '#schemas/api/account.schema';
import { type Database, getDb } from '../platform/db.server';
import type { RequestContext } from '../site/request-context.server';
import { getRateTable, toDisplayPrice } from '../catalog/rates.server';
import type { ActiveSession } from '../identity/session.server';
import { storedValuePartsOf } from '../stored-value/stored-value.server';

/**
 * After booking (issue 4): the success pages, the profile's "My bookings" and the booking
 * messages. Who sees what is `bookingAccess` (app/domain/booking-view.ts).
 */

/** What a booking is of, per product, from its item_ref (see the seed modules' *ItemRef). */
export type BookedItem =
  | { kind: 'hotel'; hotel: string; room: string; roomCode: string; address: string; destination: string; stars: number; holidayHome: boolean }
  | { kind: 'flight'; cabin: string; segments: { flight: string; airline: string; origin: string; destination: string }[] }
  | { kind: 'car'; company: string; carType: string; carFamily: string; pickup: string; transmission: string; pickupAt: string | null; dropoffAt: string | null }
  | { kind: 'offer'; offer: string; option: string; startsAt: string | null; details: { key: OfferDetailKey; value: string }[] }
  | { kind: 'week'; resort: string; unit: string; unitCode: string; address: string; sleeps: number };

/** A fact a booked offer's success page lists (labelled success.detail.<key>). */
export type OfferDetailKey = { [C in OfferProductCode]: (typeof products)[C]['offer']['booked'][number] }[OfferProductCode];

function bookingsQuery(db: Database = getDb()) {
  return db
    .selectFrom('bookings as b')
    .leftJoin('holds as h', 'h.id', 'b.hold_id')
    .select([
      'b.id',
      'b.reference',
      'b.org_id',
      'b.user_id',
      'b.product',
      'b.item_ref',
      'b.starts_on',
      'b.ends_on',
      'b.guest_first_name',
      'b.guest_last_name',
      'b.guest_email',
      'b.guest_phone',
      'b.status',
      'b.amount_minor',
      'b.currency',
      'b.hold_id',
      'b.payment_method',
      'b.oxxo_reference',
      'b.confirmed_at',
      'b.created_at',
      'b.seen_status',
      'b.oxxo_expires_at',
      'b.failure_text',
      'h.quantity as hold_quantity',
      'h.selection as hold_selection',
      'h.starts_at as hold_starts_at',
      'h.ends_at as hold_ends_at',
    ]);
}

type BookingRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof bookingsQuery>['executeTakeFirst']>>>;

const idOf = (pattern: RegExp, itemRef: string) => {
  const id = Number(pattern.exec(itemRef)?.[1]);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The booked item's name and key facts; null when the catalogue no longer has it. */
async function describeItem(booking: BookingRecord, db: Database = getDb()): Promise<BookedItem | null> {
  if (!isProductCode(booking.product)) return null;
  switch (products[booking.product].family) {
    case 'hotel': {
      const id = idOf(/^room-type:(\d+)$/, booking.item_ref);
      if (!id) return null;
      const row = await db
        .selectFrom('hotel_room_types as r')
        .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
        .innerJoin('destinations as d', 'd.slug', 'h.destination_slug')
        .select(['h.name as hotel', 'r.name as room', 'r.code as room_code', 'h.address', 'd.name as destination', 'h.stars', 'h.property_type'])
        .where('r.id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            kind: 'hotel',
            hotel: row.hotel,
            room: row.room,
            roomCode: row.room_code,
            address: row.address,
            destination: row.destination,
            stars: row.stars,
            holidayHome: row.property_type === 'holiday_home',
          }
        : null;
    }
    case 'flight': {
      const parts = booking.item_ref.split(' ').map((ref) => /^flight:(\d+):([a-z_]+)$/.exec(ref));
      if (parts.length === 0 || parts.some((p) => !p)) return null;
      const ids = parts.map((p) => Number(p![1]));
      const rows = await db
        .selectFrom('flights as f')
        .innerJoin('airlines as a', 'a.code', 'f.airline_code')
        .select(['f.id', 'f.airline_code', 'f.flight_number', 'f.origin', 'f.destination', 'a.name as airline'])
        .where('f.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (ids.some((id) => !byId.has(id))) return null;
      return {
        kind: 'flight',
        cabin: parts[0]![2]!,
        segments: ids.map((id) => {
          const f = byId.get(id)!;
          return { flight: `${f.airline_code} ${f.flight_number}`, airline: f.airline, origin: f.origin, destination: f.destination };
        }),
      };
    }
    case 'car': {
      const id = idOf(/^car-offer:(\d+)$/, booking.item_ref);
      if (!id) return null;
      const row = await db
        .selectFrom('car_offers as o')
        .innerJoin('car_rental_companies as c', 'c.id', 'o.company_id')
        .innerJoin('car_locations as l', 'l.id', 'o.location_id')
        .select(['c.name as company', 'o.car_type', 'o.car_family', 'o.transmission', 'l.name as pickup'])
        .where('o.id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            kind: 'car',
            company: row.company,
            carType: row.car_type,
            carFamily: row.car_family,
            pickup: row.pickup,
            transmission: row.transmission,
            pickupAt: iso(booking.hold_starts_at),
            dropoffAt: iso(booking.hold_ends_at),
          }
        : null;
    }
    case 'offer': {
      const id = idOf(/^offer-option:(\d+)$/, booking.item_ref);
      if (!id) return null;
      const row = await db
        .selectFrom('offer_options as o')
        .innerJoin('offers as f', 'f.id', 'o.offer_id')
        .select(['f.name as offer', 'o.name as option', 'f.product', 'f.facts'])
        .where('o.id', '=', id)
        .where('f.product', '=', booking.product as OfferProductCode)
        .executeTakeFirst();
      if (!row) return null;
      return { kind: 'offer', offer: row.offer, option: row.option, startsAt: iso(booking.hold_starts_at), details: offerDetails(readOfferFacts(row.product, row.facts)) };
    }
    case 'weeks': {
      const id = idOf(/^resort-unit:(\d+)$/, booking.item_ref);
      if (!id) return null;
      const row = await db
        .selectFrom('resort_unit_types as u')
        .innerJoin('resorts as r', 'r.id', 'u.resort_id')
        .select(['r.name as resort', 'u.name as unit', 'u.code as unit_code', 'r.address', 'u.sleeps', 'r.kind'])
        .where('u.id', '=', id)
        .executeTakeFirst();
      return row && row.kind === booking.product ? { kind: 'week', resort: row.resort, unit: row.unit, unitCode: row.unit_code, address: row.address, sleeps: row.sleeps } : null;
    }
  }
}

/** The facts of a booked offer its product lists on the success page (its registry entry's `booked`). */
function offerDetails({ product, facts }: OfferFacts): { key: OfferDetailKey; value: string }[] {
  const booked: readonly OfferDetailKey[] = products[product].offer.booked;
  return booked.map((key) => ({ key, value: factText((facts as Partial<Record<OfferDetailKey, string | number | string[]>>)[key]!) }));
}

/** The success page a booking lands on (holiday homes under /holidaystays). */
function pageOf(booking: Pick<BookingRecord, 'product' | 'reference'>, item: BookedItem | null): string {
  const homes = item?.kind === 'hotel' && item.holidayHome;
  return successPath(booking.product, booking.reference, homes);
}

async function amountView(booking: BookingRecord, language: string) {
  if (booking.amount_minor === null || !booking.currency) return null;
  const rates = await getRateTable();
  if (!rates.has(booking.currency)) return null;
  return toDisplayPrice({ amountMinor: booking.amount_minor, currency: booking.currency }, booking.currency, language, rates);
}

/**
 * One part of what paid a booking, for the success page and My bookings: the card charge and
 * each stored-value part (coupon, cash card, points, wallet…), with what became of it.
 * `points`: the points spent, for a points part.
 */
export type PaymentLine = {
  kind: 'card' | InstrumentKind;
  title: string;
  code: string;
  amountText: string;
  points: number | null;
  status: 'applied' | 'paid' | 'refunded' | 'refund_pending';
};

/** The payment lines of each booking (by booking id): its card sale first, then its stored-value parts. */
async function paymentLinesOf(rows: readonly BookingRecord[], language: string): Promise<Map<string, PaymentLine[]>> {
  const lines = new Map<string, PaymentLine[]>();
  if (rows.length === 0) return lines;
  const rates = await getRateTable();
  const text = (amountMinor: number, currency: string) =>
    rates.has(currency) ? toDisplayPrice({ amountMinor, currency }, currency, language, rates).text : `${currency} ${(amountMinor / 100).toFixed(2)}`;
  const holdIds = rows.flatMap((r) => (r.hold_id ? [r.hold_id] : []));
  const [parts, sales] = await Promise.all([
    storedValuePartsOf(holdIds),
    getDb()
      .selectFrom('payment_attempts')
      .select(['booking_id', 'status', 'amount_minor', 'currency'])
      .where(
        'booking_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('method', 'in', ['card', 'saved_card'])
      .where('status', 'in', ['captured', 'voided'])
      .where('gateway_transaction_id', 'is not', null)
      .orderBy('updated_at')
      .execute(),
  ]);
  for (const row of rows) {
    const list: PaymentLine[] = [];
    const cancelled = row.status === 'cancelled';
    // The sale that paid it; a voided one only counts as the refund of a cancelled booking.
    const sale = sales.filter((a) => a.booking_id === row.id && (a.status === 'captured' || cancelled)).at(-1);
    if (sale) {
      const status = sale.status === 'voided' ? 'refunded' : cancelled ? 'refund_pending' : 'paid';
      list.push({ kind: 'card', title: '', code: '', amountText: text(sale.amount_minor, sale.currency), points: null, status });
    }
    for (const part of (row.hold_id ? parts.get(row.hold_id) : undefined) ?? []) {
      list.push({
        kind: part.kind,
        title: part.title,
        code: part.code,
        amountText: text(part.amountMinor, part.currency),
        points: part.kind === 'points' ? part.units : null,
        status: part.status === 'captured' ? 'paid' : part.status === 'refunded' ? 'refunded' : 'applied',
      });
    }
    lines.set(row.id, list);
  }
  return lines;
}

/** May the owner cancel it from My bookings (app/domain/booking-cancel.ts), on the organisation's day `today`? */
const isCancellable = (row: BookingRecord, today: string) => cancelCheck({ status: row.status, paymentMethod: row.payment_method, startsOn: row.starts_on }, today).ok;

/**
 * A success page's data: the booking named by `booking_id`, as much of it as the visitor may
 * see; or `notFound` (unknown, foreign and not-yours references alike), or `elsewhere` (another
 * product's page shows it). It does not read the booking's
 * message: checkout lands here, and the message must still reach the bell (decision 0033).
 */
export async function loadBookingSuccess(context: Pick<RequestContext, 'org' | 'session' | 'locale' | 'cookie'>, url: URL) {
  const notFound = { kind: 'notFound' } as const;
  const reference = parseBookingReference(url.searchParams.get('booking_id'));
  if (!reference) return notFound;
  const { org, session, locale } = context;
  const booking = await bookingsQuery().where('b.reference', '=', reference).executeTakeFirst();
  if (!booking) return notFound;
  const access = bookingAccess({ orgId: booking.org_id, userId: booking.user_id, status: booking.status }, { orgId: org.orgId, userDbId: session?.userDbId ?? null });
  const status = booking.status;
  if (access === 'none' || !isShownStatus(status)) return notFound;
  const item = await describeItem(booking);
  const page = pageOf(booking, item);
  // The right booking on another product's page: send it to its own (the flow prefix included).
  if (new URL(page, url).pathname !== url.pathname) return { kind: 'elsewhere', page } as const;
  // How it was paid, part by part, is the owner's to see.
  const payment = access === 'owner' ? ((await paymentLinesOf([booking], locale.language)).get(booking.id) ?? []) : [];
  return {
    kind: 'found' as const,
    access,
    booking: {
      ...bookingView(booking, status, item, access, await amountView(booking, locale.language)),
      payment,
      paymentReference: await paymentReferenceOf(booking.id, context.cookie(PAYMENT_ID_COOKIE)),
    },
    flowBase: hotelFlowOf(url.pathname).base,
    profilePath: session ? (session.user.role === 'agent' ? '/agent/profile' : '/user/profile') : null,
  };
}

/**
 * The payment the browser that paid remembers (`paymentIdC`, written from the pay answer's
 * payment_id, decision 0053), shown on the success page when it is this booking's own payment:
 * a cookie naming another booking's payment (or none) shows nothing.
 */
async function paymentReferenceOf(bookingId: string, remembered: string | undefined): Promise<string | null> {
  if (!remembered || remembered.length > 64) return null;
  const attempt = await getDb()
    .selectFrom('payment_attempts')
    .select('gateway_transaction_id')
    .where('booking_id', '=', bookingId)
    .where('gateway_transaction_id', '=', remembered)
    .executeTakeFirst();
  return attempt?.gateway_transaction_id ?? null;
}

function bookingView(booking: BookingRecord, status: ShownStatus, item: BookedItem | null, access: Exclude<BookingAccess, 'none'>, amount: Awaited<ReturnType<typeof amountView>>) {
  return {
    reference: booking.reference,
    product: booking.product,
    status,
    notice: statusNotice({ status, paymentMethod: booking.payment_method, oxxoReference: booking.oxxo_reference, oxxoExpiresAt: iso(booking.oxxo_expires_at) }),
    item,
    startsOn: booking.starts_on,
    endsOn: booking.ends_on,
    party: partyFacts({
      product: booking.product,
      quantity: booking.hold_quantity,
      selection: booking.hold_selection,
      holidayHome: item?.kind === 'hotel' && item.holidayHome,
      sleeps: item?.kind === 'week' ? item.sleeps : null,
    }),
    // S5: a guest booking's public view names the traveller without their surname, e-mail or phone.
    traveller:
      access === 'owner'
        ? { name: `${booking.guest_first_name} ${booking.guest_last_name}`, email: booking.guest_email, phone: booking.guest_phone }
        : { name: publicTravellerName(booking.guest_first_name, booking.guest_last_name), email: null, phone: null },
    amount,
    paymentMethod: booking.payment_method,
    confirmedAt: iso(booking.confirmed_at),
  };
}

export type BookingSuccessData = Omit<Extract<Awaited<ReturnType<typeof loadBookingSuccess>>, { kind: 'found' }>, 'kind'>;

/**
 * The signed-in user's bookings in this organisation, newest first, for "My bookings". `read`:
 * the list is shown to its owner, so the messages it shows (each `unread`, marked new) are read
 * (decision 0033); an agent impersonating the user leaves them unread.
 */
export async function listUserBookings({
  userPublicId,
  orgId,
  language,
  timeZone,
  limit = 20,
  read = false,
}: {
  userPublicId: string;
  orgId: string;
  language: string;
  timeZone: string;
  limit?: number;
  read?: boolean;
}) {
  const rows = await bookingsQuery()
    .where('b.user_id', '=', (eb) => eb.selectFrom('users as u').select('u.id').where('u.public_id', '=', userPublicId).where('u.org_id', '=', orgId))
    .where('b.org_id', '=', orgId)
    .where('b.status', 'in', [...LISTED_STATUSES])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.reference')
    .limit(limit)
    .execute();
  const shown = rows.flatMap((row) => {
    const status = row.status;
    return isListedStatus(status) ? [{ row, status }] : [];
  });
  const payments = await paymentLinesOf(
    shown.map((s) => s.row),
    language,
  );
  const today = dayIn(timeZone);
  const unread = shown.filter(({ row, status }) => isUnreadMessage(status, row.seen_status));
  if (read && unread.length > 0) {
    // Each row read in the status it is shown in: a status that changed since is still a message.
    await getDb()
      .updateTable('bookings')
      .set({ seen_status: sql.ref('status') })
      .where((eb) => eb.or(unread.map(({ row, status }) => eb.and([eb('id', '=', row.id), eb('status', '=', status)]))))
      .execute();
  }
  return Promise.all(
    shown.map(async ({ row, status }) => {
      const item = await describeItem(row);
      return {
        reference: row.reference,
        product: row.product,
        itemName: itemName(item, language),
        /** Where it is, when the booking says (a new trip's place when it is added to one). */
        place: item?.kind === 'hotel' ? item.destination : item?.kind === 'car' ? item.pickup : null,
        startsOn: row.starts_on,
        endsOn: row.ends_on,
        status,
        /** Why a failed booking did not go through, as it was recorded. */
        failure: status === 'failed' ? row.failure_text : null,
        amount: await amountView(row, language),
        unread: isUnreadMessage(row.status, row.seen_status),
        // A failed booking has no success page to go to.
        href: status === 'failed' ? null : pageOf(row, item),
        payment: payments.get(row.id) ?? [],
        cancellable: isCancellable(row, today),
      };
    }),
  );
}

/** The booked item in a few words, its room or unit type in the page's language. */
function itemName(item: BookedItem | null, language: string): string | null {
  if (!item) return null;
  const messages = messagesFor(isLanguageCode(language) ? language : 'en-US');
  const worded = (code: string, name: string) => roomTypeName({ code, name }, (key) => messages[key]);
  switch (item.kind) {
    case 'hotel':
      return `${item.hotel} · ${worded(item.roomCode, item.room)}`;
    case 'flight':
      return item.segments.length > 0 ? `${item.segments[0]!.origin} → ${item.segments[item.segments.length - 1]!.destination}` : null;
    case 'car':
      return `${item.company} · ${item.carType}`;
    case 'offer':
      return `${item.offer} · ${item.option}`;
    case 'week':
      return `${item.resort} · ${worded(item.unitCode, item.unit)}`;
  }
}

// ---------------------------------------------------------------------------------------
// POST /api/bookingHistory/getCountMessages (spec §3 "Booking notification", §7 Notifications)
// ---------------------------------------------------------------------------------------

const BOOKING_DETAILS_LIMIT = 10;

/**
 * The session's booking messages. The body may name `user_id` / `org_id` (the spec's payload);
 * they must be the session's own, else 403 with no data: one user never reads another's count.
 */
export async function getCountMessages(session: ActiveSession, body: CountMessagesBody): Promise<Answer> {
  const { user } = session;
  const other = (value: string | null | undefined, own: string) => typeof value === 'string' && value !== '' && value !== own;
  if (other(body.user_id, user.userId) || other(body.org_id, user.org_id)) {
    return answer(403, { status: 403, message: 'You can only read your own booking messages' });
  }
  return answer(200, { status: 200, result: await countMessagesOf(session) });
}

export async function countMessagesOf(session: ActiveSession) {
  const db = getDb();
  const mine = db
    .selectFrom('bookings')
    .where('user_id', '=', session.userDbId)
    .where('org_id', '=', session.user.org_id)
    .where('status', 'in', [...LISTED_STATUSES]);
  const [counts, recent] = await Promise.all([
    mine
      .select((eb) => [
        eb.fn.countAll<string | number>().as('booking_count'),
        sql<string | number>`count(*) filter (where seen_status is distinct from status)`.as('total_messages'),
      ])
      .executeTakeFirstOrThrow(),
    mine
      .select(['reference', 'product', 'status', 'starts_on', 'ends_on', 'seen_status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('reference')
      .limit(BOOKING_DETAILS_LIMIT)
      .execute(),
  ]);
  return {
    total_messages: Number(counts.total_messages),
    booking_count: Number(counts.booking_count),
    booking_details: recent.map((b) => ({
      booking_id: b.reference,
      product: b.product,
      status: b.status,
      checkin_date: b.starts_on,
      checkout_date: b.ends_on,
      is_read: !isUnreadMessage(b.status, b.seen_status),
      booked_at: b.created_at.toISOString(),
      // Holiday homes' page redirects this to its /holidaystays twin.
      url: successPath(b.product, b.reference),
    })),
    user_id: session.user.userId,
    org_id: session.user.org_id,
  };
}

/**
 * What a booking's e-mail tells of it (app/services/booking/booking-mail.server.ts), read in `db` (the
 * transaction that moves it): the contact, the amount and one itinerary line per booked item,
 * described through the product registry like the success page, so the mailer knows no product.
 */
export async function bookingForEmail(bookingId: string, db: Database) {
  const booking = await bookingsQuery(db).where('b.id', '=', bookingId).executeTakeFirst();
  if (!booking) return null;
  const item = await describeItem(booking, db);
  const currency = booking.currency ? await db.selectFrom('currencies').select('minor_digits').where('code', '=', booking.currency).executeTakeFirst() : undefined;
  return {
    reference: booking.reference,
    orgId: booking.org_id,
    userId: booking.user_id,
    product: booking.product,
    firstName: booking.guest_first_name,
    email: booking.guest_email,
    startsOn: booking.starts_on,
    endsOn: booking.ends_on,
    /** The item in a few words, in the mail's language. */
    itemNameIn: (language: string) => itemName(item, language),
    amount:
      booking.amount_minor !== null && booking.currency && currency ? { amountMinor: booking.amount_minor, currency: booking.currency, minorDigits: currency.minor_digits } : null,
  };
}
