import { describe, expect, inject, it } from 'vitest';
import { http } from '../support/http-client';

const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type Item = {
  inventory_id: number;
  resort_id: number;
  unit_type: { code: string; name: string; sleeps: number };
  week_start_day: number;
  check_in_date: string;
  check_out_date: string;
  nights: number;
  weeks: number;
  available: number;
  price: { currency: string; amount: number; text: string; retail_price: number; per_week: number; per_night: number; price_type: string };
};

describe.each(backends)('/api/weeks/* on $name', ({ base }) => {
  const post = (route: string, body: unknown, options: { host?: string; cookie?: string } = {}) => http(base, 'POST', `/api/weeks/${route}`, { body, ...options });

  /** A Mexican resort (RST) from the min-price call, and its inventory for a week `days` out. */
  async function resortInventory(days: number, currency = 'USD') {
    const min = await post('getGenerateMinPrice', {});
    const resort = min.json().data.min_prices.find((p: { category: string }) => p.category === 'RST');
    const answer = await post('getInventory', inventoryBody(resort.resort_id, days, currency));
    expect(answer.status).toBe(200);
    return { resortId: resort.resort_id as number, data: answer.json().data, items: answer.json().data.inventory as Item[] };
  }
  const inventoryBody = (resortId: number, days: number, currency = 'USD') => ({
    resort_id: resortId,
    check_in_date: inDays(days),
    check_out_date: inDays(days + 7),
    lang: 'en-US',
    currency,
    residency: 'US',
    search_type: 'country',
    category: 'RST',
    destination_id: 'cancun',
    whitelabel_no: 1,
    mainPath: '/resorts/details',
  });
  const prepareBody = (resortId: number, item: Item, extra: Record<string, unknown> = {}) => ({
    resort_id: resortId,
    inventory_id: item.inventory_id,
    check_in_date: item.check_in_date,
    check_out_date: item.check_out_date,
    uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    lang: 'en-US',
    currency: 'USD',
    residency: 'US',
    mainPath: '/resorts/checkout',
    ...extra,
  });
  const release = (token: string) => post('release', { residency: 'US', search_type: 'country', reservationToken: token, mainPath: '/resorts' });

  it('getGenerateMinPrice defaults to country MX and residency US and lists a min price per resort', async () => {
    const answer = await post('getGenerateMinPrice', { dates: [inDays(30)], whitelabel_ids: [1], inspiraId: 'abc-1' });
    expect(answer.status).toBe(200);
    const { status, data } = answer.json();
    expect(status).toBe(200);
    expect(data).toMatchObject({ country: 'MX', residency: 'US', currency: 'USD', inspiraId: 'abc-1', dates: [inDays(30)] });
    expect(data.min_prices.length).toBeGreaterThanOrEqual(8);
    for (const p of data.min_prices) {
      expect(Object.keys(p).sort()).toEqual(['category', 'check_in_date', 'check_out_date', 'destination_id', 'inventory_id', 'min_price', 'name', 'resort_id', 'whitelabel_no']);
      expect(['cancun', 'los-cabos', 'puerto-vallarta', 'cozumel']).toContain(p.destination_id);
      expect(p.min_price).toMatchObject({ currency: 'USD', price_type: 'B2C' });
      expect(Number.isInteger(p.min_price.amount)).toBe(true);
    }
    const pesos = (await post('getGenerateMinPrice', { country: 'MX', currency: 'MXN' })).json().data;
    expect(pesos.min_prices[0].min_price.currency).toBe('MXN');
    expect((await post('getGenerateMinPrice', { whitelabel_ids: [42] })).json().data.min_prices).toEqual([]);
  });

  it('getInventory answers the resort and its weeks with the spec field names, priced in the asked currency', async () => {
    const { resortId, data, items } = await resortInventory(35);
    expect(data.resort).toMatchObject({ resort_id: resortId, category: 'RST', provider: 'OWN', whitelabel_no: 1 });
    for (const key of ['name', 'stars', 'review_score', 'address', 'latitude', 'longitude', 'image', 'destination_id', 'description']) {
      expect(data.resort).toHaveProperty(key);
    }
    expect(items.map((i) => i.unit_type.code).sort()).toEqual(['1BR', '2BR', 'STU']);
    for (const item of items) {
      expect(item).not.toHaveProperty('reservation_token');
      expect(new Date(`${item.check_in_date}T00:00:00Z`).getUTCDay()).toBe(item.week_start_day);
      expect(item).toMatchObject({ resort_id: resortId, nights: 7, weeks: 1, price: { currency: 'USD', price_type: 'B2C' } });
      expect(item.check_out_date).toBe(plusDays(item.check_in_date, 7));
    }
    const euros = await resortInventory(35, 'EUR');
    expect(euros.items[0]!.price.currency).toBe('EUR');
    expect(euros.items[0]!.price.amount).not.toBe(items.find((i) => i.inventory_id === euros.items[0]!.inventory_id)!.price.amount);
    // Another white label's inventory is not sold here.
    const foreign = await post('getInventory', { ...inventoryBody(resortId, 35), whitelabel_no: 7 });
    expect(foreign.json().data.inventory).toEqual([]);
    expect((await post('getInventory', inventoryBody(999_999, 35))).status).toBe(404);
  });

  it('getReviews pages a resort reviews', async () => {
    const { resortId } = await resortInventory(35);
    const answer = await post('getReviews', { resort_id: String(resortId) });
    expect(answer.status).toBe(200);
    const { data } = answer.json();
    expect(data).toMatchObject({ resort_id: resortId, page: 1, page_size: 10 });
    expect(data.reviews.length).toBe(data.total);
    for (const review of data.reviews) {
      expect(Object.keys(review).sort()).toEqual(['author', 'body', 'id', 'rating', 'stay_month', 'title']);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
    expect((await post('getReviews', { resort_id: resortId, page: 2 })).json().data.reviews).toEqual([]);
    expect((await post('getReviews', { resort_id: 999_999 })).status).toBe(404);
  });

  it('prepareBookWeeks holds a week and release gives it back', async () => {
    const { resortId, items } = await resortInventory(60);
    const studio = items.find((i) => i.unit_type.code === 'STU')!;
    const prepared = await post('prepareBookWeeks', prepareBody(resortId, studio));
    expect(prepared.status).toBe(200);
    const hold = prepared.json().data;
    expect(hold).toMatchObject({
      inventory_id: studio.inventory_id,
      resort_id: resortId,
      check_in_date: studio.check_in_date,
      check_out_date: studio.check_out_date,
      nights: 7,
      weeks: 1,
      hold_minutes: 15,
      uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      price: { amount: studio.price.amount, currency: 'USD' },
    });
    expect(hold.reservation_token).toMatch(/^[\w-]{20,}$/);
    const ttl = Date.parse(hold.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const during = (await resortInventory(60)).items.find((i) => i.inventory_id === studio.inventory_id)!;
    expect(during.available).toBe(studio.available - 1);

    const released = await http(base, 'POST', '/api/weeks/release', {
      body: { residency: 'US', search_type: 'country', reservationToken: hold.reservation_token, mainPath: '/resorts' },
      cookie: `holdTok=${hold.reservation_token}`,
    });
    expect(released.status).toBe(200);
    expect(released.json()).toMatchObject({ status: 200, released: true });
    expect(String(released.headers['set-cookie'])).toMatch(/holdTok=; Path=\/; Max-Age=0/);
    const after = (await resortInventory(60)).items.find((i) => i.inventory_id === studio.inventory_id)!;
    expect(after.available).toBe(studio.available);
    // Again, or with a token nobody issued: nothing to release, and no error.
    expect((await release(hold.reservation_token)).json()).toMatchObject({ status: 200, released: false });
    expect((await release('no-such-token')).json()).toMatchObject({ status: 200, released: false });
  });

  it('prepareBookWeeks on the last unit twice: the second answers 409 sold out', async () => {
    const { resortId, items } = await resortInventory(90);
    const villa = items.find((i) => i.unit_type.code === '2BR')!;
    expect(villa.available).toBe(1);
    const first = await post('prepareBookWeeks', prepareBody(resortId, villa));
    expect(first.status).toBe(200);
    const second = await post('prepareBookWeeks', prepareBody(resortId, villa, { uuid: undefined }));
    expect(second.status).toBe(409);
    expect(second.json()).toMatchObject({ status: 409, message: expect.stringMatching(/^Sold out: no Two-bedroom villa at .+ is free from/), data: { available: 0 } });
    expect((await release(first.json().data.reservation_token)).json().released).toBe(true);
    const third = await post('prepareBookWeeks', prepareBody(resortId, villa));
    expect(third.status).toBe(200);
    await release(third.json().data.reservation_token);
  });

  it('refuses malformed bodies with a 400 that says what is wrong, and holds nothing', async () => {
    const { resortId, items } = await resortInventory(120);
    const villa = items.find((i) => i.unit_type.code === '2BR')!;
    const good = prepareBody(resortId, villa);
    const offDay = plusDays(villa.check_in_date, 1);
    const cases: [string, unknown, RegExp][] = [
      ['prepareBookWeeks', '"text"', /JSON object/],
      ['prepareBookWeeks', [], /JSON object/],
      ['prepareBookWeeks', { ...good, inventory_id: undefined }, /missing required property 'inventory_id'/],
      ['prepareBookWeeks', { ...good, inventory_id: 'abc' }, /inventory_id/],
      ['prepareBookWeeks', { ...good, check_in_date: '12/31/2027' }, /check_in_date/],
      ['prepareBookWeeks', { ...good, check_in_date: offDay, check_out_date: plusDays(offDay, 7) }, /check_in_date: weeks of this unit start on a/],
      ['prepareBookWeeks', { ...good, check_out_date: plusDays(villa.check_in_date, 5) }, /check_out_date: must be 7, 14, 21 or 28 nights/],
      ['prepareBookWeeks', { ...good, uuid: 'not-a-uuid' }, /uuid/],
      ['prepareBookWeeks', { ...good, surprise: 1 }, /unrecognized property 'surprise'/],
      ['prepareBookWeeks', { ...good, currency: 'XYZ' }, /currency: 'XYZ'/],
      ['getInventory', { ...inventoryBody(resortId, 120), check_out_date: inDays(110) }, /check_out_date: must be after check_in_date/],
      ['getInventory', { ...inventoryBody(resortId, 120), check_in_date: '2020-02-30' }, /is not a date/],
      ['getInventory', { resort_id: resortId }, /missing required property 'check_in_date'/],
      ['getReviews', { resort_id: 0 }, /resort_id/],
      ['getReviews', { resort_id: resortId, page: 0 }, /page/],
      ['getGenerateMinPrice', { country: 'Mexico' }, /country/],
      ['getGenerateMinPrice', { dates: '2027-01-01' }, /dates: must be array/],
      ['release', { reservationToken: 'x', search_type: 'city' }, /search_type: must be one of "country"/],
      ['release', { residency: 'US' }, /missing required property 'reservationToken'/],
    ];
    for (const [route, body, message] of cases) {
      const answer = await post(route, body);
      expect(answer.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json()).toMatchObject({ status: 400, message: expect.stringMatching(message) });
    }
    const broken = await http(base, 'POST', '/api/weeks/prepareBookWeeks', { body: '{"resort_id":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const after = (await resortInventory(120)).items.find((i) => i.inventory_id === villa.inventory_id)!;
    expect(after.available).toBe(1);
    // A unit of another resort is not this resort's inventory.
    expect((await post('prepareBookWeeks', { ...good, resort_id: resortId + 1 })).status).toBe(404);
  });

  it('answers 405 to anything but POST, and 404 on a site that does not sell resorts', async () => {
    for (const route of ['getInventory', 'getReviews', 'getGenerateMinPrice', 'prepareBookWeeks', 'release']) {
      const get = await http(base, 'GET', `/api/weeks/${route}`);
      expect(get.status, route).toBe(405);
      expect(get.headers.allow).toBe('POST');
      expect((await http(base, 'PUT', `/api/weeks/${route}`, { body: {} })).status, route).toBe(405);
    }
    const { resortId } = await resortInventory(35);
    const business = await post('getInventory', inventoryBody(resortId, 35), { host: 'voyagerpro.localhost' });
    expect(business.status).toBe(404);
    expect(business.json().message).toBe('Resorts are not offered on this site');
  });
});
