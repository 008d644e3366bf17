// The spec's own cookies (issue 34 acceptance 7, decision 0053) in Chromium on the PostgreSQL
// server: site_referer keeps the other site that brought the visitor, header_id the header version
// the pages showed, adsCheckinDate the check-in of an ad followed, which home's search then offers.
// (paymentIdC is checked where a card pays: test/e2e/checkout-payments.spec.ts.)
import { describe, expect, inject, it } from 'vitest';
import { newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration } from '../support/browser';
import { DEMO_PASSWORD } from '../support/http-client';
import { inDays } from '../support/dates';
import type { OrgConfig } from '#schemas/org-config.schema';
import { publishConfigChange } from '../support/config-edit';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const browser = useSharedBrowser();
const checkin = inDays(200);

describe.skipIf(!base)('the spec cookies', () => {
  it('site_referer keeps the other site that brought the visitor, once; header_id names the header version shown', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // Values are written URL-encoded, as cookie values must be.
    const cookie = async (name: string) => {
      const value = (await context.cookies()).find((c) => c.name === name)?.value;
      return value === undefined ? undefined : decodeURIComponent(value);
    };
    // A partner's page links to us (browsers send another site only its origin: strict-origin-when-cross-origin).
    const partner = (path: string) =>
      page.route(`http://${path}`, (route) => route.fulfill({ contentType: 'text/html', body: `<a href="${orgUrl(base, 'wanderly.localhost', '/')}">Wanderly</a>` }));
    await partner('partner.example/deals?utm=1');
    await partner('elsewhere.example/');
    await page.goto('http://partner.example/deals?utm=1');
    await page.getByRole('link', { name: 'Wanderly' }).click();
    await waitForHydration(page);
    await expect.poll(() => cookie('site_referer')).toBe('http://partner.example/');
    await expect.poll(() => cookie('header_id')).toBe('v1');
    // Another site bringing the visitor again in the same session keeps the first.
    await page.goto('http://elsewhere.example/');
    await page.getByRole('link', { name: 'Wanderly' }).click();
    await waitForHydration(page);
    expect(await cookie('site_referer')).toBe('http://partner.example/');
    await context.close();
  });

  it('adsCheckinDate: following an ad that names a check-in makes it the check-in home’s search offers', async () => {
    // An ad of Voyager Pro's (shown to signed-in visitors only) for a stay from a given check-in, for this test's while.
    const undo = await publishConfigChange(databaseUrl, 'voyagerpro', (bundle) => {
      (bundle.org as OrgConfig).ads.items.unshift({
        id: 'cookie-spec',
        product: 'ALL',
        priority: 0,
        title: 'Cookie spec stay',
        subtitle: 'From a date',
        image: '/images/ads/city-breaks.svg',
        link: `/search-detail?destination=cancun&checkin=${checkin}&checkout=${inDays(203)}&rooms=1&guests=2`,
      });
    });
    const { context } = await newContext(browser());
    try {
      const page = await context.newPage();
      await page.goto(orgUrl(base, 'voyagerpro.localhost', '/session-out'));
      await signInWithApi(page, 'agent@voyagerpro.example', DEMO_PASSWORD);
      await page.goto(orgUrl(base, 'voyagerpro.localhost', '/'));
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Cookie spec stay' }).click();
      await page.waitForURL(/\/search-detail/);
      expect((await context.cookies()).find((c) => c.name === 'adsCheckinDate')?.value).toBe(checkin);
      await page.goto(orgUrl(base, 'voyagerpro.localhost', '/'));
      await waitForHydration(page);
      expect(await page.getByLabel('Check-in').first().inputValue()).toBe(checkin);
    } finally {
      await context.close();
      await undo();
    }
  });
});
