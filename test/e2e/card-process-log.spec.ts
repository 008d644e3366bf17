// Issue 10 (what issues #3 and #4 left of the spec): the card provider's process log (spec §7,
// §9) and the card element id (§5), in Chromium through a real checkout payment: the sandbox
// card frame, 3-D Secure with a challenge, the real braintree SDK. Runs on the PostgreSQL
// server, whose database the spec reaches to create its own member.
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProcessLogEntry } from '~/domain/process-log';
import { hashPassword } from '~/services/identity/password.server';
import { type Page, expectNoAxeViolations, orgUrl, signedInPage, useSharedBrowser, waitForHydration } from '../support/browser';
import { clickSubmit, typeCard } from '../support/checkout';
import { inDays } from '../support/dates';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const HOST = 'wanderly.localhost';
const PASSWORD = 'Process-Log-2026!';
const email = `process-log-${Date.now().toString(36)}@wanderly.example`;
/** Expiry month 01 and a future year, as Braintree's own sandbox wants (ours takes any future expiry). */
const EXPIRY = `01/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
const CHALLENGE_CARD = '4000000000001091';
const SAVED_CARD = '5555555555554444';

const browser = useSharedBrowser();
const site = (path: string) => orgUrl(base, HOST, path);

beforeAll(async () => {
  if (!base) return;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Lou', 'Logger', 'member')`, [
    email,
    await hashPassword(PASSWORD),
  ]);
  await db.end();
});

const processLog = (page: Page) => page.evaluate(() => window.__cardProcessLog ?? null);

describe.skipIf(!base)('the card process log in a real checkout (spec §7, §9)', () => {
  it('logs each card provider step of a payment in order (init … submit card, retrieve payment intent) with time and outcome, never card data; card element ids are alphanumeric', async () => {
    const { context, page, check } = await signedInPage(browser(), { baseURL: base, host: HOST, user: { email, password: PASSWORD } });
    const before = new Date().toISOString();
    await page.goto(site(`/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(230)}&checkout=${inDays(232)}&rooms=1&guests=2`));
    await page.getByRole('button', { name: 'Reserve: Standard room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    // One form: COMPLETE BOOKING saves the traveller first, once the page's script runs.
    await waitForHydration(page);
    // The log is there for support on every page of the tab; this checkout has not logged yet.
    expect(Array.isArray(await processLog(page))).toBe(true);

    // Save a card first (update payment, init, submit card, save card) …
    const options = page.getByRole('group', { name: 'How would you like to pay?' });
    await options.getByRole('radio', { name: 'Add new card' }).check();
    await typeCard(page, 'Save New Card', { number: SAVED_CARD, expiry: EXPIRY, cvv: '123' });
    await page.getByRole('button', { name: 'Save card' }).click();
    // The list reloads and selects the new card (spec §4); then the log has the save.
    await expect.poll(async () => options.getByRole('radio', { name: 'Add new card' }).isChecked()).toBe(false);
    expect((await processLog(page))?.at(-1)).toMatchObject({ step: 'save_card', outcome: 'ok' });
    const savedLength = (await processLog(page))!.length;

    // … then pay with a new card that asks for a 3-D Secure challenge.
    await options.getByRole('radio', { name: 'Pay with new card' }).check();
    const frameId = await page.getByRole('form', { name: 'Credit Card' }).locator('iframe[title="Card details"]').getAttribute('id');
    expect(frameId).toMatch(/^[A-Za-z0-9]+$/);
    await typeCard(page, 'Credit Card', { number: CHALLENGE_CARD, expiry: EXPIRY, cvv: '123' });
    await clickSubmit(page);
    const challenge = page.frameLocator('iframe[title="Verify your payment with your card issuer"]');
    await challenge.getByLabel('Verification code').fill('1234');
    await challenge.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/checkout-success\?booking_id=/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
    await expectNoAxeViolations(page, 'success page after a logged payment');

    // Read on the success page: the log outlives the navigation in the same tab.
    const log = (await processLog(page)) as ProcessLogEntry[];
    const steps = log.map((entry) => entry.step);
    const first = steps.indexOf('update_payment');
    expect(steps.slice(first, savedLength)).toEqual(['update_payment', 'init', 'submit_card', 'save_card']);
    expect(steps.slice(savedLength)).toEqual(['update_payment', 'init', 'pay_click', 'submit_card', 'retrieve_payment_intent']);
    expect(log.slice(first).every((entry) => entry.outcome === 'ok')).toBe(true);
    expect(log.find((entry) => entry.step === 'submit_card' && entry.reason === 'challenge_required')).toBeDefined();
    for (const entry of log) {
      expect(Object.keys(entry).sort()).toEqual(entry.reason === undefined ? ['at', 'outcome', 'step'] : ['at', 'outcome', 'reason', 'step']);
      expect(entry.at >= before).toBe(true);
    }
    const text = JSON.stringify(log);
    for (const secret of [CHALLENGE_CARD, SAVED_CARD, CHALLENGE_CARD.slice(-4), SAVED_CARD.slice(-4), '1234', EXPIRY]) expect(text).not.toContain(secret);
    check();
    await context.close();
  });
});
