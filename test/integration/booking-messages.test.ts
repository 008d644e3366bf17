import { describe, expect, it } from 'vitest';
import { countMessagesOf, listUserBookings } from '~/services/booking/bookings.server';
import type { Database } from '~/services/platform/db.server';
import type { ActiveSession } from '~/services/identity/session.server';
import { FAILURE_TEXTS, failureMessageKey } from '~/domain/booking-failures';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];

async function member(db: Database, tag: string, orgId = 'wanderly') {
  const row = await db
    .insertInto('users')
    .values({
      org_id: orgId,
      email: `${tag}@${orgId}.example`,
      email_normalized: `${tag}@${orgId}.example`,
      password_hash: null,
      first_name: 'Mia',
      last_name: tag,
      role: 'member',
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
  const session: ActiveSession = {
    sessionId: `s-${tag}`,
    userDbId: row.id,
    dateFormat: 'DD/MM/YYYY',
    minCheckinDays: null,
    eventSeq: 0,
    addressKey: null,
    impersonatorDbId: null,
    expiresAt: new Date(Date.now() + 3_600_000),
    user: {
      userName: `Mia ${tag}`,
      userToken: 't',
      personalPicture: null,
      email: `${tag}@${orgId}.example`,
      currency_code: 'USD',
      language: 'en-US',
      nationality: null,
      userId: row.public_id,
      role: 'member',
      first_name: 'Mia',
      last_name: tag,
      auth: { api_token: 't' },
      is_demo: false,
      can_book: true,
      impersonated_by: null,
      org_id: orgId,
    },
  };
  return session;
}

let n = 0;
async function booking(
  db: Database,
  userId: number | null,
  status: 'initiated' | 'pending' | 'confirmed' | 'cancelled' | 'failed',
  extra: { orgId?: string; seen?: 'confirmed' | 'pending' | 'failed'; failure?: string } = {},
) {
  const room = await db.selectFrom('hotel_room_types').select('id').orderBy('id').executeTakeFirstOrThrow();
  const reference = `WAN-IT${Date.now().toString(36).toUpperCase()}${++n}`;
  await db
    .insertInto('bookings')
    .values({
      reference,
      org_id: extra.orgId ?? 'wanderly',
      user_id: userId,
      product: 'HLT',
      item_ref: `room-type:${room.id}`,
      starts_on: '2027-03-01',
      ends_on: '2027-03-04',
      guest_first_name: 'Mia',
      guest_last_name: 'M',
      guest_email: 'mia@example.com',
      status,
      amount_minor: 50000,
      currency: 'USD',
      payment_method: 'card',
      seen_status: extra.seen ?? null,
      failure_text: extra.failure ?? null,
      updated_at: new Date(),
    })
    .execute();
  return reference;
}

describe.each(backends)('booking messages on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('counts the user’s unseen statuses and lists only their bookings that went through or failed, in their organisation', async (ctx) => {
    if (database.skip) return ctx.skip();
    const db = database.db;
    const me = await member(db, `me-${backend}-${Date.now()}`);
    const someone = await member(db, `someone-${backend}-${Date.now()}`);
    const unseen = await booking(db, me.userDbId, 'confirmed');
    const seen = await booking(db, me.userDbId, 'confirmed', { seen: 'confirmed' });
    const moved = await booking(db, me.userDbId, 'confirmed', { seen: 'pending' });
    await booking(db, me.userDbId, 'initiated');
    const failed = await booking(db, me.userDbId, 'failed', { failure: FAILURE_TEXTS.expired });
    await booking(db, someone.userDbId, 'confirmed');
    await booking(db, null, 'confirmed');

    const result = await countMessagesOf(me);
    // The failed booking is a message too (the bell counts it), until My bookings shows it.
    expect(result).toMatchObject({ total_messages: 3, booking_count: 4, user_id: me.user.userId, org_id: 'wanderly' });
    expect(result.booking_details.map((d) => [d.booking_id, d.is_read]).sort()).toEqual(
      [
        [unseen, false],
        [seen, true],
        [moved, false],
        [failed, false],
      ].sort(),
    );

    const list = await listUserBookings({ userPublicId: me.user.userId, orgId: 'wanderly', language: 'en-US', timeZone: 'America/Los_Angeles', read: true });
    expect(list.map((b) => b.reference).sort()).toEqual([unseen, seen, moved, failed].sort());
    // With its reason, and no page to open (a failed booking's success page is unknown to everyone).
    expect(list.find((b) => b.reference === failed)).toMatchObject({ status: 'failed', failure: FAILURE_TEXTS.expired, href: null, unread: true, cancellable: false });
    expect(failureMessageKey(list.find((b) => b.reference === failed)!.failure)).toBe('bookings.failure.expired');
    expect((await countMessagesOf(me)).total_messages).toBe(0);
    expect(list.find((b) => b.reference === seen)).toMatchObject({ status: 'confirmed', unread: false, href: `/checkout-success?booking_id=${seen}`, amount: { text: '$500' } });
    // The same user id asked for in another organisation lists nothing.
    expect(await listUserBookings({ userPublicId: me.user.userId, orgId: 'viajamas', language: 'en-US', timeZone: 'America/Mexico_City' })).toEqual([]);
    expect((await countMessagesOf(someone)).total_messages).toBe(1);
  });

  it("names the booked room type in the page's language", async (ctx) => {
    if (database.skip) return ctx.skip();
    const db = database.db;
    const me = await member(db, `rooms-${backend}-${Date.now()}`);
    const reference = await booking(db, me.userDbId, 'confirmed');
    const room = await db.selectFrom('hotel_room_types as r').innerJoin('hotels as h', 'h.id', 'r.hotel_id').select(['r.code', 'h.name']).orderBy('r.id').executeTakeFirstOrThrow();
    expect(room.code).toBe('STD');
    const listed = async (language: string) =>
      (await listUserBookings({ userPublicId: me.user.userId, orgId: 'wanderly', language, timeZone: 'America/Mexico_City' })).find((b) => b.reference === reference)!.itemName;
    expect(await listed('en-US')).toBe(`${room.name} · Standard room`);
    expect(await listed('es-MX')).toBe(`${room.name} · Habitación estándar`);
  });
});
