// Issue 36 acceptance 7 in Chromium: an admin rebuilds a layout with the keyboard alone (removes
// blocks, adds one from the palette, fills its props in the generated form, drags it to the top
// with dnd-kit's keyboard sensor, nudges it with Alt+↓, undoes and redoes), is asked before leaving
// with unsaved changes, saves, and the draft holds exactly that layout; the console is axe-clean
// at both widths on every page, the generated forms and a layout included. Drafts only: the
// public site is untouched.
import { describe, expect, inject, it } from 'vitest';
import { type Page, expectNoAxeViolationsAtViewports, orgUrl, signedInPage, useSharedBrowser } from '../support/browser';
import { DEMO_PASSWORD, demo, hostOf } from '../support/http-client';

const baseURL = inject('baseURL');
const browser = useSharedBrowser();
const ORG = 'wanderly';

/** Presses Tab until the focused element is the one `matches` names by its accessible text; fails after 300 presses. */
async function tabTo(page: Page, name: string | RegExp) {
  for (let i = 0; i < 300; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      return el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '';
    });
    if (typeof name === 'string' ? focused.trim() === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** The blocks of the layout on screen, in order, as their handles name them. */
const blockIds = (page: Page) => page.$$eval('[data-block-handle]', (handles) => handles.map((h) => /^Block (\S+),/.exec(h.getAttribute('aria-label') ?? '')?.[1]));

describe('the console from the keyboard (Chromium)', () => {
  it('rebuilds a layout with the keyboard alone, undoes exactly, saves it, and stays axe-clean', async () => {
    const { page, context, check } = await signedInPage(browser(), {
      baseURL,
      host: hostOf(ORG),
      user: { email: demo('admin', ORG), password: DEMO_PASSWORD },
      to: '/admin/edit',
    });
    // The generated form (loaded after the editor painted) with its labels and help, then every console page.
    await page.getByLabel('Header version').waitFor();
    await expectNoAxeViolationsAtViewports(page, 'console editor, site form');
    for (const path of ['/admin/audit', '/admin/roles', '/admin/history', '/admin/travellers', '/admin/reviews?days=30']) {
      await page.goto(orgUrl(baseURL, hostOf(ORG), path));
      await expectNoAxeViolationsAtViewports(page, `console ${path}`);
    }
    await page.goto(orgUrl(baseURL, hostOf(ORG), '/admin/edit'));
    await page.getByLabel('Header version').waitFor();

    await tabTo(page, 'home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Layout home\.default/ }).waitFor();
    expect(await blockIds(page)).toEqual(['hero', 'hotel-search', 'search', 'map', 'featured']);
    await expectNoAxeViolationsAtViewports(page, 'console editor, home layout');

    // Remove two blocks: the shared layout becomes this organisation's own copy on the first change.
    await tabTo(page, 'Remove map');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Layout home\.wanderly/ }).waitFor();
    await tabTo(page, 'Remove featured');
    await page.keyboard.press('Enter');
    await expect.poll(() => blockIds(page)).toEqual(['hero', 'hotel-search', 'search']);

    // Add the featured destinations back from the palette, then give it the limit its props need.
    await tabTo(page, 'Add a block');
    for (let i = 0; i < 10 && (await page.getByLabel('Add a block').inputValue()) !== 'home.featuredDestinations'; i += 1) await page.keyboard.press('ArrowDown');
    await tabTo(page, 'Add');
    await page.keyboard.press('Enter');
    await expect.poll(() => blockIds(page)).toEqual(['hero', 'hotel-search', 'search', 'featureddestinations']);
    await tabTo(page, 'Properties of featureddestinations');
    await page.keyboard.press('Enter');
    await tabTo(page, /^Limit/);
    await page.keyboard.type('6');
    // The check of the typed limit answers after a debounce and changes the block's height: a drag
    // begun before it lands would measure the old heights (as an admin's screen would settle first).
    await expect.poll(() => page.locator('.admin-block-invalid').count()).toBe(0);

    // Drag it to the top with the keyboard (Space, ↑ three times, Space), then one down with Alt+↓.
    await tabTo(page, /^Block featureddestinations,/);
    await page.keyboard.press('Space');
    // dnd-kit listens for the arrows only from the task after the pick-up: an arrow sent sooner is
    // lost. It announces the pick-up, then at once the block over its own place.
    await page.getByText(/^(Picked up draggable item featureddestinations\.|Draggable item featureddestinations was moved over droppable area featureddestinations\.)$/).waitFor();
    for (const over of ['search', 'hotel-search', 'hero']) {
      await page.keyboard.press('ArrowUp');
      await page.getByText(`Draggable item featureddestinations was moved over droppable area ${over}.`).waitFor();
    }
    await page.keyboard.press('Space');
    await expect.poll(() => blockIds(page)).toEqual(['featureddestinations', 'hero', 'hotel-search', 'search']);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => blockIds(page)).toEqual(['hero', 'featureddestinations', 'hotel-search', 'search']);

    // Undo takes back exactly the last move; redo makes it again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => blockIds(page)).toEqual(['featureddestinations', 'hero', 'hotel-search', 'search']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => blockIds(page)).toEqual(['hero', 'featureddestinations', 'hotel-search', 'search']);

    // Leaving with unsaved changes asks first; staying keeps them.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.getByRole('link', { name: 'History' }).click();
    expect(await asked).toBe('beforeunload');
    expect(new URL(page.url()).pathname).toBe('/admin/edit');
    expect(await blockIds(page)).toEqual(['hero', 'featureddestinations', 'hotel-search', 'search']);

    await tabTo(page, 'Save draft');
    await page.keyboard.press('Enter');
    await page.getByText(/Saved as version \d+\./).waitFor();
    const saved = (await (await page.request.get(orgUrl(baseURL, hostOf(ORG), '/admin/edit?_data=routes%2Fadmin.edit'))).json()) as {
      bundle: { org: { pages: { home: string } }; layouts: Record<string, { blocks: { id: string; type: string; props?: unknown }[] }> };
      problems: { pointer: string }[];
    };
    expect(saved.bundle.org.pages.home).toBe('home.wanderly');
    expect(saved.bundle.layouts['home.wanderly']!.blocks).toEqual([
      expect.objectContaining({ id: 'hero', type: 'home.hero' }),
      { id: 'featureddestinations', type: 'home.featuredDestinations', props: { limit: 6 } },
      expect.objectContaining({ id: 'hotel-search' }),
      expect.objectContaining({ id: 'search' }),
    ]);
    expect(saved.problems).toEqual([]);
    check();
    await context.close();
  });
});
