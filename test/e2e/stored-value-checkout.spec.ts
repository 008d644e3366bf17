import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { type Database, openDatabase } from '~/services/platform/db.server';
import { hashPassword } from '~/services/identity/password.server';
import { creditInstrument, openInstrument } from '~/services/stored-value/stored-value.server';
import { type Page, expectNoAxeViolationsAtViewports, orgUrl, signedInPage, useSharedBrowser, waitForHydration } from '../support/browser';
import { NEW_CARD, clickSubmit, completeBooking, typeCard } from '../support/checkout';
import { inDays } from '../support/dates';
import { ledgerProblems } from '../support/stored-value';

/**
 * Issue 11 acceptance 1 and 7: in Chromium a member books a hotel with a coupon, a cash card,
 * points and a wallet together and a card for the rest, through the checkout's blocks and the
 * sandbox gateway. The card is charged exactly the rest; the success page and My bookings
 * show each part; each balance went down by its part; the ledger balances. axe finds nothing
 * with every instrument applied at 375 and 1280 px.
 *
 * Runs on the PostgreSQL server, whose database the test reads; the member is made for it.
 */
const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const sandboxURL = inject('sandboxURL');
const HOST = 'wanderly.localhost';
const PASSWORD = 'Stored-Value-2026!';
const email = `stored-${Date.now()}@wanderly.example`;

const browser = useSharedBrowser();
let db: Database;
const ids: Record<'cash' | 'miles' | 'wallet', string> = { cash: '', miles: '', wallet: '' };

