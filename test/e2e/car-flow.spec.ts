import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolations, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const browser = useSharedBrowser();

const STORAGE_KEY = 'destinationHistoryCars';

/** Waits for a page's heading and for the document to finish (without JavaScript it streams in). */
async function arrive(page: Page, name: string | RegExp, level = 1) {
  await page.getByRole('heading', { level, name }).waitFor();
  await page.waitForLoadState('load');
}

type Rental = { pickup: string; dropoff?: string; pickupDate: string; dropoffDate: string };

/** The /cars landing search, as a traveller fills it in. */
async function searchCars(page: Page, rental: Rental) {
  await page.goto(orgUrl(base, 'wanderly.localhost', '/cars'));
  const form = page.getByRole('region', { name: 'Find a rental car' });
  await form.getByLabel('Pick-up location').selectOption({ label: rental.pickup });
  if (rental.dropoff) {
    await form.getByLabel('Return the car to the same location').uncheck();
    await form.getByLabel('Drop-off location').selectOption({ label: rental.dropoff });
  }
  await form.getByLabel('Pick-up date').fill(rental.pickupDate);
  await form.getByLabel('Pick-up time').fill('10:00');
  await form.getByLabel('Drop-off date').fill(rental.dropoffDate);
  await form.getByLabel('Drop-off time').fill('09:00');
  await form.getByLabel('Driver age').fill('30');
  await form.getByRole('button', { name: 'Search cars' }).click();
  await arrive(page, 'Rental cars in Cancún');
}

/** Landing → results → filter → details → reserve → checkout, with axe on each page when asked. */
async function searchAndReserve(page: Page, rental: Rental, { axe }: { axe: boolean }) {
  if (axe) {
    await page.goto(orgUrl(base, 'wanderly.localhost', '/cars'));
    await expectNoAxeViolations(page, 'cars landing');
  }
  await searchCars(page, rental);
  if (axe) await expectNoAxeViolations(page, 'car results');
  const results = page.getByRole('region', { name: /cars for 3 days/ });
  expect(
    await results
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .count(),
  ).toBe(6);

  const filters = page.getByRole('form', { name: 'Filter and sort' });
  await filters.getByLabel('SUV').check();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await arrive(page, '1 car for 3 days', 2);

  await page.getByRole('link', { name: /^View Toyota RAV4 or similar from / }).click();
  await arrive(page, 'SUV · Toyota RAV4 or similar');
  if (axe) await expectNoAxeViolations(page, 'car details');
  await page.getByRole('button', { name: 'Reserve this car' }).click();
  await arrive(page, 'Complete your booking');
  if (axe) await expectNoAxeViolations(page, 'car checkout');
}

