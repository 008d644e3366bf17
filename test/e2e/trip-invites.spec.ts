// Issue 13 "Invitations and sharing": a member adds a hotel to a new trip from its details page,
// invites someone without an account and an account holder; each opens the e-mailed link (read
// in the sandbox mail viewer), signs up or signs in, joins the trip (addUserToTrip with the
// link's code) and lands on it. A used code is refused. axe on both dialogs at 375 and 1280 px.
import { describe, expect, inject, it } from 'vitest';
import { type Page, expectNoAxeViolationsAtViewports, newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';
import { DEMO_PASSWORD, demo, http, sessionCookie } from '../support/http-client';
import { tripPayloadOf } from '../support/trip-items';

const base = inject('baseURL');
// On the organisation's own host: e-mailed links point at its public origin.
const site = (path: string) => orgUrl(base, 'wanderly.localhost', path);
const browser = useSharedBrowser();

/** The newest e-mailed link to `to` that matches `pattern`, from /dev/mail. */
async function mailedLink(page: Page, to: string, pattern: RegExp): Promise<string> {
  await page.goto(site(`/dev/mail?to=${encodeURIComponent(to)}`));
  const link = page.getByRole('link', { name: pattern }).first();
  await link.waitFor();
  return (await link.getAttribute('href'))!;
}

/** Waits for the join page's addUserToTrip call, then for the trip page it lands on. */
async function joinedTrip(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/trips/addUserToTrip'));
  await act();
  const response = await answer;
  const body = (await response.json()) as { status: unknown; data: { trip_id: string; role: string } };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  await page.waitForURL((url) => url.pathname === '/user/my-trips');
  return { body, url: new URL(page.url()) };
}

describe('trip invitations in the browser (issue 13)', () => {
  it('adds a hotel to a new trip and a car to it, invites a new and an existing user, who join it once', async () => {
    const newcomer = `trip-guest-${Date.now()}@example.com`;
    const member = await newContext(browser());
    const page = await member.context.newPage();
    const check = watchConsole(page);
    await page.goto(site('/session-out'), { waitUntil: 'networkidle' });
    await signInWithApi(page, demo('member'), DEMO_PASSWORD);

    // Add to trip from the hotel details page.
    const checkin = inDays(60);
    await page.goto(site(`/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${inDays(63)}&rooms=1&guests=2`));
    await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to trip' }).click();
    const add = page.getByRole('dialog', { name: 'Add to a trip' });
    await add.waitFor();
    await expect.poll(() => add.getByRole('status').count()).toBe(0);
    expect(await add.getByLabel('Trip name').inputValue()).toMatch(/^Cancún · /);
    await add.getByLabel('Trip name').fill('Harbour week');
    await expectNoAxeViolationsAtViewports(page, 'add-to-trip dialog');
    await add.getByRole('button', { name: 'Add to trip' }).click();
    await expect.poll(() => page.locator('.add-to-trip-status').textContent()).toBe('Added to your trip Harbour week. View the trip');
    const tripId = new URL((await page.getByRole('link', { name: 'View the trip' }).getAttribute('href'))!, base).searchParams.get('trip_id')!;
    expect(tripId).toMatch(/^[0-9a-f-]{36}$/);

    // A car for the same days joins that trip: it is listed among the trips near its dates.
    await page.goto(site(`/cars/search-details?pickup=CUNA&same_dropoff=1&pickup_date=${checkin}&pickup_time=10:00&dropoff_date=${inDays(63)}&dropoff_time=10:00&driver_age=30`));
    await page
      .getByRole('link', { name: / or similar from / })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/cars/details');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to trip' }).click();
    const addCar = page.getByRole('dialog', { name: 'Add to a trip' });
    await addCar.getByRole('radio', { name: /^Harbour week/ }).check();
    expect(await addCar.getByLabel('Trip name').count()).toBe(0);
    await addCar.getByRole('button', { name: 'Add to trip' }).click();
    await expect.poll(() => page.locator('.add-to-trip-status').textContent()).toBe('Added to your trip Harbour week. View the trip');

    // Invite someone without an account, then an account holder.
    await page.getByRole('button', { name: 'Invite people' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite someone to Harbour week' });
    await invite.waitFor();
    await expectNoAxeViolationsAtViewports(page, 'invitation dialog');
    for (const [email, first] of [
      [newcomer, 'Nina'],
      [demo('newuser'), ''],
    ] as const) {
      await invite.getByLabel('E-mail').fill(email);
      await invite.getByLabel('First name (optional)').fill(first);
      await invite.getByRole('button', { name: 'Send the invitation' }).click();
      await expect.poll(() => invite.getByRole('status').textContent()).toBe(`Invitation sent to ${email}. The link works once, for 7 days.`);
    }
    await expectNoAxeViolationsAtViewports(page, 'invitation dialog, sent');
    check();
    await member.context.close();

    // The newcomer: the full invitation set opens sign-up prefilled; the verify link joins the trip.
    const guest = await newContext(browser());
    const guestPage = await guest.context.newPage();
    const guestCheck = watchConsole(guestPage);
    const invitation = await mailedLink(guestPage, newcomer, /accesscode=/);
    expect(new URL(invitation).searchParams.get('firstname')).toBe('Nina');
    await guestPage.goto(invitation);
    const signup = guestPage.getByRole('dialog', { name: 'Create your account' });
    await signup.waitFor();
    expect(await signup.getByLabel('E-mail').inputValue()).toBe(newcomer);
    expect(await signup.getByLabel('First name').inputValue()).toBe('Nina');
    await signup.getByLabel('Last name').fill('Newcomer');
    await signup.getByLabel('Password', { exact: true }).fill('a long and pasted passphrase');
    await signup.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => signup.getByRole('status').textContent()).toBe('Check your e-mail to finish signing up');
    await guestPage.goto(await mailedLink(guestPage, newcomer, /\/auth\/verify\?token=/));
    const joined = await joinedTrip(guestPage, () => guestPage.getByRole('button', { name: 'Create my account' }).click());
    expect(joined.body.data).toMatchObject({ trip_id: tripId, role: 'traveller', items: [{ product_type: 'HLT' }, { product_type: 'CAR' }] });
    expect(Object.fromEntries(joined.url.searchParams)).toEqual({ trip_id: tripId, workarea: 'viewMyTrips' });
    guestCheck();
    await guest.context.close();

    // The account holder: accesscode + email + tripid opens sign-in; signing in joins the trip.
    const holder = await newContext(browser());
    const holderPage = await holder.context.newPage();
    const holderCheck = watchConsole(holderPage, [/status of 409/]);
    const holderLink = await mailedLink(holderPage, demo('newuser'), /accesscode=/);
    expect([...new URL(holderLink).searchParams.keys()]).toEqual(['accesscode', 'email', 'tripid']);
    await holderPage.goto(holderLink);
    const signin = holderPage.getByRole('dialog', { name: 'Sign in' });
    await signin.waitFor();
    expect(await signin.getByLabel('E-mail').inputValue()).toBe(demo('newuser'));
    await signin.getByLabel('Password').fill(DEMO_PASSWORD);
    const again = await joinedTrip(holderPage, () => signin.getByRole('button', { name: 'Sign in' }).click());
    expect(again.body.data).toMatchObject({ trip_id: tripId, role: 'traveller' });
    expect(Object.fromEntries(again.url.searchParams)).toEqual({ trip_id: tripId, workarea: 'viewMyTrips' });

    // The code works once: the link again (signed in, it goes straight to the join page) is
    // refused, and the one who used it is sent on to the trip they are on.
    const reused = holderPage.waitForResponse((response) => response.url().endsWith('/api/trips/addUserToTrip'));
    await holderPage.goto(holderLink);
    const refusal = await reused;
    expect(refusal.status()).toBe(409);
    expect(await refusal.json()).toMatchObject({ message: 'This invitation was already used', data: { trip_id: tripId, member: true } });
    await holderPage.waitForURL((url) => url.pathname === '/user/my-trips' && url.searchParams.get('trip_id') === tripId);
    holderCheck();
    await holder.context.close();
  });

  it('tells someone signed in as another account whose invitation it is, and signs them out to continue as the invited one', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // Signing out and in again on one page: the page's fraud channel may knock in the instant its
    // session is gone, and the refused handshake is logged by Chromium (decision 0066).
    const check = watchConsole(page, [/^WebSocket connection to '\S+\/graphql' failed: HTTP Authentication failed/]);
    await page.goto(site('/session-out'), { waitUntil: 'networkidle' });
    await signInWithApi(page, demo('member'), DEMO_PASSWORD);
    await page.goto(site(`/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(90)}&checkout=${inDays(92)}&rooms=1&guests=2`));
    await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to trip' }).click();
    const add = page.getByRole('dialog', { name: 'Add to a trip' });
    await expect.poll(() => add.getByRole('status').count()).toBe(0);
    await add.getByLabel('Trip name').fill('Wrong door');
    await add.getByRole('button', { name: 'Add to trip' }).click();
    const tripId = new URL((await page.getByRole('link', { name: 'View the trip' }).getAttribute('href'))!, base).searchParams.get('trip_id')!;
    const invited = await page.evaluate(
      async (body) => (await fetch('/api/trips/invite', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
      { trip_id: tripId, email: demo('newuser'), firstname: '', lastname: '', role: 'traveller' },
    );
    expect(invited).toBe(200);

    // The owner, still signed in, opens the link meant for someone else: no join is tried.
    const joins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/trips/addUserToTrip')) joins.push(request.url());
    });
    await page.goto(await mailedLink(page, demo('newuser'), /accesscode=/));
    await page.waitForURL((url) => url.pathname === '/trips/join');
    await waitForHydration(page);
    await page
      .getByRole('alert')
      .filter({ hasText: `This invitation is for ${demo('newuser')}, but you are signed in as ${demo('member')}.` })
      .waitFor();
    await expectNoAxeViolationsAtViewports(page, 'join page, another account');
    expect(joins).toEqual([]);

    // Signing out leads back to the invitation: sign-in for the invited e-mail, which joins the trip.
    await page.getByRole('button', { name: `Sign out and continue as ${demo('newuser')}` }).click();
    const signin = page.getByRole('dialog', { name: 'Sign in' });
    await signin.waitFor();
    expect(await signin.getByLabel('E-mail').inputValue()).toBe(demo('newuser'));
    await signin.getByLabel('Password').fill(DEMO_PASSWORD);
    const joined = await joinedTrip(page, () => signin.getByRole('button', { name: 'Sign in' }).click());
    expect(joined.body.data).toMatchObject({ trip_id: tripId, role: 'traveller' });
    check();
    await context.close();
  });

  it("joins without JavaScript: the join page's button does what its script does", async () => {
    // The owner makes a trip and invites an account holder, over the API.
    const owner = await http(base, 'POST', '/api/auth/login', { host: 'wanderly.localhost', body: { email_id: demo('agent'), password: DEMO_PASSWORD } });
    const ownerCookie = sessionCookie(owner);
    const ownerId = owner.json().data.userId as string;
    const trip = tripPayloadOf('HLT', {
      tripListId: null,
      tripListName: 'No script trip',
      userId: ownerId,
      orgId: 'wanderly',
      checkinDate: inDays(95),
      checkoutDate: inDays(97),
      tripImage: '',
    });
    const made = await http(base, 'POST', '/api/trips/createTripList', { host: 'wanderly.localhost', cookie: ownerCookie, body: { json: trip } });
    expect(made.status, made.text).toBe(200);
    const tripId = made.json().data.trip_id as string;
    const invitee = demo('expired');
    expect(
      (await http(base, 'POST', '/api/trips/invite', { host: 'wanderly.localhost', cookie: ownerCookie, body: { trip_id: tripId, email: invitee, role: 'viewer' } })).status,
    ).toBe(200);

    const { context } = await newContext(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    const link = new URL(await mailedLink(page, invitee, /accesscode=/));
    const login = await http(base, 'POST', '/api/auth/login', { host: 'wanderly.localhost', body: { email_id: invitee, password: DEMO_PASSWORD } });
    const [name, value] = sessionCookie(login).split('=') as [string, string];
    await context.addCookies([{ name, value, url: site('/') }]);
    const join = new URLSearchParams({ tripid: tripId, accesscode: link.searchParams.get('accesscode')!, email: invitee });
    const opened = await page.goto(site(`/trips/join?${join.toString()}`));
    // The code never leaves for another site in a Referer.
    expect(opened?.headers()['referrer-policy']).toBe('same-origin');
    await page.getByRole('button', { name: 'Join the trip' }).click();
    await page.waitForURL((url) => url.pathname === '/user/my-trips' && url.searchParams.get('trip_id') === tripId);
    await page.getByRole('heading', { level: 2, name: 'No script trip' }).waitFor();
    await context.close();
  });
});