beforeAll(async () => {
  if (!base) return;
  db = (await openDatabase({ databaseUrl, poolSize: 2 })).db;
  const user = await db
    .insertInto('users')
    .values({ org_id: 'wanderly', email, email_normalized: email, password_hash: await hashPassword(PASSWORD), first_name: 'Sofia', last_name: 'Saver', role: 'member' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const open = async (kind: 'cash_card' | 'points' | 'wallet', code: string, title: string, balance: number, details = {}) => {
    const id = await openInstrument({ orgId: 'wanderly', ownerUserId: user.id, kind, code, title, currency: 'USD', details }, db);
    await creditInstrument(id, balance, `grant:${id}`, `grant:${id}`, db);
    return id;
  };
  ids.cash = await open('cash_card', 'CASH-7001', 'Gift cash card', 10_000);
  ids.miles = await open('points', 'MILES', 'Travel Miles', 5_000, { ratePerMiles: '0.01', fundingPartnerCode: 'FP-AIR', ruleCode: 'EARN-1', ruleLevel: 'BASIC' });
  ids.wallet = await open('wallet', 'WALLET', 'Travel wallet', 10_000);
});

afterAll(async () => {
  await db?.destroy();
});

/** What the card will be charged, in cents, as the payment block says it. */
async function charged(page: Page): Promise<number> {
  const text = await page.getByText(/^Your card will be charged /).textContent();
  const amount = /([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!amount) throw new Error(`no amount in ${text}`);
  return Number(amount[1]!.replace(/,/g, '')) * 100 + Number(amount[2]);
}
const chargedBecomes = (page: Page, cents: number) => expect.poll(() => charged(page), { timeout: 10_000 }).toBe(cents);

async function balanceOf(instrumentId: string): Promise<number> {
  const row = await db
    .selectFrom('instruments as i')
    .innerJoin('ledger_accounts as a', 'a.id', 'i.account_id')
    .select('a.balance_minor')
    .where('i.id', '=', instrumentId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_minor);
}

/** Clicks the region's Apply ('Apply', or 'Apply: <its name>' for a wallet) and waits for its Unapply. */
async function apply(region: Locator) {
  await region.getByRole('button', { name: /^Apply/ }).click();
  await region.getByRole('button', { name: /^Unapply/ }).waitFor();
}

/** The member signed in on a hotel checkout `day` days ahead, traveller saved, paying with a new card. */
async function signedInCheckout(day: number, expectedConsole: RegExp[] = []) {
  const { context, page, check } = await signedInPage(browser(), { baseURL: base, host: HOST, user: { email, password: PASSWORD }, expectedConsole });
  await page.goto(orgUrl(base, HOST, `/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(day)}&checkout=${inDays(day + 2)}&rooms=1&guests=2`));
  await page.getByRole('button', { name: 'Reserve: Standard room' }).click();
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  await waitForHydration(page);
  // One form: COMPLETE BOOKING saves the traveller first, once the page's script runs.
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Pay with new card' }).check();
  return { context, page, check };
}

describe.skipIf(!base)('paying with every instrument at once (issue 11)', () => {
  it('books with a coupon, a cash card, points and a wallet and a card for the rest; each part shown; the ledger balances', async () => {
    const { context, page, check } = await signedInCheckout(170);
    const full = await charged(page);

    const coupons = page.getByRole('region', { name: 'Coupon code' });
    await coupons.getByLabel('Coupon code').fill('SAVE25');
    await apply(coupons);
    await chargedBecomes(page, full - 2_500);

    const cash = page.getByRole('region', { name: 'Cash card' });
    await cash.getByLabel('Amount to use').fill('30');
    await apply(cash);
    await chargedBecomes(page, full - 2_500 - 3_000);

    const points = page.getByRole('region', { name: 'Loyalty points' });
    await points.getByLabel('Points to use').fill('1000');
    await apply(points);
    await chargedBecomes(page, full - 2_500 - 3_000 - 1_000);

    const wallet = page.getByRole('region', { name: 'Wallet' });
    await wallet.getByLabel('Amount to use from Travel wallet').fill('20');
    await apply(wallet);
    const rest = full - 2_500 - 3_000 - 1_000 - 2_000;
    await chargedBecomes(page, rest);

    // Acceptance 7: every instrument open and applied, nothing for axe at either width.
    await expectNoAxeViolationsAtViewports(page, 'checkout with every instrument applied');

    await typeCard(page, 'Credit Card', NEW_CARD);
    const reference = await completeBooking(page);

    // The success page, then My bookings, show each part (amounts as the page formats them).
    // Spec §5 number rounding: whole amounts without decimals ($25), others with two ($257.20).
    const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2 })}`;
    const expectParts = async (list: Locator) => {
      const text = (await list.textContent()) ?? '';
      for (const part of [
        `Card ${money(rest)}`,
        `Coupon SAVE25 −${money(2_500)}`,
        `Cash card −${money(3_000)}`,
        `Travel Miles 1,000 points −${money(1_000)}`,
        `Wallet −${money(2_000)}`,
      ]) {
        expect(text.replace(/\s+/g, ' '), part).toContain(part);
      }
    };
    await expectParts(page.getByRole('list', { name: 'Paid with' }));
    await page.goto(orgUrl(base, HOST, '/user/profile'));
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row.getByRole('list', { name: 'Paid with' }).waitFor();
    await expectParts(row.getByRole('list', { name: 'Paid with' }));

    // The card paid exactly the rest, once.
    const { transactions } = (await (await fetch(`${sandboxURL}/__sandbox/transactions`)).json()) as { transactions: { type: string; orderId: string | null; amount: string }[] };
    const sales = transactions.filter((t) => t.type === 'sale' && (t.orderId ?? '').startsWith(`${reference}:`));
    expect(sales.map((s) => s.amount)).toEqual([(rest / 100).toFixed(2)]);

    // Each part was captured from its instrument; the ledger balances.
    const booking = await db.selectFrom('bookings').select(['status', 'hold_id', 'amount_minor']).where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ status: 'confirmed', amount_minor: rest });
    const parts = await db.selectFrom('checkout_applications').select(['kind', 'amount_minor', 'status']).where('hold_id', '=', booking.hold_id!).orderBy('created_at').execute();
    expect(parts.map((p) => [p.kind, Number(p.amount_minor), p.status])).toEqual([
      ['coupon', 2_500, 'captured'],
      ['cash_card', 3_000, 'captured'],
      ['points', 1_000, 'captured'],
      ['wallet', 2_000, 'captured'],
    ]);
    expect(await balanceOf(ids.cash)).toBe(7_000);
    expect(await balanceOf(ids.wallet)).toBe(8_000);
    // 1,000 points spent; the 2 per whole dollar the card paid that the organisation's rule
    // earns are pending until the trip (decision 0031), not yet available.
    expect(await balanceOf(ids.miles)).toBe(4_000);
    const pending = await db
      .selectFrom('ledger_reservations')
      .select('amount_minor')
      .where('reference', 'like', 'earned:%')
      .where('status', '=', 'reserved')
      .where('account_id', '=', (await db.selectFrom('instruments').select('account_id').where('id', '=', ids.miles).executeTakeFirstOrThrow()).account_id)
      .execute();
    expect(pending.map((r) => Number(r.amount_minor))).toEqual([Math.floor(rest / 100) * 2]);
    expect(await ledgerProblems(db)).toEqual({ drift: [], unbalanced: [], negative: [] });
    check();
    await context.close();
  });

  it('never charges a total the page does not show: stored value applied in another window stops the submit and shows the new total', async () => {
    const { context, page, check } = await signedInCheckout(176, [/409/]);
    const full = await charged(page);
    const hold = new URL(page.url()).searchParams.get('hold')!;
    // "Another window": the same member applies 10.00 of the cash card to this checkout.
    const status = await page.evaluate(
      async (body) => (await fetch('/api/booking/applyCashcard', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
      { cash_card_id: ids.cash, booking_amt: '0', cashcard_amount: '10', currency: 'USD', id: hold, product_type: 'HLT', hold },
    );
    expect(status).toBe(200);
    await clickSubmit(page);
    await page.getByText('The total changed in another window: check it and book again.').waitFor();
    await chargedBecomes(page, full - 1_000);
    const booking = await db.selectFrom('bookings as b').innerJoin('holds as h', 'h.id', 'b.hold_id').select('b.status').where('h.token', '=', hold).executeTakeFirstOrThrow();
    expect(booking.status).toBe('initiated');
    check();
    await context.close();
  });
});
