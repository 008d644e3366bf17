// Impersonation that ends when its author's rights end, and records who really acted (issue 33
// item 3, decision 0049), over HTTP on the PostgreSQL server: an agent signs in as a member and
// books and pays a hotel; the booking, its payment and every request name the agent. Fresh
// accounts (the demo password copied) keep the shared demo accounts as they are.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareBooking, submitBooking } from '../support/booking-load';
import { sandboxNonce } from '../support/sandbox-control';
import { DEMO_PASSWORD, demo, http, sessionCookie } from '../support/http-client';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');

let db: pg.Client;
beforeAll(async () => {
  if (!databaseUrl) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => db?.end());

type User = { id: number; public_id: string; email: string };

async function freshUser(role: 'admin' | 'agent' | 'member'): Promise<User> {
  const email = `${role}-${randomUUID().slice(0, 8)}@wanderly.test`;
  const { rows } = await db.query<User>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role)
     select 'wanderly', $1, $1, password_hash, 'Fresh', $2, $2 from users where email_normalized = $3
     returning id, public_id, email`,
    [email, role, demo('member')],
  );
  return rows[0]!;
}

async function signIn(user: User): Promise<string> {
  const login = await http(base, 'POST', '/api/auth/login', { body: { email_id: user.email, password: DEMO_PASSWORD } });
  expect(login.status, login.text).toBe(200);
  return sessionCookie(login);
}

const mintKey = (cookie: string, target: User) => http(base, 'POST', '/api/auth/impersonation-keys', { cookie, body: { user_id: target.public_id } });

async function impersonate(agentCookie: string, target: User): Promise<string> {
  const issued = await mintKey(agentCookie, target);
  expect(issued.status, issued.text).toBe(201);
  const login = await http(base, 'POST', '/api/auth/login', { body: { impersonate_key: issued.json().data.impersonate_key } });
  expect(login.status, login.text).toBe(200);
  return sessionCookie(login);
}

describe.skipIf(!base)('impersonation', () => {
  it('a booking and its payment made while impersonating name the agent; every change made is written down with who acted', async () => {
    const [agent, member, other] = [await freshUser('agent'), await freshUser('member'), await freshUser('member')];
    const memberCookie = await impersonate(await signIn(agent), member);
    const booking = await prepareBooking(base, memberCookie, { firstDay: 70, guest: 'Imperso' });
    const { pay } = await submitBooking(base, booking, await sandboxNonce(inject('sandboxURL')));
    expect(pay.status, pay.text).toBe(200);

    const { rows: bookings } = await db.query('select user_id, acted_by_user_id, status from bookings where reference = $1', [booking.bookingId]);
    expect(bookings).toEqual([{ user_id: member.id, acted_by_user_id: agent.id, status: 'confirmed' }]);
    const { rows: attempts } = await db.query('select a.acted_by_user_id from payment_attempts a join bookings b on b.id = a.booking_id where b.reference = $1', [
      booking.bookingId,
    ]);
    expect(attempts).toEqual([{ acted_by_user_id: agent.id }]);
    expect((await mintKey(memberCookie, other)).status).toBe(403);

    // Each request is written down once its answer has gone out.
    const recorded = async () =>
      (
        await db.query<{ actor_user_id: number; method: string; path: string; status: number }>(
          'select actor_user_id, method, path, status from impersonated_requests where as_user_id = $1 order by id',
          [member.id],
        )
      ).rows;
    await expect
      .poll(async () => (await recorded()).map((r) => `${r.actor_user_id} ${r.method} ${r.path} ${r.status}`))
      .toEqual(
        expect.arrayContaining(
          ['POST /hotel-checkout 302', 'POST /api/booking/initBooking 200', 'POST /api/booking/generatePgToken 200', 'POST /api/auth/impersonation-keys 403'].map(
            (r) => `${agent.id} ${r}`,
          ),
        ),
      );
    expect((await recorded()).every((r) => r.actor_user_id === agent.id)).toBe(true);
  });

  it('a session opened by impersonation cannot open further ones (an administrator signed in as an agent)', async () => {
    const [admin, agent, member] = [await freshUser('admin'), await freshUser('agent'), await freshUser('member')];
    const agentByAdmin = await impersonate(await signIn(admin), agent);
    const minted = await mintKey(agentByAdmin, member);
    expect(minted.status).toBe(403);
    expect(minted.json().message).toBe('A session opened as another user cannot open further ones: sign in as yourself first');
    const { rows } = await db.query('select token_hash from one_time_tokens where user_id = $1', [member.id]);
    expect(rows).toEqual([]);
  });

  it('blocking the agent ends the member session it opened on the next request', async () => {
    const [agent, member] = [await freshUser('agent'), await freshUser('member')];
    const memberCookie = await impersonate(await signIn(agent), member);
    expect((await http(base, 'GET', '/api/auth/session', { cookie: memberCookie })).status).toBe(200);
    await db.query('update users set is_blocked = true where id = $1', [agent.id]);
    expect((await http(base, 'GET', '/api/auth/session', { cookie: memberCookie })).status).toBe(401);
    const { rows } = await db.query('select id from sessions where impersonator_id = $1', [agent.id]);
    expect(rows).toEqual([]);
  });
});
