// My trips (issue 13) in Chromium: a fresh member makes a trip of a hotel, a car and a flight
// through the trip calls, sees it and its items in /user/my-trips, opens it by its trip link and
// downloads its .ics (read by ical.js, a real calendar parser); another user's trip id shows the trip
// problem. axe finds nothing at 375 and 1280 px. On the PostgreSQL server with a fresh member.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ProductCode, products } from '~/products/registry';
import { hashPassword } from '~/services/identity/password.server';
import { type Page, expectNoAxeViolationsAtViewports, newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { NEW_CARD, completeBooking, reachPayment, typeCard } from '../support/checkout';
import { inDays } from '../support/dates';
import { readCalendar } from '../support/ical';
import { tripPayloadOf } from '../support/trip-items';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const PASSWORD = 'My-Trips-2026!';
const email = `trips-${Date.now()}@wanderly.example`;
const planner = `trip-planner-${Date.now()}@wanderly.example`;
const browser = useSharedBrowser();
let db: pg.Client;
let publicId = '';
let strangersTrip = '';
let prepaidCar: { id: number; code: string };

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ public_id: string }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Tina', 'Tripper', 'member') returning public_id`,
    [email, await hashPassword(PASSWORD)],
  );
  publicId = rows[0]!.public_id;
  await db.query(`insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Paco', 'Planner', 'member')`, [
    planner,
    await hashPassword(PASSWORD),
  ]);
  // A car paid when booked, so its checkout takes the sandbox card.
  const car = await db.query<{ id: number; code: string }>(
    `select o.id, l.code from car_offers o join car_locations l on l.id = o.location_id where o.payment = 'prepaid' and l.destination_slug = 'cancun' order by o.id limit 1`,
  );
  prepaidCar = car.rows[0]!;
  // A trip of the demo member's, which the fresh member is not on.
  const other = await db.query<{ id: string }>(
    `insert into trips (org_id, owner_user_id, name, starts_on, ends_on) select 'wanderly', id, 'Not yours', '2036-01-01', '2036-01-05' from users where email = 'member@wanderly.example' returning id`,
  );
  strangersTrip = other.rows[0]!.id;
  await db.query(`insert into trip_members (trip_id, user_id, role) select $1, id, 'owner' from users where email = 'member@wanderly.example'`, [strangersTrip]);
});
afterAll(async () => {
  await db?.end();
});

