import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { hashPassword } from '~/services/identity/password.server';
import { type Page, type SignedInPageOptions, expectNoAxeViolations, orgUrl, waitForHydration, watchConsole } from '../support/browser';
import { test } from '../support/fixtures';
import { http, signInOverHttp } from '../support/http-client';
import { inDays } from '../support/dates';

/**
 * The booking guards at checkout (issue 3): the min-check-in modal for a traveller whose lead
 * time was raised after they searched, and the duplicate-booking modal for a guest who already
 * has the same booking. Both need state no page can create (a fraud-raised lead time, a past
 * booking), so they run against the PostgreSQL server, whose database the spec can reach.
 */
const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const HOST = 'wanderly.localhost';
const PASSWORD = 'Guard-Rails-2026!';
const email = `guard-${Date.now()}@wanderly.example`;
/** The spec's own member, on Wanderly. */
const member: SignedInPageOptions = { baseURL: base, host: HOST, user: { email, password: PASSWORD } };

let db: pg.Client;
let userId: number;

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const inserted = await db.query<{ id: number }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Gina', 'Guard', 'member') returning id`,
    [email, await hashPassword(PASSWORD)],
  );
  userId = inserted.rows[0]!.id;
});
afterAll(async () => {
  await db?.end();
});

const hotelDetails = (checkin: string, checkout: string) =>
  orgUrl(base, HOST, `/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${checkout}&rooms=1&guests=2`);

async function holdsOfUser(): Promise<number> {
  const { rows } = await db.query<{ count: string }>(`select count(*) from holds where user_id = $1`, [userId]);
  return Number(rows[0]!.count);
}

