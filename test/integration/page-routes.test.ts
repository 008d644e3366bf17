import type { LoaderFunctionArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { loader as detailsLoader } from '~/pages/details-route';
import { loader as resultsLoader } from '~/pages/results-route';
import { PRODUCT_CODES, products } from '~/products/registry';
import { useSeededDatabase } from '../support/databases';
import { loadContextFor } from '../support/load-context';

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

/** Calls a page loader as the server does; a thrown Response is the answer. */
async function answer(loader: Loader, url: string, params: Record<string, string> = {}): Promise<Response> {
  const request = new Request(url);
  try {
    return await loader({ request, params, context: await loadContextFor(request) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const viajamas = 'http://viajamas.localhost';
const segmentParam = (path: string) => ({ product: path.split('/')[1]! });

describe('the one results and details route modules (docs/decisions/0029)', () => {
  useSeededDatabase('pglite');

  it.each(PRODUCT_CODES)('%s: its results page answers through its own entry of the page table', async (code) => {
    const path = products[code].pages.results;
    const response = await answer(resultsLoader, `${viajamas}${path}`, segmentParam(path));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ product: code });
  });

  it("sends hotel results only what their cards show: never the supplier's price for a room (its net rate, the markup)", async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const response = await answer(resultsLoader, `${viajamas}/search-detail?destination=cancun&checkin=${day(60)}&checkout=${day(63)}&rooms=1&guests=2`);
    const text = await response.text();
    const page = JSON.parse(text) as { results: Record<string, unknown>[] };
    expect(page.results.length).toBeGreaterThan(0);
    for (const result of page.results) expect(Object.keys(result).sort()).toEqual(['address', 'guestRating', 'image', 'name', 'price', 'room', 'slug', 'stars']);
    expect(page.results[0]!.price).toEqual({
      total: expect.objectContaining({ text: expect.any(String) }),
      perNight: expect.objectContaining({ text: expect.any(String) }),
      priceType: 'B2C',
      memberSavings: null,
      membersPay: expect.anything(),
    });
    expect(text).not.toMatch(/net_rate|markup|supplier_price|supplier_code/);
  });

  it("sends car results and details no markup: it is the organisation's, and only a postpaid car's checkout shows it (as what is paid now)", async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const search = `pickup=CUNA&same_dropoff=1&pickup_date=${day(40)}&pickup_time=10:00&dropoff_date=${day(42)}&dropoff_time=10:00&driver_age=30`;
    const results = await answer(resultsLoader, `${viajamas}/cars/search-details?${search}`, segmentParam('/cars/search-details'));
    const resultsText = await results.text();
    const cars = (JSON.parse(resultsText) as { results: { id: number; price: { total: unknown } }[] }).results;
    expect(cars.length).toBeGreaterThan(0);
    expect(cars[0]!.price.total).toBeTruthy();
    expect(resultsText).not.toMatch(/markup/i);
    const details = await answer(detailsLoader, `${viajamas}/cars/details?car_id=${cars[0]!.id}&${search}`, segmentParam('/cars/details'));
    expect(details.status).toBe(200);
    expect(await details.text()).not.toMatch(/markup/i);
  });

  it("sends flight fares' brands without their pricing factor", async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const results = await answer(
      resultsLoader,
      `${viajamas}/flight/search-details?triptype=oneway&from=CUN&to=MCO&depart=${day(40)}&adults=1`,
      segmentParam('/flight/search-details'),
    );
    const text = await results.text();
    expect(text).toContain('"brand"');
    expect(text).not.toMatch(/factorBp/);
  });

  it('answers 404 for a path that is no product page, before any search is run', async () => {
    expect((await answer(resultsLoader, `${viajamas}/nowhere/search-details`, { product: 'nowhere' })).status).toBe(404);
    expect((await answer(resultsLoader, `${viajamas}/dreamtrips/search-details`, { product: 'dreamtrips' })).status).toBe(404);
    expect((await answer(detailsLoader, `${viajamas}/weeks/details`, { product: 'weeks' })).status).toBe(404);
    expect((await answer(detailsLoader, `${viajamas}/nowhere/details`, { product: 'nowhere' })).status).toBe(404);
  });

  it("keeps each product's own answers: a details link without its choice goes back to its search, the flight sign-in gate", async () => {
    for (const [path, search] of [
      ['/hotel-details', '/search-detail'],
      ['/holidaystays/hotel-details', '/holidaystays/search-detail'],
      ['/cars/details', '/cars/search-details'],
      ['/activities/details', '/activities/search-details'],
      ['/resorts/details', '/resorts/search-details'],
    ] as const) {
      const back = await answer(detailsLoader, `${viajamas}${path}`, segmentParam(path));
      expect(back.status, path).toBe(302);
      expect(back.headers.get('location')).toBe(`${search}?notice=choose-first`);
    }
    // An unknown choice is not a missing one: it keeps its 404.
    expect((await answer(detailsLoader, `${viajamas}/hotel-details?hotel=nowhere-at-all&destination=lisbon&checkin=2099-01-01&checkout=2099-01-02`)).status).toBe(404);
    const gate = await answer(resultsLoader, 'http://wanderly.localhost/flight/search-details');
    expect(gate.status).toBe(302);
    expect(gate.headers.get('location')).toMatch(/^\/flight/);
  });
});
