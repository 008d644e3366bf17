import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolations, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { DEMO_PASSWORD, demo, http, sessionCookie } from '../support/http-client';

const base = inject('baseURL');
const browser = useSharedBrowser();

async function openPage(options: Parameters<typeof newContext>[1] = {}) {
  const { context } = await newContext(browser(), options);
  const page = await context.newPage();
  return { context, page, check: watchConsole(page) };
}

/** Signs the browser in through the API from a page of the organisation (same-origin fetch). */
async function apiSignIn(page: Page, key: string, host = 'localhost') {
  const org = host === 'localhost' ? 'wanderly' : host.split('.')[0]!;
  // Network idle: the page's first notification poll (made with the session this sign-in is
  // about to end) is answered before the session rotates, so it cannot come back 401.
  await page.goto(orgUrl(base, host, '/session-out'), { waitUntil: 'networkidle' });
  const status = await page.evaluate(
    async ([email, password]) =>
      (await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email_id: email, password }) })).status,
    [demo(key, org), DEMO_PASSWORD] as const,
  );
  expect(status).toBe(200);
}

/** Like watchConsole, but lets through the browser's own note about an expected 4xx answer. */
function watchConsoleExcept(page: Page, expectedStatus: number) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes(`status of ${expectedStatus}`)) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return () => expect(problems, 'browser console errors').toEqual([]);
}

/** The header shows the signed-in user's name (their links sit in a dropdown under it on wide screens). */
async function expectSignedInAs(page: Page, name: string) {
  await expect.poll(() => page.getByRole('banner').getByText(name, { exact: true }).first().isVisible()).toBe(true);
}

/** Signs out with the header's Sign out button, opening the account dropdown first when there is one. */
async function signOutThroughHeader(page: Page, name: string) {
  // The form posts the whole document: the page's own requests (the plans a member is offered)
  // are let finish first, or they would be answered 401 once the session is gone.
  await page.waitForLoadState('networkidle');
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  if (!(await signOut.isVisible())) await page.getByRole('banner').getByText(name, { exact: true }).first().click();
  await signOut.click();
  await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
}

async function signInThroughDialog(page: Page, email: string, password = DEMO_PASSWORD) {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  return dialog;
}

