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
