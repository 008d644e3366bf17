/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // Server helpers, tests and private files live beside routes but are never routes.
  ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*', '**/__*.*'],
  serverBuildPath: 'build/index.js',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