describe.skipIf(!base)('/user/my-trips', () => {
  it('shows the member’s trip and its items, opens it by its link, exports it, and refuses another user’s trip', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // Opening another user's trip answers 404 (the document itself).
    const check = watchConsole(page, [/status of 404/]);
    await page.goto(orgUrl(base, 'localhost', '/session-out'));
    await signInWithApi(page, email, PASSWORD);

    await page.goto(orgUrl(base, 'localhost', '/user/my-trips'));
    await page.getByRole('heading', { level: 1, name: 'My trips' }).waitFor();
    await page.getByText('You have no trips yet.').waitFor();

    // The trip calls, as the product pages send them: a hotel makes the trip, a car and a flight join it.
    const trip = (tripListId: string | null) => ({
      tripListId,
      tripListName: '',
      userId: publicId,
      orgId: 'wanderly',
      checkinDate: '2036-12-01',
      checkoutDate: '2036-12-08',
      tripImage: '',
    });
    const call = (code: ProductCode, tripListId: string | null) =>
      page.evaluate(
        async ({ name, json }) => {
          const res = await fetch(`/api/trips/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ json }) });
          return { status: res.status, body: (await res.json()) as { data?: { trip_id: string } } };
        },
        { name: products[code].tripList.calls.create, json: tripPayloadOf(code, trip(tripListId)) },
      );
    const made = await call('HLT', null);
    expect(made.status).toBe(200);
    const tripId = made.body.data!.trip_id;
    expect((await call('CAR', tripId)).status).toBe(200);
    expect((await call('FLT', tripId)).status).toBe(200);

    await page.reload();
    await waitForHydration(page);
    const card = page.getByTestId('trip').filter({ hasText: 'Cancún · Dec 2036' });
    await card.waitFor();
    expect(await card.getByTestId('trip-item').allTextContents()).toEqual([
      expect.stringContaining('Hotel Azul'),
      expect.stringContaining('Nissan Versa (Compact)'),
      expect.stringContaining('MEX → CUN'),
    ]);
    await expectNoAxeViolationsAtViewports(page, 'my trips');

    await card.getByRole('link', { name: 'Cancún · Dec 2036' }).click();
    await page.waitForURL((url) => url.searchParams.get('trip_id') === tripId && url.searchParams.get('workarea') === 'viewMyTrips');
    await page.getByRole('heading', { level: 2, name: 'Cancún · Dec 2036' }).waitFor();
    await page.getByRole('link', { name: 'All my trips' }).waitFor();
    await expectNoAxeViolationsAtViewports(page, 'a trip');
    // The owner invites from the trip itself.
    await page.getByRole('button', { name: 'Invite people' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite someone to Cancún · Dec 2036' });
    await invite.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => invite.count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('cancun-dec-2036.ics');
    const { events } = readCalendar(await readFile((await file.path())!, 'utf8'));
    expect(events.map((event) => event.summary)).toEqual(['Hotels: Hotel Azul', 'Cars: Nissan Versa (Compact)', 'Flights: MEX → CUN']);
    expect(events[1]!.start).toEqual({ local: '2036-12-01T10:00:00', zone: 'America/Cancun', instant: '2036-12-01T15:00:00.000Z' });

    const refused = await page.goto(orgUrl(base, 'localhost', `/user/my-trips?trip_id=${strangersTrip}&workarea=viewMyTrips`));
    expect(refused?.status()).toBe(404);
    await page
      .getByTestId('trip-problem')
      .filter({ hasText: `Something went wrong with this trip: ${strangersTrip}` })
      .waitFor();
    expect(await page.getByText('Not yours').count()).toBe(0);
    await expectNoAxeViolationsAtViewports(page, 'the trip problem');
    check();
    await context.close();
  });

  /** Adds the details page's item through its "Add to trip" dialog: to a new trip so named, or to the listed trip of that name. */
  async function addToTrip(page: Page, trip: { newName: string } | { existing: string }) {
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a trip' });
    await dialog.waitFor();
    // The user's trips near these dates have loaded.
    await expect.poll(() => dialog.getByRole('status').count()).toBe(0);
    if ('newName' in trip) await dialog.getByLabel('Trip name').fill(trip.newName);
    else await dialog.getByRole('radio', { name: new RegExp(`^${trip.existing}`) }).check();
    await dialog.getByRole('button', { name: 'Add to trip' }).click();
    const name = 'newName' in trip ? trip.newName : trip.existing;
    await expect.poll(() => page.locator('.add-to-trip-status').textContent()).toBe(`Added to your trip ${name}. View the trip`);
  }

  it(
    "acceptance 1 (issue 34): a member adds an activity, a transfer, a cruise, a restaurant, a resort and a stay from their details pages; My trips shows each with its destination's picture",
    { timeout: 240_000 },
    async () => {
      const offer = async (product: string) =>
        (
          await db.query<{ slug: string; name: string; time: string }>(
            `select o.slug, o.name, coalesce(p.start_times->>0, '10:00') as time from offers o join offer_options p on p.offer_id = o.id where o.product = $1 and o.destination_slug = 'cancun' order by o.id, p.id limit 1`,
            [product],
          )
        ).rows[0]!;
      const resort = async (kind: string) =>
        (await db.query<{ id: number; name: string }>(`select id, name from resorts where kind = $1 and destination_slug = 'cancun' order by id limit 1`, [kind])).rows[0]!;
      const [activity, transfer, cruise, restaurant] = [await offer('ACT'), await offer('TRF'), await offer('CRUISE'), await offer('RESTAURANT')];
      const [resortRow, stay] = [await resort('RST'), await resort('STY')];
      const day = inDays(100);
      const pages = [
        { trip: 'Six · activity', name: activity.name, path: `/activities/details?destination=cancun&date=${day}&guests=2&offer=${activity.slug}` },
        { trip: 'Six · transfer', name: transfer.name, path: `/transfers/details?destination=cancun&date=${day}&time=09:00&guests=2&bags=2&trip=oneway&offer=${transfer.slug}` },
        { trip: 'Six · cruise', name: cruise.name, path: `/cruises/details?destination=cancun&month=${day.slice(0, 7)}&guests=2&offer=${cruise.slug}` },
        { trip: 'Six · restaurant', name: restaurant.name, path: `/restaurants/details?destination=cancun&date=${day}&time=${restaurant.time}&guests=2&offer=${restaurant.slug}` },
        { trip: 'Six · resort', name: resortRow.name, path: `/resorts/details?resort_id=${resortRow.id}&check_in_date=${day}` },
        { trip: 'Six · stay', name: stay.name, path: `/stays/details?resort_id=${stay.id}&check_in_date=${day}` },
      ];
      const { context } = await newContext(browser());
      const page = await context.newPage();
      const check = watchConsole(page);
      await page.goto(orgUrl(base, 'wanderly.localhost', '/session-out'));
      await signInWithApi(page, planner, PASSWORD);
      for (const details of pages) {
        const pictured = page.waitForResponse((response) => response.url().endsWith('/api/trips/citieimages'));
        await page.goto(orgUrl(base, 'wanderly.localhost', details.path));
        await page.getByRole('heading', { level: 1, name: details.name }).waitFor();
        await addToTrip(page, { newName: details.trip });
        expect((await pictured).status()).toBe(200);
      }

      // Each trip holds its item and has our Cancún picture, which the page asked citieimages for.
      const { rows } = await db.query<{ name: string; image: string | null; products: string[] }>(
        `select t.name, t.image, array_agg(i.product order by i.product) as products from trips t join trip_items i on i.trip_id = t.id where t.name like 'Six · %' group by t.id order by t.name`,
      );
      const cancun = (await db.query<{ image_path: string }>(`select image_path from destinations where slug = 'cancun'`)).rows[0]!.image_path;
      expect(rows).toEqual([
        { name: 'Six · activity', image: cancun, products: ['ACT'] },
        { name: 'Six · cruise', image: cancun, products: ['CRUISE'] },
        { name: 'Six · resort', image: cancun, products: ['RST'] },
        { name: 'Six · restaurant', image: cancun, products: ['RESTAURANT'] },
        { name: 'Six · stay', image: cancun, products: ['STY'] },
        { name: 'Six · transfer', image: cancun, products: ['TRF'] },
      ]);
      await page.goto(orgUrl(base, 'wanderly.localhost', '/user/my-trips'));
      for (const details of pages) {
        const card = page.getByTestId('trip').filter({ has: page.getByRole('heading', { name: details.trip }) });
        await card.waitFor();
        expect(await card.locator('img').first().getAttribute('src')).toBe(cancun);
        expect(await card.getByTestId('trip-item').count()).toBe(1);
      }
      // A scheduled offer is listed by its name, not only its place.
      expect(
        await page
          .getByTestId('trip')
          .filter({ has: page.getByRole('heading', { name: 'Six · activity' }) })
          .getByTestId('trip-item')
          .textContent(),
      ).toContain(activity.name);
      check();
      await context.close();
    },
  );

  it('issue 34: a member adds a confirmed booking to a new trip from My bookings; My trips shows it booked', async () => {
    const reference = `WAN-MB${Date.now().toString(36).toUpperCase()}`;
    await db.query(
      `insert into bookings (reference, org_id, user_id, product, item_ref, starts_on, ends_on, guest_first_name, guest_last_name, guest_email, status, amount_minor, currency, updated_at)
       select $1, 'wanderly', id, 'ACT', 'test:my-bookings-trip', $2, $2, 'Tina', 'Planner', email, 'confirmed', 4500, 'USD', now() from users where email = $3`,
      [reference, inDays(200), planner],
    );
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'wanderly.localhost', '/session-out'));
    await signInWithApi(page, planner, PASSWORD);
    await page.goto(orgUrl(base, 'wanderly.localhost', '/user/profile'));
    await waitForHydration(page);
    const row = page
      .getByRole('region', { name: 'My bookings' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: reference }) });
    await row.getByRole('button', { name: 'Add to trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a trip' });
    await expect.poll(() => dialog.getByRole('status').count()).toBe(0);
    await dialog.getByLabel('Trip name').fill('From my bookings');
    await dialog.getByRole('button', { name: 'Add to trip' }).click();
    await expect.poll(() => row.locator('.add-to-trip-status').textContent()).toBe('Added to your trip From my bookings. View the trip');
    await row.getByRole('link', { name: 'View the trip' }).click();
    const card = page.getByTestId('trip').filter({ has: page.getByRole('heading', { name: 'From my bookings' }) });
    await card.waitFor();
    expect(await card.getByTestId('trip-item').getAttribute('data-booked')).toBe('true');
    expect(await card.getByTestId('trip-item').textContent()).toContain(reference);
    check();
    await context.close();
  });

  it('a guest asked to sign in before adding to a trip leaves spec §8’s console warning', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    const activity = (await db.query<{ slug: string }>(`select slug from offers where product = 'ACT' and destination_slug = 'cancun' order by id limit 1`)).rows[0]!;
    await page.goto(orgUrl(base, 'wanderly.localhost', `/activities/details?destination=cancun&date=${inDays(100)}&guests=2&offer=${activity.slug}`));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Sign in to add this to a trip' }).click();
    await expect.poll(() => warnings).toContain('User not logged in: sign in to add to a trip');
    await context.close();
  });

  it('a failed trip-list load says so and offers to retry; it is never shown as "no trips near these dates"', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page, [/status of 500/]);
    await page.goto(orgUrl(base, 'wanderly.localhost', '/session-out'));
    await signInWithApi(page, planner, PASSWORD);
    let failures = 1;
    await page.route('**/api/trips/gettrips/getTripsList', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"Internal server error"}' }) : route.continue(),
    );
    await page.goto(
      orgUrl(base, 'wanderly.localhost', `/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(260)}&checkout=${inDays(262)}&rooms=1&guests=2`),
    );
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a trip' });
    await dialog.getByRole('alert').filter({ hasText: 'Your trips could not be loaded.' }).waitFor();
    expect(await dialog.getByText('You have no trips near these dates.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    await expect.poll(() => dialog.getByRole('status').count()).toBe(0);
    check();
    await context.close();
  });

  it('acceptance 1: a member adds a hotel, a flight and a car to a new trip from their pages, books the car, and sees all three with the car booked', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'wanderly.localhost', '/session-out'));
    await signInWithApi(page, planner, PASSWORD);
    const site = (path: string) => orgUrl(base, 'wanderly.localhost', path);
    const [checkin, checkout] = [inDays(230), inDays(234)];

    await page.goto(site(`/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${checkout}&rooms=1&guests=2`));
    await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
    await addToTrip(page, { newName: 'Harbour plan' });

    // The flight home on the last day, from its details page.
    await page.goto(site(`/flight/search-details?triptype=oneway&from=CUN&to=MCO&depart=${checkout}&cabinclass=economy&noofadults=1&noofchilds=0&noofinfants=0`));
    await page
      .getByRole('link', { name: /^View fares/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/flight/details');
    await addToTrip(page, { existing: 'Harbour plan' });

    // The car over the stay: added, then booked and paid with a sandbox card.
    const rental = new URLSearchParams({
      pickup: prepaidCar.code,
      same_dropoff: '1',
      pickup_date: checkin,
      pickup_time: '10:00',
      dropoff_date: checkout,
      dropoff_time: '09:00',
      driver_age: '30',
      car_id: String(prepaidCar.id),
    });
    await page.goto(site(`/cars/details?${rental.toString()}`));
    await addToTrip(page, { existing: 'Harbour plan' });
    await page.getByRole('button', { name: 'Reserve this car' }).click();
    await reachPayment(page);
    await page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: 'Pay with new card' }).check();
    await typeCard(page, 'Credit Card', NEW_CARD);
    const reference = await completeBooking(page);

    await page.goto(site('/user/my-trips'));
    await waitForHydration(page);
    const card = page.getByTestId('trip').filter({ hasText: 'Harbour plan' });
    await card.waitFor();
    const items = card.getByTestId('trip-item');
    // Three items: the booking joined the planned car, it was not added beside it.
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('Harbour View Cancún'),
      expect.stringMatching(/Cars.*or similar/),
      expect.stringContaining('CUN → MCO'),
    ]);
    const booked = items.filter({ has: page.getByText('Booked', { exact: true }) });
    expect(await booked.count()).toBe(1);
    expect(await booked.getAttribute('data-booked')).toBe('true');
    expect(await booked.textContent()).toMatch(/or similar/);
    expect(await booked.textContent()).toContain(reference);
    expect(await items.filter({ has: page.getByText('Planned', { exact: true }) }).count()).toBe(2);
    // Each property shows its own picture (the hotel's drawing, the car's), not the destination's; a flight has none (issue 34).
    expect(await items.evaluateAll((rows) => rows.map((row) => row.querySelector('img')?.getAttribute('src') ?? null))).toEqual([
      expect.stringMatching(/^\/images\/properties\/v1\/cancun-harbour-view\/\w+\.svg$/),
      expect.stringMatching(/^\/images\/cars\/\w+\.svg$/),
      null,
    ]);
    // Every item is priced, in US dollars, and the trip's total sums them (a flight fare stored as display text never summed).
    for (const text of await items.allTextContents()) expect(text).toMatch(/\$\d[\d,]*\.\d\d$/);
    expect(await card.locator('.trip-totals').textContent()).toMatch(/^Total: \$\d[\d,]*\.\d\d$/);

    // The calendar places the flight at its real departure and arrival, each in its airport's zone.
    await card.getByRole('link', { name: 'Harbour plan' }).click();
    await page.getByRole('heading', { level: 2, name: 'Harbour plan' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    const { events } = readCalendar(await readFile((await (await download).path())!, 'utf8'));
    const { rows } = await db.query<{ payload: { bnds: { departs_at: string; arrives_at: string }[] } }>(
      `select i.payload from trip_items i join trips t on t.id = i.trip_id where t.name = 'Harbour plan' and i.product = 'FLT'`,
    );
    const [bound] = rows[0]!.payload.bnds;
    const flight = events.find((event) => event.summary === 'Flights: CUN → MCO')!;
    expect(flight.start).toMatchObject({ zone: 'America/Cancun', instant: new Date(bound!.departs_at).toISOString() });
    expect(flight.end).toMatchObject({ zone: 'America/New_York', instant: new Date(bound!.arrives_at).toISOString() });
    expect(events.find((event) => /or similar/.test(event.summary))!.description).toBe(`Booked, confirmation ${reference}`);
    check();
    await context.close();
  });
});
