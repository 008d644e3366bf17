import { describe, expect, it } from 'vitest';
import { LANDING_PAGES, PRODUCT_CODES, type ProductCode, products } from '~/products/registry';
import { type DetailsProductCode, type ResultsProductCode, pageProductOf } from './page-product';
import { detailsPages, resultsPages } from '~/products/product-pages.server';
import { detailsModules, detailsTitles, resultsModules, resultsTitles } from './views';

// Compile time: every product whose registry entry has a results (details) page has an entry
// in the loader and view tables; adding a product with pages and no entry does not compile.
resultsPages satisfies Record<ResultsProductCode, unknown>;
resultsModules satisfies Record<ResultsProductCode, unknown>;
resultsTitles satisfies Record<ResultsProductCode, unknown>;
detailsPages satisfies Record<DetailsProductCode, unknown>;
detailsModules satisfies Record<DetailsProductCode, unknown>;
detailsTitles satisfies Record<DetailsProductCode, unknown>;

type Mounted = { path: string; file: string; id: string };

/** The routes remix.config.js mounts, by calling its `routes` with a recording defineRoutes. */
async function mountedRoutes(): Promise<Mounted[]> {
  const mounted: Mounted[] = [];
  const defineRoutes = (define: (route: (path: string, file: string, options?: { id?: string }) => void) => void) => {
    define((path, file, options) => mounted.push({ path: `/${path}`, file, id: options?.id ?? file }));
    return mounted;
  };
  // remix.config.js is plain JavaScript (no types): imported by its URL and read as what this test calls.
  const config = (await import(new URL('../../remix.config.js', import.meta.url).href)) as { default: { routes: (d: typeof defineRoutes) => unknown } };
  await config.default.routes(defineRoutes);
  return mounted;
}

const withPage = (kind: 'results' | 'details') => PRODUCT_CODES.filter((code) => products[code].pages[kind] !== null);

describe('the results and details page table', () => {
  it.each(withPage('results'))('%s: its results page resolves to its entry of the table', (code: ProductCode) => {
    const page = products[code].pages.results;
    expect(pageProductOf(page, 'results')).toBe(code);
    expect(Object.hasOwn(resultsPages, code) && Object.hasOwn(resultsModules, code) && Object.hasOwn(resultsTitles, code)).toBe(true);
  });

  it.each(withPage('details'))('%s: its details page resolves to its entry of the table', (code: ProductCode) => {
    const page = products[code].pages.details!;
    expect(pageProductOf(page, 'details')).toBe(code);
    expect(Object.hasOwn(detailsPages, code) && Object.hasOwn(detailsModules, code) && Object.hasOwn(detailsTitles, code)).toBe(true);
  });

  it('has no entry for a product without such a page', () => {
    expect(Object.keys(resultsPages).sort()).toEqual(withPage('results').sort());
    expect(Object.keys(detailsPages).sort()).toEqual(withPage('details').sort());
    for (const table of [resultsModules, resultsTitles]) expect(Object.keys(table).sort()).toEqual(withPage('results').sort());
    for (const table of [detailsModules, detailsTitles]) expect(Object.keys(table).sort()).toEqual(withPage('details').sort());
  });

  it('every results and details page of the registry is mounted on the module of its product’s view (the one route plus that view)', async () => {
    const routes = await mountedRoutes();
    const moduleOf = (path: string) => {
      const exact = routes.find((route) => route.path === path);
      if (exact) return exact.file;
      const [, first, rest] = /^\/([^/]+)(\/.*)$/.exec(path) ?? [];
      return routes.find((route) => route.path === `/:product${rest}` && first)?.file;
    };
    for (const code of withPage('results')) expect(moduleOf(products[code].pages.results), code).toBe(`pages/results/${resultsModules[code as ResultsProductCode]}.tsx`);
    for (const code of withPage('details')) expect(moduleOf(products[code].pages.details!), code).toBe(`pages/details/${detailsModules[code as DetailsProductCode]}.tsx`);
    expect(moduleOf('/holidaystays/search-detail')).toBe('pages/results/hotel.tsx');
    expect(moduleOf('/holidaystays/hotel-details')).toBe('pages/details/hotel.tsx');
  });

  it.each(['results', 'details'] as const)('every %s view module re-exports all of the one route and adds its page', async (kind) => {
    const route = await import(`./${kind}-route.tsx`);
    const modules = kind === 'results' ? resultsModules : detailsModules;
    for (const name of new Set(Object.values(modules))) {
      const module = await import(`./${kind}/${name}.tsx`);
      expect(Object.keys(module).sort(), name).toEqual([...Object.keys(route), 'default'].sort());
      for (const key of Object.keys(route)) expect(module[key], `${name}.${key}`).toBe(route[key]);
    }
  });

  it('keeps the route ids the pages always had (scripts call ?_data=routes%2F…)', async () => {
    const ids = (await mountedRoutes()).filter((route) => route.file.startsWith('pages/')).map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'routes/search-detail',
        'routes/holidaystays.search-detail',
        'routes/flight.search-details',
        'routes/cars.search-details',
        'routes/resorts.search-details',
        'routes/stays.search-details',
        'routes/weeks.search-details',
        'routes/$product.search-details',
        'routes/hotel-details',
        'routes/holidaystays.hotel-details',
        'routes/flight.details',
        'routes/cars.details',
        'routes/resorts.details',
        'routes/stays.details',
        'routes/$product.details',
      ]),
    );
  });

  it('gives no product to a path that is not a product page', () => {
    expect(pageProductOf('/nowhere/search-details', 'results')).toBeNull();
    expect(pageProductOf('/dreamtrips/search-details', 'results')).toBeNull();
    expect(pageProductOf('/weeks/details', 'details')).toBeNull();
    expect(pageProductOf('/hotels/details', 'details')).toBeNull();
    expect(pageProductOf('/holidaystays/search-detail', 'results')).toBe('HLT');
    expect(pageProductOf('/Cars/search-details/', 'results')).toBe('CAR');
  });
});

describe('the landing pages (docs/decisions/0037)', () => {
  it('mount every landing that opens with a search at its path through a search form module, and no other', async () => {
    const routes = await mountedRoutes();
    for (const { slug, search } of LANDING_PAGES) {
      const mounted = routes.find((route) => route.path === `/${slug}`);
      if (search) expect(mounted?.file, slug).toMatch(/^pages\/landing\/(hotel|flight|car|offer|weeks)\.tsx$/);
      else expect(mounted, slug).toBeUndefined();
    }
    const slugs = LANDING_PAGES.map((page) => `/${page.slug}`);
    for (const route of routes.filter((r) => r.file.startsWith('pages/landing/'))) expect(slugs, route.path).toContain(route.path);
  });

  it('give every form module, and the one without a form, all the exports of the landing route', async () => {
    const route = await import('./landing-route');
    const routeExports = Object.keys(route).filter((key) => !['LandingPage'].includes(key));
    const modules = [await import('~/routes/$landing'), ...(await Promise.all(['hotel', 'flight', 'car', 'offer', 'weeks'].map((name) => import(`./landing/${name}.tsx`))))];
    for (const module of modules) {
      expect(Object.keys(module).sort()).toEqual([...routeExports, 'default'].sort());
      for (const key of routeExports) expect(module[key]).toBe(route[key as keyof typeof route]);
    }
  });
});
