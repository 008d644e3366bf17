// The membership plans modal in Chromium (issue 12; spec §2 "Membership plans modal", §4
// "Subscription booking", §5 "Subscription Pay Now"), on the PostgreSQL server with the sandbox
// gateway. Fresh members in the states the acceptance names (the seeded demo accounts stay as
// other specs expect them): an expired member with debt renews with a saved card and follows the
// live status until the page reloads; a new member buys with a new card through a 3-D Secure
// challenge; a trial and an organisation-paid plan charge nothing and still activate; the modal's
// rules (auto-open, noShowPlansHome, routes, carousel at four widths, Pay Now) and axe at both widths.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { openDatabase } from '~/services/platform/db.server';
import { hashPassword } from '~/services/identity/password.server';
import { creditInstrument, openInstrument } from '~/services/stored-value/stored-value.server';
import { type Page, type SignedInPageOptions, expectNoAxeViolationsAtViewports, orgUrl, waitForHydration, watchConsole } from '../support/browser';
import { test } from '../support/fixtures';
import { sandboxTransactions } from '../support/booking-load';
import { sandboxNonce } from '../support/sandbox-control';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const sandboxURL = inject('sandboxURL');
const PASSWORD = 'Member-Plans-2026!';
const stamp = Date.now().toString(36);
/** Expiry month 01 and a future year, as Braintree's own sandbox wants (ours takes any future expiry). */
const EXPIRY = `01/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
const HOST = { wanderly: 'localhost', viajamas: 'viajamas.localhost', voyagerpro: 'voyagerpro.localhost' } as const;
type Org = keyof typeof HOST;

let db: pg.Client;
let serial = 0;

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

type Member = { id: number; email: string; org: Org };

/** A fresh member of `org`, with a plan in `plan`'s state when given. */
async function newMember(org: Org, plan?: { code: string; status: 'ACTIVE' | 'EXPIRED'; debtMinor: number }): Promise<Member> {
  const email = `plans-${stamp}-${++serial}@${org}.example`;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ($1, $2, $2, $3, 'Paz', 'Plans', 'member') returning id`,
    [org, email, await hashPassword(PASSWORD)],
  );
  const id = rows[0]!.id;
  if (plan) {
    await db.query(
      `insert into user_subscriptions (user_id, plan_id, status, member_since, expires_on, debt_minor)
       select $1, p.id, $3, current_date - 400, case when $3 = 'ACTIVE' then current_date + 200 else current_date - 35 end, $4 from membership_plans p where p.org_id = $2 and p.code = $5`,
      [id, org, plan.status, plan.debtMinor, plan.code],
    );
  }
  return { id, email, org };
}

/** signedInPage's options for a member, on their organisation's site after signing out of any session. */
const signInOf = (member: Member): SignedInPageOptions => ({ baseURL: base, host: HOST[member.org], user: { email: member.email, password: PASSWORD }, from: '/session-out' });

/** Saves a card for the signed-in page's user through the card API (as the profile's Save New Card does). */
async function saveCardThroughApi(page: Page) {
  const nonce = await sandboxNonce(sandboxURL);
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/booking/saveCard', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return response.status;
    },
    { nonce, nick_name: 'Travel card' },
  );
  expect(status).toBe(200);
}

const subscriptionOf = async (member: Member) =>
  (
    await db.query<{ status: string; debt_minor: number; expires_on: string; next_payment_by_org: boolean }>(
      `select status, debt_minor, to_char(expires_on, 'YYYY-MM-DD') as expires_on, next_payment_by_org from user_subscriptions where user_id = $1`,
      [member.id],
    )
  ).rows[0];
const subscriptionBookingsOf = async (member: Member) =>
  (
    await db.query<{ reference: string; status: string; amount_minor: number }>(`select reference, status, amount_minor from bookings where user_id = $1 and product = 'SUB'`, [
      member.id,
    ])
  ).rows;
const salesOf = async (reference: string) => (await sandboxTransactions(sandboxURL)).filter((t) => t.type === 'sale' && (t.orderId ?? '').startsWith(`${reference}:`));

const plansDialog = (page: Page, name: RegExp = /Membership plans|Renew your membership/) => page.getByRole('dialog', { name });
const slidesOf = (dialog: ReturnType<typeof plansDialog>) => dialog.locator('[aria-roledescription="slide"]');

