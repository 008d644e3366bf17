import { describe, expect, inject, it } from 'vitest';
import { newContext, useSharedBrowser, watchConsole } from '../support/browser';

const browser = useSharedBrowser();

describe('the built server', () => {
  it('answers /healthz on PGlite and on PostgreSQL', async () => {
    for (const base of [inject('baseURL'), inject('pgBaseURL')].filter(Boolean)) {
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
    }
  });

  it('renders the home page in Chromium without console errors', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(inject('baseURL'));
    await expect.poll(() => page.title()).toBe('Hotels, flights, cars and more · Wanderly Travel');
    check();
    await context.close();
  });
});
