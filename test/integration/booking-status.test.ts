import type { Client } from 'graphql-ws';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlClient } from '~/components/realtime/graphql-client';
import { subscribeWithUrql } from '~/components/realtime/use-booking-status';
import { type BookingStatusState, followBookingStatus, pollWith } from '~/domain/booking-status';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { publishBookingStatus } from '~/services/booking/booking-status.server';
import { type Database, openDatabase } from '~/services/platform/db.server';
import type { BookingStatus } from '~/services/platform/db-schema';
import { type Backend, useSeededDatabase } from '../support/databases';
import { callAction } from '../support/load-context';
import { headerWebSocket, realtimeClient, signInDemo, startRealtime } from '../support/realtime';

const loader = bookingEndpoints['/api/booking/status'].loader;

const backends: Backend[] = ['pglite', 'postgres'];
const local = { host: 'localhost', origin: 'http://localhost' };
const SUBSCRIPTION = 'subscription ($id: String!) { bookingStatus(bookingId: $id) { status booking_id } }';

let n = 0;
async function booking(db: Database, userId: number, status: BookingStatus = 'initiated') {
  const room = await db.selectFrom('hotel_room_types').select('id').orderBy('id').executeTakeFirstOrThrow();
  const reference = `WAN-BS${Date.now().toString(36).toUpperCase()}${++n}`;
  const row = await db
    .insertInto('bookings')
    .values({
      reference,
      org_id: 'wanderly',
      user_id: userId,
      product: 'HLT',
      item_ref: `room-type:${room.id}`,
      starts_on: '2027-03-01',
      ends_on: '2027-03-04',
      guest_first_name: 'Mia',
      guest_last_name: 'M',
      guest_email: 'mia@example.com',
      status,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, reference };
}

/** Moves the booking as booking-payment's moveBooking does: the update and the publish in one transaction. */
async function move(db: Database, id: string, status: BookingStatus, { rollBack = false } = {}) {
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('bookings').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
      await publishBookingStatus(id, trx);
      if (rollBack) throw new Error('rolled back');
    })
    .catch((error: unknown) => {
      if (!rollBack) throw error;
    });
}

type Message = { status: string; booking_id: string };

/** A booking-status subscription recording what arrives and when. */
function follow(graphql: Client, reference: string) {
  const received: { message: Message; at: number }[] = [];
  const waiters: (() => void)[] = [];
  let completed = false;
  let failure: unknown;
  const changed = () => waiters.splice(0).forEach((wake) => wake());
  const stop = graphql.subscribe<{ bookingStatus: Message }>(
    { query: SUBSCRIPTION, variables: { id: reference } },
    {
      next: (result) => {
        received.push({ message: result.data!.bookingStatus, at: Date.now() });
        changed();
      },
      error: (error) => {
        failure = error;
        changed();
      },
      complete: () => {
        completed = true;
        changed();
      },
    },
  );
  /** Resolves once `count` messages arrived (or the subscription ended), within `ms`. */
  const until = async (done: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!done() && !completed && failure === undefined && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, deadline - Date.now());
      });
    }
  };
  return {
    received,
    stop,
    get completed() {
      return completed;
    },
    get failure() {
      return failure;
    },
    messages: () => received.map((r) => r.message.status),
    count: (count: number, ms = 2_000) => until(() => received.length >= count, ms),
    end: (ms = 2_000) => until(() => false, ms),
  };
}