describe('identity in the browser', () => {
  it('opens each dialog from its query parameters, named by its title; closing drops the parameters', async () => {
    const { context, page, check } = await openPage();
    const cases = [
      { query: 'login=true', title: 'Sign in' },
      { query: 'signup=true', title: 'Create your account' },
      { query: 'register=true', title: 'Create your account' },
      { query: 'type=email', title: 'Create your account' },
      { query: 'forgot=true', title: 'Reset your password' },
    ];
    for (const { query, title } of cases) {
      await page.goto(`${base}/?${query}&currency_hint=keep`);
      const dialog = page.getByRole('dialog', { name: title });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      if (query === 'type=email') expect(await dialog.getByLabel('Access code').count()).toBe(0);
      if (query === 'signup=true') expect(await dialog.getByLabel('Access code').count()).toBe(1);
      await dialog.getByRole('link', { name: 'Close' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(new URL(page.url()).search).toBe('?currency_hint=keep');
    }
    // Escape closes too.
    await page.goto(`${base}/?login=true`);
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign in' }).isVisible()).toBe(true);
    // The dialog is in the server's HTML; Escape works once the page has hydrated, so it is
    // pressed until then (nothing but Escape closes it here).
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return page.getByRole('dialog').count();
      })
      .toBe(0);
    // The dialog closes at once; the address follows when the client navigation (and its revalidation) lands.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    check();
    await context.close();
  });

  it('the header opens sign-in as a modal dialog and closing it returns focus to the opener', async () => {
    const { context, page, check } = await openPage();
    await page.goto(`${base}/session-out`);
    const opener = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    expect(await dialog.getByLabel('E-mail').getAttribute('autocomplete')).toBe('username');
    expect(await dialog.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    check();
    await context.close();
  });

  it('clears the stored search coordinates on /', async () => {
    const { context, page, check } = await openPage();
    await page.goto(`${base}/session-out`);
    await page.evaluate(() => window.localStorage.setItem('searchCoordinates', '{"lat":1,"lng":2}'));
    await page.goto(`${base}/`);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('searchCoordinates'))).toBe(null);
    check();
    await context.close();
  });

  it("shows sign-in errors in the visitor's language (viajamas, es-MX)", async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsoleExcept(page, 401);
    await page.goto(orgUrl(base, 'viajamas.localhost', '/?login=true'));
    const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Correo electrónico').fill(demo('member', 'viajamas'));
    await dialog.getByLabel('Contraseña').fill('wrong password');
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('El correo o la contraseña no son correctos.');
    check();
    await context.close();
  });

  it('invitation links open sign-up prefilled (full set) or sign-in prefilled (code, e-mail, trip)', async () => {
    const { context, page, check } = await openPage();
    const full = 'accesscode=INV-7&email=ann.lee%40example.com&firstname=Ann&lastname=Lee&title=Ms&countrycode=MX&phonenumber=5551234&lang=en-US&tripid=T-1';
    await page.goto(`${base}/?${full}`);
    const signup = page.getByRole('dialog', { name: 'Create your account' });
    await expect.poll(() => signup.isVisible()).toBe(true);
    expect(await signup.getByLabel('First name').inputValue()).toBe('Ann');
    expect(await signup.getByLabel('Last name').inputValue()).toBe('Lee');
    expect(await signup.getByLabel('E-mail').inputValue()).toBe('ann.lee@example.com');
    expect(await signup.getByLabel('Access code').inputValue()).toBe('INV-7');

    await page.goto(`${base}/?accesscode=INV-7&email=ann.lee%40example.com&tripid=T-1`);
    const signin = page.getByRole('dialog', { name: 'Sign in' });
    await expect.poll(() => signin.isVisible()).toBe(true);
    expect(await signin.getByLabel('E-mail').inputValue()).toBe('ann.lee@example.com');
    check();
    await context.close();
  });

  it('signs in and out through the UI; the session check follows', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsoleExcept(page, 401);
    await page.goto(`${base}/?login=true`);
    const dialog = await signInThroughDialog(page, demo('member'), 'wrong password');
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('The e-mail or password is incorrect.');
    expect(await dialog.getByLabel('Password').getAttribute('aria-describedby')).toContain(await alert.getAttribute('id'));

    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedInAs(page, 'Maya Member');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const session = await context.request.get(`${base}/api/auth/session`);
    expect(session.status()).toBe(200);
    expect((await session.json()).data.role).toBe('member');

    await signOutThroughHeader(page, 'Maya Member');
    expect((await context.request.get(`${base}/api/auth/session`)).status()).toBe(401);
    check();
    await context.close();
  });

  it('tells a blocked user so in the dialog', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsoleExcept(page, 403);
    await page.goto(`${base}/?login=true`);
    const dialog = await signInThroughDialog(page, demo('blocked'));
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/^This account has been blocked/);
    check();
    await context.close();
  });

  it('returns to the requested page after sign-in (anonymous on /user/profile)', async () => {
    const { context, page, check } = await openPage();
    await page.goto(`${base}/user/profile`);
    await signInThroughDialog(page, demo('expired'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Evan Expired' }).isVisible()).toBe(true);
    expect(await page.getByText('Expired', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Outstanding balance').isVisible()).toBe(true);
    check();
    await context.close();
  });

  it('signs up through the dialog and the e-mailed link, and asks for a reset link', async () => {
    const { context, page, check } = await openPage();
    const email = `browser-${Date.now()}@example.com`;
    // On the organisation's own host: e-mailed links point at its public origin (derived in tests: first host, server port).
    const site = (path: string) => orgUrl(base, 'wanderly.localhost', path);
    await page.goto(site('/?type=email'));
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('First name').fill('Bea');
    await dialog.getByLabel('Last name').fill('Browser');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('a long and pasted passphrase');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Check your e-mail to finish signing up');

    await page.goto(site(`/dev/mail?to=${encodeURIComponent(email)}`));
    await page
      .getByRole('link', { name: /\/auth\/verify\?token=/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL(site('/user/profile'));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Bea Browser' }).isVisible()).toBe(true);

    await signOutThroughHeader(page, 'Bea Browser');
    await page.goto(site('/?forgot=true'));
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await expect.poll(() => forgot.isVisible()).toBe(true);
    await forgot.getByLabel('E-mail').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => forgot.getByRole('status').textContent()).toMatch(/^If an account uses this e-mail/);
    check();
    await context.close();
  });

  it('signs in without JavaScript', async () => {
    const { context, page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${base}/?login=true`);
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    expect(await dialog.isVisible()).toBe(true);
    // Without JavaScript the close control is a link to the page without the dialog.
    await dialog.getByRole('link', { name: 'Close' }).click();
    await page.waitForURL(`${base}/`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto(`${base}/?login=true`);
    await dialog.getByLabel('E-mail').fill(demo('member'));
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/auth/login`);
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail or password is incorrect.');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/`);
    expect(await page.getByRole('banner').getByText('Maya Member', { exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('impersonation through the URL: signing-in status, defaults set, role stored, lands on /', async () => {
    const agent = await http(base, 'POST', '/api/auth/login', { body: { email_id: demo('agent'), password: DEMO_PASSWORD } });
    const member = await http(base, 'POST', '/api/auth/login', { body: { email_id: demo('demo'), password: DEMO_PASSWORD } });
    const issued = await http(base, 'POST', '/api/auth/impersonation-keys', { cookie: sessionCookie(agent), body: { user_id: member.json().data.userId } });
    expect(issued.status).toBe(201);

    const { context, page, check } = await openPage();
    // The key's link opens on the organisation's public origin (in tests: its first host, the server's port).
    const site = (path: string) => orgUrl(base, 'wanderly.localhost', path);
    expect(issued.json().data.url).toBe(`${site('/')}?impersonate_key=${issued.json().data.impersonate_key}`);
    await page.goto(site('/user/profile?login=true')); // anything stored before must go
    await page.evaluate(() => window.localStorage.setItem('leftover', '1'));
    // Hold the login call until the status has been seen, so the check cannot race the flow.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(issued.json().data.url);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Signing you in…' }).isVisible()).toBe(true);
    release();
    await page.waitForURL(site('/'));
    await expectSignedInAs(page, 'Dana Demo');
    expect(await page.evaluate(() => [window.localStorage.getItem('role'), window.localStorage.getItem('leftover')])).toEqual(['member', null]);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ ssoCurrency: '9', currency_code: 'USD', ssoLanguage: '1', lan_code: 'en-US' });
    // The demo flag reaches the profile.
    await page.goto(site('/user/profile'));
    await expect.poll(() => page.getByText('Demo account: you can browse deals but not book').isVisible()).toBe(true);
    check();
    await context.close();
  });

  it('impersonation with a bad key ends on the session-out page', async () => {
    const { context, page } = await openPage();
    await page.goto(`${base}/?impersonate_key=${'x'.repeat(43)}`);
    await page.waitForURL(`${base}/session-out?reason=impersonation`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your session has ended' }).isVisible()).toBe(true);
    expect(await page.getByText('This sign-in link is invalid or has expired').isVisible()).toBe(true);
    await context.close();
  });

  it('an agent lands on /agent/profile and can create a sign-in link for a member', async () => {
    const { context, page, check } = await openPage();
    await apiSignIn(page, 'agent');
    await page.goto(`${base}/user/profile`);
    await page.waitForURL(`${base}/agent/profile`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in as a customer' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign in as Maya Member' }).click();
    const link = page.getByRole('textbox', { name: 'Sign-in link for Maya Member' });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.inputValue()).toMatch(/\/\?impersonate_key=[A-Za-z0-9_-]{43}$/);
    check();
    await context.close();
  });

  it('a member is refused /agent/profile', async () => {
    const { context, page } = await openPage();
    await apiSignIn(page, 'member');
    const res = await page.goto(`${base}/agent/profile`);
    expect(res?.status()).toBe(403);
    expect(await page.getByText('This page is for agents only.').isVisible()).toBe(true);
    await context.close();
  });

  for (const host of ['localhost', 'voyagerpro.localhost', 'viajamas.localhost']) {
    it(`has no axe violations on the dialogs and the profile (${host}, 375 and 1280 px)`, async () => {
      const { context, page } = await openPage();
      // Signing in as the agent ends the member's session under the open profile: a channel knocking
      // in between is refused at the handshake, which Chromium logs (as in trip-invites.spec.ts).
      const check = watchConsole(page, [/^WebSocket connection to '\S+\/graphql' failed: HTTP Authentication failed/]);
      for (const [label, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        for (const query of ['login=true', 'signup=true', 'forgot=true']) {
          await page.goto(orgUrl(base, host, `/?${query}`));
          await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
          await expectNoAxeViolations(page, `${host} ${label} ?${query}`);
        }
        await page.goto(orgUrl(base, host, '/session-out'));
        await expectNoAxeViolations(page, `${host} ${label} session-out`);
      }
      await apiSignIn(page, 'expired', host);
      for (const [label, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.goto(orgUrl(base, host, '/user/profile'));
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
        await expectNoAxeViolations(page, `${host} ${label} member profile`);
      }
      await apiSignIn(page, 'agent', host);
      for (const [label, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.goto(orgUrl(base, host, '/agent/profile'));
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
        await expectNoAxeViolations(page, `${host} ${label} agent profile`);
      }
      check();
      await context.close();
    });
  }
});
