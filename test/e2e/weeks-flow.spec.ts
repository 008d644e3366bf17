import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolations, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { http } from '../support/http-client';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const browser = useSharedBrowser();

// Weeks 200+ days out, one range per test, so these holds never meet other specs' holds.

const products = [
  { product: 'resorts', form: 'Find a resort week', submit: 'Search resorts', title: /^Resorts in Cancún/, resort: 'Royal Palm Cancún Beach Resort', unit: 'Studio', days: 210 },
  { product: 'stays', form: 'Find a holiday stay', submit: 'Search stays', title: /^Holiday stays in Cancún/, resort: 'Sunset Holiday Homes Cancún', unit: 'Apartment', days: 220 },
] as const;
type Product = (typeof products)[number];

/** Search → results → details → "Reserve this week", as a traveller would. */
async function searchAndReserve(page: Page, p: Omit<Product, 'unit'> & { unit: string }, days: number, { axe = false, weeks = '1' } = {}) {
  await page.goto(orgUrl(base, 'wanderly.localhost', `/${p.product}/search-details`));
  const form = page.getByRole('region', { name: p.form });
  if (axe) await expectNoAxeViolations(page, `${p.product} search`);
  await form.getByLabel('Destination').selectOption({ label: 'Cancún, Mexico' });
  await form.getByLabel('Check-in').fill(inDays(days));
  await form.getByLabel('Weeks').selectOption(weeks);
  await form.getByRole('button', { name: p.submit }).click();
  await page.getByRole('heading', { level: 1, name: p.title }).waitFor();
  if (axe) await expectNoAxeViolations(page, `${p.product} results`);
  await page.getByRole('link', { name: `View weeks at ${p.resort}` }).click();
  await page.getByRole('heading', { level: 1, name: p.resort }).waitFor();
  if (axe) await expectNoAxeViolations(page, `${p.product} details`);
  await page.getByRole('link', { name: `Reserve this week: ${p.unit}` }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
}

const checkout = (page: Page) => page.locator('.weeks-checkout');
const heldNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'We are holding this week for you until' });

