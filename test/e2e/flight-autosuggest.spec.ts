import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { type Page, expectNoAxeViolationsAtViewports, newContext, orgUrl, signInWithApi, useSharedBrowser, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';
import { type RunningServer, startServer } from '../support/server-process';

// The flight search's airport fields as a WAI-ARIA 1.2 combobox over POST /api/flights/autosuggestV2
// (issue 10): keyboard only, screen-reader attributes, the live region, axe with the list open,
// its empty and failure states, and the API's 429 from a server at production-like limits.

const base = inject('baseURL');
const PASSWORD = 'Travel-Demo-2026!';
const SUGGEST = '/api/flights/autosuggestV2';
const browser = useSharedBrowser();
let limited: RunningServer | undefined;
afterAll(async () => {
  await limited?.stop();
});

const wanderly = (path: string) => orgUrl(base, 'wanderly.localhost', path);

/** The look-ups the page sends, with their bodies, so a test can say what was asked. */
function recordLookUps(page: Page) {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SUGGEST && request.method() === 'POST') bodies.push(request.postDataJSON());
  });
  return bodies;
}

async function attribute(locator: Locator, name: string) {
  return locator.getAttribute(name);
}

describe('flight search airport combobox (issue 10)', () => {
  it('keyboard only: typing "can" lists airports from the API, ArrowDown/Enter picks Cancún (CUN), Escape closes, and the search runs for it (axe with the list open at 375 and 1280 px)', async () => {
    // Flights need sign-in on wanderly (flightLoginRequired).
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(wanderly('/flight'));
    await signInWithApi(page, 'member@wanderly.example', PASSWORD);
    const check = watchConsole(page);
    const lookUps = recordLookUps(page);
    await page.goto(wanderly('/flight'));
    const form = page.getByRole('region', { name: 'Find a flight' });
    await form.getByRole('radio', { name: 'One way' }).check();

    const from = form.getByRole('combobox', { name: 'From', exact: true });
    expect(await attribute(from, 'aria-expanded')).toBe('false');
    expect(await attribute(from, 'aria-autocomplete')).toBe('list');
    expect(await attribute(from, 'aria-activedescendant')).toBeNull();
    const listId = await attribute(from, 'aria-controls');
    expect(listId).toBeTruthy();
    // Hydrated: the browser's own datalist no longer competes with the listbox.
    await expect.poll(() => attribute(from, 'list')).toBeNull();

    await from.focus();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === SUGGEST);
    await page.keyboard.type('can');
    expect((await answered).status()).toBe(200);
    const listbox = page.getByRole('listbox', { name: 'From: suggested airports' });
    const cancun = listbox.getByRole('option', { name: /^Cancún \(CUN\)/ });
    await cancun.waitFor();
    expect(await attribute(listbox, 'id')).toBe(listId);
    expect(await attribute(from, 'aria-expanded')).toBe('true');
    // The last look-up asked for the text typed, as the API documents its body.
    expect(lookUps.at(-1)).toEqual({ json: { text: 'can', type: 'from', language: 'en-US' } });
    const options = listbox.getByRole('option');
    expect(await options.allTextContents()).toEqual([expect.stringMatching(/^Cancún \(CUN\)/), expect.stringMatching(/^Punta Cana \(PUJ\)/)]);
    expect(await form.getByRole('status').filter({ hasText: '2 airports found. Use the up and down arrows to choose.' }).count()).toBe(1);

    // ArrowDown highlights the first option; ArrowUp wraps to the last and back.
    await page.keyboard.press('ArrowDown');
    expect(await attribute(from, 'aria-activedescendant')).toBe(await attribute(cancun, 'id'));
    expect(await attribute(cancun, 'aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    const puntaCana = listbox.getByRole('option', { name: /^Punta Cana \(PUJ\)/ });
    expect(await attribute(from, 'aria-activedescendant')).toBe(await attribute(puntaCana, 'id'));
    expect(await attribute(cancun, 'aria-selected')).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await attribute(from, 'aria-activedescendant')).toBe(await attribute(cancun, 'id'));
    await expectNoAxeViolationsAtViewports(page, 'flight search with the airport list open');
    expect(await attribute(from, 'aria-expanded')).toBe('true');

    await page.keyboard.press('Enter');
    expect(await from.inputValue()).toBe('CUN');
    expect(await attribute(from, 'aria-expanded')).toBe('false');
    expect(await attribute(from, 'aria-activedescendant')).toBeNull();
    expect(await listbox.isVisible()).toBe(false);
    expect(await form.getByText('Cancún International Airport, Mexico').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/flight');

    // Escape closes the list and keeps the text; a second Escape clears the field (APG).
    await page.keyboard.press('Tab');
    const to = form.getByRole('combobox', { name: 'To', exact: true });
    expect(await to.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('orl');
    const toList = page.getByRole('listbox', { name: 'To: suggested airports' });
    await toList.getByRole('option', { name: /^Orlando \(MCO\)/ }).waitFor();
    expect(lookUps.at(-1)).toMatchObject({ json: { text: 'orl', type: 'to' } });
    await page.keyboard.press('Escape');
    expect(await attribute(to, 'aria-expanded')).toBe('false');
    expect(await toList.isVisible()).toBe(false);
    expect(await to.inputValue()).toBe('orl');
    await page.keyboard.press('Escape');
    expect(await to.inputValue()).toBe('');
    await page.keyboard.type('mco');
    await toList.getByRole('option', { name: /^Orlando \(MCO\)/ }).waitFor();
    expect(await form.getByRole('status').filter({ hasText: '1 airport found.' }).count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('MCO');

    // Tab on to the date; Enter with no option highlighted submits the search, as a plain field does.
    await page.keyboard.press('Tab');
    expect(await form.getByLabel('Departure', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel('Departure', { exact: true }).fill(inDays(90));
    await from.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Flights from CUN to MCO' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/flight/search-details');
    expect(url.searchParams.get('from')).toBe('CUN');
    expect(url.searchParams.get('to')).toBe('MCO');
    expect(
      await page
        .getByRole('region', { name: /trips$/ })
        .getByRole('listitem')
        .count(),
    ).toBeGreaterThan(0);
    check();
    await context.close();
  });

  it('in Spanish: says when no airport matches, when the look-up fails, and Tab leaves the field with its text (viajamas, no sign-in)', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // A text over 100 characters is the API's 400: the field says the look-up failed.
    const check = watchConsole(page, [/status of 400/]);
    await page.goto(orgUrl(base, 'viajamas.localhost', '/flight'));
    const form = page.getByRole('region', { name: 'Busca un vuelo' });
    const from = form.getByRole('combobox', { name: 'Origen', exact: true });
    await expect.poll(() => attribute(from, 'list')).toBeNull();

    await from.fill('zzzz');
    const none = 'Ningún aeropuerto coincide. Prueba con una ciudad o un código de aeropuerto de 3 letras.';
    await form.getByRole('status').filter({ hasText: none }).waitFor({ state: 'attached' });
    expect(await form.getByText(none).first().isVisible()).toBe(true);
    // No options, so no listbox is announced as expanded.
    expect(await attribute(from, 'aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox').count()).toBe(0);

    await from.fill('x'.repeat(101));
    const failed = 'No pudimos buscar aeropuertos en este momento. Escribe el código de aeropuerto de 3 letras.';
    await form.getByRole('status').filter({ hasText: failed }).waitFor({ state: 'attached' });
    expect(await attribute(from, 'aria-expanded')).toBe('false');

    await from.fill('cun');
    const list = page.getByRole('listbox', { name: 'Origen: aeropuertos sugeridos' });
    await list.getByRole('option', { name: /^Cancún \(CUN\)/ }).waitFor();
    expect(await form.getByRole('status').filter({ hasText: '1 aeropuerto encontrado.' }).count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await form.getByRole('combobox', { name: 'Destino', exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await list.isVisible()).toBe(false);
    expect(await attribute(from, 'aria-expanded')).toBe('false');
    expect(await from.inputValue()).toBe('cun');
    check();
    await context.close();
  });

  it("shows the API's 429 when the visitor looks up too many airports (production limits, scaled down)", async () => {
    // 300 look-ups a minute per address scaled by 0.01: the fourth within a minute is refused.
    // The window is the clock's minute, so a minute may turn during the look-ups and grant three
    // more: eight look-ups always meet a refusal.
    limited = await startServer({ env: { RATE_LIMIT_SCALE: '0.01', SANDBOX_GATEWAY_PORT: '0', LOG_LEVEL: 'error' } });
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page, [/status of 429/]);
    await page.goto(orgUrl(limited.url, 'viajamas.localhost', '/flight'));
    const form = page.getByRole('region', { name: 'Busca un vuelo' });
    const from = form.getByRole('combobox', { name: 'Origen', exact: true });
    await expect.poll(() => attribute(from, 'list')).toBeNull();
    const statuses: number[] = [];
    let lastTyped = '';
    for (const text of ['ca', 'can', 'canc', 'cancu', 'ma', 'mad', 'madr', 'madri']) {
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === SUGGEST);
      await from.fill(text);
      lastTyped = text;
      statuses.push((await answered).status());
      if (statuses.at(-1) === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    const status = form.getByRole('status').filter({ hasText: /^Demasiadas búsquedas de aeropuertos en poco tiempo\. Espera \d+ segundos e inténtalo de nuevo\.$/ });
    await status.waitFor({ state: 'attached' });
    expect(
      await form
        .getByText(/^Demasiadas búsquedas de aeropuertos/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await attribute(from, 'aria-expanded')).toBe('false');
    // The field still takes a code typed by hand, as without JavaScript.
    expect(await from.inputValue()).toBe(lastTyped);
    check();
    await context.close();
  });
});
