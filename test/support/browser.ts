import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Locator, type Page, type Request, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { signInOverHttp } from './http-client';

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell, the build Playwright
 * itself runs headless): the same engine as /usr/bin/chromium without the desktop browser's
 * own pages and processes, about a third less work per browser test (docs/decisions/0068).
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';

/** Debian's Chromium, without the background traffic this offline machine would refuse. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
  });
}

/**
 * One Chromium per spec file (or per describe it is called in), launched before its tests and
 * closed after them: a launch costs about a second, and each test opens its own context anyway.
 * Call it before any hook of the spec's own that uses the browser (beforeAll hooks run in the
 * order they are registered); the accessor it returns works from then on, in hooks and tests.
 * A spec that needs the browser only inside its tests takes fixtures.ts's `browser` instead.
 */
export function useSharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the shared browser is launched in beforeAll: use it from a hook or a test');
    return browser;
  };
}

/**
 * Waits until the page's script has hydrated it (Remix's client router exists): a test of what
 * the script does must not click the server-rendered page first, which works without it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter));
}

export const VIEWPORTS = { mobile: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

/** A site URL on one organisation's host name (Chromium resolves *.localhost to loopback). */
export function orgUrl(baseURL: string, host: string, path = '/'): string {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
}

/** How long a page's `goto` or `reload` waits for its script to hydrate it before handing the page over anyway. */
const HYDRATION_WAIT_MS = 10_000;

/**
 * A page's script is asked for after its first paint (decision 0048), so its load event no
 * longer says the script ran: `goto` and `reload` also wait, on a page of the app, until it
 * hydrated (or HYDRATION_WAIT_MS passed, for a test of a page whose script is kept from it).
 */
function navigationsWaitForHydration(page: Page): Page {
  for (const name of ['goto', 'reload'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    page[name] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      if (await page.evaluate(() => '__remixContext' in window).catch(() => false)) {
        await page.waitForFunction(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter), undefined, { timeout: HYDRATION_WAIT_MS }).catch(() => undefined);
      }
      return response;
    }) as Page[typeof name];
  }
  return page;
}

/**
 * A fresh context whose requests to third parties (chat widgets, tiles) never leave the
 * machine: they are answered 204 and recorded, so tests can assert what was asked for. Its
 * pages' navigations wait for hydration (navigationsWaitForHydration) when JavaScript runs.
 */
export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...options });
  if (options.javaScriptEnabled !== false) {
    const newPage = context.newPage.bind(context);
    context.newPage = async () => navigationsWaitForHydration(await newPage());
  }
  const external: string[] = [];
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1|[a-z0-9-]+\.localhost)/, (route) => {
    external.push(route.request().url());
    return route.fulfill({ status: 204, body: '' });
  });
  return { context, external };
}

/**
 * Fails on any browser console error or uncaught page error seen during a test. `expected`
 * names console lines a test provokes on purpose (Chromium logs every 4xx answer to a fetch).
 */
