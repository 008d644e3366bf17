// Issue 36 acceptance 1 and 7 (keyboard, undo, axe): admin@voyagerpro moves a home block with the
// keyboard, changes the header version and an ad's text in the console, previews (the preview shows it, the public site does not), publishes with a
// note; a second app instance on the same PostgreSQL serves it within 2 s, without restart;
// rollback brings the old page back within 2 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, expectNoAxeViolationsAtViewports, orgUrl, signedInPage, useSharedBrowser } from '../support/browser';
import { DEMO_PASSWORD, demo, hostOf, http, signInOverHttp } from '../support/http-client';
import { createScratchDatabase, postgresOrSkipReason } from '../support/postgres';
import { type RunningServer, startServer } from '../support/server-process';

const ORG = 'voyagerpro';
const browser = useSharedBrowser();
let skip: string | null = null;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let first: RunningServer;
let second: RunningServer;
/** A member of the organisation: Voyager Pro shows its ads to signed-in visitors only. */
let member = '';

beforeAll(async () => {
  skip = await postgresOrSkipReason();
  if (skip) return;
  scratch = await createScratchDatabase('tp_console');
  // One after the other: the first seeds the empty database (issue 38 makes a simultaneous start safe).
  first = await startServer({ databaseUrl: scratch.url });
  second = await startServer({ databaseUrl: scratch.url, env: { SEED_ON_START: 'false' } });
  member = await signInOverHttp(first.url, { host: hostOf(ORG), email: demo('member', ORG), password: DEMO_PASSWORD });
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await scratch?.drop();
});

/** The public home page of the organisation on a server, as a member sees it: its header version and the order of its sections. */
async function publicHome(server: RunningServer) {
  const answer = await http(server.url, 'GET', '/', { host: hostOf(ORG), cookie: member });
  const header = /data-header="(v\d)"/.exec(answer.text)?.[1];
  const sections = [...answer.text.matchAll(/<section[^>]*aria-labelledby="([\w-]+)-title"/g)].map((m) => m[1]);
  return { header, sections, text: answer.text };
}

