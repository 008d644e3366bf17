import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolations, expectNoAxeViolationsAtViewports, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { http } from '../support/http-client';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const browser = useSharedBrowser();

// Weeks 340+ days out and hotel nights 90+ days out: ranges no other spec holds.
const wanderly = (path: string) => orgUrl(base, 'wanderly.localhost', path);

/** The last amount of a money text ("Was $1,400.00 $1,234.56" → 1234.56). */
const amountOf = (text: string | null) =>
  Number(
    (text ?? '')
      .match(/\d[\d,]*(?:\.\d+)?/g)
      ?.at(-1)
      ?.replace(/,/g, '') ?? NaN,
  );

async function searchWeeks(page: Page, landing: '/weeks' | '/dreamtrips', form: string, submit: string, days: number) {
  await page.goto(wanderly(landing));
  const region = page.getByRole('region', { name: form });
  await region.getByLabel('Destination').selectOption({ label: 'Cancún, Mexico' });
  // Dream trips are searched by month, timeshare weeks by check-in day.
  if (landing === '/dreamtrips') await region.getByLabel('Travel month').fill(inDays(days).slice(0, 7));
  else await region.getByLabel('Check-in').fill(inDays(days));
  await region.getByLabel('Weeks').selectOption('1');
  await region.getByRole('button', { name: submit }).click();
}

async function searchPackages(page: Page, days: number) {
  await page.goto(wanderly('/packages'));
  const region = page.getByRole('region', { name: 'Find a hotel package' });
  await region.getByLabel('Destination').selectOption({ label: 'Cancún, Mexico' });
  await region.getByLabel('Check-in').fill(inDays(days));
  await region.getByLabel('Check-out').fill(inDays(days + 3));
  await region.getByRole('button', { name: 'Search packages' }).click();
  await page.getByRole('heading', { level: 1, name: /^Hotel packages in Cancún/ }).waitFor();
}

const resultsList = (page: Page) => page.getByRole('region', { name: /^Showing/ });

