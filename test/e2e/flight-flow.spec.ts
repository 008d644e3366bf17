import { describe, expect, inject } from 'vitest';
import { type Page, type SignedInPageOptions, VIEWPORTS, expectNoAxeViolations, orgUrl, watchConsole } from '../support/browser';
import { test } from '../support/fixtures';
import { http } from '../support/http-client';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const PASSWORD = 'Travel-Demo-2026!';

const wanderly = (path: string) => orgUrl(base, 'wanderly.localhost', path);

const member: SignedInPageOptions = { baseURL: base, host: 'wanderly.localhost', user: { email: 'member@wanderly.example', password: PASSWORD }, from: '/flight' };

/** /flight → round-trip search → results → details → a fare → checkout, as a traveller would. */
async function roundTripToCheckout(page: Page, { depart, back, axe }: { depart: string; back: string; axe: boolean }) {
  await page.goto(wanderly('/flight'));
  const form = page.getByRole('region', { name: 'Find a flight' });
  await form.getByRole('heading', { name: 'Find a flight' }).waitFor();
  if (axe) await expectNoAxeViolations(page, 'flight landing');
  await form.getByRole('radio', { name: 'Round trip' }).check();
  await form.getByLabel('From', { exact: true }).fill('CUN');
  await form.getByLabel('To', { exact: true }).fill('MCO');
  await form.getByLabel('Departure', { exact: true }).fill(depart);
  await form.getByLabel('Return (round trips)').fill(back);
  await form.getByLabel('Adults').selectOption('2');
  await form.getByLabel('Infants on lap (under 2)').selectOption('1');
  await form.getByRole('button', { name: 'Search flights' }).click();
  await page.getByRole('heading', { level: 1, name: 'Flights from CUN to MCO' }).waitFor();
  if (axe) await expectNoAxeViolations(page, 'flight results');
  const results = page.getByRole('region', { name: /trips$/ });
  expect(await results.getByRole('listitem').count()).toBeGreaterThan(0);

  await results
    .getByRole('link', { name: /^View fares/ })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: 'Your trip: CUN to MCO' }).waitFor();
  expect(await page.getByRole('heading', { level: 2, name: /^Outbound: CUN → MCO/ }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 2, name: /^Return: MCO → CUN/ }).isVisible()).toBe(true);
  expect(
    await page
      .getByText(/Quetzal Wings|Northstar Airways|Pacific Jet|Meridian Air|Atlas Skylines/)
      .first()
      .isVisible(),
  ).toBe(true);
  if (axe) await expectNoAxeViolations(page, 'flight details');
  for (const fare of ['Basic', 'Standard', 'Flex']) expect(await page.getByRole('heading', { level: 3, name: fare }).isVisible(), fare).toBe(true);
  await page.getByRole('button', { name: 'Select Standard' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  if (axe) await expectNoAxeViolations(page, 'flight checkout');
}

describe('flight search to checkout (issue 3)', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`signed in: searches a seeded round trip, opens details, chooses a fare and reaches checkout with a hold and a price breakdown (${name}, axe)`, async ({
      signedInPage,
    }) => {
      const { context, page } = await signedInPage({ ...member, context: { viewport } });
      const check = watchConsole(page);
      const offset = name === 'mobile' ? 0 : 3;
      await roundTripToCheckout(page, { depart: inDays(45 + offset), back: inDays(52 + offset), axe: true });
      expect(new URL(page.url()).searchParams.get('hold')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(await page.getByRole('status').filter({ hasText: 'We are holding these seats for you until' }).isVisible()).toBe(true);
      const breakdown = page.getByRole('region', { name: 'Price breakdown' });
      for (const line of [/^2 adults at /, /^1 infant on lap at /]) expect(await breakdown.getByText(line).isVisible(), String(line)).toBe(true);
      for (const line of ['Taxes and fees', 'Total']) {
        expect(await breakdown.getByText(line, { exact: true }).isVisible(), line).toBe(true);
      }
      expect(await page.getByText('Standard fare · Economy').isVisible()).toBe(true);
      // Signed in, the traveller form starts with the member's own details.
      expect(await page.getByLabel('First name').inputValue()).toBe('Maya');
      check();
      await context.close();
    });
  }

  test('finds one-way trips with a connection and multi-city trips', async ({ signedInPage }) => {
    const { context, page } = await signedInPage(member);
    await page.goto(wanderly(`/flight/search-details?triptype=oneway&from=CUN&to=JFK&depart=${inDays(33)}`));
    const results = page.getByRole('region', { name: /trips$/ });
    expect(await results.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(
      await results
        .getByText(/1 stop via (MEX|MCO)/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.goto(
      wanderly(`/flight/search-details?triptype=multicity&from=CUN&to=MCO&depart=${inDays(33)}&from2=MCO&to2=JFK&depart2=${inDays(35)}&from3=JFK&to3=CUN&depart3=${inDays(38)}`),
    );
    await page.getByRole('heading', { level: 1, name: 'Multi-city flights' }).waitFor();
    const multi = page.getByRole('region', { name: /trips$/ });
    expect(await multi.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await multi.getByText('Flight 3 ·', { exact: false }).first().isVisible()).toBe(true);
    // Filters that match nothing give a clear empty state.
    await page.goto(wanderly(`/flight/search-details?triptype=oneway&from=CUN&to=JFK&depart=${inDays(33)}&stops=0`));
    expect(await page.getByRole('status').filter({ hasText: 'No flights match this search' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'flight empty results');
    await context.close();
  });

  test('sends anonymous visitors of search-details, checkout and checkout-success to /flight on wanderly, not on viajamas', async ({ newContext }) => {
    const search = `triptype=oneway&from=CUN&to=MCO&depart=${inDays(30)}`;
    for (const path of [`/flight/search-details?${search}`, '/flight/checkout', `/flight/checkout?hold=abcdefghijklmnopqrstuvwxyz&${search}`, '/flight/checkout-success']) {
      const answer = await http(base, 'GET', path, { host: 'wanderly.localhost' });
      expect(answer.status, path).toBe(302);
      expect(String(answer.headers.location), path).toBe('/flight');
    }
    // A form post is redirected too, before its action could hold anything.
    const post = await http(base, 'POST', '/flight/checkout', {
      host: 'wanderly.localhost',
      body: `${search}&offer=1@${inDays(30)}&brandedfare=BASIC`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(302);
    expect(String(post.headers.location)).toBe('/flight');
    // viajamas does not require login: the results answer, and checkout-success is not redirected.
    expect((await http(base, 'GET', `/flight/search-details?${search}`, { host: 'viajamas.localhost' })).status).toBe(200);
    expect((await http(base, 'GET', '/flight/checkout-success', { host: 'viajamas.localhost' })).headers.location).toBeUndefined();
    // In the browser, the anonymous visitor lands on the /flight search.
    const { context } = await newContext();
    const page = await context.newPage();
    await page.goto(wanderly(`/flight/search-details?${search}`));
    expect(new URL(page.url()).pathname).toBe('/flight');
    await page.getByRole('region', { name: 'Find a flight' }).waitFor();
    await context.close();
  });

  test('answers 409 with a way back when the seats sold out meanwhile', async () => {
    // Business has two seats: a party of two takes them, the next party gets the sold-out page.
    const search = `triptype=oneway&from=CUN&to=MCO&depart=${inDays(61)}&cabinclass=business&noofadults=2`;
    const results = await http(base, 'GET', `/flight/search-details?${search}`, { host: 'viajamas.localhost' });
    const offer = /offer=([0-9%@A-F._-]+)/.exec(results.text)?.[1];
    expect(offer).toBeTruthy();
    const reserve = () =>
      http(base, 'POST', '/flight/checkout', {
        host: 'viajamas.localhost',
        body: `${search}&offer=${offer}&brandedfare=FLEX`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await reserve();
    expect(first.status).toBe(302);
    expect(String(first.headers.location)).toMatch(/^\/flight\/checkout\?hold=/);
    const second = await reserve();
    expect(String(second.headers.location)).toMatch(/^\/flight\/checkout\?soldout=1/);
    const soldOut = await http(base, 'GET', String(second.headers.location), { host: 'viajamas.localhost' });
    expect(soldOut.status).toBe(409);
    expect(soldOut.text).toContain('/flight/search-details?');
    // Bad links and bad input get a clear 4xx and hold nothing.
    expect((await http(base, 'GET', `/flight/details?${search}&offer=999999@${inDays(61)}`, { host: 'viajamas.localhost' })).status).toBe(404);
    const broken = await http(base, 'GET', `/flight/details?triptype=oneway&from=XXX&to=MCO&depart=soon&offer=${offer}`, { host: 'viajamas.localhost' });
    expect(broken.status).toBe(302);
    expect(broken.headers.location).toBe('/flight/search-details?notice=choose-first');
    expect((await http(base, 'GET', `/flight/checkout?hold=not-a-real-hold-token-123&${search}&offer=${offer}&brandedfare=FLEX`, { host: 'viajamas.localhost' })).status).toBe(404);
    const noFare = await http(base, 'POST', '/flight/checkout', {
      host: 'viajamas.localhost',
      body: `${search}&offer=${offer}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(noFare.status).toBe(400);
  });

  test('saves searches, lists them on /flight and runs one again; an unreadable stored date leaves an empty field', async ({ signedInPage }) => {
    const { context, page } = await signedInPage(member);
    const check = watchConsole(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(wanderly('/flight'));
    const form = page.getByRole('region', { name: 'Find a flight' });
    await form.getByRole('radio', { name: 'One way' }).check();
    await form.getByLabel('From', { exact: true }).fill('CUN');
    await form.getByLabel('To', { exact: true }).fill('MCO');
    await form.getByLabel('Departure', { exact: true }).fill(inDays(70));
    await form.getByRole('button', { name: 'Search flights' }).click();
    await page.getByRole('heading', { level: 1, name: 'Flights from CUN to MCO' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('flightSearchHistory') ?? '[]'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      tripType: 'oneway',
      flightDesktopValue: expect.stringMatching(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{2} \d{2}$/),
      flightDesktopValueCode: inDays(70),
    });

    await page.goto(wanderly('/flight'));
    const recent = page.getByRole('region', { name: 'Your recent searches' });
    await recent.getByRole('button', { name: /^Search again: CUN → MCO/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Flights from CUN to MCO' }).waitFor();
    expect(new URL(page.url()).searchParams.get('depart')).toBe(inDays(70));

    // A multi-city search whose second date cannot be read: the field stays empty for the traveller.
    await page.evaluate(
      ([entry]) => localStorage.setItem('flightSearchHistory', JSON.stringify([entry])),
      [{ ...stored[0], tripType: 'multicity', searchTypes: [{ from: 'MCO', to: 'JFK', flightDesktopValue: 'Someday, Feb 31 27' }] }],
    );
    await page.goto(wanderly('/flight'));
    await page
      .getByRole('region', { name: 'Your recent searches' })
      .getByRole('button', { name: /^Search again/ })
      .click();
    const departure2 = form.getByLabel('Departure (Flight 2)');
    await expect.poll(() => departure2.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await departure2.inputValue()).toBe('');
    expect(await form.getByLabel('Departure', { exact: true }).inputValue()).toBe(inDays(70));
    expect(warnings.some((w) => w.includes('Invalid flight date text'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/flight');
    check();
    await context.close();
  });

  test('searches, lists results and shows details with JavaScript disabled', async ({ newContext }) => {
    const { context } = await newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    // Without scripts the sign-in goes through the form; viajamas needs none for flights.
    await page.goto(orgUrl(base, 'viajamas.localhost', '/flight'));
    const form = page.getByRole('region', { name: 'Busca un vuelo' });
    await form.getByRole('radio', { name: 'Sencillo' }).check();
    await form.getByLabel('Origen', { exact: true }).fill('CUN');
    await form.getByLabel('Destino', { exact: true }).fill('MCO');
    await form.getByLabel('Salida', { exact: true }).fill(inDays(80));
    await form.getByRole('button', { name: 'Buscar vuelos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vuelos de CUN a MCO' }).waitFor();
    await page
      .getByRole('link', { name: /^Ver tarifas/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Tu viaje: de CUN a MCO' }).waitFor();
    await page.getByRole('button', { name: 'Elegir Basic' }).click();
    await page.getByRole('heading', { level: 1, name: 'Completa tu reserva' }).waitFor();
    const breakdown = page.getByRole('region', { name: 'Desglose del precio' });
    expect(await breakdown.isVisible()).toBe(true);
    // Spanish plurals; Viajamás settles in pesos, so the card is charged the pesos the page shows (decision 0056): no line in another currency.
    expect(await breakdown.getByText(/^1 adulto a /).isVisible()).toBe(true);
    expect(await breakdown.getByText('(antes de impuestos)', { exact: true }).isVisible()).toBe(true);
    expect(await breakdown.getByText(/^Se cobra en /).count()).toBe(0);
    await context.close();
  });
});
