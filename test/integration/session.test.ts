import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { accountEndpoints } from '~/api/account-endpoints.server';
import { issueImpersonationKey, passwordProblem } from '~/services/identity/auth.server';
import { deliverPendingEmails, queueEmail } from '~/services/platform/mail.server';
import { hashPassword, verifyPassword } from '~/services/identity/password.server';
import { DEMO_PASSWORD, demoEmail } from '~/services/seed/demo-accounts';
import { hashToken } from '~/services/identity/session.server';
import { loadContextFor } from '../support/load-context';
import { type Backend, useSeededDatabase } from '../support/databases';

const loginAction = accountEndpoints['/api/auth/login'].action;

const backends: Backend[] = ['pglite', 'postgres'];
const ORIGIN = 'http://localhost:3000';

async function login(request: Request) {
  return loginAction({ request, params: {}, context: await loadContextFor(request) });
}

function loginRequest(body: unknown) {
  return new Request(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost:3000' }, body: JSON.stringify(body) });
}

async function signIn(key: Parameters<typeof demoEmail>[1]) {
  const res = await login(loginRequest({ email_id: demoEmail('wanderly', key), password: DEMO_PASSWORD }));
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, id: hashToken(cookie.slice('userToken='.length)) };
}

/** The session the request context finds for a cookie (as on every request). */
const getSession = async (request: Request) => (await loadContextFor(request)).session;
const withCookie = (cookie: string) => new Request(`${ORIGIN}/`, { headers: { cookie, host: 'localhost:3000' } });

