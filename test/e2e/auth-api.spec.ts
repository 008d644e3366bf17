import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demo, hostOf, http, sessionCookie, sessionSetCookie } from '../support/http-client';

const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

const unique = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

async function login(base: string, email: string, password = DEMO_PASSWORD, org = 'wanderly', cookie?: string) {
  return http(base, 'POST', '/api/auth/login', { host: hostOf(org), body: { email_id: email, password }, cookie });
}

async function signedIn(base: string, key: string, org = 'wanderly') {
  const res = await login(base, demo(key, org), DEMO_PASSWORD, org);
  expect(res.status, res.text).toBe(200);
  return { cookie: sessionCookie(res), user: res.json().data };
}

/** The newest link to `path` mailed to `to`, read from the development mail viewer. */
async function mailedLink(base: string, to: string, path: string, org = 'wanderly') {
  const page = await http(base, 'GET', `/dev/mail?to=${encodeURIComponent(to)}`, { host: hostOf(org) });
  expect(page.status).toBe(200);
  const match = page.text.match(new RegExp(`https?://[^"<\\s]+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  return { html: page.text, token: match?.[1] };
}

async function signUpAndVerify(base: string, email: string, password: string) {
  const form = new URLSearchParams({ firstName: 'Fresh', lastName: 'Person', email, password }).toString();
  const res = await http(base, 'POST', '/auth/signup', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.status).toBe(200);
  const { token } = await mailedLink(base, email, '/auth/verify');
  expect(token).toBeTruthy();
  const verify = await http(base, 'POST', '/auth/verify', {
    body: new URLSearchParams({ token: token! }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(verify.status).toBe(302);
  return sessionCookie(verify);
}

for (const { name, base } of backends) {
  describe(`identity API on ${name}`, () => {
    it('signs in with e-mail and password: 200, the session user, and a hardened cookie', async () => {
      const res = await login(base, demo('member'));
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 200, data: { email: demo('member'), role: 'member', is_demo: false, can_book: true, org_id: 'wanderly' } });
      const line = sessionSetCookie(res)!;
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Secure/); // localhost
      const secret = line.split(';')[0]!.slice('userToken='.length);
      // 32 random bytes in base64url: 256 bits, far above the 128 required.
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The session user exposes a public id, never the cookie secret.
      expect(body.data.userToken).not.toBe(secret);
      expect(body.data.auth.api_token).toBe(body.data.userToken);
      expect(res.text).not.toContain(secret);

      const check = await http(base, 'GET', '/api/auth/session', { cookie: sessionCookie(res) });
      expect(check.status).toBe(200);
      expect(check.json()).toMatchObject({ status: 200, data: { email: demo('member'), role: 'member', userToken: body.data.userToken } });
    });

    it('marks the cookie Secure outside localhost', async () => {
      const res = await login(base, demo('member'), DEMO_PASSWORD, 'wanderly');
      expect(res.status).toBe(200);
      const remote = await http(base, 'POST', '/api/auth/login', { host: 'travel.example.com', body: { email_id: demo('member'), password: DEMO_PASSWORD } });
      expect(remote.status).toBe(200);
      expect(sessionSetCookie(remote)).toMatch(/; Secure/);
    });

    it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
      const wrong = await login(base, demo('expired'), 'not-the-password');
      const unknown = await login(base, unique('ghost'), 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.json().message).toBe(unknown.json().message);
      expect(sessionSetCookie(wrong)).toBeUndefined();
      const anonymous = await http(base, 'GET', '/api/auth/session');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 401, logout_url: '/session-out' });
    });

    it('refuses bad input with 400 (413 when too large) saying what is wrong, and changes nothing', async () => {
      const email = demo('newuser');
      const bad = [
        { body: '{"email_id": ', expect: /not valid JSON/ },
        { body: { email_id: email, password: 12345678 }, expect: /password: must be string/ },
        { body: { email_id: email, password: DEMO_PASSWORD, extra: 1 }, expect: /unrecognized property 'extra'/ },
        { body: { email_id: email }, expect: /email_id and password are required/ },
        { body: JSON.stringify({ email_id: email, password: 'x'.repeat(40_000) }), expect: /too large/, status: 413 },
        { body: '[1,2]', expect: /must be object/ },
      ];
      // More bad requests than the five free failures: none of them may count as one.
      for (const round of [1, 2]) {
        for (const attempt of bad) {
          const res = await http(base, 'POST', '/api/auth/login', { body: attempt.body });
          expect(res.status, `${round}: ${res.text}`).toBe(attempt.status ?? 400);
          expect(res.json().message).toMatch(attempt.expect);
          expect(sessionSetCookie(res)).toBeUndefined();
        }
      }
      expect((await login(base, email)).status).toBe(200);
    });

    it('refuses Google and Facebook sign-in clearly', async () => {
      for (const body of [{ googletoken: 'abc' }, { fbtoken: 'abc' }]) {
        const res = await http(base, 'POST', '/api/auth/login', { body });
        expect(res.status).toBe(400);
        expect(res.json().message).toBe('Sign-in with Google or Facebook is not available on this site');
      }
    });

    it('rotates the session at sign-in and ends it server-side at sign-out', async () => {
      const first = await login(base, demo('member', 'voyagerpro'), DEMO_PASSWORD, 'voyagerpro');
      const oldCookie = sessionCookie(first);
      const second = await login(base, demo('member', 'voyagerpro'), DEMO_PASSWORD, 'voyagerpro', oldCookie);
      const newCookie = sessionCookie(second);
      expect(newCookie).not.toBe(oldCookie);
      const host = 'voyagerpro.localhost';
      expect((await http(base, 'GET', '/api/auth/session', { host, cookie: oldCookie })).status).toBe(401);
      expect((await http(base, 'GET', '/api/auth/session', { host, cookie: newCookie })).status).toBe(200);

      const out = await http(base, 'POST', '/api/auth/logout', { host, cookie: newCookie });
      expect(out.status).toBe(200);
      expect(sessionSetCookie(out)).toMatch(/^userToken=;.*Max-Age=0/);
      // The old cookie, replayed, no longer works: the row is gone.
      expect((await http(base, 'GET', '/api/auth/session', { host, cookie: newCookie })).status).toBe(401);

      const third = sessionCookie(await login(base, demo('member', 'voyagerpro'), DEMO_PASSWORD, 'voyagerpro'));
      const form = await http(base, 'POST', '/auth/logout', { host, cookie: third, body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).toBe(302);
      expect(form.headers.location).toBe('/');
      expect((await http(base, 'GET', '/api/auth/session', { host, cookie: third })).status).toBe(401);
    });

    it('a session belongs to one organisation', async () => {
      const { cookie } = await signedIn(base, 'member');
      expect((await http(base, 'GET', '/api/auth/session', { host: 'viajamas.localhost', cookie })).status).toBe(401);
    });

    it('throttles after five failures: 429 with Retry-After, fast, the same for known and unknown e-mails', async () => {
      const password = `Fresh passphrase ${randomBytes(4).toString('hex')}`;
      const known = unique('throttle');
      await signUpAndVerify(base, known, password);
      const unknown = unique('nobody');
      for (const email of [known, unknown]) {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await login(base, email, 'wrong password!');
          expect(res.status).toBe(401);
          times.push(res.ms);
        }
        // Even the right password is refused while backing off.
        const throttled = await login(base, email, email === known ? password : 'wrong password!');
        expect(throttled.status).toBe(429);
        expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
        expect(throttled.json().message).toMatch(/Too many failed sign-in attempts/);
        expect(sessionSetCookie(throttled)).toBeUndefined();
        // No hashing: the quickest of a few throttled answers beats the typical refused attempt
        // that hashed (the best of several against the median, so one slow moment on a busy
        // machine decides nothing).
        const more = [throttled];
        for (let i = 0; i < 2; i++) more.push(await login(base, email, 'wrong password!'));
        expect(more.map((res) => res.status)).toEqual([429, 429, 429]);
        const median = [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
        expect(Math.min(...more.map((res) => res.ms))).toBeLessThan(median);
      }
      const a = await login(base, known, 'x-wrong-x');
      const b = await login(base, unknown, 'x-wrong-x');
      expect([a.status, a.json().message.replace(/\d+/g, 'N')]).toEqual([b.status, b.json().message.replace(/\d+/g, 'N')]);
    });

    it('counts parallel guesses too: of 12 at once, at most 5 are checked', async () => {
      const email = unique('burst');
      const answers = await Promise.all(Array.from({ length: 12 }, () => login(base, email, 'wrong password!')));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    });

    it('refuses a blocked account with 403 after a correct password only', async () => {
      const wrong = await login(base, demo('blocked'), 'wrong password!');
      expect(wrong.status).toBe(401);
      const right = await login(base, demo('blocked'));
      expect(right.status).toBe(403);
      expect(right.json().message).toMatch(/^This account has been blocked/);
      expect(sessionSetCookie(right)).toBeUndefined();
    });

    it('flags demo accounts: is_demo true, can_book false', async () => {
      const { user } = await signedIn(base, 'demo');
      expect(user).toMatchObject({ is_demo: true, can_book: false });
    });

    it('impersonation: an agent issues a single-use key for a member; the key signs in once', async () => {
      const agent = await signedIn(base, 'agent');
      const member = await signedIn(base, 'member');
      const issued = await http(base, 'POST', '/api/auth/impersonation-keys', { cookie: agent.cookie, body: { user_id: member.user.userId } });
      expect(issued.status, issued.text).toBe(201);
      const { data } = issued.json();
      expect(data.impersonate_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // On the organisation's public origin (derived in tests: its first host on the server's port), not the request's host.
      expect(data.url).toBe(`http://wanderly.localhost:${new URL(base).port}/?impersonate_key=${data.impersonate_key}`);
      expect(new Date(data.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(2 * 60_000);

      const used = await http(base, 'POST', '/api/auth/login', { body: { impersonate_key: data.impersonate_key } });
      expect(used.status).toBe(200);
      expect(used.json().data).toMatchObject({ email: demo('member'), role: 'member', impersonated_by: agent.user.userId });
      const check = await http(base, 'GET', '/api/auth/session', { cookie: sessionCookie(used) });
      expect(check.json().data.impersonated_by).toBe(agent.user.userId);

      const reused = await http(base, 'POST', '/api/auth/login', { body: { impersonate_key: data.impersonate_key } });
      expect(reused.status).toBe(401);
      expect(reused.json()).toEqual({
        status: 401,
        message: 'This sign-in link is invalid or has expired',
        logout_url: '/session-out?reason=impersonation',
      });
      const forged = await http(base, 'POST', '/api/auth/login', { body: { impersonate_key: randomBytes(32).toString('base64url') } });
      expect(forged.status).toBe(401);
    });

    it('impersonation: members cannot issue; agents cannot target admins, agents or other organisations', async () => {
      const member = await signedIn(base, 'member');
      const agent = await signedIn(base, 'agent');
      const admin = await signedIn(base, 'admin');
      const otherOrgMember = await signedIn(base, 'member', 'voyagerpro');
      const issue = (cookie: string, user_id: unknown) => http(base, 'POST', '/api/auth/impersonation-keys', { cookie, body: { user_id } });

      expect((await issue(member.cookie, agent.user.userId)).status).toBe(403);
      expect((await issue(agent.cookie, admin.user.userId)).status).toBe(403);
      expect((await issue(admin.cookie, admin.user.userId)).status).toBe(403);
      const otherOrg = await issue(agent.cookie, otherOrgMember.user.userId);
      expect(otherOrg.status).toBe(404);
      expect(otherOrg.json().message).toMatch(/No such user/);
      expect((await issue(agent.cookie, 'not-a-uuid')).status).toBe(404);
      expect((await issue(agent.cookie, 42)).status).toBe(400);
      // An admin may sign in as an agent of its organisation.
      expect((await issue(admin.cookie, agent.user.userId)).status).toBe(201);
      const anonymous = await http(base, 'POST', '/api/auth/impersonation-keys', { body: { user_id: member.user.userId } });
      expect(anonymous.status).toBe(401);
    });

    it('sends each role to its profile path', async () => {
      const anonymous = await http(base, 'GET', '/user/profile');
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toBe(`/?login=true&redirectTo=${encodeURIComponent('/user/profile')}`);
      const anonymousAgent = await http(base, 'GET', '/agent/profile');
      expect(anonymousAgent.headers.location).toBe(`/?login=true&redirectTo=${encodeURIComponent('/agent/profile')}`);

      const agent = await signedIn(base, 'agent');
      const agentOnUser = await http(base, 'GET', '/user/profile', { cookie: agent.cookie });
      expect(agentOnUser.status).toBe(302);
      expect(agentOnUser.headers.location).toBe('/agent/profile');
      const agentPage = await http(base, 'GET', '/agent/profile', { cookie: agent.cookie });
      expect(agentPage.status).toBe(200);
      expect(agentPage.text).toContain('Sign in as Maya Member');

      const member = await signedIn(base, 'member');
      expect((await http(base, 'GET', '/agent/profile', { cookie: member.cookie })).status).toBe(403);
      const memberPage = await http(base, 'GET', '/user/profile', { cookie: member.cookie });
      expect(memberPage.status).toBe(200);
      expect(memberPage.text).toContain('Maya Member');
      expect(memberPage.text).not.toContain('id="impersonation-title"');

      const admin = await signedIn(base, 'admin');
      const adminPage = await http(base, 'GET', '/user/profile', { cookie: admin.cookie });
      expect(adminPage.status).toBe(200);
      expect(adminPage.text).toContain('id="impersonation-title"');
      expect(adminPage.text).toContain('Sign in as Alex Agent');
    });

    it('trip links send a signed-in user to my trips', async () => {
      const member = await signedIn(base, 'member');
      const res = await http(base, 'GET', '/?trip_id=T-42', { cookie: member.cookie });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/user/my-trips?trip_id=T-42&workarea=viewMyTrips');
      const trips = await http(base, 'GET', res.headers.location as string, { cookie: member.cookie });
      expect(trips.status).toBe(404);
      expect(trips.text).toContain('Something went wrong with this trip: T-42');
      expect((await http(base, 'GET', '/?trip_id=T-42')).status).toBe(200);
      expect((await http(base, 'GET', '/user/my-trips')).status).toBe(302);
    });

    it('sign-up does not reveal whether an e-mail has an account', async () => {
      const post = (email: string) =>
        http(base, 'POST', '/auth/signup', {
          body: new URLSearchParams({ firstName: 'Sam', lastName: 'Probe', email, password: 'long enough passphrase' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const fresh = unique('signup');
      const existing = await post(demo('expired'));
      const created = await post(fresh);
      expect(existing.status).toBe(created.status);
      expect(existing.text).toContain('Check your e-mail to finish signing up');
      expect(created.text).toContain('Check your e-mail to finish signing up');
      expect((await mailedLink(base, demo('expired'), '/auth/verify')).html).toContain('You already have a Wanderly');
      const { token } = await mailedLink(base, fresh, '/auth/verify');
      expect(token).toBeTruthy();
      const short = await http(base, 'POST', '/auth/signup', {
        body: new URLSearchParams({ firstName: 'Sam', lastName: 'Probe', email: unique('short'), password: 'short' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(short.status).toBe(400);
      expect(short.text).toContain('Use at least 8 characters');
    });

    it('throttles sign-up and forgot-password mails per address, the same for known and unknown e-mails', async () => {
      const form = (path: string, fields: Record<string, string>) =>
        http(base, 'POST', path, {
          host: hostOf('voyagerpro'),
          body: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      for (const email of [demo('blocked', 'voyagerpro'), unique('flood')]) {
        const forgot = [];
        for (let i = 0; i < 6; i++) forgot.push((await form('/auth/forgot', { email })).status);
        expect(forgot, email).toEqual([200, 200, 200, 200, 200, 429]);
        const signup = [];
        for (let i = 0; i < 6; i++) {
          signup.push((await form('/auth/signup', { firstName: 'Flo', lastName: 'Od', email, password: 'long enough passphrase' })).status);
        }
        expect(signup, email).toEqual([200, 200, 200, 200, 200, 429]);
      }
    });

    it('sign-up link creates the account once; forgot-password resets it and ends other sessions', async () => {
      const email = unique('reset');
      const cookie = await signUpAndVerify(base, email, 'first passphrase here');
      expect((await http(base, 'GET', '/api/auth/session', { cookie })).json().data.email).toBe(email);

      const forgot = (address: string) =>
        http(base, 'POST', '/auth/forgot', { body: new URLSearchParams({ email: address }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const known = await forgot(email);
      const unknownAnswer = await forgot(unique('nobody'));
      expect(known.status).toBe(200);
      expect(unknownAnswer.status).toBe(200);
      expect(known.text).toContain('If an account uses this e-mail');
      expect(unknownAnswer.text).toContain('If an account uses this e-mail');

      const { token } = await mailedLink(base, email, '/auth/reset');
      expect(token).toBeTruthy();
      const reset = await http(base, 'POST', '/auth/reset', {
        body: new URLSearchParams({ token: token!, password: 'second passphrase here' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(reset.status).toBe(302);
      expect((await http(base, 'GET', '/api/auth/session', { cookie })).status).toBe(401);
      expect((await login(base, email, 'first passphrase here')).status).toBe(401);
      expect((await login(base, email, 'second passphrase here')).status).toBe(200);
      const again = await http(base, 'POST', '/auth/reset', {
        body: new URLSearchParams({ token: token!, password: 'third passphrase here' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(again.status).toBe(400);
    });
  });
}

describe('the development mail viewer', () => {
  // Its 404 in production is shown by production-mode.spec.ts, on a production server.
  it('is there in test and development', async () => {
    expect((await http(inject('baseURL'), 'GET', '/dev/mail')).status).toBe(200);
  });
});