/** Polls the second instance until `check` holds; answers how long it took. */
async function servedWithin(check: (home: Awaited<ReturnType<typeof publicHome>>) => boolean, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (check(await publicHome(second))) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`the second instance did not serve the change within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sectionsOn = (page: Page) => page.$$eval('main section[aria-labelledby$="-title"]', (list) => list.map((s) => s.getAttribute('aria-labelledby')!.replace(/-title$/, '')));

describe('the configuration console (Chromium, two instances on one PostgreSQL)', () => {
  it('edits with the keyboard, undoes exactly, previews, publishes to the other instance within 2 s, and rolls back', async ({ skip: skipTest }) => {
    if (skip) skipTest(skip);
    const before = await publicHome(second);
    expect(before.header).toBe('v2');
    expect(before.sections.indexOf('featured')).toBeGreaterThan(before.sections.indexOf('search'));
    expect(before.text).toContain('Members save up to 40%');

    const { page, context, check } = await signedInPage(browser(), {
      baseURL: first.url,
      host: hostOf(ORG),
      user: { email: demo('admin', ORG), password: DEMO_PASSWORD },
      to: '/admin/edit',
    });
    await expectNoAxeViolationsAtViewports(page, 'console editor');

    // The home layout: the featured destinations move from 4 to 2 with Alt+↑ on their handle, twice.
    await page.getByRole('button', { name: 'home', exact: true }).click();
    const handle = page.getByRole('button', { name: /^Block featured,/ });
    await handle.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => page.getByRole('button', { name: /^Block featured,/ }).getAttribute('aria-label')).toContain('position 3 of 5');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => page.getByRole('button', { name: /^Block featured,/ }).getAttribute('aria-label')).toContain('position 2 of 5');
    // Undo puts it back where it was; redo moves it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Block featured,/ }).getAttribute('aria-label')).toContain('position 3 of 5');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Block featured,/ }).getAttribute('aria-label')).toContain('position 2 of 5');

    // The header version, on the site settings.
    await page.getByRole('button', { name: /^Site/ }).click();
    await page.getByLabel('Header version').selectOption('v3');
    // An ad's text.
    await page.getByRole('button', { name: /^Ads/ }).click();
    await page.locator('#org_ads_items_0_title').fill('Members save even more');
    await page.getByLabel('Note').fill('summer home page');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Saved as version \d+/ })
      .waitFor();
    const draftId = Number(/Saved as version (\d+)/.exec((await page.getByText(/Saved as version \d+/).textContent()) ?? '')![1]);

    // The overview says what changed, readably.
    await page.goto(orgUrl(first.url, hostOf(ORG), '/admin'));
    await page.getByText('moved block featured from 4 to 2 (layout home.business)').waitFor();
    await page.getByText('headerVersion “v2” → “v3”').waitFor();
    await page.getByText('ads.items item members: title “Members save up to 40%” → “Members save even more”').waitFor();
    await expectNoAxeViolationsAtViewports(page, 'console overview');

    // Preview: the real home page from the draft, with its bar; the public site is unchanged.
    await page.getByRole('button', { name: `Preview draft ${draftId} on the site` }).click();
    await page.getByText(`Preview of draft ${draftId}`).waitFor();
    expect(await page.getAttribute('html', 'data-header')).toBe('v3');
    const previewed = await sectionsOn(page);
    expect(previewed.indexOf('featured')).toBeLessThan(previewed.indexOf('search'));
    await page.getByText('Members save even more').first().waitFor();
    for (const server of [first, second]) {
      const home = await publicHome(server);
      expect([home.header, home.text.includes('Members save up to 40%'), home.text.includes('Members save even more')]).toEqual(['v2', true, false]);
    }
    // No cache anywhere keeps a preview's answer.
    expect(await page.evaluate(async () => (await fetch('/')).headers.get('cache-control'))).toContain('no-store');
    const cookies = await context.cookies();
    const preview = cookies.find((c) => c.name === 'cfg_preview')!;
    expect(preview.httpOnly).toBe(true);
    expect((await publicHome(first)).text).not.toContain(preview.value);
    await page.getByRole('button', { name: 'Exit preview' }).click();
    await page.waitForURL(/\/admin$/);

    // Publish with a note: the other instance serves it within 2 s, without a restart.
    await page.getByLabel('Note (what and why)').fill('summer home page');
    await page.getByRole('button', { name: `Publish version ${draftId}` }).click();
    await page.getByText(`Published version ${draftId}.`).waitFor();
    const published = await servedWithin(
      (home) => home.header === 'v3' && home.sections.indexOf('featured') < home.sections.indexOf('search') && home.text.includes('Members save even more'),
      2_000,
    );
    expect(published).toBeLessThan(2_000);

    // Rollback: the version before, published again as a new version; the old page is back within 2 s.
    await page.goto(orgUrl(first.url, hostOf(ORG), '/admin/history'));
    await expectNoAxeViolationsAtViewports(page, 'console history');
    const previous = await page.locator('tbody tr').nth(1).locator('td').first().textContent();
    await page.getByRole('button', { name: `Publish version ${previous} again` }).click();
    await page.getByText(new RegExp(`with the content of version ${previous}`)).waitFor();
    await servedWithin(
      (home) => home.header === 'v2' && home.sections.indexOf('featured') > home.sections.indexOf('search') && home.text.includes('Members save up to 40%'),
      2_000,
    );
    check();
    await context.close();
  });

  it('answers 404 to a member and to anyone signed out', async ({ skip: skipTest }) => {
    if (skip) skipTest(skip);
    expect((await http(first.url, 'GET', '/admin', { host: hostOf(ORG) })).status).toBe(404);
    const { page, context } = await signedInPage(browser(), { baseURL: first.url, host: hostOf(ORG), user: { email: demo('member', ORG), password: DEMO_PASSWORD } });
    const answer = await page.goto(orgUrl(first.url, hostOf(ORG), '/admin'));
    expect(answer?.status()).toBe(404);
    await context.close();
  });
});