describe.each(products)('$product search to checkout (issue 3, spec §4 prepare-to-checkout)', (p) => {
  it('searches Cancún and a week, opens details and reaches checkout with a hold, the holdTok cookie and a price breakdown', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    const prepares: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/weeks/prepareBookWeeks')) prepares.push(r.postDataJSON());
    });
    await searchAndReserve(page, p, p.days, { axe: true });
    await heldNotice(page).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/${p.product}/checkout`);
    for (const name of ['resort_id', 'inventory_id', 'check_in_date', 'check_out_date']) expect(url.searchParams.get(name), name).toBeTruthy();
    // Each unit's week starts on its own weekday on or after the searched day, for 7 nights.
    const checkIn = url.searchParams.get('check_in_date')!;
    expect(checkIn >= inDays(p.days)).toBe(true);
    expect(Date.parse(url.searchParams.get('check_out_date')!) - Date.parse(checkIn)).toBe(7 * 86_400_000);

    expect(prepares).toHaveLength(1);
    expect(prepares[0]!.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'holdTok');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(await checkout(page).getAttribute('data-fail-retry-prepare')).toBe('false');
    expect(await checkout(page).getAttribute('data-fail-prepare')).toBe('false');
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    expect(await breakdown.getByText(/^1 week \(7 nights\) at /).isVisible()).toBe(true);
    expect(await breakdown.getByText('Total', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`${p.unit} · sleeps`).isVisible()).toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    await expectNoAxeViolations(page, `${p.product} checkout`);
    check();
    await context.close();
  });

  it('retries once without the uuid when prepare fails, and sets failRetryPrepare', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const calls: Record<string, unknown>[] = [];
    await page.route('**/api/weeks/prepareBookWeeks', async (route) => {
      calls.push(route.request().postDataJSON());
      if (calls.length === 1) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'boom', data: null }) });
      return route.continue();
    });
    await searchAndReserve(page, p, p.days + 14);
    await heldNotice(page).waitFor();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.uuid).toBeTruthy();
    expect(calls[1]).not.toHaveProperty('uuid');
    expect(await checkout(page).getAttribute('data-fail-retry-prepare')).toBe('true');
    expect(await checkout(page).getAttribute('data-fail-prepare')).toBe('false');
    expect((await context.cookies()).find((c) => c.name === 'holdTok')?.value).toBeTruthy();
    await context.close();
  });

  it('sets failPrepare when the retry fails too, and Try again starts over', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    let failing = true;
    let calls = 0;
    await page.route('**/api/weeks/prepareBookWeeks', async (route) => {
      calls++;
      if (failing) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'down', data: null }) });
      return route.continue();
    });
    await searchAndReserve(page, p, p.days + 28);
    const alert = page.getByRole('alert').filter({ hasText: 'We could not hold this week right now. Please try again.' });
    await alert.waitFor();
    expect(calls).toBe(2);
    expect(await checkout(page).getAttribute('data-fail-retry-prepare')).toBe('true');
    expect(await checkout(page).getAttribute('data-fail-prepare')).toBe('true');
    expect((await context.cookies()).find((c) => c.name === 'holdTok')).toBeUndefined();
    await expectNoAxeViolations(page, `${p.product} checkout failed`);
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await heldNotice(page).waitFor();
    expect(await checkout(page).getAttribute('data-fail-prepare')).toBe('false');
    await context.close();
  });
});

describe('weeks pages: sold out, no JavaScript, products not offered', () => {
  it('a week someone else holds: both attempts answer 409 and the page says so, with a way back to details', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // The one Two-bedroom villa: reserve it in one tab, then again in another.
    const p = { ...products[0], unit: 'Two-bedroom villa' } as const;
    await searchAndReserve(page, p, 280);
    await heldNotice(page).waitFor();
    const other = await newContext(browser());
    const second = await other.context.newPage();
    const statuses: number[] = [];
    second.on('response', (r) => {
      if (r.url().endsWith('/api/weeks/prepareBookWeeks')) statuses.push(r.status());
    });
    await second.goto(page.url());
    const alert = second.getByRole('alert').filter({ hasText: 'Sorry, this week has just been booked by someone else' });
    await alert.waitFor();
    expect(statuses).toEqual([409, 409]);
    expect(await checkout(second).getAttribute('data-fail-prepare')).toBe('true');
    await alert.getByRole('link', { name: 'Choose another week' }).click();
    await second.getByRole('heading', { level: 1, name: p.resort }).waitFor();
    expect(await second.getByText('Sold out for these dates').count()).toBeGreaterThan(0);
    await other.context.close();
    await context.close();
  });

  it('search, results and details work without JavaScript; checkout says JavaScript is needed', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await searchAndReserve(page, products[1], 300);
    // Playwright's text engine skips <noscript>; the paragraph is laid out because scripting is off.
    expect(await page.locator('.weeks-checkout noscript p').textContent()).toContain('JavaScript is needed to hold this week.');
    expect((await page.locator('.weeks-checkout noscript p').boundingBox())?.height).toBeGreaterThan(0);
    expect(await page.locator('.weeks-checkout').getAttribute('data-prepare-phase')).toBe('idle');
    expect((await context.cookies()).find((c) => c.name === 'holdTok')).toBeUndefined();
    await context.close();
  });

  it('the /resorts and /stays landing pages open with the weeks search, limited to destinations that have them', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'wanderly.localhost', '/stays'));
    const form = page.getByRole('region', { name: 'Find a holiday stay' });
    const options = await form.getByLabel('Destination').locator('option').allTextContents();
    expect(options).toContain('Cancún, Mexico');
    expect(options).toContain('Lisbon, Portugal');
    expect(options).not.toContain('Tokyo, Japan');
    await expectNoAxeViolations(page, 'stays landing');
    await page.goto(orgUrl(base, 'wanderly.localhost', '/resorts'));
    const resorts = await page.getByRole('region', { name: 'Find a resort week' }).getByLabel('Destination').locator('option').allTextContents();
    expect(resorts).not.toContain('Lisbon, Portugal');
    await context.close();
  });

  it('renders in Spanish on viajamas, with dates that hydrate without console errors', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'viajamas.localhost', `/stays/search-details?destination=cancun&check_in_date=${inDays(320)}&weeks=2`));
    await page.getByRole('heading', { level: 1, name: /^Estancias vacacionales en Cancún/ }).waitFor();
    await page
      .getByRole('link', { name: /^Ver semanas en / })
      .first()
      .click();
    await page
      .getByRole('link', { name: /^Reservar esta semana: / })
      .first()
      .waitFor();
    expect(await page.getByText('2 semanas (14 noches)').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'stays details es-MX');
    check();
    await context.close();
  });

  it('filters by stars and pages with a GET "View more" link', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'wanderly.localhost', `/resorts/search-details?destination=cancun&check_in_date=${inDays(240)}&weeks=1&stars=4`));
    const list = page.getByRole('region', { name: /^Showing/ });
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await list.getByRole('heading', { level: 3 }).textContent()).toBe('Coral Bay Resort Cancún');
    const all = await http(base, 'GET', `/resorts/search-details?destination=cancun&check_in_date=${inDays(240)}&weeks=2&page=2`);
    expect(all.status).toBe(200);
    expect(all.text).toContain('Showing 2 of 2');
    await context.close();
  });

  it('answers 404 where the organisation does not sell resorts or stays, and for unknown resorts', async () => {
    for (const path of ['/resorts/search-details', '/stays/details?resort_id=1', '/resorts/checkout?resort_id=1&inventory_id=1']) {
      expect((await http(base, 'GET', path, { host: 'voyagerpro.localhost' })).status, path).toBe(404);
    }
    expect((await http(base, 'GET', `/resorts/details?resort_id=999999&check_in_date=${inDays(240)}`)).status).toBe(404);
    expect((await http(base, 'GET', `/resorts/checkout?resort_id=999999&inventory_id=999999&check_in_date=${inDays(240)}&check_out_date=${inDays(247)}`)).status).toBe(404);
  });
});
