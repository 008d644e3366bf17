// Issue 15 acceptance 5, on each organisation in Chromium: home's featured destination cards and
// map chips open that destination's hotel results; a details page opened without its search or
// choice lands on the search with a notice; the header's product navigation is one line at
// 1280 px and a menu button at 375 px (aria-expanded, Escape closes it and gives focus back);
// axe finds no violations on home and on the search page at both widths.
import { describe, expect, inject, it } from 'vitest';
import { messagesFor } from '~/i18n';
import { http } from '../support/http-client';
import { type Page, VIEWPORTS, expectNoAxeViolationsAtViewports, newContext, orgUrl, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';

const base = inject('baseURL');
const ORGS = ['wanderly', 'voyagerpro', 'viajamas'] as const;

const browser = useSharedBrowser();

/** The page's language's texts (the org's default language, as <html lang> says). */
async function textsOf(page: Page) {
  const lang = await page.evaluate(() => document.documentElement.lang);
  return messagesFor(lang.startsWith('es') ? 'es-MX' : 'en-US');
}

/**
 * A home link to a destination's results opens them in the app (no new document: the window
 * keeps what the page set on it): the URL names the destination and hotels are listed.
 */
async function followsToResults(page: Page, link: ReturnType<Page['locator']>, org: string) {
  const name = (await link.innerText()).split('·')[0]!.trim();
  const href = new URL((await link.getAttribute('href')) ?? '', 'http://x');
  const slug = href.searchParams.get('destination');
  expect(slug, `${org}: ${name}`).toBeTruthy();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await link.click();
  await page.waitForURL((url) => url.pathname === '/search-detail' && url.searchParams.get('destination') === slug);
  await page.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor();
  expect(await page.locator('.result-card').count(), `${org}: hotels in ${name}`).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'sameDocument' in window), `${org}: ${name} opened in the app`).toBe(true);
}

