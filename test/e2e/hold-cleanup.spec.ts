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
    resort_id: resort.resort_id,
    check_in_date: inDays(days),
    check_out_date: inDays(days + 7),
    lang: 'en-US',
    currency: 'USD',
    residency: 'US',
    search_type: 'country',
    category: 'RST',
    destination_id: resort.destination_id,
    whitelabel_no: 1,
    mainPath: '/resorts/details',
  });
  const studio = inventory.json().data.inventory.find((i: { unit_type: { code: string } }) => i.unit_type.code === 'STU');
  const prepared = await post('prepareBookWeeks', {
    resort_id: resort.resort_id,
    inventory_id: studio.inventory_id,
    check_in_date: studio.check_in_date,
    check_out_date: studio.check_out_date,
    lang: 'en-US',
    currency: 'USD',
    residency: 'US',
    mainPath: '/resorts/checkout',
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

describe('releasing a hold from its checkout (issue 34)', () => {
  const pgBase = inject('pgBaseURL');
  const databaseUrl = inject('pgDatabaseUrl');

  it.skipIf(!pgBase)('a guest releases a hotel hold: the checkout says so on the search page, and the room is free again', async () => {
    const { default: pg } = await import('pg');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const origin = new URL(pgBase).origin.replace('127.0.0.1', 'localhost');
      const form = new URLSearchParams({ destination: 'cancun', checkin: inDays(120), checkout: inDays(121), rooms: '1', guests: '2', roomTypeId: '1' });
      const held = await http(pgBase, 'POST', '/hotel-checkout', { headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: form.toString() });
      expect(held.status).toBe(302);
      const checkout = new URL(String(held.headers.location), pgBase);
      const token = checkout.searchParams.get('hold')!;
      const allocations = async () =>
        Number((await db.query('select count(*) from unit_allocations a join holds h on h.id = a.hold_id where h.token = $1', [token])).rows[0].count);
      expect(await allocations()).toBe(1);

      const { context } = await newContext(browser());
      const page = await context.newPage();
      await page.goto(`${pgBase}${checkout.pathname}${checkout.search}`);
      await page.getByRole('button', { name: 'Release this hold' }).click();
      await page.waitForURL(/\/search-detail\?notice=hold-released/);
      await page.getByRole('status').filter({ hasText: 'Your hold was released: it is available to everyone again.' }).waitFor();
      const { rows } = await db.query('select status from holds where token = $1', [token]);
      expect(rows).toEqual([{ status: 'released' }]);
      expect(await allocations()).toBe(0);
      // A hold already released (or another visitor's) is left as it is.
      const again = await http(pgBase, 'POST', `${checkout.pathname}${checkout.search}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ intent: 'release', hold: token }).toString(),
      });
      expect(again.status).toBe(302);
      await context.close();
    } finally {
      await db.end();
    }
  });
});
