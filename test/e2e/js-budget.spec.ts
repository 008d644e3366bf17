// Client JavaScript budgets, read from the build (issue 14, docs/decisions/0037). A page's
// JavaScript is what a document request for it loads before hydrating: the entry module, every
// route module from root down to the page, and everything those import, gzipped. Modules loaded
// on demand (`import()`: the card provider's SDK, the plans modal) are not counted.
// Needs `npm run build` output, which the e2e run makes anyway (its global setup runs `npm start`);
// it reads files only and asks no server.
import { describe, expect, it } from 'vitest';
import { clientFiles, gzipBytes, pageScripts, readClientFile, readManifest } from '../support/client-bundle';

const KB = 1024;
const PAGE_BUDGET = 120 * KB;
/** Checkout carries the card entry and the payment blocks. */
const CHECKOUT_BUDGET = 150 * KB;

/** `hotel-checkout`, `flight/checkout`, `:product/checkout`… but not `…/checkout-success`. */
const isCheckout = (path: string | undefined) => /(^|\/)(hotel-)?checkout$/.test(path ?? '');

/**
 * Code that must never reach the browser, by what its minified build still contains: names
 * and strings the minifier keeps (property names, error messages, plugin globals).
 */
const SERVER_ONLY: { name: string; markers: RegExp }[] = [
  { name: 'dayjs', markers: /\$isDayjsObject|dayjs_plugin_/ },
  { name: 'kysely', markers: /\bkysely\b|SelectQueryBuilder|InsertQueryNode/i },
  { name: 'the braintree server SDK (braintree/lib)', markers: /braintree\/lib|BraintreeGateway|TransactionGateway/ },
  { name: 'handlebars', markers: /Handlebars|handlebars/ },
  { name: 'pg', markers: /pg-protocol|pg-pool|\bnew Pool\(|SCRAM-SHA-256/ },
  { name: '@electric-sql/pglite', markers: /pglite|PGlite/ },
  { name: 'ajv', markers: /\bajv\b|Ajv|ajv-formats|\$dynamicAnchor|"strict mode: "/ },
];

const manifest = readManifest();
const pages = Object.values(manifest.routes).map((route) => {
  const scripts = pageScripts(manifest, route.id);
  return { id: route.id, path: route.path, scripts, bytes: scripts.reduce((sum, url) => sum + gzipBytes(url), 0) };
});
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe('client JavaScript budgets (gzipped, per page)', () => {
  it('reads a build with the pages it is meant to weigh', () => {
    const ids = pages.map((page) => page.id);
    expect(ids).toEqual(
      expect.arrayContaining(['root', 'routes/_index', 'routes/$landing', 'routes/search-detail', 'routes/hotel-details', 'routes/hotel-checkout', 'routes/flight.checkout']),
    );
    expect(pages.filter((page) => isCheckout(page.path)).map((page) => page.id)).toContain('routes/$product.checkout');
    expect(pages.filter((page) => isCheckout(page.path)).map((page) => page.id)).not.toContain('routes/cars.checkout-success');
    // The entry alone is React, ReactDOM and Remix: every page weighs at least that.
    for (const page of pages) expect(page.scripts).toContain(manifest.entry.module);
  });

  it(`keeps every page but checkout within ${kb(PAGE_BUDGET)}`, () => {
    const over = pages.filter((page) => !isCheckout(page.path) && page.bytes > PAGE_BUDGET).map((page) => `${page.id} (/${page.path ?? ''}): ${kb(page.bytes)}`);
    expect(over, `pages over ${kb(PAGE_BUDGET)} of JavaScript`).toEqual([]);
  });

  it(`keeps every checkout within ${kb(CHECKOUT_BUDGET)}, card entry included`, () => {
    const checkouts = pages.filter((page) => isCheckout(page.path));
    const over = checkouts.filter((page) => page.bytes > CHECKOUT_BUDGET).map((page) => `${page.id} (/${page.path ?? ''}): ${kb(page.bytes)}`);
    expect(over, `checkouts over ${kb(CHECKOUT_BUDGET)} of JavaScript`).toEqual([]);
  });
});

describe('the fingerprint widget (issue 37)', () => {
  /** At most this much on checkout and sign-in, loaded after the page is up. */
  const WIDGET_BUDGET = 15 * KB;
  const widget = clientFiles().filter((url) => readClientFile(url).includes('/api/iqps/fqs'));

  it(`is one module of at most ${kb(WIDGET_BUDGET)} that no page loads before hydrating`, () => {
    expect(widget).toHaveLength(1);
    expect(gzipBytes(widget[0]!)).toBeLessThanOrEqual(WIDGET_BUDGET);
    expect(pages.filter((page) => page.scripts.includes(widget[0]!)).map((page) => page.id)).toEqual([]);
  });
});

describe('what never reaches the browser', () => {
  const files = clientFiles();

  it('finds the build’s scripts', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(SERVER_ONLY)('no client file contains $name', ({ markers }) => {
    const found = files.filter((url) => markers.test(readClientFile(url)));
    expect(found).toEqual([]);
  });
});
