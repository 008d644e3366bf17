// /user-details (spec §2; issue 10): the user's own traveller details and saved travellers,
// in Chromium with and without JavaScript, axe-clean at 375 and 1280 px; and over HTTP on
// both databases, that nobody reaches another user's traveller and the cap holds.
// Every test signs up a fresh account, so no other spec's demo user is touched.
import { randomBytes } from 'node:crypto';
import { describe, expect, inject } from 'vitest';
import { MAX_SAVED_TRAVELERS } from '~/domain/user-details';
import { type Page, type SignedInPageOptions, VIEWPORTS, expectNoAxeViolations, expectNoAxeViolationsAtViewports, orgUrl, watchConsole } from '../support/browser';
import { test } from '../support/fixtures';
import { inDays } from '../support/dates';
import { hostOf, http, sessionCookie } from '../support/http-client';

const base = inject('baseURL');
const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

/** How long a poll may wait for the page to answer: the machine running the suite is shared. */
const SLOW = { timeout: 15_000 };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** A new verified account of `org`; its session cookie (`userToken=...`). */
async function freshAccount(server: string, org = 'wanderly'): Promise<string> {
  const host = hostOf(org);
  const email = `details-${randomBytes(6).toString('hex')}@example.com`;
  const signup = await http(server, 'POST', '/auth/signup', {
    host,
    body: form({ firstName: 'Fresh', lastName: 'Traveller', email, password: 'a-long-password-2026' }),
    headers: FORM,
  });
  expect(signup.status, signup.text.slice(0, 300)).toBe(200);
  const mail = await http(server, 'GET', `/dev/mail?to=${encodeURIComponent(email)}`, { host });
  const token = mail.text.match(/\/auth\/verify\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token, 'verification link').toBeTruthy();
  const verify = await http(server, 'POST', '/auth/verify', { host, body: form({ token: token! }), headers: FORM });
  expect(verify.status).toBe(302);
  return sessionCookie(verify);
}