describe('home links, details fallbacks and the header', () => {
  for (const org of ORGS) {
    it(`${org}: featured cards and map chips open results; a details link without its choice lands on the search; the nav fits at 1280 px and is a menu at 375 px`, async () => {
      const { context } = await newContext(browser());
      const page = await context.newPage();
      const check = watchConsole(page);
      const home = orgUrl(base, `${org}.localhost`, '/');

      await page.goto(home);
      await waitForHydration(page);
      await expectNoAxeViolationsAtViewports(page, `${org} home`);

      // The header at 1280 px: every product link on one line, none cut off.
      const items = page.locator('.site-header .product-nav li:visible');
      expect(await items.count()).toBeGreaterThan(2);
      const tops = await items.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${org}: nav item tops ${tops.join(', ')}`).toBe(1);
      const clipped = await page.locator('.site-header .product-nav ul:visible').evaluate((list) => list.scrollWidth > list.clientWidth);
      expect(clipped).toBe(false);
      const viewportWidth = VIEWPORTS.desktop.width;
      const rights = await items.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));
      expect(Math.max(...rights)).toBeLessThanOrEqual(viewportWidth);

      // Home's product tiles at 1280 px: one row, each product with its own icon (issue 34).
      const tiles = page.locator('.search-entry-link');
      const drawn = await tiles.evaluateAll((links) =>
        links.map((link) => ({
          product: link.getAttribute('data-product'),
          top: Math.round(link.getBoundingClientRect().top),
          icon: getComputedStyle(link, '::before').maskImage,
        })),
      );
      expect(drawn.length, `${org}: product tiles`).toBeGreaterThan(2);
      expect(new Set(drawn.map((tile) => tile.top)).size, `${org}: tile tops ${drawn.map((tile) => `${tile.product} ${tile.top}`).join(', ')}`).toBe(1);
      expect(new Set(drawn.map((tile) => tile.icon)).size, `${org}: one icon per product`).toBe(drawn.length);

      // A featured card, then a map chip.
      await followsToResults(page, page.locator('.featured .destination-link').first(), org);
      await page.goto(home);
      await waitForHydration(page);
      await followsToResults(page, page.locator('.map-view .map-list a').last(), org);
      // A result card's link opens the hotel in the app as well.
      await page.locator('.result-card a.button-primary').first().click();
      await page.waitForURL((url) => url.pathname === '/hotel-details');
      await page.locator('.room-card').first().waitFor();
      expect(await page.evaluate(() => 'sameDocument' in window), `${org}: a result card opened in the app`).toBe(true);

      // A details page without its search and choice: back to the search, which says why.
      await page.goto(orgUrl(base, `${org}.localhost`, '/hotel-details'));
      await page.waitForURL((url) => url.pathname === '/search-detail' && url.searchParams.get('notice') === 'choose-first');
      const texts = await textsOf(page);
      await page.getByRole('status').filter({ hasText: texts['results.chooseFirst'] }).waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      await waitForHydration(page);
      await expectNoAxeViolationsAtViewports(page, `${org} search page with the notice`);

      // The header at 375 px: a menu button; Escape closes it and focus returns to the button.
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(home);
      await waitForHydration(page);
      expect(await page.locator('.site-header .product-nav li:visible').count()).toBe(0);
      const toggle = page.locator('.site-header summary.menu-toggle');
      expect(await toggle.isVisible()).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      const menuLinks = page.locator('.menu-content .product-nav a:visible');
      expect(await menuLinks.count()).toBeGreaterThan(2);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.menu-content') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await menuLinks.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);

      check();
      await context.close();
    });
  }

  it("the product navigation and home's product list: a link rested on is prefetched, a click opens it in the app, and the current product is marked", async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'wanderly.localhost', '/'));
    await waitForHydration(page);
    const prefetched = () => page.evaluate(() => [...document.querySelectorAll('link[rel=prefetch]')].map((link) => link.getAttribute('href')));
    expect((await prefetched()).some((href) => href?.startsWith('/cars?_data='))).toBe(false);
    const nav = page.locator('.site-header .product-nav:visible');
    expect(await nav.locator('[aria-current]').count()).toBe(0);

    // Resting on a product prefetches its landing page's data, as <Link prefetch="intent"> does.
    await nav.getByRole('link', { name: 'Cars' }).hover();
    await expect.poll(async () => (await prefetched()).some((href) => href?.startsWith('/cars?_data='))).toBe(true);

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await nav.getByRole('link', { name: 'Cars' }).click();
    await page.waitForURL((url) => url.pathname === '/cars');
    await expect.poll(() => nav.locator('a.active[aria-current="page"]').allInnerTexts()).toEqual(['Cars']);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Home's product list the same way: focus reaching a link prefetches it.
    await page.goto(orgUrl(base, 'wanderly.localhost', '/'));
    await waitForHydration(page);
    await page.locator('.search-entry-link[data-product="ACT"]').focus();
    await expect.poll(async () => (await prefetched()).some((href) => href?.startsWith('/activities?_data='))).toBe(true);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/activities');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    check();
    await context.close();
  });

  it('a checkout link without its hold goes back to its product search with the notice, never a bare status code', async () => {
    const checkouts: [host: string, checkout: string, search: string][] = [
      ['wanderly', '/hotel-checkout', '/search-detail'],
      ['wanderly', '/holidaystays/hotel-checkout', '/holidaystays/search-detail'],
      // Wanderly asks visitors to sign in for flights; Viajamás lets them search.
      ['viajamas', '/flight/checkout', '/flight/search-details'],
      ['wanderly', '/cars/checkout', '/cars/search-details'],
      ['wanderly', '/activities/checkout', '/activities/search-details'],
      ['wanderly', '/transfers/checkout', '/transfers/search-details'],
      ['wanderly', '/resorts/checkout', '/resorts/search-details'],
      ['wanderly', '/stays/checkout', '/stays/search-details'],
    ];
    for (const [org, checkout, search] of checkouts) {
      const answer = await http(base, 'GET', checkout, { host: `${org}.localhost` });
      expect([answer.status, answer.headers.location], checkout).toEqual([302, `${search}?notice=choose-first`]);
    }
  });
});
