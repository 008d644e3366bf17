// Issue 36 acceptance 3 in two browsers: two admins edit the same draft. Edits to different fields
// are both kept (the later save is merged); the same field changed by both gives a 409 and the
// clash view, where the admin chooses which value stays. Drafts only: the public site is untouched.
import { describe, expect, inject, it } from 'vitest';
import { type Page, orgUrl, signedInPage, useSharedBrowser } from '../support/browser';
import { DEMO_PASSWORD, demo, hostOf } from '../support/http-client';

const baseURL = inject('baseURL');
const browser = useSharedBrowser();
const ORG = 'viajamas';

async function openEditor() {
  // The clash is a 409, which the browser reports on its console.
  return signedInPage(browser(), {
    baseURL,
    host: hostOf(ORG),
    user: { email: demo('admin', ORG), password: DEMO_PASSWORD },
    to: '/admin/edit',
    expectedConsole: [/status of 409/],
  });
}

async function save(page: Page) {
  const answer = page.waitForResponse(
    (response) => response.url().includes('/admin/edit') && response.request().method() === 'POST' && !response.request().postData()?.includes('%22validate%22'),
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  return (await answer).status();
}

describe('two admins on one draft (Chromium)', () => {
  it('keeps both admins’ edits to different fields, and shows a clash on the same field for the admin to choose', async () => {
    const a = await openEditor();
    const b = await openEditor();
    const name = `Viajamás ${Date.now()}`;

    await a.page.getByLabel('Name').fill(name);
    expect(await save(a.page)).toBe(200);
    await a.page.getByText(/Saved as version \d+\./).waitFor();

    // B edited from the same base: its save is merged with A's, both kept.
    await b.page.getByLabel('Header version').selectOption('v1');
    expect(await save(b.page)).toBe(200);
    await b.page.getByText(/merged with changes another admin saved meanwhile/).waitFor();
    expect(await b.page.getByLabel('Name').inputValue()).toBe(name);

    // A changes the header version too, differently, from its older base: 409 and the clash view.
    await a.page.getByLabel('Header version').selectOption('v2');
    expect(await save(a.page)).toBe(409);
    const clash = a.page.getByRole('group', { name: '/org/headerVersion' });
    await clash.waitFor();
    expect(await clash.textContent()).toContain('"v1"');
    expect(await clash.textContent()).toContain('"v2"');
    await clash.getByLabel(/Keep mine/).check();
    await a.page.getByRole('button', { name: 'Save with these choices' }).click();
    await a.page.getByText(/Saved as version \d+, merged/).waitFor();

    // What the draft holds now: A's name and A's chosen header version; nothing was lost silently.
    const { page: c, context } = await openEditor();
    expect(await c.getByLabel('Name').inputValue()).toBe(name);
    expect(await c.getByLabel('Header version').locator('option:checked').textContent()).toBe('v2');
    await c.goto(orgUrl(baseURL, hostOf(ORG), '/admin'));
    await c.getByText(`name “Viajamás” → “${name}”`).waitFor();
    for (const opened of [a, b]) {
      opened.check();
      await opened.context.close();
    }
    await context.close();
  });
});
