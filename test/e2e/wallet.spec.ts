// Wallet top-ups (product WLT, issue 11) in Chromium: from the profile to /wallet, a bad amount
// is refused in the form, a good one is paid in the card frame (sandbox gateway) and the balance
// and the recent top-ups show it; the database has one credited top-up and the sandbox one sale.
// A fresh member (no wallet yet: the first top-up opens it) on the PostgreSQL server, so no
// other spec's demo balances move.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '~/services/identity/password.server';
import { expectNoAxeViolations, newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { sandboxTransactions } from '../support/booking-load';
import { http } from '../support/http-client';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const sandboxURL = inject('sandboxURL');
const PASSWORD = 'Wallet-Topup-2026!';
const email = `wallet-${Date.now()}@wanderly.example`;
const browser = useSharedBrowser();
let db: pg.Client;
let userId = 0;

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: number }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Wanda', 'Wallet', 'member') returning id`,
    [email, await hashPassword(PASSWORD)],
  );
  userId = rows[0]!.id;
});
afterAll(async () => {
  await db?.end();
});

describe.skipIf(!base)('/wallet', () => {
  it('sends an anonymous visitor to sign in first', async () => {
    const answer = await http(base, 'GET', '/wallet', { host: 'localhost' });
    expect(answer.status).toBe(302);
    expect(String(answer.headers.location)).toBe('/?login=true&redirectTo=%2Fwallet');
  });

  it('tops up the wallet with a card: refused amount first, then credited once', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'localhost', '/session-out'));
    await signInWithApi(page, email, PASSWORD);
    await page.goto(orgUrl(base, 'localhost', '/user/profile'));
    await page.getByRole('link', { name: 'My wallet: balance and top-ups' }).click();
    await page.getByRole('heading', { level: 1, name: 'My wallet' }).waitFor();
    await waitForHydration(page);
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('$0');

    const form = page.getByRole('form', { name: 'Add money to your wallet' });
    const amount = form.getByLabel('Amount (USD)');
    await amount.fill('12.345');
    await form.getByRole('button', { name: 'Add to wallet' }).click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');

    const frame = form.frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill('4111111111111111');
    await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
    await frame.getByLabel('CVV').fill('123');
    await amount.fill('25.50');
    await expectNoAxeViolations(page, 'wallet form');
    const posted = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/topup');
    await form.getByRole('button', { name: 'Add to wallet' }).click();
    expect((await posted).status()).toBe(200);
    await form.getByRole('status').filter({ hasText: 'USD 25.50 was added to your wallet.' }).waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('$25.50');
    await page.getByRole('list').filter({ hasText: '$25.50 (added)' }).waitFor();
    await expectNoAxeViolations(page, 'after a top-up');

    const { rows } = await db.query<{ id: string; status: string; amount_minor: string }>(`select id, status, amount_minor from wallet_topups where user_id = $1`, [userId]);
    expect(rows.map((r) => ({ status: r.status, amount: Number(r.amount_minor) }))).toEqual([{ status: 'credited', amount: 2_550 }]);
    const sales = (await sandboxTransactions(sandboxURL)).filter((t) => t.orderId === `WLT-${rows[0]!.id}`);
    expect(sales.map((s) => [s.status, s.amount])).toEqual([['submitted_for_settlement', '25.50']]);
    check();
    await context.close();
  });
});
