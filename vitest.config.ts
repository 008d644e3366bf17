import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // graphql-ws imported as-is would load graphql's CommonJS build next to the ESM one the
          // app's code gets: two graphql modules refuse each other's schema. Inlined, it shares one.
          server: { deps: { inline: ['graphql-ws'] } },
          // Expected failures (refused mail, dropped connections) log warnings; keep the output readable.
          // Per-visitor limits relaxed, as on the shared e2e servers: tests of payments make many
          // from one address; the tests of the limits themselves set RATE_LIMIT_SCALE=1 (vi.stubEnv).
          env: { LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '1000' },
          include: ['app/**/*.test.{ts,tsx}', 'test/contracts/**/*.test.ts', 'test/integration/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/fail-on-console-error.ts'],
          // A pool of its own (threads) runs beside the browser specs' (forks): Vitest gives each
          // pool one worker on the two-core CI machine, and the browser specs mostly wait on a
          // server or Chromium, so the two halves overlap instead of running one after the other.
          pool: 'threads',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['test/support/e2e-global-setup.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
