import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/booking-load';
import { inDays } from '../support/dates';
import { http } from '../support/http-client';
import type { OrgConfig } from '#schemas/org-config.schema';
import { publishConfigChange } from '../support/config-edit';

/**
 * The anonymous page cache (issue 14 acceptance 6, decisions 0035 and 0041), on the PostgreSQL server
 * so the catalogue can be changed under it. Every visit here is cookie-less, as a first visit.
 */
const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const get = (path: string, options: { cookie?: string; host?: string } = {}) => http(base, 'GET', path, { host: options.host ?? 'localhost', cookie: options.cookie });

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
const HOME = '/?cache-spec=1'; // its own URL: other specs' visits to / do not decide what this one sees.

let db: pg.Client;
beforeAll(async () => {
  if (!databaseUrl) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => db?.end());

describe.skipIf(!base)('the anonymous page cache', () => {
  it('answers an anonymous visitor from the kept page, with a fresh CSP nonce in the header and in the page', async () => {
    const first = await get(HOME);
    const second = await get(HOME);
    expect(first.status).toBe(200);
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    const [firstNonce, secondNonce] = [nonceOf(first.text), nonceOf(second.text)];
    expect(secondNonce).toBeDefined();
    expect(secondNonce).not.toBe(firstNonce);
    expect(String(second.headers['content-security-policy'])).toContain(`'nonce-${secondNonce}'`);
    expect(second.text.replaceAll(secondNonce!, firstNonce!)).toBe(first.text);
  });

  it('a forged X-Forwarded-Host changes nothing a later visitor gets from the cache (CSP, links)', async () => {
    const path = '/?cache-spec=forged-host';
    const forged = await http(base, 'GET', path, { host: 'localhost', headers: { 'x-forwarded-host': 'evil.example:6666' } });
    expect(forged.headers['x-page-cache']).toBe('miss');
    const later = await get(path);
    expect(later.headers['x-page-cache']).toBe('hit');
    for (const answer of [forged, later]) {
      expect(String(answer.headers['content-security-policy'])).not.toContain('evil');
      expect(String(answer.headers['content-security-policy'])).toContain(`ws://localhost:${new URL(base).port}`);
      expect(answer.text).not.toContain('evil.example');
      expect(answer.text).not.toContain('6666');
    }
  });

  it('refuses a malformed Host header with 400, before anything is rendered or kept', async () => {
    for (const host of ['evil.example/x', 'a b', 'user@evil.example']) {
      const answer = await http(base, 'GET', '/', { headers: { host } });
      expect(answer.status, host).toBe(400);
      expect(answer.text).toBe('Bad request: malformed Host header.\n');
    }
  });

  it('never reaches a signed-in user', async () => {
    await get(HOME);
    expect((await get(HOME)).headers['x-page-cache']).toBe('hit');
    const member = await signIn(base);
    const page = await get(HOME, { cookie: member });
    expect(page.headers['x-page-cache']).toBeUndefined();
    expect(page.text).toContain('action="/auth/logout"');
    expect((await get(HOME)).text).not.toContain('action="/auth/logout"');
  });

  it('keeps one page per language and organisation', async () => {
    await get(HOME);
    const spanish = await get(HOME, { cookie: 'lan_code=es-MX' });
    expect(spanish.text).toContain('lang="es-MX"');
    expect((await get(HOME)).text).toContain('lang="en-US"');
    const voyager = await get(HOME, { host: 'voyagerpro.localhost' });
    expect(voyager.text).toContain('data-org="voyagerpro"');
  });

  it('shows a price change on the very next request', async () => {
    const before = await get(HOME);
    await get(HOME);
    const { rows } = await db.query<{ slug: string; from_price_usd_minor: number }>(`select slug, from_price_usd_minor from destinations where slug = 'bangkok'`);
    const bangkok = rows[0]!;
    try {
      // Still the cheapest, so still featured on home.
      await db.query(`update destinations set from_price_usd_minor = $1 where slug = 'bangkok'`, [bangkok.from_price_usd_minor - 100]);
      const after = await get(HOME);
      expect(after.headers['x-page-cache']).toBe('miss');
      expect(after.text).not.toBe(before.text.replaceAll(nonceOf(before.text)!, nonceOf(after.text)!));
      expect(after.text).toContain(`from $${(bangkok.from_price_usd_minor - 100) / 100} / night`);
    } finally {
      await db.query(`update destinations set from_price_usd_minor = $1 where slug = 'bangkok'`, [bangkok.from_price_usd_minor]);
    }
  });

  it('shows an ad edited in the configuration as soon as it is published', async () => {
    await get(HOME);
    const title = 'Members save up to 40%';
    expect((await get(HOME)).text).toContain(title);
    const undo = await publishConfigChange(databaseUrl, 'wanderly', (bundle) => {
      (bundle.org as OrgConfig).ads.items[0]!.title = `${title} (edited)`;
    });
    try {
      // A publish is a new configuration, and the page cache keeps pages per configuration.
      await expect.poll(async () => (await get(HOME)).text.includes(`${title} (edited)`), { timeout: 2_000, interval: 20 }).toBe(true);
    } finally {
      await undo();
    }
    await expect.poll(async () => (await get(HOME)).text.includes(`${title} (edited)`), { timeout: 2_000, interval: 20 }).toBe(false);
  });

  it('renders every time data requests', async () => {
    for (const path of ['/?_data=root', '/search-detail?_data=routes%2Fsearch-detail&destination=cancun']) {
      await get(path);
      expect((await get(path)).headers['x-page-cache'], path).not.toBe('hit');
    }
  });

  describe('results and details (decision 0041)', () => {
    // A night no other spec books: this spec's own hold is the only change to its availability.
    const day = 200 + Math.floor(Math.random() * 100);
    const stay = `destination=cancun&checkin=${inDays(day)}&checkout=${inDays(day + 1)}&rooms=1&guests=2`;
    const RESULTS = `/search-detail?${stay}`;
    const DETAILS = `/hotel-details?hotel=cancun-harbour-view&${stay}`;
    const standardRoomsLeft = (html: string) => Number(/Standard[^<]*<\/h3>[\s\S]*?(\d+) left/.exec(html)?.[1]);
    /**
     * Visits twice until the second visit is answered from the cache: other specs' holds on this
     * shared server move the allocations' version at any moment, which rightly renders again.
     */
    const keptAfterTwoVisits = async (path: string) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        await get(path);
        if ((await get(path)).headers['x-page-cache'] === 'hit') return true;
      }
      return false;
    };

    it('keeps an anonymous search and its details page, and never answers a signed-in user from them', async () => {
      for (const path of [RESULTS, DETAILS]) expect(await keptAfterTwoVisits(path), path).toBe(true);
      const member = await signIn(base);
      const page = await get(RESULTS, { cookie: member });
      expect(page.headers['x-page-cache']).toBeUndefined();
      expect(page.text).toContain('action="/auth/logout"');
    });

    it('shows a hold made by someone else on the very next request; the checkout it opens is never kept', async () => {
      expect(await keptAfterTwoVisits(DETAILS)).toBe(true);
      const before = await get(DETAILS);
      const left = standardRoomsLeft(before.text);
      expect(left).toBeGreaterThan(0);
      const { rows } = await db.query<{ id: number }>(
        `select r.id from hotel_room_types r join hotels h on h.id = r.hotel_id where h.slug = 'cancun-harbour-view' and r.code = 'STD'`,
      );
      const form = new URLSearchParams({ destination: 'cancun', checkin: inDays(day), checkout: inDays(day + 1), rooms: '1', guests: '2', roomTypeId: String(rows[0]!.id) });
      const held = await http(base, 'POST', '/hotel-checkout', {
        host: 'localhost',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin.replace('127.0.0.1', 'localhost') },
        body: form.toString(),
      });
      const checkout = String(held.headers.location);
      expect(new URL(checkout, base).searchParams.get('hold')).toBeTruthy();
      const after = await get(DETAILS);
      expect(after.headers['x-page-cache']).toBe('miss');
      expect(standardRoomsLeft(after.text)).toBe(left - 1);
      expect((await get(RESULTS)).headers['x-page-cache']).toBe('miss');
      // The checkout did not opt in: rendered every time (it shows this hold, its expiry and its price).
      expect((await get(checkout)).status).toBe(200);
      expect((await get(checkout)).headers['x-page-cache']).not.toBe('hit');
    });
  });
});
