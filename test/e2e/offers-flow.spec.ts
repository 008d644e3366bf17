import { describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { type Page, VIEWPORTS, expectNoAxeViolations, expectNoAxeViolationsAtViewports, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { http } from '../support/http-client';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const site = (path: string) => orgUrl(base, 'wanderly.localhost', path);
const browser = useSharedBrowser();

const monthIn = (days: number) => inDays(days).slice(0, 7);

type Product = {
  segment: 'activities' | 'transfers' | 'cruises' | 'restaurants';
  form: string;
  fill: (form: Locator, days: number) => Promise<void>;
  submit: string;
  title: RegExp;
  offer: string;
  option: string;
  /** The breakdown's first line: the units at their rate. */
  unitsLine: RegExp;
  /** The same search as a URL query, for the pages opened directly. */
  query: (days: number) => string;
};

// Each product searches its own dates, so these holds never meet another spec's.
const products: Product[] = [
  {
    segment: 'activities',
    form: 'Find an activity',
    fill: async (form, days) => {
      await form.getByLabel('Destination').selectOption({ label: 'Cancún, Mexico' });
      await form.getByLabel('Date').fill(inDays(days));
      await form.getByLabel('Guests').selectOption('2');
    },
    submit: 'Search activities',
    title: /^Activities in Cancún/,
    offer: 'Cancún snorkelling trip',
    option: 'Shared group',
    unitsLine: /^2 guests at /,
    query: (days) => `destination=cancun&date=${inDays(days)}&guests=2`,
  },
  {
    segment: 'transfers',
    form: 'Book an airport transfer',
    fill: async (form, days) => {
      await form.getByLabel('Airport').selectOption({ label: 'Cancún (CUN)' });
      await form.getByLabel('Pickup date', { exact: true }).fill(inDays(days));
      await form.getByLabel('Pickup time', { exact: true }).fill('10:30');
      await form.getByLabel('Passengers').selectOption('2');
      await form.getByLabel('Suitcases').selectOption('2');
    },
    submit: 'Search transfers',
    title: /^Airport transfers in Cancún/,
    offer: 'CUN airport ↔ Cancún hotel zone',
    option: 'Sedan',
    unitsLine: /^1 vehicle × 1 way at /,
    query: (days) => `destination=cancun&date=${inDays(days)}&time=10:30&guests=2&bags=2&trip=oneway`,
  },
  {
    segment: 'cruises',
    form: 'Find a cruise',
    fill: async (form, days) => {
      await form.getByLabel('Departure port').selectOption({ label: 'Cancún, Mexico · Caribbean' });
      await form.getByLabel('Month').selectOption(monthIn(days));
      await form.getByLabel('Guests').selectOption('2');
    },
    submit: 'Search cruises',
    title: /^Cruises from Cancún/,
    offer: 'Western Caribbean explorer on Ocean Aurora',
    option: 'Inside cabin',
    unitsLine: /^\d+ cabins? at /,
    query: (days) => `destination=cancun&month=${monthIn(days)}&guests=2`,
  },
  {
    segment: 'restaurants',
    form: 'Book a table',
    fill: async (form, days) => {
      await form.getByLabel('Destination').selectOption({ label: 'Paris, France' });
      await form.getByLabel('Date').fill(inDays(days));
      await form.getByLabel('Time').selectOption('20:00');
      await form.getByLabel('Party size').selectOption('2');
    },
    submit: 'Search restaurants',
    title: /^Restaurants in Paris/,
    offer: 'Casa Paris',
    option: 'Table for 2',
    unitsLine: /^2 guests \(set menu\) at /,
    query: (days) => `destination=paris&date=${inDays(days)}&time=20:00&guests=2`,
  },
];

/** Landing search → results → details, as a traveller would. */
async function searchToDetails(page: Page, p: Product, days: number, { axe = false } = {}) {
  await page.goto(site(`/${p.segment}`));
  const form = page.getByRole('region', { name: p.form });
  await form.waitFor();
  // The landing has a working search, so it does not say online search is missing.
  expect(await page.getByText(/is not available on this site yet/).count()).toBe(0);
  if (axe) await expectNoAxeViolationsAtViewports(page, `${p.segment} landing`);
  await p.fill(form, days);
  await form.getByRole('button', { name: p.submit }).click();
  await page.getByRole('heading', { level: 1, name: p.title }).waitFor();
  if (axe) await expectNoAxeViolationsAtViewports(page, `${p.segment} results`);
  await page.getByRole('link', { name: `See options for ${p.offer}` }).click();
  await page.getByRole('heading', { level: 1, name: p.offer }).waitFor();
  if (axe) await expectNoAxeViolationsAtViewports(page, `${p.segment} details`);
}

const reserveButtons = (page: Page, option: string) => page.getByRole('button', { name: new RegExp(`^Reserve ${option} on `) });

describe.each(products)('$segment: search to checkout (issue 3)', (p) => {
  it('searches a seeded destination and date, opens details and reaches checkout with a hold and a price breakdown; axe-clean at 375 and 1280 px', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await searchToDetails(page, p, 45, { axe: true });
    await reserveButtons(page, p.option).first().click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/${p.segment}/checkout`);
    expect(url.searchParams.get('hold')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await page.getByRole('status').filter({ hasText: 'We are holding your booking until' }).isVisible()).toBe(true);
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    expect(await breakdown.getByText(p.unitsLine).isVisible(), String(p.unitsLine)).toBe(true);
    for (const line of ['Taxes and fees', 'Total']) expect(await breakdown.getByText(line, { exact: true }).isVisible(), line).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: p.offer }).isVisible()).toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    await expectNoAxeViolationsAtViewports(page, `${p.segment} checkout`);
    check();
    await context.close();
  });

  it('searches, lists results and shows details without JavaScript, and holds by a plain form post', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await searchToDetails(page, p, 52);
    expect(await page.getByRole('region', { name: 'Price breakdown' }).first().isVisible()).toBe(true);
    await reserveButtons(page, p.option).first().click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'We are holding your booking until' }).isVisible()).toBe(true);
    await context.close();
  });

  it('explains a malformed search, and answers a bad hold form with a 4xx that holds nothing', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const answer = await page.goto(site(`/${p.segment}/search-details?destination=cancun&date=2020-13-45&month=nope&time=99:99&guests=99`));
    expect(answer!.status()).toBe(200);
    expect(await page.getByRole('alert').filter({ hasText: 'Please correct the search below.' }).isVisible()).toBe(true);
    expect(await page.getByText('Choose how many people are coming.').isVisible()).toBe(true);
    await context.close();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const noOption = await http(base, 'POST', `/${p.segment}/checkout`, {
      host: 'wanderly.localhost',
      body: `${p.query(60)}&offer=x-y&day=${inDays(60)}&time=10:00`,
      headers: form,
    });
    expect(noOption.status).toBe(400);
    const badSearch = await http(base, 'POST', `/${p.segment}/checkout`, { host: 'wanderly.localhost', body: 'destination=cancun&date=yesterday&option=GROUP', headers: form });
    expect(badSearch.status).toBe(400);
    const unknown = await http(base, 'POST', `/${p.segment}/checkout`, {
      host: 'wanderly.localhost',
      body: `${p.query(60)}&offer=no-such-offer&option=GROUP&day=${inDays(60)}&time=10:00`,
      headers: form,
    });
    expect(unknown.status).toBe(404);
    expect((await http(base, 'GET', `/${p.segment}/checkout?hold=not-a-real-hold-token-123`, { host: 'wanderly.localhost' })).status).toBe(404);
  });
});

describe('scheduled offers: sold out, products not offered, transfer selections', () => {
  it('a table someone else took meanwhile: a 409 page with a way back to details, where it shows full', async () => {
    const days = 70;
    const details = site(`/restaurants/details?destination=paris&date=${inDays(days)}&time=20:00&guests=6&offer=paris-casa-paris`);
    const late = await newContext(browser(), { javaScriptEnabled: false });
    const second = await late.context.newPage();
    await second.goto(details);
    const { context } = await newContext(browser());
    const first = await context.newPage();
    await first.goto(details);
    const table = (page: Page) => page.getByRole('button', { name: /^Reserve Table for 6 on .* at 20:00$/ });
    await table(first).click();
    await first.getByRole('status').filter({ hasText: 'We are holding your booking until' }).waitFor();
    const [answer] = await Promise.all([second.waitForResponse((r) => r.url().includes('/restaurants/checkout?soldout=1')), table(second).click()]);
    expect(answer.status()).toBe(409);
    await second.getByRole('alert').filter({ hasText: 'Sorry, this option has just sold out for your date and time.' }).waitFor();
    await second.getByRole('link', { name: 'Choose another option' }).click();
    await second.getByRole('heading', { level: 1, name: 'Casa Paris' }).waitFor();
    expect(await second.getByText('20:00 · Full').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(first, 'restaurant checkout');
    await late.context.close();
    await context.close();
  });

  it('answers 404 for unknown product segments and for cruises on an organisation that does not sell them', async () => {
    expect((await http(base, 'GET', '/bogus/search-details', { host: 'wanderly.localhost' })).status).toBe(404);
    expect((await http(base, 'GET', '/bogus/details', { host: 'wanderly.localhost' })).status).toBe(404);
    for (const path of ['/cruises', '/cruises/search-details', '/cruises/details', '/restaurants/search-details']) {
      expect((await http(base, 'GET', path, { host: 'voyagerpro.localhost' })).status, path).toBe(404);
    }
    expect((await http(base, 'GET', '/activities/search-details', { host: 'voyagerpro.localhost' })).status).toBe(200);
  });

  it('holds a return transfer as one hold of the same vehicle on both legs, priced both ways', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    const query = `destination=cancun&date=${inDays(90)}&time=09:00&guests=5&bags=6&trip=return&return_date=${inDays(97)}&return_time=15:00`;
    await page.goto(site(`/transfers/details?${query}&offer=cancun-airport-downtown`));
    expect(await page.getByText('Does not fit your party').count()).toBe(1);
    await reserveButtons(page, 'Van').click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    // One hold covers both legs; the link names only it.
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['hold']);
    expect(await page.getByText(/^Return: .* at 15:00$/).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('region', { name: 'Price breakdown' })
        .getByText(/^1 vehicle × 2 ways at /)
        .isVisible(),
    ).toBe(true);
    await context.close();
  });

  it('keeps the picked vehicle while on transfer pages and clears it when transfer pages are entered again', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    const stored = () => page.evaluate(() => window.localStorage.getItem('transferSelections'));
    await page.goto(site('/home'));
    await page.evaluate(() =>
      window.localStorage.setItem('transferSelections', JSON.stringify({ offer: 'old', option: 'OLD', trf_transfers_name: 'Old', date: '2020-01-01', time: '10:00' })),
    );
    await searchToDetails(page, products[1]!, 80);
    expect(await stored()).toBeNull();
    await reserveButtons(page, 'Van').first().click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    expect(JSON.parse((await stored()) ?? 'null')).toMatchObject({ option: 'VAN', trf_transfers_name: 'CUN airport ↔ Cancún hotel zone', date: inDays(80), time: '10:30' });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'CUN airport ↔ Cancún hotel zone' }).waitFor();
    await page.getByText('Your last choice').waitFor();
    await page.goto(site('/activities'));
    expect(await stored()).not.toBeNull();
    await page.goto(site('/transfers'));
    await page.getByRole('region', { name: 'Book an airport transfer' }).waitFor();
    await expect.poll(stored).toBeNull();
    check();
    await context.close();
  });
});
