// `test` for browser specs whose browser work all happens inside tests (https://vitest.dev/guide/test-context.html#test-extend).
// A spec whose beforeAll hooks or helpers outside tests need the browser uses useSharedBrowser instead.
import { test as vitestTest } from 'vitest';
import { type Browser, type BrowserContext, type SignedInPageOptions, launchBrowser, newContext, signedInPage } from './browser';

type BrowserFixtures = {
  /** One Chromium per spec file, launched when a test first asks for it and closed after the file. */
  browser: Browser;
  /** newContext on the file's browser; every context it opens is closed after the test, even a failed one. */
  newContext: (options?: Parameters<typeof newContext>[1]) => ReturnType<typeof newContext>;
  /** signedInPage on the file's browser; its contexts are closed after the test, even a failed one. */
  signedInPage: (options: SignedInPageOptions) => ReturnType<typeof signedInPage>;
};

export const test = vitestTest.extend<BrowserFixtures>({
  browser: [
    // Vitest reads a fixture's dependencies from its first parameter's destructuring: an empty one says none.
    // eslint-disable-next-line no-empty-pattern -- vitest requires a destructuring pattern here, and this fixture depends on nothing
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  newContext: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const made = await newContext(browser, options);
      opened.push(made.context);
      return made;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  signedInPage: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const made = await signedInPage(browser, options);
      opened.push(made.context);
      return made;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});