async function waitFor(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(backends)('booking-status channel on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let realtime: Awaited<ReturnType<typeof startRealtime>>;
  beforeAll(async () => {
    if (!database.skip) realtime = await startRealtime('test');
  });
  afterAll(async () => realtime?.stop());

  /** The demo member's new booking, followed over a socket with their cookie, its current status received. */
  async function ownerFollowing(status?: Parameters<typeof booking>[2]) {
    const owner = await signInDemo(database.db, 'member');
    const made = await booking(database.db, owner.userDbId, status);
    const graphql = realtimeClient(realtime.port, { ...local, cookie: owner.cookie });
    const followed = follow(graphql, made.reference);
    await followed.count(1);
    return { owner, made, graphql, followed };
  }

  it('sends the current status, then each committed move to the owner within 1 s, and completes after a final one', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { owner, made, graphql, followed } = await ownerFollowing();
    expect(followed.received[0]!.message).toEqual({ status: 'initiated', booking_id: made.reference });

    let movedAt = Date.now();
    await move(database.db, made.id, 'pending');
    await followed.count(2);
    expect(followed.messages()).toEqual(['initiated', 'pending']);
    expect(followed.received[1]!.at - movedAt).toBeLessThan(1_000);

    movedAt = Date.now();
    await move(database.db, made.id, 'confirmed');
    await followed.end();
    expect(followed.messages()).toEqual(['initiated', 'pending', 'confirmed']);
    expect(followed.received[2]!.at - movedAt).toBeLessThan(1_000);
    expect(followed.completed).toBe(true);
    expect(realtime.graphql.usage(owner.userDbId).subscriptions).toBe(0);
    await graphql.dispose();
  });

  it('delivers nothing for a move that rolled back', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { made, graphql, followed } = await ownerFollowing('pending');
    await move(database.db, made.id, 'failed', { rollBack: true });
    await followed.count(2, 500);
    expect(followed.messages()).toEqual(['pending']);
    // The listener is alive: the next committed move arrives, and the rolled-back one never did.
    await move(database.db, made.id, 'confirmed');
    await followed.end();
    expect(followed.messages()).toEqual(['pending', 'confirmed']);
    await graphql.dispose();
  });

  it('gives another user nothing for the booking, the same as for an unknown one, and completes', async (ctx) => {
    if (database.skip) return ctx.skip();
    const owner = await signInDemo(database.db, 'member');
    const other = await signInDemo(database.db, 'newuser');
    const made = await booking(database.db, owner.userDbId);
    const graphql = realtimeClient(realtime.port, { ...local, cookie: other.cookie });
    const theirs = follow(graphql, made.reference);
    const unknown = follow(graphql, 'WAN-NOSUCH00');
    await Promise.all([theirs.end(), unknown.end()]);
    for (const followed of [theirs, unknown]) {
      expect(followed.received).toEqual([]);
      expect(followed.failure).toBeUndefined();
      expect(followed.completed).toBe(true);
    }
    // Still nothing after the booking moves.
    const again = follow(graphql, made.reference);
    await move(database.db, made.id, 'pending');
    await again.end();
    expect(again.received).toEqual([]);
    expect(realtime.graphql.usage(other.userDbId).subscriptions).toBe(0);
    await graphql.dispose();
  });

  it('frees the subscription slot at once when unsubscribed while waiting for a move', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { owner, graphql, followed } = await ownerFollowing();
    expect(realtime.graphql.usage(owner.userDbId).subscriptions).toBe(1);
    followed.stop();
    const deadline = Date.now() + 1_000;
    while (realtime.graphql.usage(owner.userDbId).subscriptions > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(realtime.graphql.usage(owner.userDbId).subscriptions).toBe(0);
    await graphql.dispose();
  });

  it.runIf(backend === 'postgres')('delivers a move committed by another instance (its own pool)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { made, graphql, followed } = await ownerFollowing();
    const second = await openDatabase({ databaseUrl: database.url!, poolSize: 2 });
    try {
      const movedAt = Date.now();
      await move(second.db, made.id, 'confirmed');
      await followed.end();
      expect(followed.messages()).toEqual(['initiated', 'confirmed']);
      expect(followed.received[1]!.at - movedAt).toBeLessThan(1_000);
    } finally {
      await second.db.destroy();
      await graphql.dispose();
    }
  });

  it.runIf(backend === 'postgres')('listens again after its connection dropped, and sends what moved meanwhile', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { made, graphql, followed } = await ownerFollowing();
    const listening = sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and query like 'listen %'`;
    const { rows } = await listening.execute(database.db);
    expect(rows).toHaveLength(1);
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(database.db);
    // Nobody listens now: this notification is lost, and the reconnect makes up for it.
    await move(database.db, made.id, 'confirmed');
    await followed.end(5_000);
    expect(followed.messages()).toEqual(['initiated', 'confirmed']);
    expect((await listening.execute(database.db)).rows).toHaveLength(1);
    await graphql.dispose();
  });

  it('answers the polling endpoint: the owner 200, another user 404, no session 401, a bad id 400', async (ctx) => {
    if (database.skip) return ctx.skip();
    const owner = await signInDemo(database.db, 'member');
    const other = await signInDemo(database.db, 'newuser');
    const made = await booking(database.db, owner.userDbId, 'pending');
    const get = async (query: string, cookie?: string) => {
      const answer = await callAction(loader, new Request(`http://localhost/api/booking/status${query}`, { headers: cookie ? { cookie } : {} }));
      return { status: answer.status, body: await answer.json() };
    };
    expect(await get(`?booking_id=${made.reference}`, owner.cookie)).toEqual({ status: 200, body: { status: 'pending', booking_id: made.reference } });
    const notFound = { status: 404, body: { status: 404, message: 'No such booking' } };
    expect(await get(`?booking_id=${made.reference}`, other.cookie)).toEqual(notFound);
    expect(await get('?booking_id=WAN-NOSUCH00', owner.cookie)).toEqual(notFound);
    expect((await get(`?booking_id=${made.reference}`)).status).toBe(401);
    const bad = { status: 400, body: { status: 400, message: "Query parameter 'booking_id' must be a booking reference such as WAN-7K2QX9AB" } };
    for (const query of ['', '?booking_id=', '?booking_id=WAN-undefined', '?booking_id=WAN%2F..%2Fx', `?booking_id=${'A'.repeat(65)}`]) {
      expect(await get(query, owner.cookie), query).toEqual(bad);
    }
  });

  it('the browser’s follower: over urql and the socket; with websockets blocked, polling every 2 s shows the same result', async (ctx) => {
    if (database.skip) return ctx.skip();
    const owner = await signInDemo(database.db, 'member');
    const poll = pollWith((url) => callAction(loader, new Request(`http://localhost${url}`, { headers: { cookie: owner.cookie } })));
    const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout) };
    const url = `ws://127.0.0.1:${realtime.port}/graphql`;
    const ways = {
      socket: createGraphqlClient(url, headerWebSocket(realtime.port, { ...local, cookie: owner.cookie })),
      // The upgrade refused, as a proxy blocking websockets would.
      blocked: createGraphqlClient(url, headerWebSocket(realtime.port, { host: 'localhost', origin: 'https://blocked.example', cookie: owner.cookie })),
    };
    for (const [way, urql] of Object.entries(ways)) {
      const made = await booking(database.db, owner.userDbId, 'pending');
      const states: BookingStatusState[] = [];
      const stop = followBookingStatus(made.reference, { subscribe: subscribeWithUrql(urql), poll, ...timers }, (state) => states.push(state));
      await waitFor(() => states.at(-1)?.status === 'pending', 1_000);
      expect(states.at(-1), way).toEqual({ status: 'pending', via: way === 'socket' ? 'socket' : 'polling', done: false });
      await move(database.db, made.id, 'confirmed');
      await waitFor(() => states.at(-1)!.done, 3_000);
      expect(states.at(-1), way).toEqual({ status: 'confirmed', via: way === 'socket' ? 'socket' : 'polling', done: true });
      stop();
    }
  });
});
