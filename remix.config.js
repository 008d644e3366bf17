/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // Server helpers, tests and private files live beside routes but are never routes.
  ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*', '**/__*.*'],
  serverBuildPath: 'build/index.js',
  /**
   * The holidaystays variants of the hotel flow (spec §2) are the hotel flow's own route
   * modules mounted a second time under /holidaystays, each with its own route id; the modules
   * read the variant from the URL (app/domain/hotel-flow.ts). Chosen over thin re-exporting
   * route files because those would have to repeat every export (loader, action, meta,
   * ErrorBoundary…) and one forgotten would fail silently; here one list says it all. The
   * products' checkout-success pages are mounted the same way.
   */
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      for (const page of ['search-detail', 'hotel-details', 'checkout-success']) {
        route(`holidaystays/${page}`, `routes/${page}.tsx`, { id: `routes/holidaystays.${page}` });
      }
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
