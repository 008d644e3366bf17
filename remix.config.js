/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // Server helpers, tests and private files live beside routes but are never routes.
  ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*', '**/__*.*'],
  serverBuildPath: 'build/index.js',
  /**
   * Modules that serve several URLs are mounted here, each URL with its own route id: the
   * holidaystays variants of the hotel flow (spec §2; the modules read the variant from the URL,
   * app/domain/hotel-flow.ts), the one results, details and checkout modules, and the products'
   * success pages. Chosen over thin re-exporting route files because those would have to repeat
   * every export (loader, action, meta, ErrorBoundary…) and one forgotten would fail silently;
   * here one list says it all.
   */
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route('holidaystays/checkout-success', 'routes/checkout-success.tsx', { id: 'routes/holidaystays.checkout-success' });
      // One results route and one details route serve every product (docs/decisions/0029): the
      // URL names the product through the registry's pages, the page table loads and the
      // product's views fill the shared page shell. Each URL is mounted through the module of its
      // product's view (pages/results/*.tsx, pages/details/*.tsx: the one route plus that view),
      // so a page loads no other product's view (docs/decisions/0037; app/pages/views.tsx says
      // which module is whose). The URLs and route ids are the ones each product had (callers of
      // `?_data=routes%2F…` keep working); a named segment wins over `:product`.
      const results = {
        'search-detail': ['routes/search-detail', 'hotel'],
        'holidaystays/search-detail': ['routes/holidaystays.search-detail', 'hotel'],
        'flight/search-details': ['routes/flight.search-details', 'flight'],
        'cars/search-details': ['routes/cars.search-details', 'car'],
        'resorts/search-details': ['routes/resorts.search-details', 'weeks'],
        'stays/search-details': ['routes/stays.search-details', 'weeks'],
        'weeks/search-details': ['routes/weeks.search-details', 'weeks'],
        ':product/search-details': ['routes/$product.search-details', 'offer'],
      };
      for (const [path, [id, view]] of Object.entries(results)) route(path, `pages/results/${view}.tsx`, { id });
      const details = {
        'hotel-details': ['routes/hotel-details', 'hotel'],
        'holidaystays/hotel-details': ['routes/holidaystays.hotel-details', 'hotel'],
        'flight/details': ['routes/flight.details', 'flight'],
        'cars/details': ['routes/cars.details', 'car'],
        'resorts/details': ['routes/resorts.details', 'weeks'],
        'stays/details': ['routes/stays.details', 'weeks'],
        ':product/details': ['routes/$product.details', 'offer'],
      };
      for (const [path, [id, view]] of Object.entries(details)) route(path, `pages/details/${view}.tsx`, { id });
      // The landings that open with a search, each at its own path through the module of its
      // search form (pages/landing/*.tsx: the one landing route plus that form), so a landing
      // loads no other product's form (docs/decisions/0037). Landings without a search and
      // unknown paths stay on routes/$landing.tsx; a named path wins over `:landing`.
      // app/pages/landing-table.test.ts checks every landing with a search is here.
      const landings = {
        holidaystays: 'hotel',
        packages: 'hotel',
        flight: 'flight',
        cars: 'car',
        activities: 'offer',
        transfers: 'offer',
        cruises: 'offer',
        restaurants: 'offer',
        resorts: 'weeks',
        stays: 'weeks',
        weeks: 'weeks',
        dreamtrips: 'weeks',
      };
      for (const [slug, form] of Object.entries(landings)) route(slug, `pages/landing/${form}.tsx`, { id: `routes/landing.${slug}` });
      // One checkout module serves every product (docs/decisions/0026): the URL names the
      // product, the organisation's checkout layout orders the blocks. The URLs are the ones
      // each product had; a named segment wins over `:product`.
      const checkouts = {
        'hotel-checkout': 'routes/hotel-checkout',
        'holidaystays/hotel-checkout': 'routes/holidaystays.hotel-checkout',
        'flight/checkout': 'routes/flight.checkout',
        'cars/checkout': 'routes/cars.checkout',
        'resorts/checkout': 'routes/resorts.checkout',
        'stays/checkout': 'routes/stays.checkout',
        ':product/checkout': 'routes/$product.checkout',
      };
      for (const [path, id] of Object.entries(checkouts)) route(path, 'checkout/route.tsx', { id });
      // One success page serves every product (it sends a booking opened on another product's
      // page to its own); flights keep their own module for the flight-login rule.
      for (const product of ['cars', 'resorts', 'stays']) {
        route(`${product}/checkout-success`, 'routes/checkout-success.tsx', { id: `routes/${product}.checkout-success` });
      }
    }),
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
