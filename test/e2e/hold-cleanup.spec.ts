import { describe, expect, inject, it } from 'vitest';
import { newContext, useSharedBrowser } from '../support/browser';
import { http } from '../support/http-client';
import { inDays } from '../support/dates';

const base = inject('baseURL');

const browser = useSharedBrowser();

const post = (route: string, body: unknown) => http(base, 'POST', `/api/weeks/${route}`, { body });

/** A real week hold on a resort studio, as prepare-to-checkout makes it. */
async function prepareWeekHold(days: number) {
  const resort = (await post('getGenerateMinPrice', {})).json().data.min_prices.find((p: { category: string }) => p.category === 'RST');
  const inventory = await post('getInventory', {
    resort_id: resort.resort_id, check_in_date: inDays(days), check_out_date: inDays(days + 7), lang: 'en-US', currency: 'USD',
    residency: 'US', search_type: 'country', category: 'RST', destination_id: resort.destination_id, whitelabel_no: 1, mainPath: '/resorts/details',
  });
  const studio = inventory.json().data.inventory.find((i: { unit_type: { code: string } }) => i.unit_type.code === 'STU');
  const prepared = await post('prepareBookWeeks', {
    resort_id: resort.resort_id, inventory_id: studio.inventory_id, check_in_date: studio.check_in_date, check_out_date: studio.check_out_date,
    lang: 'en-US', currency: 'USD', residency: 'US', mainPath: '/resorts/checkout',
  });
  expect(prepared.status).toBe(200);
  return prepared.json().data.reservation_token as string;
}

// Which paths keep the hold is a pure rule, tested in app/domain/hold-cleanup.test.ts.
describe('hold cleanup (spec §2)', () => {
  it('a leftover holdTok on another path calls POST /api/weeks/release and is cleared', async () => {
    const token = await prepareWeekHold(150);
    const { context } = await newContext(browser());
    await context.addCookies([{ name: 'holdTok', value: token, url: base }]);
    const page = await context.newPage();
    const releases: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/weeks/release')) releases.push(request.postData() ?? '');
    });

    const released = page.waitForResponse((response) => response.url().endsWith('/api/weeks/release'));
    await page.goto(`${base}/`);
    const response = await released;
    expect(response.status()).toBe(200);
    expect(JSON.parse(releases[0]!)).toEqual({ residency: 'US', search_type: 'country', reservationToken: token, mainPath: '/' });
    expect((await context.cookies()).find((c) => c.name === 'holdTok')).toBeUndefined();
    // The browser's call released it: releasing again finds nothing to release.
    expect((await post('release', { residency: 'US', search_type: 'country', reservationToken: token, mainPath: '/' })).json().released).toBe(false);
    await context.close();
  });
});
