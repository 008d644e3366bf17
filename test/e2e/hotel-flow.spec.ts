import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolations, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const browser = useSharedBrowser();

/** Home → search → results → details → reserve → checkout, as a traveller would. */
async function searchAndReserve(page: Page, { destination, checkin, checkout, axe }: { destination: string; checkin: string; checkout: string; axe: boolean }) {
  await page.goto(orgUrl(base, 'wanderly.localhost', '/'));
  const form = page.getByRole('region', { name: 'Find a hotel' });
  await form.getByLabel('Destination').selectOption({ label: destination });
  await form.getByLabel('Check-in').fill(checkin);
  await form.getByLabel('Check-out').fill(checkout);
  await form.getByRole('button', { name: 'Search hotels' }).click();
  await page.getByRole('heading', { level: 1, name: /^Hotels in Cancún/ }).waitFor();
  // Without JavaScript the document streams in: count once it has all arrived.
  await page.waitForLoadState('load');
  if (axe) await expectNoAxeViolations(page, 'hotel results');
  const results = page.getByRole('region', { name: /hotels for 3 nights/ });
  expect(await results.getByRole('listitem').count()).toBe(8);

  await page.getByRole('link', { name: 'View rooms at Harbour View Cancún' }).click();
  await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
  if (axe) await expectNoAxeViolations(page, 'hotel details');
  await page.getByRole('button', { name: 'Reserve: Deluxe room' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  if (axe) await expectNoAxeViolations(page, 'hotel checkout');
}

describe('hotel search to checkout (issue 3)', () => {
  it('searches a seeded destination, opens details and reaches checkout with a hold and a price breakdown', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await searchAndReserve(page, { destination: 'Cancún, Mexico', checkin: inDays(40), checkout: inDays(43), axe: true });
    expect(new URL(page.url()).searchParams.get('hold')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await page.getByRole('status').filter({ hasText: 'We are holding this room for you until' }).isVisible()).toBe(true);
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    // The stay is its nights at a rate before tax, then the taxes: the lines add up to the total.
    expect(await breakdown.getByText(/^1 room × 3 nights at \$[\d,]+\.\d\d a night$/).isVisible()).toBe(true);
    expect(await breakdown.getByText('(before taxes)', { exact: true }).isVisible()).toBe(true);
    for (const line of ['Taxes and fees', 'Total']) expect(await breakdown.getByText(line, { exact: true }).isVisible(), line).toBe(true);
    const cents = (text: string | null) => Math.round(Number(/\$([\d,]+\.\d\d)$/.exec(text?.trim() ?? '')![1]!.replace(/,/g, '')) * 100);
    const lines = (await breakdown.locator('dl > div:not(.price-total) dd').allTextContents()).map(cents);
    expect(lines.length).toBe(2);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(cents(await breakdown.locator('.price-total dd').textContent()));
    // Guests may use their own details: the traveller form is there and empty for a visitor.
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    check();
    await context.close();
  });

  it('works with JavaScript disabled (progressive enhancement), at 375 px', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    // axe needs scripts in the page; the JavaScript run above checks these pages.
    await searchAndReserve(page, { destination: 'Cancún, Mexico', checkin: inDays(50), checkout: inDays(53), axe: false });
    // The heading may be in before the rest of the document: wait for the breakdown to arrive.
    await page.getByRole('region', { name: 'Price breakdown' }).waitFor();
    expect(await page.getByRole('region', { name: 'Price breakdown' }).isVisible()).toBe(true);
    await context.close();
  });

  it('explains bad searches per field, and refuses a check-in that is too soon', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // Yesterday in UTC is at most today on Wanderly's clock (Los Angeles), so always too soon.
    await page.goto(orgUrl(base, 'wanderly.localhost', `/search-detail?destination=cancun&checkin=${inDays(-1)}&checkout=${inDays(-3)}`));
    expect(await page.getByText('Check-in is too soon; choose a later date.').isVisible()).toBe(true);
    expect(await page.getByLabel('Check-in').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'search errors');
    await context.close();
  });

  it('answers 404 for an unknown hold or hotel, and 409 when the room sold out meanwhile', async () => {
    expect((await fetch(`${base}/hotel-checkout?hold=not-a-real-hold-token-123`)).status).toBe(404);
    expect((await fetch(`${base}/hotel-details?hotel=nope&destination=cancun&checkin=${inDays(40)}&checkout=${inDays(43)}`)).status).toBe(404);
    // Suites at Grand Plaza Tokyo: two rooms. Hold both, then try once more.
    const page = await fetch(`${base}/hotel-details?hotel=tokyo-grand-plaza&destination=tokyo&checkin=${inDays(70)}&checkout=${inDays(72)}&rooms=2&guests=4`);
    const html = await page.text();
    const roomTypeId = /name="roomTypeId" value="(\d+)"/.exec(html.slice(html.indexOf('Suite')))?.[1];
    expect(roomTypeId).toBeTruthy();
    const reserve = () =>
      fetch(`${base}/hotel-checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ destination: 'tokyo', checkin: inDays(70), checkout: inDays(72), rooms: '2', guests: '4', roomTypeId: roomTypeId! }),
      });
    const first = await reserve();
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toMatch(/^\/hotel-checkout\?hold=/);
    const second = await reserve();
    expect(second.status).toBe(302);
    const soldOut = await fetch(new URL(second.headers.get('location')!, base));
    expect(soldOut.status).toBe(409);
    expect(await soldOut.text()).toContain('this room has just sold out');
  });

  it('prices checkout from the hold: a package search keeps its rate, and an edited link changes neither price nor charge (issue 4)', async () => {
    const page = await fetch(`${base}/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(150)}&checkout=${inDays(152)}&rooms=1&guests=2&package=1`);
    const html = await page.text();
    const roomTypeId = /name="roomTypeId" value="(\d+)"/.exec(html)?.[1];
    expect(roomTypeId).toBeTruthy();
    const held = await fetch(`${base}/hotel-checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ destination: 'cancun', checkin: inDays(150), checkout: inDays(152), rooms: '1', guests: '2', package: '1', roomTypeId: roomTypeId! }),
    });
    const location = held.headers.get('location')!;
    // The link names only the hold.
    expect([...new URL(location, base).searchParams.keys()]).toEqual(['hold']);
    type Data = { price: { priceType: string; total: { amountMinor: number } }; charge: { amountMinor: number; currency: string; description: string } };
    const data = async (query: string) => (await (await fetch(`${base}${location}${query}&_data=routes%2Fhotel-checkout`)).json()) as Data;
    const shown = await data('');
    expect(shown.price.priceType).toBe('PKG');
    expect(shown.charge).toMatchObject({ amountMinor: shown.price.total.amountMinor, currency: 'USD', description: expect.stringContaining('2 nights · 1 room') });
    const edited = await data('&package=0&guests=1&rooms=3');
    expect(edited.price).toEqual(shown.price);
    expect(edited.charge).toEqual(shown.charge);
  });
});
