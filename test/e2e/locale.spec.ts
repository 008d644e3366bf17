import { describe, expect, inject, it } from 'vitest';
import { type Page, VIEWPORTS, expectNoAxeViolations, newContext, orgUrl, signInWithApi, useSharedBrowser, watchConsole } from '../support/browser';
import { teaser } from '../support/prices';
import { DEMO_PASSWORD, demo, http, sessionCookie } from '../support/http-client';

const base = inject('baseURL');
const backends = [inject('baseURL'), inject('pgBaseURL')].filter(Boolean);

const browser = useSharedBrowser();

async function postPreferences(page: Page, body: unknown) {
  return page.evaluate(async (payload) => {
    const res = await fetch('/api/user/preferences', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: res.status, body: await res.json() };
  }, body);
}

describe('language & currency picker (acceptance 6)', () => {
  it('filters, then changes language and currency; prices re-render; the spec cookies are written', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(`${base}/cars`);
    await page.goto(base);
    await expect.poll(() => page.getByText(teaser('USD', 'en-US'), { exact: true }).first().isVisible()).toBe(true);
    await page.waitForFunction(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter));

    await page.getByRole('link', { name: 'Language & currency: EN · USD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select your language & currency' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'language dialog');

    const search = dialog.getByRole('searchbox', { name: 'Search languages and currencies' });
    await search.fill('PESO');
    await expect.poll(() => dialog.getByRole('radio', { name: 'Euro (EUR)' }).isVisible()).toBe(false);
    expect(await dialog.getByRole('radio', { name: 'Mexican Peso (MXN)' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('group', { name: 'Language' }).getByText('No matches').isVisible()).toBe(true);
    await search.fill('');

    await dialog.getByRole('radio', { name: 'Español (México)' }).check();
    await dialog.getByRole('radio', { name: 'Euro (EUR)' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await expect.poll(() => page.getByRole('link', { name: 'Idioma y moneda: ES · EUR' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: '¿A dónde vamos?' }).isVisible()).toBe(true);
    expect(await page.getByText(teaser('EUR', 'es-MX'), { exact: true }).first().isVisible()).toBe(true);
    expect(await dialog.count()).toBe(0);

    const cookies = new Map((await context.cookies(base)).map((c) => [c.name, c]));
    expect(cookies.get('ssoLanguage')?.value).toBe('2');
    expect(cookies.get('ssoCurrency')?.value).toBe('5');
    expect(cookies.get('lan_code')?.value).toBe('es-MX');
    expect(cookies.get('currency_code')?.value).toBe('EUR');
    for (const name of ['ssoLanguage', 'ssoCurrency', 'lan_code', 'currency_code']) {
      const cookie = cookies.get(name)!;
      expect(cookie.httpOnly, name).toBe(false);
      expect(cookie.sameSite, name).toBe('Lax');
      expect(cookie.path, name).toBe('/');
      expect(cookie.expires - Date.now() / 1000, name).toBeGreaterThan(360 * 24 * 3600);
    }
    // Readable by scripts, as the spec's client expects.
    expect(await page.evaluate(() => document.cookie)).toContain('currency_code=EUR');
    check();
    await context.close();
  });

  it('works without JavaScript: ?preferences=open renders the dialog and Apply posts the form', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'viajamas.localhost', '/'));
    expect(await page.getByText(teaser('MXN', 'es-MX'), { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Idioma y moneda: ES · MXN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Selecciona tu idioma y moneda' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: 'English (United States)' }).check();
    await dialog.getByRole('radio', { name: 'US Dollar (USD)' }).check();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Language & currency: EN · USD' }).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    // The page after the post streams its deferred prices: wait for them rather than read once.
    await expect.poll(() => page.getByText(teaser('USD', 'en-US'), { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('opens from ?preferences=open and passes axe at 375 px in the viajamas theme', async () => {
    const { context } = await newContext(browser(), { viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'viajamas.localhost', '/?preferences=open'));
    const dialog = page.getByRole('dialog', { name: 'Selecciona tu idioma y moneda' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'language dialog, viajamas, 375 px');
    // Closing takes the parameter off the URL, so a reload does not reopen it.
    await dialog.getByRole('link', { name: 'Cerrar' }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });

  it("keeps a signed-in user's choice on their account, on a new device too", async () => {
    const host = 'viajamas.localhost';
    const email = demo('agent', 'viajamas');
    const first = await newContext(browser());
    const page = await first.context.newPage();
    await page.goto(orgUrl(base, host, '/'));
    await signInWithApi(page, email, DEMO_PASSWORD);
    await page.goto(orgUrl(base, host, '/?preferences=open'));
    const dialog = page.getByRole('dialog', { name: 'Selecciona tu idioma y moneda' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: 'English (United States)' }).check();
    await dialog.getByRole('radio', { name: 'Euro (EUR)' }).check();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Language & currency: EN · EUR' }).isVisible()).toBe(true);
    await first.context.close();

    // A fresh browser has no locale cookies: the account's saved preference decides.
    const second = await newContext(browser());
    const page2 = await second.context.newPage();
    await page2.goto(orgUrl(base, host, '/'));
    expect(await page2.getByRole('link', { name: 'Idioma y moneda: ES · MXN' }).isVisible()).toBe(true);
    await signInWithApi(page2, email, DEMO_PASSWORD);
    await page2.goto(orgUrl(base, host, '/'));
    expect(await page2.getByRole('link', { name: 'Language & currency: EN · EUR' }).isVisible()).toBe(true);
    expect(await page2.getByText(teaser('EUR', 'en-US'), { exact: true }).first().isVisible()).toBe(true);
    // Put the demo account back as seeded.
    const reset = await postPreferences(page2, { usr_type: 2, preferred_language: 'es-MX', preferred_currency: 'MXN' });
    expect(reset.status).toBe(200);
    await second.context.close();
  });
});

describe('POST /api/user/preferences', () => {
  for (const backend of backends) {
    it(`saves offered codes and refuses the rest (${backend === base ? 'PGlite' : 'PostgreSQL'})`, async () => {
      const body = { usr_type: 2, preferred_language: 'en-US', preferred_currency: 'GBP' };
      const anonymous = await http(backend, 'POST', '/api/user/preferences', { body });
      expect(anonymous.status).toBe(401);

      const login = await http(backend, 'POST', '/api/auth/login', { body: { email_id: demo('newuser'), password: DEMO_PASSWORD } });
      const cookie = sessionCookie(login);
      const call = (payload: unknown) => http(backend, 'POST', '/api/user/preferences', { body: payload, cookie });

      const saved = await call(body);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json()).toEqual({ status: 200, message: 'Preferences saved', data: { preferred_language: 'en-US', preferred_currency: 'GBP' } });
      // The session reads the saved preference: the page renders in GBP.
      const home = await http(backend, 'GET', '/', { cookie });
      expect(home.text.includes(teaser('GBP', 'en-US')), 'home page in GBP').toBe(true);

      for (const [payload, message] of [
        [{ ...body, preferred_currency: 'CHF' }, "preferred_currency: 'CHF' is not offered"],
        [{ ...body, preferred_language: 'xx-XX' }, "preferred_language: 'xx-XX' is not offered"],
        [{ ...body, usr_type: 'two' }, 'usr_type'],
        [{ usr_type: 2 }, 'preferred_language'],
        ['{not json', 'not valid JSON'],
      ] as const) {
        const res = await call(payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toContain(message);
      }
      expect((await call({ usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD' })).status).toBe(200);
    });
  }
});