describe.each(backends)('sessions and one-time tokens on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('keeps a session used within 30 minutes and touches it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie, id } = await signIn('member');
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 29 * 60_000) })
      .where('id', '=', id)
      .execute();
    expect(await getSession(withCookie(cookie))).not.toBeNull();
    const row = await database.db.selectFrom('sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it('ends a session idle for 30 minutes, and deletes it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie, id } = await signIn('member');
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 30 * 60_000 - 1_000) })
      .where('id', '=', id)
      .execute();
    expect(await getSession(withCookie(cookie))).toBeNull();
    expect(await database.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('ends a session 12 hours after sign-in even when in use', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie, id } = await signIn('member');
    const row = await database.db.selectFrom('sessions').select(['created_at', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(12 * 3600_000 - 5_000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(12 * 3600_000 + 5_000);
    await database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1_000), last_seen_at: new Date() })
      .where('id', '=', id)
      .execute();
    expect(await getSession(withCookie(cookie))).toBeNull();
  });

  it('signs a user out on the next request once blocked', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie, id } = await signIn('newuser');
    expect(await getSession(withCookie(cookie))).not.toBeNull();
    await database.db.updateTable('users').set({ is_blocked: true }).where('email_normalized', '=', demoEmail('wanderly', 'newuser')).execute();
    expect(await getSession(withCookie(cookie))).toBeNull();
    expect(await database.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    await database.db.updateTable('users').set({ is_blocked: false }).where('email_normalized', '=', demoEmail('wanderly', 'newuser')).execute();
  });

  it('stores only the SHA-256 of the cookie secret', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { cookie } = await signIn('member');
    const secret = cookie.slice('userToken='.length);
    expect(await database.db.selectFrom('sessions').select('id').where('id', '=', secret).executeTakeFirst()).toBeUndefined();
    expect(await database.db.selectFrom('sessions').select('id').where('id', '=', hashToken(secret)).executeTakeFirst()).toBeDefined();
  });

  it('hashes passwords with argon2id, 19 MiB, t=2, p=1; allows 8 to 256 characters', async (ctx) => {
    if (database.skip) return ctx.skip();
    const row = await database.db.selectFrom('users').select('password_hash').where('email_normalized', '=', demoEmail('wanderly', 'member')).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const passphrase = 'correct horse battery staple '.repeat(8).slice(0, 256);
    expect(passwordProblem(passphrase)).toBeNull();
    expect(await verifyPassword(await hashPassword(passphrase), passphrase)).toBe(true);
    expect(passwordProblem('1234567')).toBe('auth.error.passwordShort');
    expect(passwordProblem('x'.repeat(257))).toBe('auth.error.passwordLong');
  });

  it('refuses an expired impersonation key, and lets only one of two racing uses through', async (ctx) => {
    if (database.skip) return ctx.skip();
    const users = await database.db.selectFrom('users').select(['id', 'public_id', 'email_normalized']).where('org_id', '=', 'wanderly').execute();
    const agent = users.find((u) => u.email_normalized === demoEmail('wanderly', 'agent'))!;
    const member = users.find((u) => u.email_normalized === demoEmail('wanderly', 'member'))!;
    const issuer = { session: (await getSession(withCookie((await signIn('agent')).cookie)))!, orgId: 'wanderly' };

    const expired = await issueImpersonationKey(issuer, member.public_id);
    if (expired.kind !== 'ok') throw new Error('not issued');
    const stored = await database.db.selectFrom('one_time_tokens').selectAll().where('purpose', '=', 'impersonation').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(expired.key);
    expect(stored.issued_by).toBe(agent.id);
    expect(stored.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(2 * 60_000);
    await database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', stored.token_hash)
      .execute();
    const late = await login(loginRequest({ impersonate_key: expired.key }));
    expect(late.status).toBe(401);

    const fresh = await issueImpersonationKey(issuer, member.public_id);
    if (fresh.kind !== 'ok') throw new Error('not issued');
    const answers = await Promise.all([1, 2].map(() => login(loginRequest({ impersonate_key: fresh.key }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  /** A fresh user of wanderly with the demo password (the shared demo accounts stay as they are). */
  async function freshUser(role: 'agent' | 'member' | 'admin') {
    const { password_hash } = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email_normalized', '=', demoEmail('wanderly', 'member'))
      .executeTakeFirstOrThrow();
    const email = `${role}-${Math.random().toString(36).slice(2)}@wanderly.test`;
    return database.db
      .insertInto('users')
      .values({ org_id: 'wanderly', email, email_normalized: email, password_hash, first_name: 'Fresh', last_name: role, role })
      .returning(['id', 'public_id', 'email'])
      .executeTakeFirstOrThrow();
  }
  async function signInAs(user: { email: string }) {
    const res = await login(loginRequest({ email_id: user.email, password: DEMO_PASSWORD }));
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }
  /** The member's session opened by `agentCookie`'s impersonation key. */
  async function impersonate(agentCookie: string, target: { public_id: string }) {
    const agentSession = (await getSession(withCookie(agentCookie)))!;
    const issued = await issueImpersonationKey({ session: agentSession, orgId: 'wanderly' }, target.public_id);
    if (issued.kind !== 'ok') throw new Error(issued.message);
    const res = await login(loginRequest({ impersonate_key: issued.key }));
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  it('an impersonated session ends no later than the session of the agent who opened it, and cannot mint a key', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [agent, member, admin] = [await freshUser('agent'), await freshUser('member'), await freshUser('admin')];
    const agentCookie = await signInAs(agent);
    const agentId = hashToken(agentCookie.slice('userToken='.length));
    // The agent's own session ends in an hour: so does the member's it opens.
    const agentEnds = new Date(Date.now() + 3_600_000);
    await database.db.updateTable('sessions').set({ expires_at: agentEnds }).where('id', '=', agentId).execute();
    const memberCookie = await impersonate(agentCookie, member);
    const impersonated = (await getSession(withCookie(memberCookie)))!;
    expect(impersonated).toMatchObject({ userDbId: member.id, impersonatorDbId: agent.id, user: { impersonated_by: agent.public_id } });
    expect(impersonated.expiresAt.getTime()).toBeLessThanOrEqual(agentEnds.getTime());

    // An administrator signed in as the agent cannot open a session as the agent's member.
    const agentByAdmin = (await getSession(withCookie(await impersonate(await signInAs(admin), agent))))!;
    const minted = await issueImpersonationKey({ session: agentByAdmin, orgId: 'wanderly' }, member.public_id);
    expect(minted).toEqual({ kind: 'error', status: 403, message: 'A session opened as another user cannot open further ones: sign in as yourself first' });
  });

  it('blocking the agent, or taking away the role, ends every session opened by impersonation from it (and keys it made can no longer be used)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const [agent, member, admin, asAgent] = [await freshUser('agent'), await freshUser('member'), await freshUser('admin'), await freshUser('agent')];
    const agentCookie = await signInAs(agent);
    const memberCookie = await impersonate(agentCookie, member);
    const agentSession = (await getSession(withCookie(agentCookie)))!;
    const unusedKey = await issueImpersonationKey({ session: agentSession, orgId: 'wanderly' }, member.public_id);
    expect(await getSession(withCookie(memberCookie))).not.toBeNull();
    await database.db.updateTable('users').set({ is_blocked: true }).where('id', '=', agent.id).execute();
    expect(await getSession(withCookie(memberCookie))).toBeNull();
    expect(await database.db.selectFrom('sessions').select('id').where('impersonator_id', '=', agent.id).execute()).toEqual([]);
    if (unusedKey.kind !== 'ok') throw new Error('not issued');
    expect((await login(loginRequest({ impersonate_key: unusedKey.key }))).status).toBe(401);

    // An agent who is no longer one ends the sessions they opened; an administrator's session as
    // that same user stands (administrators may sign in as members too).
    const adminCookie = await signInAs(admin);
    const agentByAdmin = await impersonate(adminCookie, asAgent);
    const otherMemberCookie = await impersonate(await signInAs(asAgent), member);
    await database.db.updateTable('users').set({ role: 'member' }).where('id', '=', asAgent.id).execute();
    expect(await getSession(withCookie(otherMemberCookie))).toBeNull();
    expect(await getSession(withCookie(agentByAdmin))).not.toBeNull();
  });

  it('delivers queued mail once: pending rows become captured without SMTP', async (ctx) => {
    if (database.skip) return ctx.skip();
    await queueEmail({ orgId: 'wanderly', to: 'outbox@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const [a, b] = await Promise.all([deliverPendingEmails(), deliverPendingEmails()]);
    const row = await database.db.selectFrom('outbox').selectAll().where('recipient', '=', 'outbox@example.com').executeTakeFirstOrThrow();
    expect(row.status).toBe('captured');
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await deliverPendingEmails()).toBe(0);
  });
});
