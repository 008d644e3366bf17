import { describe, expect, inject, it } from 'vitest';
import { newContext, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { http } from '../support/http-client';

// Decision 0048: a page paints before its JavaScript is asked for (Remix's <Scripts>, changed by
// scripts/patch-dependencies.mjs), then loads it and hydrates.
const base = inject('baseURL');
const browser = useSharedBrowser();

describe('a page’s first paint (issue 14)', () => {
  it('names no script to preload in its markup', async () => {
    const html = (await http(base, 'GET', '/')).text;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toMatch(/<script nonce="[^"]+" type="module" async="">let started = false;/);
  });

  for (const path of ['/', '/hotels']) {
    it(`${path}: its scripts are asked for after the first frame, and the page hydrates`, async () => {
      const { context } = await newContext(browser());
      const page = await context.newPage();
      const consoleIsClean = watchConsole(page);
      // Registered before any of the page's own code: its callback runs at the first frame, before the page's.
      await page.addInitScript(() => requestAnimationFrame(() => Object.assign(window, { firstFrameAt: performance.now() })));
      await page.goto(base + path);
      await waitForHydration(page);
      const { firstFrameAt, scriptsAskedAt } = await page.evaluate(() => ({
        firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
        scriptsAskedAt: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/build/') && entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(scriptsAskedAt.length).toBeGreaterThan(3);
      expect(Math.min(...scriptsAskedAt)).toBeGreaterThanOrEqual(firstFrameAt);
      consoleIsClean();
      await context.close();
    });
  }
});