export function watchConsole(page: Page, expected: RegExp[] = []): () => void {
  const problems: string[] = [];
  page.on('console', (message) => {
    const line = `${message.text()} (${message.location().url})`;
    if (message.type() === 'error' && !expected.some((pattern) => pattern.test(line))) problems.push(line);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return () => expect(problems, 'browser console errors').toEqual([]);
}

export async function expectNoAxeViolations(page: Page, context = '') {
  // axe's legacy mode runs in the page itself, three times faster than opening a blank page per
  // run to gather the frames' results, but skips cross-origin frames: pages with one (the card
  // fields) keep the full mode, so every frame is still tested.
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).setLegacyMode(!crossOrigin).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/** axe at both house viewports (375 and 1280 px), leaving the page at desktop width. */
export async function expectNoAxeViolationsAtViewports(page: Page, context: string) {
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${context} at ${name}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

export type { Browser, BrowserContext, Page };

/**
 * Records what a page and its frames do (frames, requests, console, the messages each window
 * receives) so a wait that times out can say what happened instead: `waitOrDescribe`.
 */
export async function recordActivity(page: Page): Promise<() => string> {
  const started = Date.now();
  const lines: string[] = [];
  const add = (line: string) => lines.push(`+${Date.now() - started}ms ${line}`);
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 100);
  page.on('frameattached', () => add('frame attached'));
  page.on('framenavigated', (frame) => add(`navigated ${frame === page.mainFrame() ? 'page' : 'frame'} ${short(frame.url())}`));
  page.on('framedetached', (frame) => add(`frame detached ${short(frame.url())}`));
  // Scripts, styles, pictures and fonts would crowd out what the page asked for.
  const asset = (request: Request) => ['script', 'stylesheet', 'image', 'font'].includes(request.resourceType());
  page.on('request', (request) => {
    if (!asset(request)) add(`→ ${request.method()} ${short(request.url())}`);
  });
  page.on('requestfinished', (request) => {
    if (!asset(request)) add(`← ${request.method()} ${short(request.url())}`);
  });
  page.on('requestfailed', (request) => add(`✗ ${request.method()} ${short(request.url())} ${request.failure()?.errorText ?? ''}`));
  page.on('console', (message) => add(`console.${message.type()} ${message.text().slice(0, 160)}`));
  page.on('pageerror', (error) => add(`page error ${error.message.slice(0, 160)}`));
  await page.exposeFunction('__recordMessage', (text: string) => add(`message ${text.slice(0, 160)}`));
  await page.addInitScript(() =>
    window.addEventListener(
      'message',
      (event) => void (window as unknown as { __recordMessage: (text: string) => void }).__recordMessage(`to ${location.host} from ${event.origin} ${JSON.stringify(event.data)}`),
    ),
  );
  return () => lines.join('\n');
}

/** Waits for `locator`; when it does not come, fails with `what` and the page's text, dialogs and recorded activity. */
export async function waitOrDescribe(page: Page, locator: Locator, what: string, activity: () => string): Promise<void> {
  await locator.waitFor().catch(async (error: unknown) => {
    // The end of the page's main text: where a form's state and messages are.
    const text = await page
      .locator('main')
      .innerText({ timeout: 1000 })
      .catch(() => '(no main)');
    const dialogs = await page
      .getByRole('dialog')
      .allInnerTexts()
      .catch(() => []);
    const frames = await Promise.all(
      page
        .frames()
        .slice(1)
        .map(
          async (frame) =>
            `${frame.url().slice(0, 80)}: ${(
              await frame
                .locator('body')
                .innerText({ timeout: 1000 })
                .catch(() => '?')
            ).slice(0, 300)}`,
        ),
    );
    throw new Error(
      `${what} never came.\nPage: …${text.slice(-800)}\nDialogs: ${dialogs.join(' / ').slice(0, 400)}\nFrames: ${frames.join(' | ')}\nActivity:\n${activity().slice(-6000)}`,
      { cause: error },
    );
  });
}

/** Signs the page's browser in through the login API (the session cookie lands in its context). */
export async function signInWithApi(page: Page, email: string, password: string): Promise<string> {
  const answer = await page.evaluate(
    async (body) => {
      const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, userName: String((await res.json())?.data?.userName ?? '') };
    },
    { email_id: email, password },
  );
  expect(answer.status, `sign-in of ${email}`).toBe(200);
  return answer.userName;
}

export type SignedInPageOptions = {
  /** The server: the e2e setup's baseURL or pgBaseURL. */
  baseURL: string;
  /** The organisation's host name ('wanderly.localhost', hostOf(org), …). */
  host: string;
  /** Who: an account signed in through the login API, or a session the test already holds (`userToken=…`). */
  user: { email: string; password: string } | { cookie: string };
  /** The page of the site the login API is called from (the call needs one); '/' unless told. */
  from?: string;
  /** Where the page goes once signed in; it is handed over hydrated. */
  to?: string;
  /** newContext's options (viewport, javaScriptEnabled, …). */
  context?: Parameters<Browser['newContext']>[0];
  /** Console lines the test provokes on purpose (watchConsole), watched from the first navigation. */
  expectedConsole?: RegExp[];
};

/**
 * A page in a fresh context (newContext) of a signed-in user of one organisation's site. With
 * JavaScript the page signs in as a visitor's would, through the login API from `from`; without,
 * the session is signed in over HTTP and its cookie handed to the context. `check` fails the
 * test on console errors since the first navigation (see watchConsole).
 */
export async function signedInPage(browser: Browser, options: SignedInPageOptions) {
  const { baseURL, host, user, from = '/', to, expectedConsole = [] } = options;
  const site = (path: string) => orgUrl(baseURL, host, path);
  const scripted = options.context?.javaScriptEnabled !== false;
  const { context } = await newContext(browser, options.context);
  const cookie = 'cookie' in user ? user.cookie : scripted ? undefined : await signInOverHttp(baseURL, { host, ...user });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: site('/') }]);
  }
  const page = await context.newPage();
  const check = watchConsole(page, expectedConsole);
  if (!cookie && 'email' in user) {
    await page.goto(site(from));
    await signInWithApi(page, user.email, user.password);
  }
  if (to !== undefined) {
    await page.goto(site(to));
    if (scripted) await waitForHydration(page);
  }
  return { context, page, check };
}
