// Issue 14 "Loading states on every navigation and submit": a slow page load shows a thin
// progress bar at the top and leaves the page usable; a slow submission shows the loader
// overlay (spec: "A loader overlay is available"), which keeps a second click off the page.
// Both appear only after 200 ms and leave when the answer arrives.
import { describe, expect, inject, it } from 'vitest';
import { type Page, newContext, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';

const base = inject('baseURL');

const browser = useSharedBrowser();

/** Holds back the answers `matches` picks by `ms`, as a slow network would. */
async function slowDown(page: Page, matches: (url: URL, method: string) => boolean, ms: number) {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (matches(new URL(request.url()), request.method())) await new Promise((resolve) => setTimeout(resolve, ms));
    // A request the page gave up on meanwhile (a newer navigation) is no longer the route's to continue.
    await route.continue().catch(() => undefined);
  });
}

describe('loading states', () => {
  it('a slow navigation shows the top progress bar, not the overlay; a slow submission shows the overlay; both leave with the answer', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(base);
    await waitForHydration(page);
    const progress = page.getByRole('progressbar', { name: 'Loading…' });
    const overlay = page.locator('.loader-overlay');

    await slowDown(page, (url) => url.pathname === '/cars' && url.searchParams.has('_data'), 1_500);
    await page.locator('.site-header .product-nav a[href="/cars"]:visible').click();
    await progress.waitFor();
    expect(await overlay.count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/cars');
    await progress.waitFor({ state: 'detached' });

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await slowDown(page, (url, method) => url.pathname === '/resources/preferences' && method === 'POST', 1_500);
    await page.getByRole('link', { name: /^Language & currency/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Select your language & currency' });
    await dialog.getByRole('radio', { name: 'Euro (EUR)' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await overlay.waitFor();
    expect(await overlay.getAttribute('role')).toBe('status');
    expect(await overlay.textContent()).toBe('Loading…');
    expect(await progress.count()).toBe(0);
    await page.getByRole('link', { name: /^Language & currency: EN · EUR/ }).waitFor();
    await overlay.waitFor({ state: 'detached' });
    check();
    await context.close();
  });
});
