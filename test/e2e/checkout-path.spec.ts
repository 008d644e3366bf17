// Issue 15, acceptance 2 ("one clear checkout path"), in Chromium on each organisation: the
// traveller's details and the payment are one form with one submit; a disabled COMPLETE BOOKING
// looks disabled (computed style) and says why next to it; an error stays on screen until the
// visitor acts and takes the focus; after a client-side navigation the focus is on the new
// page's main heading (and the first load leaves the focus alone). axe at 375 and 1280 px.
// Without JavaScript the same form posts the traveller and comes back with what to correct.
// The page's clock is Playwright's: it runs as usual, and jumping it ahead shows that no message
// is taken away by a timer.
import { describe, expect, inject, it } from 'vitest';
import {
  type Page,
  expectNoAxeViolationsAtViewports,
  newContext,
  orgUrl,
  recordActivity,
  useSharedBrowser,
  waitForHydration,
  waitOrDescribe,
  watchConsole,
} from '../support/browser';
import { inDays } from '../support/dates';
import { http } from '../support/http-client';

const base = inject('baseURL');
/** Expiry month 01 and a future year: the sandbox's 3-D Secure cards challenge with it. */
const EXPIRY = `01/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

/** Each organisation, its language's texts (app/i18n) and a stay no other spec holds. */
const ORGS = [
  {
    id: 'wanderly',
    host: 'wanderly.localhost',
    day: 141,
    text: {
      title: 'Complete your booking',
      traveler: 'Who is travelling?',
      submit: 'COMPLETE BOOKING',
      processing: 'Processing your booking…',
      email: 'E-mail',
      continue: 'Continue',
      problem: 'Check the traveller’s details',
      saved: 'Traveller details saved.',
      cardNumber: 'Card number',
      expiry: 'Expiry (MM/YY)',
      code: 'Verification code',
    },
  },
  {
    id: 'viajamas',
    host: 'viajamas.localhost',
    day: 144,
    text: {
      title: 'Completa tu reserva',
      traveler: '¿Quién viaja?',
      submit: 'COMPLETAR RESERVA',
      processing: 'Procesando tu reserva…',
      email: 'Correo electrónico',
      continue: 'Continuar',
      problem: 'Revisa los datos del viajero',
      saved: 'Datos del viajero guardados.',
      cardNumber: 'Número de tarjeta',
      expiry: 'Vencimiento (MM/AA)',
      code: 'Código de verificación',
    },
  },
  {
    id: 'voyagerpro',
    host: 'voyagerpro.localhost',
    day: 147,
    text: {
      title: 'Complete your booking',
      traveler: 'Who is travelling?',
      submit: 'COMPLETE BOOKING',
      processing: 'Processing your booking…',
      email: 'E-mail',
      continue: 'Continue',
      problem: 'Check the traveller’s details',
      saved: 'Traveller details saved.',
      cardNumber: 'Card number',
      expiry: 'Expiry (MM/YY)',
      code: 'Verification code',
    },
  },
] as const;

const browser = useSharedBrowser();

/** Holds a Cancún room for a guest on `host` and answers the checkout's path. */
async function holdRoom(host: string, day: number): Promise<string> {
  const origin = orgUrl(base, host, '').replace(/\/$/, '');
  const hold = await http(base, 'POST', '/hotel-checkout', {
    host,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ destination: 'cancun', checkin: inDays(day), checkout: inDays(day + 2), rooms: '1', guests: '2', roomTypeId: '1' }).toString(),
  });
  expect(hold.status).toBe(302);
  return String(hold.headers.location);
}

/** What the focused element is, to compare with what should have the focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? { tag: element.tagName, role: element.getAttribute('role'), text: element.textContent?.trim() ?? '' } : null;
  });

const styleOf = (page: Page, name: string) =>
  page.getByRole('button', { name }).evaluate((button) => {
    const style = getComputedStyle(button);
    return { opacity: style.opacity, cursor: style.cursor, filter: style.filter, background: style.backgroundColor };
  });

describe.skipIf(!base)('one clear checkout path (issue 15)', () => {
  for (const org of ORGS) {
    it(`${org.id}: focus on the new page's heading; one form, one submit; a disabled submit looks it and says why; errors stay and take the focus; axe at 375 and 1280 px`, async () => {
      const { context } = await newContext(browser());
      const page = await context.newPage();
      // Chromium logs the traveller step's 400 answer (the fields to correct).
      const check = watchConsole(page, [/status of 400/]);
      const activity = await recordActivity(page);
      await page.clock.install();
      const t = org.text;

      // The first load leaves the focus where the browser puts it; a client navigation moves it to the heading.
      await page.goto(orgUrl(base, org.host, '/'));
      await waitForHydration(page);
      expect((await focused(page))?.tag).toBe('BODY');
      const link = page.locator('header nav a[href^="/"]:not([href="/"]):visible').first();
      const target = new URL((await link.getAttribute('href'))!, base).pathname;
      await link.click();
      await page.waitForURL((url) => url.pathname === target);
      const heading = page.locator('main h1');
      await heading.waitFor();
      await expect.poll(async () => (await focused(page))?.tag).toBe('H1');
      expect((await focused(page))?.text).toBe((await heading.textContent())?.trim());

      await page.goto(orgUrl(base, org.host, await holdRoom(org.host, org.day)));
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await waitForHydration(page);

      // One form: the traveller's fields, the way to pay and one submit, COMPLETE BOOKING.
      const form = await page.getByRole('button', { name: t.submit }).evaluate((button) => {
        const owner = (button as HTMLButtonElement).form!;
        const elements = [...owner.elements] as HTMLInputElement[];
        return {
          names: elements.map((element) => element.name),
          submits: elements.filter((element) => element.type === 'submit').length,
          forms: document.querySelectorAll('.checkout-traveler form').length,
        };
      });
      expect(form.submits).toBe(1);
      expect(form.forms).toBe(0);
      expect(form.names).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'payment-option']));
      const traveler = page.getByRole('group', { name: t.traveler });
      expect(await traveler.getByRole('button', { name: t.continue }).count()).toBe(0);

      // An e-mail the server refuses: the message takes the focus, and is still there much later.
      await traveler.getByLabel(/first|nombre/i).fill('Ada');
      await traveler.getByLabel(/last|apellido/i).fill('Lovelace');
      await traveler.getByLabel(t.email).fill('ada-at-example');
      const enabled = await styleOf(page, t.submit);
      expect(enabled.cursor).toBe('pointer');
      await page.getByRole('button', { name: t.submit }).click();
      const problem = traveler.getByRole('alert').filter({ hasText: t.problem });
      await problem.waitFor();
      await expect.poll(async () => (await focused(page))?.text.startsWith(t.problem)).toBe(true);
      await expectNoAxeViolationsAtViewports(page, `${org.id} checkout with the traveller's errors`);
      await page.clock.fastForward(60_000);
      expect(await problem.isVisible()).toBe(true);

      // Disabled while the booking is on its way: it looks it, and says why next to it.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/booking/initBooking', async (route) => {
        await gate;
        await route.continue();
      });
      await traveler.getByLabel(t.email).fill(`ada.${org.id}@example.com`);
      const frame = page.frameLocator('iframe.card-entry-frame');
      // The challenge that always fails: the payment is refused with a message.
      await frame.getByLabel(t.cardNumber).fill('4000000000001109');
      await frame.getByLabel(t.expiry).fill(EXPIRY);
      await frame.getByLabel('CVV').fill('123');
      const submit = page.getByRole('button', { name: t.submit });
      await submit.click();
      const busy = page.getByRole('button', { name: t.processing });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      const disabled = await styleOf(page, t.processing);
      expect(disabled.cursor).toBe('not-allowed');
      expect(Number(disabled.opacity)).toBeLessThan(Number(enabled.opacity));
      const reasonId = await busy.getAttribute('aria-describedby');
      expect(reasonId).toBeTruthy();
      expect((await page.locator(`[id="${reasonId}"]`).textContent())?.trim()).toBe(t.processing);
      // What was wrong with the traveller is gone once the form was sent again.
      await problem.waitFor({ state: 'detached' });
      release();

      const challenge = page.frameLocator('iframe.three-d-secure-frame');
      await challenge.getByLabel(t.code).fill('0000');
      // Sent from the keyboard: a click into the challenge frame just made modal was, rarely, lost
      // in CI (no submit ran; the recorded activity ends at the frame's load).
      await challenge.getByLabel(t.code).press('Enter');
      const message = page.locator('.payment-form').getByRole('alert');
      await waitOrDescribe(page, message, `${org.id}: the failed challenge's alert`, activity);
      await expect.poll(async () => (await focused(page))?.role).toBe('alert');
      expect((await focused(page))?.text).toBe((await message.textContent())?.trim());
      await page.clock.fastForward(60_000);
      expect(await message.isVisible()).toBe(true);
      expect(await submit.isEnabled()).toBe(true);
      check();
      await context.close();
    });

    it(`${org.id}: without JavaScript the one form still posts, and comes back with what to correct, then saved`, async () => {
      const { context } = await newContext(browser(), { javaScriptEnabled: false });
      const page = await context.newPage();
      const t = org.text;
      await page.goto(orgUrl(base, org.host, await holdRoom(org.host, org.day + 30)));
      const traveler = page.getByRole('group', { name: t.traveler });
      await traveler.getByLabel(/first|nombre/i).fill('Grace');
      await traveler.getByLabel(/last|apellido/i).fill('Hopper');
      await traveler.getByLabel(t.email).fill('grace-at-example');
      // Sent from the keyboard: once in CI a click here waited 30 s for an animation frame that
      // never came (Chromium with scripts off, under load); Enter on the button needs no frame.
      await page.getByRole('button', { name: t.submit }).press('Enter');
      await traveler.getByRole('alert').filter({ hasText: t.problem }).waitFor();
      expect(await traveler.getByLabel(t.email).getAttribute('aria-invalid')).toBe('true');
      await traveler.getByLabel(t.email).fill(`grace.${org.id}@example.com`);
      await page.getByRole('button', { name: t.submit }).press('Enter');
      await page.getByRole('status').filter({ hasText: t.saved }).waitFor();
      expect(await traveler.getByRole('alert').count()).toBe(0);
      await context.close();
    });
  }
});