/** Moves the carousel until the plan is shown, then chooses it. */
async function choosePlan(dialog: ReturnType<typeof plansDialog>, radioName: string) {
  const radio = dialog.getByRole('radio', { name: radioName });
  // The plans arrive after the dialog opens: moving before they are shown could skip past the plan.
  await slidesOf(dialog).first().waitFor();
  while ((await radio.count()) === 0) await dialog.getByRole('button', { name: /Next plans|Planes siguientes/ }).click();
  await radio.check();
}

/** A Wanderly cash card of `balanceMinor` dollars for `member`; its instrument id. */
async function giveCashCard(member: { id: number }, code: string, balanceMinor: number): Promise<string> {
  const { db: kysely } = await openDatabase({ databaseUrl, poolSize: 1 });
  const cash = await openInstrument({ orgId: 'wanderly', ownerUserId: member.id, kind: 'cash_card', code, title: 'Gift cash card', currency: 'USD' }, kysely);
  await creditInstrument(cash, balanceMinor, `grant:${cash}`, `grant:${cash}`, kysely);
  await kysely.destroy();
  return cash;
}

describe.skipIf(!base)('the membership plans modal', () => {
  test('an expired member with debt: the modal opens by itself on /, pays renewal + debt with a saved card, follows the live status, closes, reloads after 5 s; the profile shows ACTIVE without debt', async ({
    signedInPage,
  }) => {
    const member = await newMember('wanderly', { code: 'ESSENTIAL', status: 'EXPIRED', debtMinor: 4_999 });
    const { context, page } = await signedInPage({ ...signInOf(member), to: '/user/profile' });
    const check = watchConsole(page);
    await saveCardThroughApi(page);

    await page.goto(orgUrl(base, HOST.wanderly, '/'));
    const dialog = plansDialog(page, /Renew your membership/);
    await dialog.waitFor();
    await dialog.getByText('Your Essential membership expired on').waitFor();
    const summary = dialog.getByRole('region', { name: 'Summary' });
    await summary.getByText('Outstanding balance').waitFor();
    expect(await summary.locator('.plans-total dd').textContent()).toBe('US$128.99');
    // The saved card is chosen (spec §4 auto-selection); Pay Now waits for the authorization.
    await expect.poll(() => dialog.getByRole('radio', { name: /Travel card/ }).isChecked()).toBe(true);
    const payNow = dialog.getByRole('button', { name: 'Pay Now' });
    expect(await payNow.isDisabled()).toBe(true);
    await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').check();
    await expect.poll(() => payNow.isEnabled()).toBe(true);

    const polls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/booking/status') polls.push(request.url());
    });
    const paid = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pgv2/paymentWithSavedCard');
    await payNow.click();
    const answer = await paid;
    expect(answer.status()).toBe(200);
    const reference = ((await answer.json()) as { booking_id: string }).booking_id;
    // The live status: the modal closes and says the page reloads in 5 seconds.
    await page.getByRole('status').filter({ hasText: 'Your membership is active. This page reloads in 5 seconds.' }).waitFor({ timeout: 5_000 });
    const shownAt = Date.now();
    // Delivered over the socket: no polling.
    expect(polls).toEqual([]);
    expect(await plansDialog(page).count()).toBe(0);
    await page.waitForEvent('load', { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);

    expect(await subscriptionOf(member)).toMatchObject({ status: 'ACTIVE', debt_minor: 0 });
    expect((await salesOf(reference)).map((s) => s.amount)).toEqual(['128.99']);
    await page.goto(orgUrl(base, HOST.wanderly, '/user/profile'));
    const membership = page.getByRole('region', { name: 'Membership' });
    await membership.getByText('Active').waitFor();
    expect(await membership.getByText('Outstanding balance').count()).toBe(0);
    // Active now: the modal does not open by itself any more.
    await page.goto(orgUrl(base, HOST.wanderly, '/'));
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await plansDialog(page).count()).toBe(0);
    check();
    await context.close();
  });

  test('acceptance 4 (issue 34): an expired member renews with a coupon and a cash card in the modal; the saved card pays only the rest', async ({ signedInPage }) => {
    const member = await newMember('wanderly', { code: 'ESSENTIAL', status: 'EXPIRED', debtMinor: 4_999 });
    await giveCashCard(member, `CASH-PLAN-${member.id}`, 5_000);
    const { context, page } = await signedInPage({ ...signInOf(member), to: '/user/profile' });
    const check = watchConsole(page);
    await saveCardThroughApi(page);
    await page.goto(orgUrl(base, HOST.wanderly, '/user/profile?plans=open'));
    const dialog = plansDialog(page, /Renew your membership/);
    await dialog.waitFor();
    const part = dialog.getByRole('group', { name: 'Pay part with a coupon or a cash card' });
    await part.getByLabel('Coupon code').fill('save25');
    await part.getByLabel('Cash card').selectOption({ label: `Gift cash card (CASH-PLAN-${member.id}), balance US$50.00` });
    await part.getByLabel('Amount to use').fill('30');
    await expect.poll(() => dialog.getByRole('radio', { name: /Travel card/ }).isChecked()).toBe(true);
    await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').check();
    const paid = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pgv2/paymentWithSavedCard');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    const answer = await paid;
    expect(answer.status()).toBe(200);
    const reference = ((await answer.json()) as { booking_id: string }).booking_id;
    await page.getByRole('status').filter({ hasText: 'Your membership is active. This page reloads in 5 seconds.' }).waitFor({ timeout: 5_000 });
    // 128.99 less USD 25 and 30 of the cash card.
    expect((await salesOf(reference)).map((s) => s.amount)).toEqual(['73.99']);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'ACTIVE', debt_minor: 0 });
    const { rows } = await db.query<{ kind: string; status: string; amount_minor: string }>(
      `select a.kind, a.status, a.amount_minor::text from checkout_applications a join bookings b on b.hold_id = a.hold_id where b.reference = $1 order by a.kind`,
      [reference],
    );
    expect(rows).toEqual([
      { kind: 'cash_card', status: 'captured', amount_minor: '3000' },
      { kind: 'coupon', status: 'captured', amount_minor: '2500' },
    ]);
    check();
    await context.close();
  });

  test('a cash card that covers the renewal needs no card: the empty card form is left alone and the zero path activates the membership', async ({ signedInPage }) => {
    const member = await newMember('wanderly', { code: 'ESSENTIAL', status: 'EXPIRED', debtMinor: 4_999 });
    const cash = await giveCashCard(member, `CASH-ALL-${member.id}`, 20_000);
    const { context, page } = await signedInPage({ ...signInOf(member), to: '/user/profile?plans=open' });
    const check = watchConsole(page);
    await waitForHydration(page);
    const dialog = plansDialog(page, /Renew your membership/);
    await dialog.waitFor();
    const part = dialog.getByRole('group', { name: 'Pay part with a coupon or a cash card' });
    await part.getByLabel('Cash card').selectOption({ label: `Gift cash card (CASH-ALL-${member.id}), balance US$200.00` });
    await part.getByLabel('Amount to use').fill('128.99');
    await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').check();
    const zero = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/booking/zeroAmountBooking');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    expect((await zero).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Your membership is active. This page reloads in 5 seconds.' }).waitFor({ timeout: 5_000 });
    expect(await subscriptionOf(member)).toMatchObject({ status: 'ACTIVE', debt_minor: 0 });
    const { rows } = await db.query<{ status: string; amount_minor: string }>(`select status, amount_minor::text from checkout_applications where instrument_id = $1`, [cash]);
    expect(rows).toEqual([{ status: 'captured', amount_minor: '12899' }]);
    check();
    await context.close();
  });

  test('a new member buys a plan with a new card through a 3-D Secure challenge (viajamas: always)', async ({ signedInPage }) => {
    const member = await newMember('viajamas');
    const { context, page } = await signedInPage({ ...signInOf(member), to: '/user/profile?plans=open' });
    const check = watchConsole(page);
    const dialog = plansDialog(page, /Planes de membresía/);
    await dialog.waitFor();
    await choosePlan(dialog, 'Elegir Esencial');
    await dialog.getByRole('radio', { name: 'Pagar con tarjeta nueva' }).check();
    const frame = dialog.frameLocator('iframe.card-entry-frame');
    await frame.getByLabel('Número de tarjeta').fill('4000000000001091');
    await frame.getByLabel('Vencimiento (MM/AA)').fill(EXPIRY);
    await frame.getByLabel('CVV').fill('123');
    await dialog.getByLabel('Autorizo que se cargue automáticamente a mi tarjeta de crédito mi membresía mensual').check();
    const paid = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/booking/generatePgToken');
    await dialog.getByRole('button', { name: 'Pagar ahora' }).click();
    const challenge = page.frameLocator('iframe.three-d-secure-frame');
    await challenge.getByLabel('Código de verificación').fill('1234');
    await challenge.getByRole('button', { name: 'Enviar' }).click();
    const answer = await paid;
    expect(answer.status()).toBe(200);
    const reference = ((await answer.json()) as { booking_id: string }).booking_id;
    await page.getByRole('status').filter({ hasText: 'Tu membresía está activa. Esta página se recarga en 5 segundos.' }).waitFor({ timeout: 5_000 });
    expect(await subscriptionOf(member)).toMatchObject({ status: 'ACTIVE', debt_minor: 0 });
    expect((await salesOf(reference)).map((s) => s.amount)).toEqual(['99.00']);
    check();
    await context.close();
  });

  test('a trial and an organisation-paid plan charge 0 and still activate; with websockets blocked the status comes by polling; the success path shows the purchase', async ({
    signedInPage,
  }) => {
    for (const [org, plan, heading] of [
      ['wanderly', 'Explorer trial', /Membership plans/],
      ['voyagerpro', 'Corporate', /Membership plans/],
    ] as const) {
      const member = await newMember(org);
      const { context, page } = await signedInPage({ ...signInOf(member), to: '/user/profile' });
      const check = watchConsole(page);
      // A trial authorises its renewal on a saved card.
      if (org === 'wanderly') await saveCardThroughApi(page);
      // On voyagerpro the socket is blocked, from the page's first (its user events share it): the
      // live status falls back to polling GET /api/booking/status.
      const blocked = org === 'voyagerpro';
      if (blocked) await page.routeWebSocket(/\/graphql$/, (socket) => socket.close({ code: 1008, reason: 'blocked by the test' }));
      await page.goto(orgUrl(base, HOST[org], '/user/profile?plans=open'));
      await waitForHydration(page);
      const polls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/booking/status') polls.push(request.url());
      });
      const dialog = plansDialog(page, heading);
      await dialog.waitFor();
      await choosePlan(dialog, `Choose ${plan}`);
      expect(await dialog.locator('.plans-total dd').textContent()).toBe('US$0.00');
      if (org === 'wanderly') await expect.poll(() => dialog.getByRole('radio', { name: /Travel card/ }).isChecked()).toBe(true);
      await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').check();
      const paid = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/booking/zeroAmountBooking');
      await dialog.getByRole('button', { name: 'Pay Now' }).click();
      const answer = (await (await paid).json()) as { booking_id: string; return_url: string };
      await page.getByRole('status').filter({ hasText: 'Your membership is active.' }).waitFor({ timeout: 5_000 });
      expect(await subscriptionOf(member)).toMatchObject({ status: 'ACTIVE', next_payment_by_org: org === 'voyagerpro' });
      expect(await salesOf(answer.booking_id)).toEqual([]);
      expect(answer.return_url).toContain(org === 'voyagerpro' ? 'charge_org=true' : 'is_t=true');
      if (blocked) expect(polls.length).toBeGreaterThan(0);
      else expect(polls).toEqual([]);
      await page.goto(orgUrl(base, HOST[org], answer.return_url));
      await page.getByRole('heading', { level: 1, name: 'Your membership' }).waitFor();
      await page
        .getByText(org === 'voyagerpro' ? 'Voyager Pro pays this membership.' : 'Your free trial runs until')
        .first()
        .waitFor();
      check();
      await context.close();
    }
  });

  test('rules: auto-open and noShowPlansHome, the four routes, the carousel at 375/768/1024/1280 px, Pay Now disabled states; axe at both widths', async ({ signedInPage }) => {
    const member = await newMember('wanderly');
    const { context, page } = await signedInPage({ ...signInOf(member), to: '/home' });
    const check = watchConsole(page);
    const dialog = plansDialog(page);
    await dialog.waitFor();
    // The carousel: 3 plans; 2 slides from 768 px with arrows, 1 below with arrows.
    for (const [width, slides] of [
      [375, 1],
      [768, 2],
      [1024, 2],
      [1280, 2],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => slidesOf(dialog).count(), { message: `slides at ${width}px` }).toBe(slides);
      expect(await dialog.getByRole('button', { name: 'Next plans' }).count()).toBe(1);
    }
    // At 1280 px the two plan cards stand side by side, level, between the arrows.
    const boxes = await Promise.all([
      dialog.getByRole('button', { name: 'Previous plans' }).boundingBox(),
      slidesOf(dialog).nth(0).boundingBox(),
      slidesOf(dialog).nth(1).boundingBox(),
      dialog.getByRole('button', { name: 'Next plans' }).boundingBox(),
    ]);
    const [previous, left, right, next] = boxes.map((box) => box!);
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(1);
    expect(left!.width).toBeGreaterThan(200);
    expect(Math.abs(left!.width - right!.width)).toBeLessThan(2);
    expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x);
    expect(previous!.x + previous!.width).toBeLessThanOrEqual(left!.x);
    expect(right!.x + right!.width).toBeLessThanOrEqual(next!.x);
    for (const arrow of [previous!, next!]) expect(arrow.y).toBeGreaterThan(left!.y);
    await dialog.getByRole('button', { name: 'Next plans' }).click();
    await dialog.getByRole('group', { name: 'Plan 3 of 3' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Next plans' }).isDisabled()).toBe(true);
    // Pay Now: disabled until authorised, and while 'add new card' is chosen.
    await choosePlan(dialog, 'Choose Premium');
    const payNow = dialog.getByRole('button', { name: 'Pay Now' });
    await dialog.getByRole('radio', { name: 'Add new card' }).check();
    await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').check();
    expect(await payNow.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Pay with new card' }).check();
    await expect.poll(() => payNow.isEnabled()).toBe(true);
    await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').uncheck();
    expect(await payNow.isDisabled()).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'plans modal');

    // Closing on home sets noShowPlansHome: no auto-open on home or / any more.
    await dialog.getByRole('button', { name: 'Dismiss' }).first().click();
    expect((await context.cookies()).some((cookie) => cookie.name === 'noShowPlansHome')).toBe(true);
    for (const path of ['/home', '/']) {
      await page.goto(orgUrl(base, HOST.wanderly, path));
      await waitForHydration(page);
      await page.waitForTimeout(500);
      expect(await plansDialog(page).count(), path).toBe(0);
    }
    // Without the cookie it opens again, and never by itself on the profile; there it opens on request.
    await context.clearCookies({ name: 'noShowPlansHome' });
    await page.goto(orgUrl(base, HOST.wanderly, '/'));
    await plansDialog(page).waitFor();
    await page.goto(orgUrl(base, HOST.wanderly, '/user/profile'));
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await plansDialog(page).count()).toBe(0);
    await page.getByRole('link', { name: 'See membership plans' }).click();
    await plansDialog(page).waitFor();
    // Not a plans route: nothing, even when asked.
    await page.goto(orgUrl(base, HOST.wanderly, '/wallet?plans=open'));
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await plansDialog(page).count()).toBe(0);
    check();
    await context.close();
  });

  test('a visitor who is not signed in sees the plans only when asked, with a sign-in to join', async ({ newContext }) => {
    const { context } = await newContext();
    const page = await context.newPage();
    const check = watchConsole(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/membershipUpgrade/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(orgUrl(base, HOST.wanderly, '/'));
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    expect(await plansDialog(page).count()).toBe(0);
    await page.goto(orgUrl(base, HOST.wanderly, '/home?plans=open'));
    const dialog = plansDialog(page, /Membership plans/);
    await dialog.getByRole('radio', { name: 'Choose Essential' }).waitFor();
    expect(asked).toEqual(['/api/membershipUpgrade/subscription-plans']);
    await dialog.getByRole('link', { name: 'Sign in to join' }).waitFor();
    check();
    await context.close();
  });

  test('a failed payment shows the dismissible Payment Error box and changes nothing', async ({ signedInPage }) => {
    // Renewal 79.00 + debt 1921.00 = 2000.00: the sandbox's bank says Do Not Honor (payments-sandbox.md).
    const member = await newMember('wanderly', { code: 'ESSENTIAL', status: 'EXPIRED', debtMinor: 192_100 });
    const { context, page } = await signedInPage({ ...signInOf(member), to: '/home' });
    const check = watchConsole(page, [/status of 402/]);
    const dialog = plansDialog(page, /Renew your membership/);
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Pay with new card' }).check();
    const frame = dialog.frameLocator('iframe.card-entry-frame');
    await frame.getByLabel('Card number').fill('4111111111111111');
    await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
    await frame.getByLabel('CVV').fill('123');
    await dialog.getByLabel('I authorize my credit card to be charged automatically for my monthly membership').check();
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    const box = dialog.getByRole('alert').filter({ hasText: 'Payment Error' });
    await box.waitFor();
    await box.getByRole('button', { name: 'Dismiss' }).click();
    expect(await box.count()).toBe(0);
    expect(await subscriptionOf(member)).toMatchObject({ status: 'EXPIRED', debt_minor: 192_100 });
    expect((await subscriptionBookingsOf(member)).map((b) => b.status)).not.toContain('confirmed');
    check();
    await context.close();
  });
});