describe('timeshare weeks (WEEKS) search to checkout (issue 3)', () => {
  it('searches resorts and stays together, filters by kind, opens details and reaches checkout with a hold and a price breakdown', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(wanderly('/weeks'));
    const form = page.getByRole('region', { name: 'Find a timeshare week' });
    expect(await form.getByLabel('Guests').inputValue()).toBe('2');
    // The intro no longer says that search is not online: the search is right below it.
    expect(await page.getByText(/is not available on this site yet/).count()).toBe(0);
    await expectNoAxeViolationsAtViewports(page, 'weeks landing');

    await searchWeeks(page, '/weeks', 'Find a timeshare week', 'Search weeks', 350);
    await page.getByRole('heading', { level: 1, name: /^Timeshare weeks in Cancún/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/weeks/search-details');
    const cards = resultsList(page).getByRole('listitem');
    expect(await cards.count()).toBe(3);
    // Each result says whether it is a resort or a stay.
    expect(await cards.filter({ hasText: 'Royal Palm Cancún Beach Resort' }).getByText('Resort', { exact: true }).isVisible()).toBe(true);
    expect(await cards.filter({ hasText: 'Sunset Holiday Homes Cancún' }).getByText('Holiday stay', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'weeks results');

    const filters = page.getByRole('form', { name: 'Filter and sort' });
    await filters.getByRole('group', { name: 'Type' }).getByLabel('Holiday stay').check();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/kind=STY/);
    await expect.poll(() => cards.count()).toBe(1);
    expect(await resultsList(page).getByRole('heading', { level: 3 }).textContent()).toBe('Sunset Holiday Homes Cancún');

    await page.getByRole('link', { name: 'View weeks at Sunset Holiday Homes Cancún' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sunset Holiday Homes Cancún' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/stays/details');
    expect(await page.getByRole('link', { name: 'Back to results' }).getAttribute('href')).toMatch(/^\/weeks\/search-details\?destination=cancun&/);
    await expectNoAxeViolationsAtViewports(page, 'weeks details');

    await page.getByRole('link', { name: 'Reserve this week: Apartment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/stays/checkout');
    await page.getByRole('status').filter({ hasText: 'We are holding this week for you until' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'holdTok')?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    expect(await breakdown.getByText(/^1 week \(7 nights\) at /).isVisible()).toBe(true);
    expect(await breakdown.getByText('Total', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'weeks checkout');
    check();
    await context.close();
  });

  it('dream trips search the top-rated collection on the weeks results and open its details', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(wanderly('/dreamtrips'));
    await expectNoAxeViolationsAtViewports(page, 'dreamtrips landing');
    await searchWeeks(page, '/dreamtrips', 'Find a dream trip', 'Search dream trips', 355);
    await page.getByRole('heading', { level: 1, name: /^Dream trips in Cancún/ }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/weeks/search-details');
    expect(url.searchParams.get('collection')).toBe('dreamtrips');
    expect(url.searchParams.get('month')).toBe(inDays(355).slice(0, 7));
    expect(await page.getByLabel('Travel month').inputValue()).toBe(inDays(355).slice(0, 7));
    // Only the five-star (or 9+ reviewed) place of Cancún is a dream trip.
    expect(await resultsList(page).getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Royal Palm Cancún Beach Resort']);
    expect(
      await resultsList(page)
        .getByText(/^From .+ per week$/)
        .isVisible(),
    ).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'dreamtrips results');
    await page.getByRole('link', { name: 'View weeks at Royal Palm Cancún Beach Resort' }).click();
    await page.getByRole('heading', { level: 1, name: 'Royal Palm Cancún Beach Resort' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/resorts/details');
    expect(await page.getByRole('link', { name: 'Back to results' }).getAttribute('href')).toContain('collection=dreamtrips');
    expect(await page.getByRole('link', { name: /^Reserve this week: / }).count()).toBeGreaterThan(0);
    check();
    await context.close();
  });

  it('packages search hotels at package rates, labelled and cheaper than the room alone, through details to a held checkout', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(wanderly('/packages'));
    await expectNoAxeViolationsAtViewports(page, 'packages landing');
    await searchPackages(page, 95);
    expect(new URL(page.url()).searchParams.get('package')).toBe('1');
    const cards = page.getByRole('region', { name: /hotels for 3 nights/ }).getByRole('listitem');
    expect(await cards.count()).toBe(8);
    expect(await cards.getByText('Package rate', { exact: true }).count()).toBe(8);
    await expectNoAxeViolationsAtViewports(page, 'packages results');

    await page.getByRole('link', { name: 'View rooms at Harbour View Cancún' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
    expect(new URL(page.url()).searchParams.get('package')).toBe('1');
    const deluxe = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Deluxe room' }) });
    expect(await deluxe.getByText('Package rate', { exact: true }).isVisible()).toBe(true);
    const packageTotal = amountOf(await deluxe.locator('.price-total dd').textContent());
    await expectNoAxeViolationsAtViewports(page, 'packages details');

    // The same room without the package flag: the consumer price, higher and unlabelled.
    const plain = new URL(page.url());
    plain.searchParams.delete('package');
    const other = await context.newPage();
    await other.goto(plain.toString());
    const plainDeluxe = other.getByRole('listitem').filter({ has: other.getByRole('heading', { level: 3, name: 'Deluxe room' }) });
    expect(await plainDeluxe.getByText('Package rate', { exact: true }).count()).toBe(0);
    expect(packageTotal).toBeGreaterThan(0);
    expect(packageTotal).toBeLessThan(amountOf(await plainDeluxe.locator('.price-total dd').textContent()));
    await other.close();

    await deluxe.getByRole('button', { name: 'Reserve: Deluxe room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'We are holding this room for you until' }).isVisible()).toBe(true);
    // The checkout prices a package hold at the package rate when its URL says package=1.
    const held = new URL(page.url());
    held.searchParams.set('package', '1');
    await page.goto(held.toString());
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    expect(await page.getByText('Package rate', { exact: true }).isVisible()).toBe(true);
    expect(amountOf(await breakdown.locator('.price-total dd').textContent())).toBe(packageTotal);
    await expectNoAxeViolationsAtViewports(page, 'packages checkout');
    check();
    await context.close();
  });
});

describe('weeks, dream trips and packages: no JavaScript, bad searches, organisations', () => {
  it('landings, results and details work with JavaScript disabled', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await searchWeeks(page, '/weeks', 'Find a timeshare week', 'Search weeks', 360);
    await page.getByRole('heading', { level: 1, name: /^Timeshare weeks in Cancún/ }).waitFor();
    await page.getByRole('link', { name: 'View weeks at Royal Palm Cancún Beach Resort' }).click();
    await page.getByRole('heading', { level: 1, name: 'Royal Palm Cancún Beach Resort' }).waitFor();

    await searchWeeks(page, '/dreamtrips', 'Find a dream trip', 'Search dream trips', 360);
    await page.getByRole('heading', { level: 1, name: /^Dream trips in Cancún/ }).waitFor();
    await page.getByRole('link', { name: 'View weeks at Royal Palm Cancún Beach Resort' }).click();
    await page.getByRole('heading', { level: 1, name: 'Royal Palm Cancún Beach Resort' }).waitFor();

    await searchPackages(page, 100);
    await page.getByRole('link', { name: 'View rooms at Harbour View Cancún' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
    expect(await page.getByText('Package rate', { exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a malformed search says what is wrong, field by field', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const response = await page.goto(wanderly('/weeks/search-details?destination=Canc%C3%BAn!&check_in_date=2020-01-01&weeks=9&guests=0&collection=cheap'));
    expect(response?.status()).toBe(200);
    for (const message of ['Choose a destination from the list.', 'Check-in is too soon; choose a later date.', 'Choose 1 to 4 weeks.', 'Choose from 1 to 6 guests.']) {
      expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    expect(await page.getByRole('alert').filter({ hasText: 'That collection does not exist.' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Guests').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolationsAtViewports(page, 'weeks search errors');

    await page.goto(wanderly('/weeks/search-details?collection=dreamtrips&destination=cancun&month=someday'));
    expect(await page.getByRole('heading', { level: 1, name: 'Find a dream trip' }).isVisible()).toBe(true);
    expect(await page.getByText('Choose a month.', { exact: true }).isVisible()).toBe(true);

    await page.goto(wanderly(`/search-detail?destination=cancun&checkin=${inDays(95)}&checkout=${inDays(98)}&package=yes`));
    expect(await page.getByRole('alert').filter({ hasText: 'That package link is not valid.' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'Find a hotel package' }).isVisible()).toBe(true);
    await context.close();
  });

  it('answers 404 for /weeks and /dreamtrips where the organisation sells no weeks, and keeps packages where it sells hotels', async () => {
    for (const path of ['/weeks', '/dreamtrips', '/weeks/search-details', `/weeks/search-details?destination=cancun&check_in_date=${inDays(350)}`]) {
      expect((await http(base, 'GET', path, { host: 'voyagerpro.localhost' })).status, path).toBe(404);
    }
    expect((await http(base, 'GET', '/packages', { host: 'voyagerpro.localhost' })).status).toBe(200);
    expect((await http(base, 'GET', '/weeks')).status).toBe(200);
  });

  it('renders the weeks results in Spanish on viajamas', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'viajamas.localhost', `/weeks/search-details?destination=cancun&check_in_date=${inDays(365)}&weeks=1&guests=2`));
    await page.getByRole('heading', { level: 1, name: /^Semanas de tiempo compartido en Cancún/ }).waitFor();
    expect(await page.getByText('Estancia vacacional', { exact: true }).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'weeks results es-MX');
    check();
    await context.close();
  });
});