async function expectCheckoutWithHold(page: Page, oneWay: boolean) {
  expect(new URL(page.url()).searchParams.get('hold')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  expect(await page.getByText(/^We are holding this car for you until/).isVisible()).toBe(true);
  const breakdown = page.getByRole('region', { name: 'Price breakdown' });
  expect(await breakdown.getByText(/^3 days at /).isVisible()).toBe(true);
  for (const line of ['Taxes and fees', 'Total']) expect(await breakdown.getByText(line, { exact: true }).isVisible(), line).toBe(true);
  expect(await breakdown.getByText('One-way fee', { exact: true }).count()).toBe(oneWay ? 1 : 0);
  // The RAV4 offers are prepaid: the page says the total is paid now, not at the desk.
  expect(await page.getByText('Paid now, when you book.').isVisible()).toBe(true);
  expect(await page.getByLabel('First name').inputValue()).toBe('');
}

describe('car rental search to checkout (issue 3)', () => {
  it('searches a seeded desk and dates, filters, opens details and reaches checkout with a hold and a price breakdown (1280 px, axe)', async () => {
    const { context } = await newContext(browser(), { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const check = watchConsole(page);
    await searchAndReserve(page, { pickup: 'Cancún Airport (CUN)', pickupDate: inDays(40), dropoffDate: inDays(43) }, { axe: true });
    await expectCheckoutWithHold(page, false);
    check();
    await context.close();
  });

  it('has no axe violations at 375 px, and a one-way rental adds the one-way fee', async () => {
    const { context } = await newContext(browser(), { viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    const check = watchConsole(page);
    await searchAndReserve(page, { pickup: 'Cancún Airport (CUN)', dropoff: 'Cancún Downtown', pickupDate: inDays(44), dropoffDate: inDays(47) }, { axe: true });
    await expectCheckoutWithHold(page, true);
    check();
    await context.close();
  });

  it('works with JavaScript disabled: search, results, details and the hold', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    // axe needs scripts in the page; the runs above check these pages.
    await searchAndReserve(page, { pickup: 'Cancún Airport (CUN)', dropoff: 'Cancún Downtown', pickupDate: inDays(50), dropoffDate: inDays(53) }, { axe: false });
    await expectCheckoutWithHold(page, true);
    await context.close();
  });

  it('remembers each search once under destinationHistoryCars, re-runs it from Recent searches, and drops past ones', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    const rental = { pickup: 'Cancún Airport (CUN)', pickupDate: inDays(60), dropoffDate: inDays(63) };
    await searchCars(page, rental);
    await searchCars(page, rental);
    const stored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)) ?? '[]') as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      pickLocation: 'Cancún Airport (CUN)',
      pickUpCode: 'CUNA',
      dropUpCode: 'CUNA',
      pickUpDate: rental.pickupDate,
      dropOffDate: rental.dropoffDate,
      pickUpTime: '10:00',
      dropOffTime: '09:00',
      driverAge: 30,
      checkbox: true,
      cityName: 'Cancún',
      countryName: 'Mexico',
    });

    await page.goto(orgUrl(base, 'wanderly.localhost', '/cars'));
    const recent = page.getByRole('region', { name: 'Recent searches' });
    await recent.waitFor();
    expect(await recent.getByRole('link').count()).toBe(1);
    await expectNoAxeViolations(page, 'cars landing with recent searches');
    // Keyboard: the entry is a link, reached and followed like any other.
    await recent.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await arrive(page, 'Rental cars in Cancún');
    expect(new URL(page.url()).searchParams.get('pickup_date')).toBe(rental.pickupDate);

    // A search whose pickup has passed is not shown and leaves storage when read.
    const past = { ...stored[0], pickUpDate: inDays(-3), dropOffDate: inDays(-1) };
    await page.evaluate(([key, list]) => window.localStorage.setItem(key, list), [STORAGE_KEY, JSON.stringify([past, stored[0]])] as const);
    await page.goto(orgUrl(base, 'wanderly.localhost', '/cars'));
    await recent.waitFor();
    expect(await recent.getByRole('link').count()).toBe(1);
    await expect.poll(async () => JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)) ?? '[]').length).toBe(1);
    check();
    await context.close();
  });

  it('explains a malformed search on the page, per field, and an empty result', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(
      orgUrl(
        base,
        'wanderly.localhost',
        `/cars/search-details?pickup=CUNA&same_dropoff=1&pickup_date=${inDays(-2)}&pickup_time=10:00&dropoff_date=${inDays(-4)}&dropoff_time=10:00&driver_age=12`,
      ),
    );
    expect(await page.getByText('Pick-up is too soon; choose a later date.').isVisible()).toBe(true);
    expect(await page.getByText('Enter the driver’s age, from 21 to 99.').isVisible()).toBe(true);
    expect(await page.getByLabel('Driver age').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'car search errors');
    await page.goto(
      orgUrl(
        base,
        'wanderly.localhost',
        `/cars/search-details?pickup=CUNA&same_dropoff=0&dropoff=JFKA&pickup_date=${inDays(40)}&pickup_time=10:00&dropoff_date=${inDays(42)}&dropoff_time=10:00&driver_age=30`,
      ),
    );
    expect(await page.getByText('The drop-off location must be in the same city as the pick-up.').isVisible()).toBe(true);
    // A valid search whose filters leave nothing says so.
    await page.goto(
      orgUrl(
        base,
        'wanderly.localhost',
        `/cars/search-details?pickup=CUNA&same_dropoff=1&pickup_date=${inDays(40)}&pickup_time=10:00&dropoff_date=${inDays(42)}&dropoff_time=10:00&driver_age=30&family=Luxury&passengers=7`,
      ),
    );
    expect(await page.getByRole('status').filter({ hasText: 'No car matches this search. Clear some filters or try other dates.' }).isVisible()).toBe(true);
    await context.close();
  });

  it('answers a bad hold form with a 4xx, and 409 when the last car was rented meanwhile', async () => {
    const rental = { pickup: 'LHRC', same_dropoff: '1', pickup_date: inDays(90), pickup_time: '10:00', dropoff_date: inDays(92), dropoff_time: '10:00', driver_age: '40' };
    const hold = (body: Record<string, string>) =>
      fetch(`${base}/cars/checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams(body),
      });
    expect((await hold(rental)).status).toBe(400);
    expect((await hold({ ...rental, car_id: 'abc' })).status).toBe(400);
    expect((await hold({ ...rental, pickup_date: 'tomorrow', car_id: '1' })).status).toBe(400);
    expect((await hold({ ...rental, car_id: '999999' })).status).toBe(404);
    expect((await fetch(`${base}/cars/checkout?hold=not-a-real-hold-token-123`)).status).toBe(404);
    // A details link with a broken search goes back to the search, which says why.
    const broken = await fetch(`${base}/cars/details?car_id=1&pickup=CUNA&pickup_date=soon`, { redirect: 'manual' });
    expect(broken.status).toBe(302);
    expect(broken.headers.get('location')).toBe('/cars/search-details?notice=choose-first');

    // Luxury cars come two to a desk: hold both, then try once more.
    const results = await (await fetch(`${base}/cars/search-details?${new URLSearchParams({ ...rental, family: 'Luxury' }).toString()}`)).text();
    const carId = /car_id=(\d+)/.exec(results)?.[1];
    expect(carId).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const held = await hold({ ...rental, car_id: carId! });
      expect(held.status).toBe(302);
      expect(held.headers.get('location')).toMatch(/^\/cars\/checkout\?hold=/);
    }
    const third = await hold({ ...rental, car_id: carId! });
    expect(third.status).toBe(302);
    const soldOut = await fetch(new URL(third.headers.get('location')!, base));
    expect(soldOut.status).toBe(409);
    const page = await soldOut.text();
    expect(page).toContain('this car has just been rented out');
    expect(page).toContain('href="/cars/search-details?');
  });
});