describe('/user-details in Chromium', () => {
  /** Where a fresh account's page is signed in: `org`'s site. */
  const siteOf = (org: string): Omit<SignedInPageOptions, 'user'> => ({
    baseURL: base,
    host: hostOf(org),
    // A refused change answers 400, which Chromium notes in the console.
    expectedConsole: [/status of (400|409)/],
  });

  const details = (page: Page) => page.getByRole('region', { name: 'Traveller details' });
  const travelers = (page: Page) => page.getByRole('region', { name: 'Saved travellers' });
  const addForm = (page: Page) => page.getByRole('form', { name: 'Add a traveller' });
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

  test('sends an anonymous visitor to sign in, and back afterwards', async ({ newContext }) => {
    const { context } = await newContext();
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(`${base}/user-details`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('login')).toBe('true');
    expect(url.searchParams.get('redirectTo')).toBe('/user-details');
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign in' }).isVisible(), SLOW).toBe(true);
    check();
    await context.close();
  });

  test('edits the details and adds, edits and deletes a saved traveller, with messages next to the fields', async ({ signedInPage }) => {
    const { context, page, check } = await signedInPage({ ...siteOf('wanderly'), user: { cookie: await freshAccount(base) } });
    // Reached from the profile page.
    await page.goto(`${base}/user/profile`);
    await page.getByRole('link', { name: 'Traveller details and saved travellers' }).click();
    await expect.poll(() => details(page).getByRole('heading', { name: 'Traveller details', level: 1 }).isVisible(), SLOW).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/user-details');
    expect(await details(page).getByLabel('E-mail').getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => travelers(page).getByText('You have no saved travellers yet.').isVisible(), SLOW).toBe(true);
    await expectNoAxeViolationsAtViewports(page, '/user-details, nothing saved');

    // The user's own details: wrong fields are named and the first takes the focus.
    await details(page).getByLabel('First name').fill('');
    await details(page).getByLabel('Phone (optional)').fill('call me');
    await details(page).getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => details(page).getByText('Enter the traveller’s first name (letters only, up to 60).').isVisible(), SLOW).toBe(true);
    expect(await details(page).getByText('Enter a phone number with digits only, such as +1 555 010 2030.').isVisible()).toBe(true);
    await expect.poll(() => focusedId(page), SLOW).toBe('details-firstName');
    expect(await details(page).getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolationsAtViewports(page, '/user-details, details refused');

    await details(page).getByLabel('First name').fill('Ana María');
    await details(page).getByLabel('Last name').fill('López');
    await details(page).getByLabel('Phone (optional)').fill('+52 55 1234 5678');
    await details(page).getByLabel('Nationality').selectOption('MX');
    await details(page).getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => details(page).getByRole('status').textContent(), SLOW).toBe('Your details have been saved.');
    await page.reload();
    expect(await details(page).getByLabel('First name').inputValue()).toBe('Ana María');
    expect(await details(page).getByLabel('Phone (optional)').inputValue()).toBe('+52 55 1234 5678');
    expect(await details(page).getByLabel('Nationality').inputValue()).toBe('MX');

    // Add a traveller: refused first, then saved.
    await addForm(page).getByLabel('First name').fill('');
    await addForm(page).getByLabel('Last name').fill('Ruiz');
    await addForm(page).getByLabel('Date of birth (optional)').fill('2999-01-01');
    await addForm(page).getByRole('button', { name: 'Save traveller' }).click();
    await expect.poll(() => addForm(page).getByText('Enter a real date of birth that is not in the future.').isVisible(), SLOW).toBe(true);
    expect(await addForm(page).getByText('Enter the traveller’s first name (letters only, up to 60).').isVisible()).toBe(true);
    await expect.poll(() => focusedId(page), SLOW).toBe('new-traveler-firstName');
    expect(await addForm(page).getByLabel('Last name').inputValue()).toBe('Ruiz');
    expect(await travelers(page).getByRole('listitem').count()).toBe(0);
    await expectNoAxeViolationsAtViewports(page, '/user-details, traveller refused');

    await addForm(page).getByLabel('First name').fill('Leo');
    await addForm(page).getByLabel('Date of birth (optional)').fill('2015-02-28');
    await addForm(page).getByLabel('Nationality').selectOption('US');
    await addForm(page).getByRole('button', { name: 'Save traveller' }).click();
    await expect.poll(() => travelers(page).getByRole('status').textContent(), SLOW).toBe('Traveller saved.');
    const leo = travelers(page).getByRole('listitem').filter({ hasText: 'Leo Ruiz' });
    expect(await leo.textContent()).toContain('Born February 28, 2015 · United States');
    expect(await addForm(page).getByLabel('First name').inputValue()).toBe('');
    await expectNoAxeViolationsAtViewports(page, '/user-details, one traveller');

    // Edit it: a bad e-mail is refused next to the field, then the change is saved.
    await leo.getByText('Edit Leo Ruiz').click();
    const editForm = page.getByRole('form', { name: 'Edit Leo Ruiz' });
    await editForm.getByLabel('Last name').fill('Ruiz Soto');
    await editForm.getByLabel('E-mail (optional)').fill('not-an-address');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Edit Leo Ruiz' }).getByText('Enter an e-mail address such as name@example.com.').isVisible(), SLOW).toBe(true);
    await expect.poll(() => focusedId(page), SLOW).toMatch(/^traveler-[0-9a-f-]{36}-email$/);
    expect(await travelers(page).getByRole('listitem').filter({ hasText: 'Leo Ruiz Soto' }).count()).toBe(0);
    await expectNoAxeViolationsAtViewports(page, '/user-details, edit refused');
    await editForm.getByLabel('E-mail (optional)').fill('Leo@Example.com');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => travelers(page).getByRole('status').textContent(), SLOW).toBe('Traveller updated.');
    const renamed = travelers(page).getByRole('listitem').filter({ hasText: 'Leo Ruiz Soto' });
    expect(await renamed.textContent()).toContain('leo@example.com');

    // Delete it.
    await renamed.getByRole('button', { name: 'Delete Leo Ruiz Soto' }).click();
    await expect.poll(() => travelers(page).getByRole('status').textContent(), SLOW).toBe('Traveller deleted.');
    expect(await travelers(page).getByText('You have no saved travellers yet.').isVisible()).toBe(true);
    check();
    await context.close();
  });

  test("fills a checkout's traveller from a saved traveller chosen with the keyboard; no choice for a user without one or a guest (axe)", async ({ newContext, signedInPage }) => {
    const cookie = await freshAccount(base);
    const { context, page, check } = await signedInPage({ ...siteOf('wanderly'), user: { cookie } });
    /** A hotel checkout of a hold made by this page's visitor. */
    const reserve = async (visitor: Page, checkin: string, checkout: string) => {
      await visitor.goto(orgUrl(base, hostOf('wanderly'), `/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${checkout}&rooms=1&guests=2`));
      await visitor.getByRole('button', { name: 'Reserve: Standard room' }).click();
      await visitor.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    };
    const traveler = (visitor: Page) => visitor.getByRole('group', { name: 'Who is travelling?' });
    const choose = (visitor: Page) => traveler(visitor).getByLabel('Choose a saved traveller');
    /** The choice is offered once the page is interactive: wait for Remix and two frames before saying there is none. */
    const interactive = async (visitor: Page) => {
      await visitor.waitForFunction(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter));
      await visitor.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    };

    // Nothing saved yet: no choice, the user's own details.
    await reserve(page, inDays(250), inDays(252));
    await interactive(page);
    expect(await choose(page).count()).toBe(0);
    expect(await traveler(page).getByLabel('First name').inputValue()).toBe('Fresh');
    const checkoutUrl = page.url();

    const post = (values: Record<string, string>) =>
      http(base, 'POST', '/user-details', { host: hostOf('wanderly'), cookie, body: form({ intent: 'add-traveler', dateOfBirth: '', nationality: '', ...values }), headers: FORM });
    expect((await post({ firstName: 'Mara', lastName: 'Quispe', email: 'mara@example.com', phone: '+51 1 234 5678' })).status).toBe(302);
    expect((await post({ firstName: 'Leo', lastName: 'Ruiz', email: '', phone: '' })).status).toBe(302);

    await page.goto(checkoutUrl);
    await choose(page).waitFor(SLOW);
    expect(await choose(page).evaluate((select) => [...(select as HTMLSelectElement).options].map((o) => o.text))).toEqual(['Select a traveller', 'Mara Quispe', 'Leo Ruiz']);
    await expectNoAxeViolations(page, 'checkout with saved travellers');

    // Keyboard only: the select takes the focus and the arrow keys choose.
    await choose(page).focus();
    await page.keyboard.press('ArrowDown');
    const field = (label: string) => traveler(page).getByLabel(label, { exact: true });
    await expect.poll(() => field('First name').inputValue(), SLOW).toBe('Mara');
    expect(await field('Last name').inputValue()).toBe('Quispe');
    expect(await field('E-mail').inputValue()).toBe('mara@example.com');
    expect(await field('Phone').inputValue()).toBe('+51 1 234 5678');
    // A traveller saved without e-mail or phone keeps the user's own e-mail and no phone.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => field('First name').inputValue(), SLOW).toBe('Leo');
    expect(await field('Last name').inputValue()).toBe('Ruiz');
    expect(await field('E-mail').inputValue()).toMatch(/^details-[0-9a-f]+@example\.com$/);
    expect(await field('Phone').inputValue()).toBe('');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => field('First name').inputValue(), SLOW).toBe('Mara');
    // The filled fields are the traveller the checkout's one submit saves (the payment's first call is left unanswered: nothing is paid).
    await page.route('**/api/booking/initBooking', () => undefined);
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await expect.poll(() => page.getByText('Traveller details saved.').isVisible(), SLOW).toBe(true);
    await expectNoAxeViolations(page, 'checkout after choosing a saved traveller');
    check();
    await context.close();

    // A guest sees no choice.
    const guest = await newContext();
    const anonymous = await guest.context.newPage();
    await reserve(anonymous, inDays(254), inDays(256));
    await interactive(anonymous);
    expect(await traveler(anonymous).getByLabel('First name').isVisible()).toBe(true);
    expect(await choose(anonymous).count()).toBe(0);
    await guest.context.close();
  });

  test('works without JavaScript, in Spanish: field messages, then the traveller is saved', async ({ signedInPage }) => {
    const { context, page, check } = await signedInPage({ ...siteOf('viajamas'), user: { cookie: await freshAccount(base, 'viajamas') }, context: { javaScriptEnabled: false } });
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(orgUrl(base, hostOf('viajamas'), '/user-details'));
    const add = page.getByRole('form', { name: 'Agregar un viajero' });
    await add.getByLabel('Nombre').fill('Sofía');
    await add.getByLabel('Correo electrónico (opcional)').fill('sofia@');
    await add.getByRole('button', { name: 'Guardar viajero' }).click();
    await expect.poll(() => add.locator('.field-error').count(), SLOW).toBe(2);
    // The answered page puts the focus on the first wrong field by itself.
    expect(await page.locator('#new-traveler-lastName').getAttribute('autofocus')).not.toBeNull();
    expect(await page.getByRole('form', { name: 'Agregar un viajero' }).getByLabel('Nombre').inputValue()).toBe('Sofía');

    await page.getByRole('form', { name: 'Agregar un viajero' }).getByLabel('Apellido').fill('Núñez');
    await page.getByRole('form', { name: 'Agregar un viajero' }).getByLabel('Correo electrónico (opcional)').fill('sofia@example.mx');
    await page.getByRole('form', { name: 'Agregar un viajero' }).getByRole('button', { name: 'Guardar viajero' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'added');
    expect(await page.getByRole('region', { name: 'Viajeros guardados' }).getByRole('status').textContent()).toBe('Viajero guardado.');
    expect(await page.getByRole('listitem').filter({ hasText: 'Sofía Núñez' }).count()).toBe(1);
    check();
    await context.close();
  });
});

