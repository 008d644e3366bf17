// Issue 10 (what issues #3 and #4 left of the spec): the date-format rule (spec §6, §9). A
// signed-in user's dates follow the user's date format (default DD/MM/YYYY, looked up with
// usr_type 2), set through POST /api/user/preferences; anonymous visitors keep the locale's.
// Runs on the PostgreSQL server, whose database the spec reaches to create its own members.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '~/services/identity/password.server';
import { type Page, expectNoAxeViolations, newContext, orgUrl, signedInPage, useSharedBrowser, watchConsole, waitForHydration } from '../support/browser';
import { inDays } from '../support/dates';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const HOST = 'wanderly.localhost';
const PASSWORD = 'Date-Format-2026!';
const stamp = Date.now().toString(36);
const american = `dates-us-${stamp}@wanderly.example`;
const defaulted = `dates-default-${stamp}@wanderly.example`;
const CHECKIN = inDays(236);
const CHECKOUT = inDays(238);

const browser = useSharedBrowser();
let db: pg.Client;
const site = (path: string) => orgUrl(base, HOST, path);

/** '2026-05-04' as MM/DD/YYYY and DD/MM/YYYY. */
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const european = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  for (const email of [american, defaulted]) {
    await db.query(`insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Dana', 'Dates', 'member')`, [
      email,
      await hashPassword(PASSWORD),
    ]);
  }
});

afterAll(async () => {
  await db?.end();
});

async function signedIn(email: string): Promise<Page> {
  return (await signedInPage(browser(), { baseURL: base, host: HOST, user: { email, password: PASSWORD } })).page;
}

function postPreferences(page: Page, body: unknown) {
  return page.evaluate(async (payload) => {
    const res = await fetch('/api/user/preferences', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: res.status, body: (await res.json()) as { status: number; message: string; data?: Record<string, string> } };
  }, body);
}

async function reserve(page: Page, checkin = CHECKIN, checkout = CHECKOUT) {
  await page.goto(site(`/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${checkout}&rooms=1&guests=2`));
  await page.getByRole('button', { name: 'Reserve: Standard room' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
}

const storedFormat = async (email: string) => (await db.query<{ date_format: string | null }>(`select date_format from users where email = $1`, [email])).rows[0]!.date_format;

describe.skipIf(!base)('the date format of a signed-in user (spec §6, §9)', () => {
  it('POST /api/user/preferences sets date_format from the allowed list; anything else is a 400 naming the field and changes nothing', async () => {
    const page = await signedIn(american);
    const preference = { usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD' };
    for (const bad of ['mm/dd/yyyy', 'DD.MM.YYYY', 7, '']) {
      const refused = await postPreferences(page, { ...preference, date_format: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.message).toMatch(/^date_format: /);
    }
    expect((await postPreferences(page, { ...preference, date_format: 'mm/dd/yyyy' })).body.message).toBe('date_format: must be one of "DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD"');
    expect(await storedFormat(american)).toBeNull();
    const saved = await postPreferences(page, { ...preference, date_format: 'MM/DD/YYYY' });
    expect(saved).toEqual({
      status: 200,
      body: { status: 200, message: 'Preferences saved', data: { preferred_language: 'en-US', preferred_currency: 'USD', date_format: 'MM/DD/YYYY' } },
    });
    expect(await storedFormat(american)).toBe('MM/DD/YYYY');
    // Leaving it out keeps the saved format.
    expect((await postPreferences(page, preference)).status).toBe(200);
    expect(await storedFormat(american)).toBe('MM/DD/YYYY');
    await page.context().close();
  });

  it('a user with MM/DD/YYYY sees checkout, success page and My bookings dates so; a user without one sees DD/MM/YYYY; an anonymous visitor keeps the current dates', async () => {
    const page = await signedIn(american);
    const check = watchConsole(page);
    await reserve(page);
    const stay = page.locator('.checkout-summary');
    expect(await stay.getByText(`${us(CHECKIN)} to ${us(CHECKOUT)}`).isVisible()).toBe(true);
    // One form: COMPLETE BOOKING saves the traveller first, once the page's script runs.
    await waitForHydration(page);
    await page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: 'Pay with new card' }).check();
    const frame = page.getByRole('form', { name: 'Credit Card' }).frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill('4111111111111111');
    await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
    await frame.getByLabel('CVV').fill('123');
    const submit = page.getByRole('button', { name: 'COMPLETE BOOKING' });
    await submit.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await submit.click();
    await page.waitForURL(/checkout-success\?booking_id=/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
    expect(await page.getByText(`${us(CHECKIN)} to ${us(CHECKOUT)}`, { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'success page with the user date format');

    await page.goto(site('/user/profile'));
    const list = page.getByRole('region', { name: 'My bookings' });
    expect(await list.getByRole('cell', { name: `${us(CHECKIN)} to ${us(CHECKOUT)}` }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'My bookings with the user date format');
    check();
    await page.context().close();

    // No preference: the default DD/MM/YYYY.
    const other = await signedIn(defaulted);
    await reserve(other, inDays(240), inDays(242));
    expect(
      await other
        .locator('.checkout-summary')
        .getByText(`${european(inDays(240))} to ${european(inDays(242))}`)
        .isVisible(),
    ).toBe(true);
    await other.context().close();

    // Anonymous: no user format, the locale's long date (issue 14: no ISO days on the checkout).
    const { context } = await newContext(browser());
    const anonymous = await context.newPage();
    await reserve(anonymous, inDays(244), inDays(246));
    const long = (day: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    expect(
      await anonymous
        .locator('.checkout-summary')
        .getByText(`${long(inDays(244))} to ${long(inDays(246))}`)
        .isVisible(),
    ).toBe(true);
    await context.close();
  });

  it('a user with MM/DD/YYYY sees the flight itinerary and the resort week on their checkouts so (axe)', async () => {
    const page = await signedIn(american);
    const check = watchConsole(page);
    // Flight: results → fares → checkout; each leg and flight carries its day in the user's format.
    const depart = inDays(57);
    await page.goto(site(`/flight/search-details?triptype=oneway&from=CUN&to=MCO&depart=${depart}&adults=1`));
    await page
      .getByRole('link', { name: /^View fares/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Select Standard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    const leg = page.locator('.checkout-summary').getByRole('heading', { level: 3, name: /^Flight 1: CUN → MCO · / });
    expect(await leg.textContent()).toMatch(new RegExp(`· \\p{L}+\\.? ${us(depart)}$`, 'u'));
    expect(await page.locator('.checkout-summary .flight-segments').first().textContent()).toContain(` ${us(depart)})`);
    await expectNoAxeViolations(page, 'flight checkout with the user date format');

    // Resort week: search → details → reserve; the held week's first and last day in the user's format.
    await page.goto(site(`/resorts/search-details?destination=cancun&check_in_date=${inDays(280)}&weeks=1`));
    await page.getByRole('link', { name: 'View weeks at Royal Palm Cancún Beach Resort' }).click();
    await page.getByRole('link', { name: 'Reserve this week: Studio' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'We are holding this week for you until' }).waitFor();
    const url = new URL(page.url());
    const [checkIn, checkOut] = [url.searchParams.get('check_in_date')!, url.searchParams.get('check_out_date')!];
    const week = await page.locator('.weeks-checkout .week-dates').textContent();
    expect(week).toContain(`${us(checkIn)} – `);
    expect(week).toContain(` ${us(checkOut)} · `);
    await expectNoAxeViolations(page, 'weeks checkout with the user date format');
    check();
    await page.context().close();
  });
});
