import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { hashPassword } from '~/services/identity/password.server';
import { type Page, type SignedInPageOptions, VIEWPORTS, expectNoAxeViolationsAtViewports, orgUrl, signInWithApi, watchConsole } from '../support/browser';
import { test } from '../support/fixtures';
import { DEMO_PASSWORD, demo, http, signInOverHttp } from '../support/http-client';
import { inDays } from '../support/dates';

/**
 * After booking (issue 4): success pages, My bookings, booking messages and their polling.
 * Until the payment flow lands, the confirmed bookings are written straight into the
 * PostgreSQL server's database (as checkout-guards.spec.ts arranges its state) and viewed on
 * that server.
 */
const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const HOST = 'wanderly.localhost';
const PASSWORD = 'After-Booking-2026!';
const stamp = Date.now();
const owner = { email: `owner-${stamp}@wanderly.example`, first: 'Olga', last: 'Owner', id: 0, publicId: '' };
const other = { email: `other-${stamp}@wanderly.example`, first: 'Otto', last: 'Other', id: 0, publicId: '' };
const fresh = { email: `fresh-${stamp}@wanderly.example`, first: 'Fay', last: 'Fresh', id: 0, publicId: '' };

let db: pg.Client;

async function createUser(user: typeof owner) {
  const { rows } = await db.query<{ id: number; public_id: string }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, $3, $4, 'member') returning id, public_id`,
    [user.email, await hashPassword(PASSWORD), user.first, user.last],
  );
  user.id = rows[0]!.id;
  user.publicId = rows[0]!.public_id;
}

const newReference = () => `WAN-T${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`;

type Seeded = {
  product: string;
  itemRef: string;
  path: string;
  /** Text the page shows for the item (its name). */
  itemText: string;
};

/** One booked item of every product, read from the seeded catalogue. */
async function catalogue(): Promise<Seeded[]> {
  const one = async <T extends pg.QueryResultRow>(query: string, params: unknown[] = []) => {
    const { rows } = await db.query<T>(query, params);
    if (!rows[0]) throw new Error(`nothing for ${query}`);
    return rows[0];
  };
  const hotel = await one<{ id: number; hotel: string; room: string }>(
    `select r.id, h.name as hotel, r.name as room from hotel_room_types r join hotels h on h.id = r.hotel_id where h.slug = 'cancun-harbour-view' and r.code = 'STD'`,
  );
  const home = await one<{ id: number; hotel: string }>(
    `select r.id, h.name as hotel from hotel_room_types r join hotels h on h.id = r.hotel_id where h.property_type = 'holiday_home' order by r.id limit 1`,
  );
  const flights = (
    await db.query<{ id: number; code: string; origin: string; destination: string }>(
      `select f.id, f.airline_code || ' ' || f.flight_number as code, f.origin, f.destination from flights f order by f.id limit 2`,
    )
  ).rows;
  const car = await one<{ id: number; car_type: string }>(`select id, car_type from car_offers order by id limit 1`);
  const offer = (product: string) =>
    one<{ id: number; name: string }>(`select o.id, f.name from offer_options o join offers f on f.id = o.offer_id where f.product = $1 order by o.id limit 1`, [product]);
  const resort = (kind: string) =>
    one<{ id: number; name: string }>(`select u.id, r.name from resort_unit_types u join resorts r on r.id = u.resort_id where r.kind = $1 order by u.id limit 1`, [kind]);
  // One client answers one query at a time.
  const act = await offer('ACT');
  const trf = await offer('TRF');
  const cruise = await offer('CRUISE');
  const restaurant = await offer('RESTAURANT');
  const rst = await resort('RST');
  const sty = await resort('STY');
  return [
    { product: 'HLT', itemRef: `room-type:${hotel.id}`, path: '/checkout-success', itemText: hotel.hotel },
    { product: 'HLT', itemRef: `room-type:${home.id}`, path: '/holidaystays/checkout-success', itemText: home.hotel },
    { product: 'FLT', itemRef: flights.map((f) => `flight:${f.id}:economy`).join(' '), path: '/flight/checkout-success', itemText: flights[0]!.code },
    { product: 'CAR', itemRef: `car-offer:${car.id}`, path: '/cars/checkout-success', itemText: car.car_type },
    { product: 'ACT', itemRef: `offer-option:${act.id}`, path: '/activities/checkout-success', itemText: act.name },
    { product: 'TRF', itemRef: `offer-option:${trf.id}`, path: '/transfers/checkout-success', itemText: trf.name },
    { product: 'CRUISE', itemRef: `offer-option:${cruise.id}`, path: '/cruises/checkout-success', itemText: cruise.name },
    { product: 'RESTAURANT', itemRef: `offer-option:${restaurant.id}`, path: '/restaurants/checkout-success', itemText: restaurant.name },
    { product: 'RST', itemRef: `resort-unit:${rst.id}`, path: '/resorts/checkout-success', itemText: rst.name },
    { product: 'STY', itemRef: `resort-unit:${sty.id}`, path: '/stays/checkout-success', itemText: sty.name },
  ];
}

/** A booked hold and its booking, as the payment flow leaves them. Returns the reference. */
async function insertBooking(input: {
  product: string;
  itemRef: string;
  userId: number | null;
  status?: string;
  paymentMethod?: string;
  oxxoReference?: string | null;
  amountMinor?: number;
  currency?: string;
  guest?: { first: string; last: string; email: string; phone: string | null };
  days?: number;
  org?: string;
}): Promise<string> {
  const reference = newReference();
  const days = input.days ?? 40;
  const startsAt = `${inDays(days)}T15:00:00Z`;
  const endsAt = `${inDays(days + 3)}T11:00:00Z`;
  const hold = await db.query<{ id: string }>(
    `insert into holds (token, org_id, user_id, product, item_ref, starts_at, ends_at, quantity, status, expires_at, selection)
     values ($1, $2, $3, $4, $5, $6, $7, 2, 'booked', now(), $8) returning id`,
    [`tok-${reference}`, input.org ?? 'wanderly', input.userId, input.product, input.itemRef, startsAt, endsAt, JSON.stringify({ guests: '2' })],
  );
  const guest = input.guest ?? { first: 'Olga', last: 'Owner', email: owner.email, phone: '+1 555 010 2030' };
  await db.query(
    `insert into bookings (reference, org_id, user_id, hold_id, product, item_ref, starts_on, ends_on, guest_first_name, guest_last_name, guest_email, guest_phone,
       status, amount_minor, currency, payment_method, oxxo_reference, confirmed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, case when $13 = 'confirmed' then now() end)`,
    [
      reference,
      input.org ?? 'wanderly',
      input.userId,
      hold.rows[0]!.id,
      input.product,
      input.itemRef,
      inDays(days),
      inDays(days + 3),
      guest.first,
      guest.last,
      guest.email,
      guest.phone,
      input.status ?? 'confirmed',
      input.amountMinor ?? 123456,
      input.currency ?? 'USD',
      input.paymentMethod ?? 'card',
      input.oxxoReference ?? null,
    ],
  );
  return reference;
}

const login = (email: string, password = PASSWORD) => signInOverHttp(base, { host: HOST, email, password });

/** signedInPage's options for one of the spec's users, on Wanderly. */
const signInOf = (email: string): SignedInPageOptions => ({ baseURL: base, host: HOST, user: { email, password: PASSWORD }, from: '/privacy-policy' });

const countMessages = (cookie: string | undefined, body: unknown = {}, host = HOST) => http(base, 'POST', '/api/bookingHistory/getCountMessages', { host, cookie, body });

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await createUser(owner);
  await createUser(other);
  await createUser(fresh);
});
afterAll(async () => {
  await db?.end();
});

async function expectReference(page: Page, reference: string) {
  expect(await page.getByTestId('booking-reference').textContent()).toBe(reference);
}

describe.skipIf(!base)('after booking (issue 4, PostgreSQL server)', () => {
  test('every product’s success page shows the booking reference, the item, dates, travellers, traveller and amount paid', async ({ signedInPage }) => {
    const items = await catalogue();
    const refs = [];
    for (const item of items) refs.push({ ...item, reference: await insertBooking({ product: item.product, itemRef: item.itemRef, userId: owner.id }) });
    const { context, page } = await signedInPage(signInOf(owner.email));
    const check = watchConsole(page);
    for (const [i, item] of refs.entries()) {
      const response = await page.goto(orgUrl(base, HOST, `${item.path}?booking_id=${item.reference}`));
      expect(response?.status(), item.path).toBe(200);
      expect(new URL(page.url()).pathname).toBe(item.path);
      await page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
      await expectReference(page, item.reference);
      const booked = page.getByRole('region', { name: 'What you booked' });
      expect(await booked.textContent(), item.path).toContain(item.itemText);
      expect(await booked.textContent()).toContain('Confirmed');
      const traveller = page.getByRole('region', { name: 'Lead traveller' });
      expect(await traveller.textContent()).toContain('Olga Owner');
      expect(await traveller.textContent()).toContain(owner.email);
      const payment = page.getByRole('region', { name: 'Payment' });
      expect(await payment.textContent()).toContain('$1,234.56');
      expect(await payment.textContent()).toContain('Card');
      expect(await page.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/user/profile#my-bookings');
      if (item.product !== 'CAR' && item.product !== 'RST' && item.product !== 'STY') {
        expect(await booked.textContent(), `${item.path} travellers`).toMatch(/\d+ (guests?|passengers?|rooms?|homes?)\b/);
      }
      // axe on the first of each page family; the rest share the component.
      if (i < 3) await expectNoAxeViolationsAtViewports(page, `success page ${item.path}`);
    }
    check();
    await context.close();
  });

  test('states pending with the OXXO voucher, and invoice to follow', async () => {
    const room = (await catalogue())[0]!;
    const oxxo = await insertBooking({
      ...room,
      userId: owner.id,
      status: 'pending',
      paymentMethod: 'oxxo',
      oxxoReference: '93000012345678',
      currency: 'MXN',
      amountMinor: 250000,
    });
    const invoice = await insertBooking({ ...room, userId: owner.id, status: 'confirmed', paymentMethod: 'invoice', days: 50 });
    const cookie = await login(owner.email);
    const oxxoPage = await http(base, 'GET', `/checkout-success?booking_id=${oxxo}`, { host: HOST, cookie });
    expect(oxxoPage.status).toBe(200);
    expect(oxxoPage.text).toContain('We have your booking');
    expect(oxxoPage.text).toContain('pay at any OXXO store with the voucher reference 93000012345678');
    expect(oxxoPage.text).toContain('OXXO (cash at the store)');
    expect(oxxoPage.text).toContain('Amount due');
    const invoicePage = await http(base, 'GET', `/checkout-success?booking_id=${invoice}`, { host: HOST, cookie });
    expect(invoicePage.text).toContain('we will send the invoice to your organisation');
  });

  test('another user’s, another organisation’s, an unfinished, an unknown or a malformed reference is one 404; a wrong product page redirects', async ({ newContext }) => {
    const [room, home] = await catalogue();
    const mine = await insertBooking({ ...room!, userId: owner.id });
    const unfinished = await insertBooking({ ...room!, userId: owner.id, status: 'initiated', days: 60 });
    const homeRef = await insertBooking({ ...home!, userId: owner.id });
    const viajamasUser = (await db.query<{ id: number }>(`select id from users where email = $1`, [demo('member', 'viajamas')])).rows[0]!.id;
    const foreign = await insertBooking({ ...room!, userId: viajamasUser, org: 'viajamas' });
    const otherCookie = await login(other.email);
    const ownerCookie = await login(owner.email);
    const get = (path: string, cookie?: string) => http(base, 'GET', path, { host: HOST, cookie });
    for (const [path, cookie] of [
      [`/checkout-success?booking_id=${mine}`, otherCookie],
      [`/checkout-success?booking_id=${mine}`, undefined],
      [`/checkout-success?booking_id=${foreign}`, ownerCookie],
      [`/checkout-success?booking_id=${unfinished}`, ownerCookie],
      ['/checkout-success?booking_id=WAN-NOSUCH99', ownerCookie],
      ['/checkout-success?booking_id=%27%20or%201%3D1', ownerCookie],
      ['/checkout-success', ownerCookie],
      [`/nothing/checkout-success?booking_id=${mine}`, ownerCookie],
    ] as const) {
      const answer = await get(path, cookie);
      expect(answer.status, path).toBe(404);
      // Said on the page itself (not only in its data), in the page's words for a booking.
      if (!path.startsWith('/nothing')) expect(answer.text).toContain('<p>We could not find that booking. Check the booking reference, or find your bookings in your profile.</p>');
      expect(answer.text).not.toContain('id="traveller-title"');
      if (cookie !== ownerCookie) expect(answer.text).not.toContain(owner.email);
    }
    const spanish = await get('/checkout-success?booking_id=WAN-NOSUCH99', `${ownerCookie}; lan_code=es-MX`);
    expect(spanish.text).toContain('<p>No encontramos esa reserva. Revisa la referencia, o busca tus reservas en tu perfil.</p>');
    // The other user's session sees nothing of it over the data route either.
    const data = await get(`/checkout-success?booking_id=${mine}&_data=routes%2Fcheckout-success`, otherCookie);
    expect(data.status).toBe(404);
    expect(data.text).not.toContain(owner.email);
    const misplaced = await get(`/cars/checkout-success?booking_id=${mine}`, ownerCookie);
    expect(misplaced.status).toBe(302);
    expect(misplaced.headers.location).toBe(`/checkout-success?booking_id=${mine}`);
    const homeAtHotels = await get(`/checkout-success?booking_id=${homeRef}`, ownerCookie);
    expect(homeAtHotels.headers.location).toBe(`/holidaystays/checkout-success?booking_id=${homeRef}`);
    // Flight success keeps the flight-login redirect for visitors.
    const flight = await get(`/flight/checkout-success?booking_id=${mine}`);
    expect(flight.status).toBe(302);
    expect(flight.headers.location).toBe('/flight');

    const { context } = await newContext();
    const page = await context.newPage();
    const check = watchConsole(page, [/status of 404/]);
    const response = await page.goto(orgUrl(base, HOST, '/checkout-success?booking_id=WAN-NOSUCH99'));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolationsAtViewports(page, 'unknown booking');
    check();
    await context.close();
  });

  test('a guest booking shows its public facts only: no surname, e-mail or phone', async ({ newContext }) => {
    const room = (await catalogue())[0]!;
    const guestEmail = `guest-${stamp}@example.com`;
    const reference = await insertBooking({ ...room, userId: null, guest: { first: 'Greta', last: 'Guestly', email: guestEmail, phone: '+52 55 1234 5678' } });
    for (const cookie of [undefined, await login(other.email)]) {
      const answer = await http(base, 'GET', `/checkout-success?booking_id=${reference}`, { host: HOST, cookie });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(reference);
      expect(answer.text).toContain('Greta G.');
      for (const secret of [guestEmail, 'Guestly', '1234 5678']) expect(answer.text).not.toContain(secret);
    }
    const { context } = await newContext();
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, HOST, `/checkout-success?booking_id=${reference}`));
    await expectReference(page, reference);
    await page.getByText('leaves out the traveller’s contact details').waitFor();
    expect(await page.getByRole('link', { name: 'Sign in to see your bookings' }).isVisible()).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'guest booking success');
    check();
    await context.close();
  });

  test('the resorts and stays success pages keep a holdTok (hold-holding paths)', async ({ newContext }) => {
    const items = await catalogue();
    const rst = items.find((i) => i.product === 'RST')!;
    const reference = await insertBooking({ ...rst, userId: null });
    const { context } = await newContext();
    await context.addCookies([{ name: 'holdTok', value: `tok-${reference}`, url: orgUrl(base, HOST, '/') }]);
    const page = await context.newPage();
    const releases: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/weeks/release')) releases.push(request.url());
    });
    await page.goto(orgUrl(base, HOST, `/resorts/checkout-success?booking_id=${reference}`));
    await expectReference(page, reference);
    // The control: leaving for another page (client-side, so the same scripts run) does release it.
    const released = page.waitForRequest((request) => request.url().endsWith('/api/weeks/release'));
    expect(releases).toEqual([]);
    expect((await context.cookies()).some((c) => c.name === 'holdTok')).toBe(true);
    await page
      .getByRole('link', { name: 'My bookings' })
      .or(page.getByRole('link', { name: 'Back to the home page' }))
      .first()
      .click();
    await released;
    expect(releases).toHaveLength(1);
    await context.close();
  });

  test('My bookings on the profile lists the user’s bookings with links to their success pages; a new user sees the empty state; agents have it too', async ({ signedInPage }) => {
    const room = (await catalogue())[0]!;
    const otherRef = await insertBooking({ ...room, userId: other.id, days: 70 });
    const { context, page } = await signedInPage(signInOf(other.email));
    const check = watchConsole(page);
    await page.goto(orgUrl(base, HOST, '/user/profile'));
    const list = page.getByRole('region', { name: 'My bookings' });
    await list.waitFor();
    const row = list.getByRole('row').filter({ hasText: otherRef });
    expect(await row.textContent()).toContain('Hotels');
    expect(await row.textContent()).toContain('Confirmed');
    expect(await row.textContent()).toContain('$1,234.56');
    expect(await row.textContent()).toContain('New');
    // Only this user's bookings.
    const ownerRows = (await db.query<{ reference: string }>(`select reference from bookings where user_id = $1`, [owner.id])).rows;
    for (const r of ownerRows) expect(await list.textContent()).not.toContain(r.reference);
    await expectNoAxeViolationsAtViewports(page, 'profile with bookings');
    await list.getByRole('link', { name: otherRef }).click();
    await page.waitForURL(/\/checkout-success\?booking_id=/);
    await expectReference(page, otherRef);
    // Shown once in My bookings: no longer new.
    await page.goto(orgUrl(base, HOST, '/user/profile'));
    expect(await page.getByRole('region', { name: 'My bookings' }).getByRole('row').filter({ hasText: otherRef }).textContent()).not.toContain('New');
    check();
    await context.close();

    const empty = await signedInPage(signInOf(fresh.email));
    await empty.page.goto(orgUrl(base, HOST, '/user/profile'));
    await empty.page.getByRole('region', { name: 'My bookings' }).getByText('You have no bookings yet.').waitFor();
    await expectNoAxeViolationsAtViewports(empty.page, 'profile without bookings');
    await empty.context.close();

    const agentId = (await db.query<{ id: number }>(`select id from users where email = $1`, [demo('agent')])).rows[0]!.id;
    const agentRef = await insertBooking({ ...room, userId: agentId, days: 80 });
    const agentCookie = await login(demo('agent'), DEMO_PASSWORD);
    const agentProfile = await http(base, 'GET', '/agent/profile', { host: HOST, cookie: agentCookie });
    expect(agentProfile.status).toBe(200);
    expect(agentProfile.text).toContain(agentRef);
    expect(agentProfile.text).toContain(`/checkout-success?booking_id=${agentRef}`);
  });

  test('getCountMessages: 401 without a session, 403 for another user or organisation, 400 for a bad body, 200 with the session’s own messages', async () => {
    const room = (await catalogue())[0]!;
    const unauthenticated = await countMessages(undefined);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.json()).toMatchObject({ status: 401 });

    const cookie = await login(fresh.email);
    const before = await countMessages(cookie, { user_id: fresh.publicId, org_id: 'wanderly' });
    expect(before.status).toBe(200);
    expect(before.json()).toEqual({
      status: 200,
      result: { total_messages: 0, booking_count: 0, booking_details: [], user_id: fresh.publicId, org_id: 'wanderly' },
    });

    const forbidden = await countMessages(cookie, { user_id: owner.publicId });
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).not.toContain('total_messages');
    expect((await countMessages(cookie, { user_id: fresh.publicId, org_id: 'viajamas' })).status).toBe(403);
    expect((await countMessages(cookie, { user_id: 42 })).status).toBe(400);
    expect((await countMessages(cookie, { surprise: true })).status).toBe(400);
    expect((await countMessages(cookie, '{not json')).status).toBe(400);
    expect((await http(base, 'GET', '/api/bookingHistory/getCountMessages', { host: HOST, cookie })).status).toBe(405);

    const first = await insertBooking({ ...room, userId: fresh.id, days: 90 });
    const second = await insertBooking({ ...room, userId: fresh.id, days: 95, status: 'pending', paymentMethod: 'oxxo', oxxoReference: '9300' });
    await insertBooking({ ...room, userId: fresh.id, days: 99, status: 'initiated' });
    const after = (await countMessages(cookie, {})).json().result;
    expect(after).toMatchObject({ total_messages: 2, booking_count: 2, user_id: fresh.publicId, org_id: 'wanderly' });
    expect(after.booking_details.map((d: { booking_id: string }) => d.booking_id).sort()).toEqual([first, second].sort());
    expect(after.booking_details.find((d: { booking_id: string }) => d.booking_id === second)).toEqual({
      booking_id: second,
      product: 'HLT',
      status: 'pending',
      checkin_date: inDays(95),
      checkout_date: inDays(98),
      is_read: false,
      booked_at: expect.any(String),
      url: `/checkout-success?booking_id=${second}`,
    });

    // The success page (where checkout lands) leaves the messages; My bookings, which shows them,
    // reads them (decision 0033); a status change makes one a message again.
    await http(base, 'GET', `/checkout-success?booking_id=${second}`, { host: HOST, cookie });
    expect((await countMessages(cookie)).json().result.total_messages).toBe(2);
    expect((await http(base, 'GET', '/user/profile', { host: HOST, cookie })).status).toBe(200);
    expect((await countMessages(cookie)).json().result.total_messages).toBe(0);
    await db.query(`update bookings set status = 'confirmed' where reference = $1`, [second]);
    expect((await countMessages(cookie)).json().result.total_messages).toBe(1);

    // A cross-site call is refused before anything runs.
    const crossSite = await http(base, 'POST', '/api/bookingHistory/getCountMessages', { host: HOST, cookie, body: {}, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
  });

  test('a signed-in page polls getCountMessages every 30 s, at most once a second, and shows the count; an anonymous page never calls it', async ({ newContext }) => {
    const room = (await catalogue())[0]!;
    await insertBooking({ ...room, userId: other.id, days: 100 });
    const { context } = await newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.clock.install();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/bookingHistory/getCountMessages')) calls.push(request.postData() ?? '');
    });
    const check = watchConsole(page);
    await page.goto(orgUrl(base, HOST, '/privacy-policy'));
    await signInWithApi(page, other.email, PASSWORD);
    expect(calls).toEqual([]);
    await page.goto(orgUrl(base, HOST, '/terms-of-use'));
    const badge = page.getByRole('link', { name: /^Notifications: \d+$/ });
    await badge.waitFor();
    const expected = (await countMessages(await login(other.email))).json().result.total_messages as number;
    expect(expected).toBeGreaterThan(0);
    expect(await badge.getAttribute('data-count')).toBe(String(expected));
    expect(await page.getByRole('link', { name: `Notifications: ${expected}` }).isVisible()).toBe(true);
    // The mount and the page change trigger together: one request, for the session's own user.
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toEqual({ user_id: other.publicId, org_id: 'wanderly' });

    // From here the page's time moves only when the test says.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.clock.runFor(1000);
    const answer = () => page.waitForResponse((r) => r.url().endsWith('/api/bookingHistory/getCountMessages'));
    const askedOnce = async (knock: () => Promise<unknown>) => {
      for (let attempt = 1; ; attempt++) {
        const asked = page.waitForRequest((r) => r.url().endsWith('/api/bookingHistory/getCountMessages'), { timeout: 2_000 });
        await knock();
        const request = await asked.catch((error: unknown) => {
          if (attempt === 5) throw error;
          return null;
        });
        if (request) return request.response();
      }
    };
    const focus = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
    // Several triggers within a second: one request.
    const answered = answer();
    await focus();
    await focus();
    await focus();
    await answered;
    expect(calls).toHaveLength(2);
    await page.clock.runFor(999);
    await focus();
    expect(calls).toHaveLength(2);
    await page.clock.runFor(1);
    // A trigger while the last answer is still being read folds into it (the poller's in-flight
    // rule), and under load the page may read it after the test's next step: knock until it asks.
    // The clock stands still, so whichever knock asks, it asks exactly a second after the last one.
    await askedOnce(focus);
    expect(calls).toHaveLength(3);

    // The interval: within 30 s it asks again, and the new message shows.
    await insertBooking({ ...room, userId: other.id, days: 101 });
    // Each 30 s of the page's time holds exactly one tick of the interval.
    await askedOnce(() => page.clock.runFor(30_000));
    expect(calls).toHaveLength(4);
    await page.getByRole('link', { name: `Notifications: ${expected + 1}` }).waitFor();
    // axe waits on timers of its own.
    await page.clock.resume();
    await expectNoAxeViolationsAtViewports(page, 'header with notifications');
    check();
    await context.close();

    const anonymous = (await newContext()).context;
    const visitor = await anonymous.newPage();
    await visitor.clock.install();
    const visitorCalls: string[] = [];
    visitor.on('request', (request) => {
      if (request.url().includes('getCountMessages')) visitorCalls.push(request.url());
    });
    await visitor.goto(orgUrl(base, HOST, '/privacy-policy'));
    await visitor.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await visitor.clock.runFor(95_000);
    await visitor.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(visitorCalls).toEqual([]);
    expect(await visitor.getByRole('link', { name: /Notifications/ }).count()).toBe(0);
    await anonymous.close();
  });
});