async function reserveStandardRoom(page: Page, checkin: string, checkout: string) {
  await page.goto(hotelDetails(checkin, checkout));
  await page.getByRole('button', { name: 'Reserve: Standard room' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
}

/**
 * These tests look at the traveller step only: COMPLETE BOOKING saves the traveller, then the
 * payment's first call is left unanswered, so nothing is paid (the page closes with it).
 */
async function stopBeforePaying(page: Page) {
  await page.route('**/api/booking/initBooking', () => undefined);
}

describe.skipIf(!base)('booking guards at checkout (issue 3, PostgreSQL server)', () => {
  test('a lead time raised after the search shows the min-check-in modal instead of holding; Change Dates goes to the first path segment', async ({ signedInPage }) => {
    await db.query(`update users set min_checkin_days = 60 where id = $1`, [userId]);
    try {
      const { context, page } = await signedInPage(member);
      const check = watchConsole(page);
      const before = await holdsOfUser();
      await reserveStandardRoom(page, inDays(30), inDays(32));
      const dialog = page.getByRole('dialog', { name: "Sorry! We're unable to process your request as your travel date is too soon." });
      await dialog.waitFor();
      expect(await dialog.getByText(/The earliest travel date you can book is/).isVisible()).toBe(true);
      await expectNoAxeViolations(page, 'min-check-in modal');
      expect(await holdsOfUser()).toBe(before);
      const changeDates = dialog.getByRole('link', { name: 'Change Dates' });
      expect(await changeDates.getAttribute('href')).toBe('/hotel-checkout');
      await changeDates.click();
      // /hotel-checkout without a hold sends the traveller back to the hotel search.
      await page.waitForURL(/\/search-detail/);

      // A resort week: the checkout does not even try to hold it.
      const unit = (
        await db.query<{ inventory_id: number; resort_id: number; weekday: number }>(
          `select t.id as inventory_id, r.id as resort_id, t.week_start_weekday as weekday from resort_unit_types t join resorts r on r.id = t.resort_id where r.kind = 'RST' order by t.id limit 1`,
        )
      ).rows[0]!;
      let offset = 30;
      while (new Date(`${inDays(offset)}T00:00:00Z`).getUTCDay() !== unit.weekday) offset++;
      await page.goto(
        orgUrl(base, HOST, `/resorts/checkout?resort_id=${unit.resort_id}&inventory_id=${unit.inventory_id}&check_in_date=${inDays(offset)}&check_out_date=${inDays(offset + 7)}`),
      );
      const weekDialog = page.getByRole('dialog', { name: /travel date is too soon/ });
      await weekDialog.waitFor();
      expect(await weekDialog.getByRole('link', { name: 'Change Dates' }).getAttribute('href')).toBe('/resorts');
      expect((await context.cookies()).some((c) => c.name === 'holdTok')).toBe(false);
      expect(await holdsOfUser()).toBe(before);
      check();
      await context.close();
    } finally {
      await db.query(`update users set min_checkin_days = null where id = $1`, [userId]);
    }
  });

  test('the same guest for the same room and dates shows the duplicate-booking modal; Change Name lets another name through', async ({ signedInPage }) => {
    const checkin = inDays(44);
    const checkout = inDays(46);
    const room = await db.query<{ id: number }>(`select r.id from hotel_room_types r join hotels h on h.id = r.hotel_id where h.slug = 'cancun-harbour-view' and r.code = 'STD'`);
    await db.query(
      `insert into bookings (reference, org_id, product, item_ref, starts_on, ends_on, guest_first_name, guest_last_name, guest_email, status)
       values ($1, 'wanderly', 'HLT', $2, $3, $4, 'Dora', 'Duplicate', 'dora@example.com', 'confirmed')`,
      [`WAN-DUP${Date.now() % 100000}`, `room-type:${room.rows[0]!.id}`, checkin, checkout],
    );
    const { context, page } = await signedInPage(member);
    // The duplicate answer is a 409, which Chromium logs.
    const check = watchConsole(page, [/status of 409 \(Conflict\).*\/hotel-checkout\?/]);
    await reserveStandardRoom(page, checkin, checkout);
    // What follows is the script's behaviour (the dialog, then focus on the name): not before it runs.
    await waitForHydration(page);
    const hold = new URL(page.url()).searchParams.get('hold')!;
    const traveler = page.getByRole('group', { name: 'Who is travelling?' });
    await traveler.getByLabel('First name').fill('dora');
    await traveler.getByLabel('Last name').fill(' DUPLICATE ');
    await traveler.getByLabel('E-mail').fill('dora@example.com');
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guest Name Update Required' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'duplicate-booking modal');
    await dialog.getByRole('link', { name: 'Change Name' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The name gets focus in the frame after the dialog is gone (its opener has it first).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('traveler-firstName');
    const started = async () => (await db.query(`select b.guest_first_name, b.status from bookings b join holds h on h.id = b.hold_id where h.token = $1`, [hold])).rows;
    expect(await started()).toEqual([]);

    await page.keyboard.type('Daniel');
    await stopBeforePaying(page);
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await page.getByRole('status').filter({ hasText: 'Traveller details saved.' }).waitFor();
    expect(await started()).toEqual([{ guest_first_name: 'Daniel', status: 'initiated' }]);
    // The page stays on the same hold (no second hold is made).
    expect(new URL(page.url()).searchParams.get('hold')).toBe(hold);
    check();
    await context.close();
  });

  test('the traveller step of a resort week starts the booking of the hold the browser prepared', async ({ signedInPage }) => {
    const unit = (
      await db.query<{ inventory_id: number; resort_id: number; weekday: number }>(
        `select t.id as inventory_id, r.id as resort_id, t.week_start_weekday as weekday from resort_unit_types t join resorts r on r.id = t.resort_id where r.kind = 'RST' order by t.id desc limit 1`,
      )
    ).rows[0]!;
    let offset = 70;
    while (new Date(`${inDays(offset)}T00:00:00Z`).getUTCDay() !== unit.weekday) offset++;
    const { context, page } = await signedInPage(member);
    const check = watchConsole(page);
    await page.goto(
      orgUrl(base, HOST, `/resorts/checkout?resort_id=${unit.resort_id}&inventory_id=${unit.inventory_id}&check_in_date=${inDays(offset)}&check_out_date=${inDays(offset + 7)}`),
    );
    await page.getByRole('status').filter({ hasText: 'We are holding this week for you until' }).waitFor();
    const holdTok = (await context.cookies()).find((c) => c.name === 'holdTok')!.value;
    // One form: COMPLETE BOOKING saves the traveller first, once the page's script runs.
    await waitForHydration(page);
    await stopBeforePaying(page);
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await page.getByRole('status').filter({ hasText: 'Traveller details saved.' }).waitFor();
    const rows = (await db.query(`select b.product, b.guest_last_name, b.status from bookings b join holds h on h.id = b.hold_id where h.token = $1`, [holdTok])).rows;
    expect(rows).toEqual([{ product: 'RST', guest_last_name: 'Guard', status: 'initiated' }]);
    check();
    await context.close();
  });

  test('without JavaScript the duplicate-booking modal is part of the answered page', async ({ signedInPage }) => {
    const checkin = inDays(44);
    const checkout = inDays(46);
    const { context, page } = await signedInPage({ ...member, context: { javaScriptEnabled: false } });
    await reserveStandardRoom(page, checkin, checkout);
    const traveler = page.getByRole('group', { name: 'Who is travelling?' });
    await traveler.getByLabel('First name').fill('Dora');
    await traveler.getByLabel('Last name').fill('Duplicate');
    await traveler.getByLabel('E-mail').fill('dora@example.com');
    // Without the script, COMPLETE BOOKING posts the one form as the traveller step.
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await page.getByRole('heading', { name: 'Guest Name Update Required' }).waitFor();
    await context.close();
  });

  test("a checkout link works only in its organisation, and a signed-in traveller's hold only for them", async () => {
    const origin = (host: string) => orgUrl(base, host, '').replace(/\/$/, '');
    const holdForm = new URLSearchParams({ destination: 'cancun', checkin: inDays(62), checkout: inDays(63), rooms: '1', guests: '2', roomTypeId: '1' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: origin(HOST) };
    const anonymous = await http(base, 'POST', '/hotel-checkout', { host: HOST, headers, body: holdForm });
    const anonymousHold = new URL(String(anonymous.headers.location), base).searchParams.get('hold')!;
    expect((await http(base, 'GET', `/hotel-checkout?hold=${anonymousHold}`, { host: HOST })).status).toBe(200);
    expect((await http(base, 'GET', `/hotel-checkout?hold=${anonymousHold}`, { host: 'voyagerpro.localhost' })).status).toBe(404);

    const cookie = await signInOverHttp(base, { host: HOST, email, password: PASSWORD });
    const mine = await http(base, 'POST', '/hotel-checkout', { host: HOST, headers, cookie, body: holdForm });
    const myHold = new URL(String(mine.headers.location), base).searchParams.get('hold')!;
    expect((await http(base, 'GET', `/hotel-checkout?hold=${myHold}`, { host: HOST, cookie })).status).toBe(200);
    // The page's data leaves the hold's quote (its fees, the organisation's markup) on the server.
    const pageData = await http(base, 'GET', `/hotel-checkout?hold=${myHold}&_data=routes%2Fhotel-checkout`, { host: HOST, cookie });
    expect(pageData.status).toBe(200);
    expect(Object.keys(pageData.json() as object)).not.toContain('quote');
    expect(pageData.text).not.toMatch(/markup|net_rate|supplier_price/);
    // Someone else with the link (signed out here) sees nothing of it, nor can they name its traveller.
    expect((await http(base, 'GET', `/hotel-checkout?hold=${myHold}`, { host: HOST })).status).toBe(404);
    const traveler = await http(base, 'POST', `/hotel-checkout?_data=routes%2Fhotel-checkout`, {
      host: HOST,
      headers,
      body: new URLSearchParams({ intent: 'traveler', hold: myHold, firstName: 'Eve', lastName: 'Other', email: 'eve@example.com' }).toString(),
    });
    expect(traveler.status).toBe(409);
  });

  test('refuses bad traveller input and foreign or unknown holds with a clear 4xx and starts no booking', async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams({ intent: 'traveler', ...fields }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: orgUrl(base, HOST, '').replace(/\/$/, '') };
    const count = async () => Number((await db.query<{ count: string }>(`select count(*) from bookings`)).rows[0]!.count);
    const before = await count();
    const unknown = await http(base, 'POST', '/hotel-checkout?_data=routes%2Fhotel-checkout', {
      host: HOST,
      headers,
      body: form({ hold: 'x'.repeat(32), firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }),
    });
    expect(unknown.status).toBe(409);
    expect(unknown.text).toContain('expired');

    const held = await http(base, 'POST', '/hotel-checkout', {
      host: HOST,
      headers,
      body: new URLSearchParams({ destination: 'cancun', checkin: inDays(60), checkout: inDays(61), rooms: '1', guests: '2', roomTypeId: '1' }).toString(),
    });
    expect(held.status).toBe(302);
    const hold = new URL(String(held.headers.location), base).searchParams.get('hold')!;
    const invalid = await http(base, 'POST', `/hotel-checkout?hold=${hold}&_data=routes%2Fhotel-checkout`, {
      host: HOST,
      headers,
      body: form({ hold, firstName: 'Ann', lastName: '', email: 'not-an-address', phone: 'call me' }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json().traveler.errors).toEqual({ lastName: 'checkout.error.lastName', email: 'checkout.error.email', phone: 'checkout.error.phone' });
    // The hold belongs to wanderly: on another organisation's site it is not a hold at all.
    const foreign = await http(base, 'POST', `/hotel-checkout?_data=routes%2Fhotel-checkout`, {
      host: 'viajamas.localhost',
      headers: { ...headers, origin: orgUrl(base, 'viajamas.localhost', '').replace(/\/$/, '') },
      body: form({ hold, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }),
    });
    expect(foreign.status).toBe(409);
    expect(await count()).toBe(before);
  });
});
