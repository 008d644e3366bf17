import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Page, expectNoAxeViolations, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { hostOf, http } from '../support/http-client';
import { type RunningServer, startServer } from '../support/server-process';

/**
 * Sign-in as blocks (issue 10, docs/decisions/0027): an organisation's sign-in layout and
 * auth.signupModes decide what its dialogs and pages show; the unedited configs show the default.
 */
const defaultBase = inject('baseURL');
const browser = useSharedBrowser();
let edited: RunningServer;
let configDir: string;

type Block = { id: string; type: string; props?: Record<string, string> };

function editJson<T>(file: string, change: (value: T) => void) {
  const value = JSON.parse(readFileSync(file, 'utf8')) as T;
  change(value);
  writeFileSync(file, JSON.stringify(value, null, 2));
}

beforeAll(async () => {
  configDir = mkdtempSync(path.join(tmpdir(), 'tp-signin-configs-'));
  cpSync('org-configs', path.join(configDir, 'org-configs'), { recursive: true });
  cpSync('layouts', path.join(configDir, 'layouts'), { recursive: true });
  // Default: credentials, submit, forgot link, sign-up link. Edited: the sign-up link moves
  // above the credentials, the forgot link goes, and the sign-up link's texts change.
  editJson<{ blocks: Block[] }>(path.join(configDir, 'layouts/sign-in.default.json'), (layout) => {
    const byType = (type: string) => layout.blocks.find((b) => b.type === type)!;
    const signUp = { ...byType('auth.signUpLink'), props: { promptKey: 'auth.chooseSignup', linkKey: 'auth.signUpWithEmail' } };
    layout.blocks = [signUp, byType('auth.credentials'), byType('auth.submit')];
  });
  editJson<{ auth: { signupModes: string[] } }>(path.join(configDir, 'org-configs/wanderly.json'), (c) => (c.auth.signupModes = ['email']));
  editJson<{ auth: { signupModes: string[] } }>(path.join(configDir, 'org-configs/voyagerpro.json'), (c) => (c.auth.signupModes = ['invitation']));
  edited = await startServer({ env: { CONFIG_DIR: configDir } });
});

afterAll(async () => {
  await edited?.stop();
  rmSync(configDir, { recursive: true, force: true });
});

async function openPage(host = 'localhost') {
  const { context } = await newContext(browser());
  const page = await context.newPage();
  return { page, check: watchConsole(page), close: () => context.close(), host };
}

/** The form's controls in document order: fields by name, links and the button by text. */
function controlsOf(page: Page, scope: string) {
  return page
    .locator(`${scope} form.auth-form`)
    .evaluate((form) =>
      Array.from(form.querySelectorAll('input:not([type=hidden]), a, button')).map((el) =>
        el instanceof HTMLInputElement ? `input:${el.name}` : `${el.tagName.toLowerCase()}:${el.textContent?.trim()}`,
      ),
    );
}

