// Issue 9 acceptance item 8 (car part), in Chromium on the PostgreSQL server of the global
// setup: the car checkout's payment section follows the car's payment mode (spec §4 "Payment
// mode routing for cars", docs/decisions/0019). Seeded desk CUNA: the Toyota RAV4 is prepaid with
// our markup (card provider: the card options), the Fiat 500 is postpaid with a guarantee at the
// supplier's rate (iframe: a card guarantee, nothing charged), the Volkswagen Golf is postpaid
// without a guarantee (nopg: no card at all).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '~/services/identity/password.server';
import { type Page, expectNoAxeViolations, orgUrl, signedInPage, useSharedBrowser, watchConsole, waitForHydration } from '../support/browser';
import { inDays } from '../support/dates';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const sandboxURL = inject('sandboxURL');
const PASSWORD = 'Car-Modes-2026!';
const stamp = Date.now().toString(36);
const HOST = 'wanderly.localhost';

const browser = useSharedBrowser();
let db: pg.Client;

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

async function createUser(key: string): Promise<string> {
  const email = `carmodes-${key}-${stamp}@wanderly.example`;
  await db.query(`insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Carla', 'Driver', 'member')`, [
    email,
    await hashPassword(PASSWORD),
  ]);
  return email;
}

/** Search CUNA over a 3-day rental, open `model`'s details, reserve, and save the traveller. */
async function reserve(page: Page, model: string, pickupDays: number): Promise<string> {
  await page.goto(
    orgUrl(
      base,
      HOST,
      `/cars/search-details?pickup=CUNA&same_dropoff=1&pickup_date=${inDays(pickupDays)}&pickup_time=10:00&dropoff_date=${inDays(pickupDays + 3)}&dropoff_time=09:00&driver_age=30`,
    ),
  );
  await page.getByRole('heading', { level: 1, name: 'Rental cars in Cancún' }).waitFor();
  await page.getByRole('link', { name: new RegExp(`^View ${model} from `) }).click();
  await page.getByRole('button', { name: 'Reserve this car' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  const hold = new URL(page.url()).searchParams.get('hold');
  expect(hold).toBeTruthy();
  // One form: COMPLETE BOOKING saves the traveller first, once the page's script runs.
  await waitForHydration(page);
  return hold!;
}

/** A new member (`key` names them), signed in on a page of their own. */
async function signedIn(key: string) {
  return signedInPage(browser(), { baseURL: base, host: HOST, user: { email: await createUser(key), password: PASSWORD } });
}

const GUARANTEE_NOTE = 'You pay this rental at the desk. Your card is verified and kept as a guarantee; nothing is charged now.';

async function transactionsOf(reference: string): Promise<{ type: string; status: string; amount: string }[]> {
  const { transactions } = (await (await fetch(`${sandboxURL}/__sandbox/transactions`)).json()) as {
    transactions: { type: string; status: string; amount: string; orderId: string | null }[];
  };
  return transactions.filter((transaction) => (transaction.orderId ?? '').startsWith(`${reference}:`));
}

describe.skipIf(!base)('the car checkout follows the payment mode', () => {
  it('card provider (RAV4, prepaid with markup): the card options, no guarantee', async () => {
    const { context, page } = await signedIn('card');
    const check = watchConsole(page);
    await reserve(page, 'Toyota RAV4 or similar', 150);
    const payment = page.getByRole('region', { name: 'Payment' });
    expect(await payment.getByRole('radio', { name: 'Pay with new card' }).isVisible()).toBe(true);
    expect(await page.getByText(GUARANTEE_NOTE).count()).toBe(0);
    expect(await page.getByText('Nothing to pay: this booking is free.').count()).toBe(0);
    check();
    await context.close();
  });

  it("acceptance 6 (issue 34): a Northway car (BMW 5 Series at CUNA, provider PG_02) pays our markup on its provider's page: a cancelled visit comes back to the checkout, a paid one to the confirmed booking (axe on both pages)", async () => {
    const { context, page } = await signedIn('markup');
    const check = watchConsole(page);
    await reserve(page, 'BMW 5 Series or similar', 152);
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByText("This car's provider takes the payment on its own secure page: COMPLETE BOOKING takes you there, and you come back here once it is done.").waitFor();
    expect(await payment.getByRole('radio').count()).toBe(0);
    expect(await page.getByText(/^Paid now by card: our part of the rental, \S+\. The rest is paid at the desk\.$/).isVisible()).toBe(true);
    expect(await page.getByText(GUARANTEE_NOTE).count()).toBe(0);
    await expectNoAxeViolations(page, 'car checkout paid on the provider page');

    // First visit: the traveller cancels on the provider's page and is back at the checkout.
    const init = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/booking/initBooking');
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    const { booking_id: reference, amount_minor: markupMinor } = (await (await init).json()) as { booking_id: string; amount_minor: number };
    expect(markupMinor).toBeGreaterThan(0);
    await page.waitForURL((url) => url.origin === new URL(sandboxURL).origin);
    await page.getByRole('heading', { level: 1, name: 'Secure payment' }).waitFor();
    await expectNoAxeViolations(page, 'the sandbox provider page');
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === '/cars/checkout' && url.searchParams.get('hosted') === 'not_paid');
    await page.getByRole('alert').filter({ hasText: "The payment was not made on the provider's page: nothing was charged. You can try again." }).waitFor();

    // Second visit: paid there, back on the confirmed booking; the one sale is our markup, captured.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await page.waitForURL((url) => url.origin === new URL(sandboxURL).origin);
    await page.getByLabel('Card number').fill('4111111111111111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/cars/checkout-success' && url.searchParams.get('booking_id') === reference);
    await page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
    const { rows } = await db.query(`select status, payment_method, amount_minor from bookings where reference = $1`, [reference]);
    expect(rows).toEqual([{ status: 'confirmed', payment_method: 'card', amount_minor: markupMinor }]);
    const sales = await transactionsOf(reference);
    expect(sales.map((sale) => [sale.type, sale.status, sale.amount])).toEqual([['sale', 'submitted_for_settlement', (markupMinor / 100).toFixed(2)]]);
    check();
    await context.close();
  });

  it('iframe (Fiat 500, postpaid with a guarantee): only a card for the guarantee (axe: 0 violations); the booking is confirmed on a verified card, nothing charged', async () => {
    const { context, page } = await signedIn('guarantee');
    const check = watchConsole(page);
    await reserve(page, 'Fiat 500 or similar', 154);
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByText(GUARANTEE_NOTE).waitFor();
    // No other way to pay is offered.
    expect(await payment.getByRole('radio').count()).toBe(0);
    const frame = page.getByRole('form', { name: 'Card for the guarantee' }).frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill('4111111111111111');
    await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
    await frame.getByLabel('CVV').fill('123');
    await expectNoAxeViolations(page, 'car checkout with a card guarantee');
    const init = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/booking/initBooking');
    const guaranteed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/booking/cardGuarantee');
    await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    const { booking_id: reference, amount_minor: amountMinor } = (await (await init).json()) as { booking_id: string; amount_minor: number };
    expect(amountMinor).toBe(0);
    expect((await guaranteed).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/cars/checkout-success' && url.searchParams.get('booking_id') === reference);
    await page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
    expect(await page.getByText('Card guarantee (nothing charged)').isVisible()).toBe(true);
    const { rows } = await db.query(`select status, payment_method, guarantee_card, guarantee_token is not null as vaulted from bookings where reference = $1`, [reference]);
    expect(rows).toEqual([{ status: 'confirmed', payment_method: 'guarantee', guarantee_card: 'Visa 1111', vaulted: true }]);
    expect(await transactionsOf(reference)).toEqual([]);
    check();
    await context.close();
  });

  it('nopg (Volkswagen Golf, postpaid without a guarantee): no card and no option (checkout-payment-cases books it on the zero path)', async () => {
    const { context, page } = await signedIn('nopg');
    const check = watchConsole(page);
    await reserve(page, 'Volkswagen Golf or similar', 158);
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByText('Nothing to pay: this booking is free.').waitFor();
    expect(await payment.getByRole('radio').count()).toBe(0);
    expect(await page.locator('iframe[title="Card details"]').count()).toBe(0);
    expect(await page.getByText(GUARANTEE_NOTE).count()).toBe(0);
    check();
    await context.close();
  });
});
