import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolationsAtViewports, newContext, orgUrl, useSharedBrowser, watchConsole, waitForHydration } from '../support/browser';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const browser = useSharedBrowser();

// Holiday homes 120+ days out: units and dates no other spec holds.
const wanderly = (path: string) => orgUrl(base, 'wanderly.localhost', path);

/** /holidaystays landing → search → results → details → reserve → checkout, as a traveller would. */
async function searchAndReserve(page: Page, { checkin, checkout, axe }: { checkin: string; checkout: string; axe: boolean }) {
  await page.goto(wanderly('/holidaystays'));
  const form = page.getByRole('region', { name: 'Find a holiday home' });
  expect(await form.getByText(/Apartments, villas and cottages/).isVisible()).toBe(true);
  if (axe) await expectNoAxeViolationsAtViewports(page, 'holidaystays landing');
  await form.getByLabel('Destination').selectOption({ label: 'Cancún, Mexico' });
  await form.getByLabel('Check-in').fill(checkin);
  await form.getByLabel('Check-out').fill(checkout);
  await form.getByRole('button', { name: 'Search holiday homes' }).click();
  await page.getByRole('heading', { level: 1, name: /^Holiday homes in Cancún/ }).waitFor();
  // Without JavaScript the document streams in: count once it has all arrived.
  await page.waitForLoadState('load');
  expect(new URL(page.url()).pathname).toBe('/holidaystays/search-detail');
  const results = page.getByRole('region', { name: /holiday homes for 3 nights/ });
  expect(await results.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Old Town Apartments Cancún', 'Seaside Villas Cancún']);
  if (axe) await expectNoAxeViolationsAtViewports(page, 'holiday homes results');

  await page.getByRole('link', { name: 'View homes at Seaside Villas Cancún' }).click();
  await page.getByRole('heading', { level: 1, name: 'Seaside Villas Cancún' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/holidaystays/hotel-details');
  expect(await page.getByRole('heading', { level: 2, name: 'Choose your home' }).isVisible()).toBe(true);
  if (axe) await expectNoAxeViolationsAtViewports(page, 'holiday home details');
  await page.getByRole('button', { name: 'Reserve: Two-bedroom villa' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/holidaystays/hotel-checkout');
  expect(new URL(page.url()).searchParams.get('hold')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  expect(await page.getByRole('status').filter({ hasText: 'We are holding this home for you until' }).isVisible()).toBe(true);
  expect(await page.getByRole('region', { name: 'Price breakdown' }).isVisible()).toBe(true);
}

describe('holiday homes: the /holidaystays variants of the hotel flow (spec §2)', () => {
  it('searches holiday homes from the landing, opens details and reaches checkout with a hold, a price breakdown and a traveller step', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await searchAndReserve(page, { checkin: inDays(120), checkout: inDays(123), axe: true });
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    expect(await breakdown.getByText(/^1 home × 3 nights at /).isVisible()).toBe(true);
    for (const line of ['Taxes and fees', 'Total']) {
      expect(await breakdown.getByText(line, { exact: true }).isVisible(), line).toBe(true);
    }
    expect(await page.getByText('Two-bedroom villa', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'holiday home checkout');
    const traveler = page.getByRole('group', { name: 'Who is travelling?' });
    await traveler.getByLabel('First name').fill('Hana');
    await traveler.getByLabel('Last name').fill('Holiday');
    await traveler.getByLabel('E-mail').fill('hana@example.com');
    // The one submit saves the traveller first; the payment's first call is left unanswered (nothing is paid).
    await waitForHydration(page);
    await page.route('**/api/booking/initBooking', () => undefined);
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await page.getByRole('status').filter({ hasText: 'Traveller details saved.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/holidaystays/hotel-checkout');
    check();
    await context.close();
  });

  it('works with JavaScript disabled (search, results, details, hold), at 375 px', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    // axe needs scripts in the page; the JavaScript run above checks these pages.
    await searchAndReserve(page, { checkin: inDays(130), checkout: inDays(133), axe: false });
    await context.close();
  });

  it('keeps hotels and holiday homes apart: the hotel flow lists no holiday homes and neither flow opens the other’s', async () => {
    const search = `destination=cancun&checkin=${inDays(120)}&checkout=${inDays(123)}&rooms=1&guests=2`;
    const hotels = await (await fetch(`${base}/search-detail?${search}`)).text();
    expect(hotels).toContain('Harbour View Cancún');
    expect(hotels).not.toContain('Seaside Villas');
    expect(hotels).not.toContain('Old Town Apartments');
    const homes = await (await fetch(`${base}/holidaystays/search-detail?${search}`)).text();
    expect(homes).toContain('Seaside Villas Cancún');
    expect(homes).not.toContain('Harbour View');
    // A party of six fits a holiday home, never a hotel room.
    expect(await (await fetch(`${base}/search-detail?${search.replace('guests=2', 'guests=6')}`)).text()).toContain('Choose 1 to 4 guests per room.');
    expect((await fetch(`${base}/hotel-details?hotel=cancun-seaside-villas&${search}`)).status).toBe(404);
    expect((await fetch(`${base}/holidaystays/hotel-details?hotel=cancun-harbour-view&${search}`)).status).toBe(404);
  });

  it('stays inside the variant when the last home sells out (409) or the date is too soon', async () => {
    // One three-bedroom villa in Cancún, the only home there for six: hold it, then try once more.
    const stay = { destination: 'cancun', checkin: inDays(140), checkout: inDays(142), rooms: '1', guests: '6' };
    const html = await (await fetch(`${base}/holidaystays/hotel-details?hotel=cancun-seaside-villas&${new URLSearchParams(stay)}`)).text();
    expect(html).toContain('Too small for 6 guests');
    const roomTypeId = /name="roomTypeId" value="(\d+)"/.exec(html.slice(html.indexOf('Three-bedroom villa')))?.[1];
    expect(roomTypeId).toBeTruthy();
    const reserve = (fields: Record<string, string>) =>
      fetch(`${base}/holidaystays/hotel-checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ ...fields, roomTypeId: roomTypeId! }),
      });
    const first = await reserve(stay);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toMatch(/^\/holidaystays\/hotel-checkout\?hold=/);
    const second = await reserve(stay);
    expect(second.headers.get('location')).toMatch(/^\/holidaystays\/hotel-checkout\?soldout=1&/);
    const soldOut = await fetch(new URL(second.headers.get('location')!, base));
    expect(soldOut.status).toBe(409);
    const page = await soldOut.text();
    expect(page).toContain('this home has just sold out');
    expect(page).toContain('href="/holidaystays/search-detail?');
    // The same villa through the hotel flow is not a hotel room.
    const viaHotels = await fetch(`${base}/hotel-checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ ...stay, guests: '4', checkin: inDays(160), checkout: inDays(162), roomTypeId: roomTypeId! }),
    });
    expect(viaHotels.status).toBe(404);
    expect((await fetch(`${base}/holidaystays/hotel-checkout`, { redirect: 'manual' })).headers.get('location')).toBe('/holidaystays/search-detail?notice=choose-first');
    // Change Dates on the min-check-in modal goes back to the holidaystays landing and its search.
    const tooSoon = await (await fetch(`${base}/holidaystays/hotel-checkout?guard=too-soon&earliest=${inDays(10)}`)).text();
    expect(tooSoon).toMatch(/href="\/holidaystays"[^>]*>Change Dates/);
  });
});