for (const { name, base: server } of backends) {
  describe(`/user-details over HTTP on ${name}`, () => {
    const post = (cookie: string, values: Record<string, string>) => http(server, 'POST', '/user-details', { cookie, body: form(values), headers: FORM });
    const travelerIds = async (cookie: string) => {
      const page = await http(server, 'GET', '/user-details', { cookie });
      expect(page.status).toBe(200);
      return { html: page.text, ids: [...new Set([...page.text.matchAll(/name="travelerId" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!))] };
    };
    const traveler = { firstName: 'Mara', lastName: 'Quispe', dateOfBirth: '1990-05-17', nationality: 'PE', email: 'mara@example.com', phone: '+51 1 234 5678' };

    test("another user's traveller id is a 404 and changes nothing", async () => {
      const [owner, other] = await Promise.all([freshAccount(server), freshAccount(server)]);
      const added = await post(owner, { intent: 'add-traveler', ...traveler });
      expect(added.status).toBe(302);
      expect(added.headers.location).toBe('/user-details?done=added');
      const { ids, html: before } = await travelerIds(owner);
      expect(ids).toHaveLength(1);
      const id = ids[0]!;

      // The other user: edit (valid and invalid) and delete are all "not found".
      expect((await post(other, { intent: 'edit-traveler', travelerId: id, ...traveler, firstName: 'Stolen' })).status).toBe(404);
      expect((await post(other, { intent: 'edit-traveler', travelerId: id, ...traveler, firstName: '' })).status).toBe(404);
      expect((await post(other, { intent: 'delete-traveler', travelerId: id })).status).toBe(404);
      // Nor does it appear on their page.
      expect((await travelerIds(other)).ids).toEqual([]);
      // A malformed or unknown id is the same 404, never a database error.
      expect((await post(owner, { intent: 'delete-traveler', travelerId: "1' or '1'='1" })).status).toBe(404);
      expect((await post(owner, { intent: 'delete-traveler', travelerId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
      expect((await post(owner, { intent: 'nonsense' })).status).toBe(400);

      const after = await travelerIds(owner);
      expect(after.ids).toEqual([id]);
      expect(after.html).toContain('Mara Quispe');
      expect(after.html).not.toContain('Stolen');
      expect(before.match(/Mara Quispe/g)?.length).toBe(after.html.match(/Mara Quispe/g)?.length);

      // The owner can delete it.
      expect((await post(owner, { intent: 'delete-traveler', travelerId: id })).status).toBe(302);
      expect((await travelerIds(owner)).ids).toEqual([]);
    });

    test('bad input is a 400 with field messages and changes nothing', async () => {
      const cookie = await freshAccount(server);
      const refused = await post(cookie, { intent: 'details', firstName: 'Ana', lastName: 'López', phone: '', nationality: 'XX' });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Choose a country from the list.');
      const wrongTraveler = await post(cookie, { intent: 'add-traveler', ...traveler, dateOfBirth: '2023-02-29' });
      expect(wrongTraveler.status).toBe(400);
      expect(wrongTraveler.text).toContain('Enter a real date of birth that is not in the future.');
      const { html, ids } = await travelerIds(cookie);
      expect(ids).toEqual([]);
      expect(html).toContain('value="Fresh"');
      // The longest phone the shared rule accepts ('+' and 20 digits) is stored, never a 500.
      const longest = `+${'1'.repeat(20)}`;
      expect((await post(cookie, { intent: 'details', firstName: 'Ana', lastName: 'López', phone: longest, nationality: '' })).status).toBe(302);
      expect((await post(cookie, { intent: 'add-traveler', ...traveler, phone: longest })).status).toBe(302);
      expect(html).not.toContain('value="Ana"');
    });

    test(`keeps at most ${MAX_SAVED_TRAVELERS} saved travellers, saying so`, async () => {
      const cookie = await freshAccount(server);
      for (let n = 0; n < MAX_SAVED_TRAVELERS; n++) {
        expect((await post(cookie, { intent: 'add-traveler', ...traveler, firstName: `Mara${'a'.repeat(n)}` })).status).toBe(302);
      }
      const refused = await post(cookie, { intent: 'add-traveler', ...traveler, firstName: 'Extra' });
      expect(refused.status).toBe(409);
      expect(refused.text).toContain(`You already have ${MAX_SAVED_TRAVELERS} saved travellers, the most you can keep. Delete one to add another.`);
      const { ids, html } = await travelerIds(cookie);
      expect(ids).toHaveLength(MAX_SAVED_TRAVELERS);
      expect(html).not.toContain('Extra');
    });
  });
}