async function openDialog(page: Page, url: string, title: string) {
  await page.goto(url);
  const dialog = page.getByRole('dialog', { name: title });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

const DEFAULT_SIGN_IN = ['input:email', 'input:password', 'button:Sign in', 'a:Forgot your password?', 'a:Create an account'];
const EDITED_SIGN_IN = ['a:Sign up with e-mail', 'input:email', 'input:password', 'button:Sign in'];

describe('sign-in layouts', () => {
  it('the unedited configs show the default sign-in dialog and page, both sign-up modes, with no axe violations', async () => {
    const { page, check, close } = await openPage();
    await openDialog(page, `${defaultBase}/?login=true`, 'Sign in');
    expect(await controlsOf(page, 'dialog')).toEqual(DEFAULT_SIGN_IN);
    expect(await page.getByRole('dialog').getByText('New here?').count()).toBe(1);
    await expectNoAxeViolations(page, 'default sign-in dialog');

    const signUp = await openDialog(page, `${defaultBase}/?signup=true`, 'Create your account');
    expect(await signUp.getByLabel('Access code').count()).toBe(1);
    await expectNoAxeViolations(page, 'default sign-up dialog');
    await openDialog(page, `${defaultBase}/?forgot=true`, 'Reset your password');
    expect(await controlsOf(page, 'dialog')).toEqual(['input:email', 'button:Send reset link', 'a:Sign in']);
    await expectNoAxeViolations(page, 'default forgot-password dialog');

    await page.goto(`${defaultBase}/auth/login`);
    expect(await controlsOf(page, 'main')).toEqual(DEFAULT_SIGN_IN);
    for (const pagePath of ['/auth/login', '/auth/signup', '/auth/forgot']) {
      await page.goto(`${defaultBase}${pagePath}`);
      await expectNoAxeViolations(page, `default ${pagePath}`);
    }
    check();
    await close();
  });

  it('an edited copy reorders, drops and re-labels the sign-in blocks, in the dialog and on the page', async () => {
    const { page, check, close } = await openPage();
    const dialog = await openDialog(page, `${edited.url}/?login=true`, 'Sign in');
    expect(await controlsOf(page, 'dialog')).toEqual(EDITED_SIGN_IN);
    expect(await dialog.getByText('How would you like to sign up?').count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'edited sign-in dialog');

    await page.goto(`${edited.url}/auth/login`);
    expect(await controlsOf(page, 'main')).toEqual(EDITED_SIGN_IN);
    await expectNoAxeViolations(page, 'edited sign-in page');

    // The moved link still leads to the sign-up dialog, which now offers e-mail only.
    await page.goto(`${edited.url}/?login=true`);
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('link', { name: 'Sign up with e-mail' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await expect.poll(() => signUp.isVisible()).toBe(true);
    expect(await signUp.getByLabel('Access code').count()).toBe(0);
    await expectNoAxeViolations(page, 'e-mail-only sign-up dialog');
    check();
    await close();
  });

  it('auth.signupModes: a mode not offered is not shown, and its post is refused with a 403 that sends nothing', async () => {
    const { page, check, close } = await openPage();
    // An invitation link to an e-mail-only organisation opens e-mail sign-up, prefilled, without the code.
    const invitation = 'accesscode=INV-7&email=ann.lee%40example.com&firstname=Ann&lastname=Lee&title=Ms&countrycode=MX&phonenumber=5551234&lang=en-US&tripid=T-1';
    const emailOnly = await openDialog(page, `${edited.url}/?${invitation}`, 'Create your account');
    expect(await emailOnly.getByLabel('First name').inputValue()).toBe('Ann');
    expect(await emailOnly.getByLabel('Access code').count()).toBe(0);
    // An invitation-only organisation asks for the code even when the link asked for e-mail sign-up.
    const invitationOnly = await openDialog(page, orgUrl(edited.url, 'voyagerpro.localhost', '/?type=email'), 'Create your account');
    expect(await invitationOnly.getByLabel('Access code').getAttribute('required')).not.toBeNull();
    await expectNoAxeViolations(page, 'invitation-only sign-up dialog');
    check();
    await close();

    const post = (org: string, fields: Record<string, string>) =>
      http(edited.url, 'POST', '/auth/signup', {
        host: hostOf(org),
        body: new URLSearchParams({ firstName: 'Mode', lastName: 'Test', password: 'long enough passphrase', ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const mailsTo = async (org: string, email: string) =>
      (await http(edited.url, 'GET', `/dev/mail?to=${encodeURIComponent(email)}`, { host: hostOf(org) })).text.includes('/auth/verify?token=');

    const byInvitation = await post('wanderly', { email: 'mode-invite@example.com', accesscode: 'INV-7' });
    expect(byInvitation.status).toBe(403);
    expect(byInvitation.text).toContain('Sign-up here is by e-mail only');
    expect(await mailsTo('wanderly', 'mode-invite@example.com')).toBe(false);

    const byEmail = await post('voyagerpro', { email: 'mode-email@example.com' });
    expect(byEmail.status).toBe(403);
    expect(byEmail.text).toContain('Sign-up here needs an invitation');
    expect(await mailsTo('voyagerpro', 'mode-email@example.com')).toBe(false);

    // The offered modes still work.
    expect((await post('wanderly', { email: 'mode-ok@example.com' })).status).toBe(200);
    expect(await mailsTo('wanderly', 'mode-ok@example.com')).toBe(true);
    // An invitation sign-up needs a real, open invitation to its e-mail: a made-up code sends nothing.
    const madeUp = await post('voyagerpro', { email: 'mode-code@example.com', accesscode: 'INV-9' });
    expect(madeUp.status).toBe(400);
    expect(madeUp.text).toContain('This access code is not an open invitation for this e-mail address');
    expect(await mailsTo('voyagerpro', 'mode-code@example.com')).toBe(false);
  });
});
