import { describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { type Page, expectNoAxeViolationsAtViewports, newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';
import { DEMO_PASSWORD, demo } from '../support/http-client';

/**
 * Issue 11: a signed-in demo member applies a coupon and a cash card on a hotel checkout in
 * Chromium, sees what the card is charged drop, unapplies the cash card (its balance comes
 * back) and sees the spec's texts, which clear after 5 seconds; axe finds nothing with both
 * blocks open at 375 and 1280 px. The demo newcomer of wanderly, whom few specs touch, so the
 * cash card balance read is ours.
 */
const base = inject('baseURL');
const HOST = 'wanderly.localhost';
const MEMBER = demo('newuser');
/** Longer than the blocks' 5 s (MESSAGE_MS), short of "never". */
const CLEARS_WITHIN = { state: 'hidden', timeout: 9_000 } as const;

const browser = useSharedBrowser();

/** What the card is charged, in minor units, as the payment block says it. */
async function charged(page: Page): Promise<number> {
  const text = await page.getByText(/^Your card will be charged /).textContent();
  const amount = /([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!amount) throw new Error(`no amount in ${text}`);
  return Number(amount[1]!.replace(/,/g, '')) * 100 + Number(amount[2]);
}

/** Waits until the charged amount is `minor` (the loader ran again after the call). */
async function chargedBecomes(page: Page, minor: number): Promise<void> {
  const text = `US$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await page.getByText(`Your card will be charged ${text}.`).waitFor();
}

async function shows(region: Locator, role: 'status' | 'alert', text: string) {
  const message = region.getByRole(role).filter({ hasText: text });
  await message.waitFor();
  return message;
}

describe('coupons and cash cards at checkout (issue 11)', () => {
  it('applies a coupon and a cash card, unapplies the card, with the spec texts for 5 s and no axe violations', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    // Chromium logs the two calls the test cuts off (a release with no answer).
    const check = watchConsole(page, [/net::ERR_FAILED/]);
    await page.goto(orgUrl(base, HOST, '/'));
    await signInWithApi(page, MEMBER, DEMO_PASSWORD);
    await page.goto(orgUrl(base, HOST, `/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(90)}&checkout=${inDays(92)}&rooms=1&guests=2`));
    await page.getByRole('button', { name: 'Reserve: Standard room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('radio', { name: 'Pay with new card' }).check();
    const full = await charged(page);

    const coupons = page.getByRole('region', { name: 'Coupon code' });
    const cash = page.getByRole('region', { name: 'Cash card' });

    // A code that is not one of the member's coupons is refused in the page (spec §5).
    await coupons.getByLabel('Coupon code').fill('NOPE');
    await coupons.getByRole('button', { name: 'Apply' }).click();
    const invalid = await shows(coupons, 'alert', 'PLEASE ENTER A VALID COUPON CODE');

    // Picking one of the member's coupons fills the code; Apply takes USD 25 off.
    await coupons.getByRole('button', { name: 'Use SAVE25' }).click();
    expect(await coupons.getByLabel('Coupon code').inputValue()).toBe('SAVE25');
    await coupons.getByRole('button', { name: 'Apply' }).click();
    await shows(coupons, 'status', 'COUPON CODE APPLIED SUCCESSFULLY');
    await coupons.getByText('Coupon SAVE25 applied: US$25.00 off.').waitFor();
    await chargedBecomes(page, full - 2_500);
    expect(await coupons.getByRole('button', { name: 'Unapply' }).isVisible()).toBe(true);
    await invalid.waitFor(CLEARS_WITHIN);

    // The cash card: its balance is shown; an unfinished amount is refused (0, like empty, is the
    // whole balance: a unit test); 40.00 of it is applied.
    const card = cash.getByLabel('Cash card');
    expect(await card.locator('option:checked').textContent()).toBe('Gift cash card (CASH-1001), balance US$150.00');
    await cash.getByLabel('Amount to use').fill('1.');
    await cash.getByRole('button', { name: 'Apply' }).click();
    await shows(cash, 'alert', 'Please Enter Cash Card Amount');
    // Digits and at most 2 decimals: anything else typed is dropped.
    await cash.getByLabel('Amount to use').fill('');
    await cash.getByLabel('Amount to use').pressSequentially('4x0.009');
    expect(await cash.getByLabel('Amount to use').inputValue()).toBe('40.00');
    await cash.getByRole('button', { name: 'Apply' }).click();
    const applied = await shows(cash, 'status', 'CASH APPLIED SUCCESSFULLY');
    await cash.getByText('US$40.00 of this card is applied.').waitFor();
    await chargedBecomes(page, full - 2_500 - 4_000);
    expect(await card.locator('option:checked').textContent()).toBe('Gift cash card (CASH-1001), balance US$110.00');

    // Both blocks open, applied: nothing for axe at either width.
    await expectNoAxeViolationsAtViewports(page, 'checkout with a coupon and a cash card applied');
    await applied.waitFor(CLEARS_WITHIN);

    // A release that gets no answer says the release failed; the card stays applied.
    await page.route('**/api/booking/removeCashcard', (route) => route.abort(), { times: 1 });
    await cash.getByRole('button', { name: 'Unapply' }).click();
    await shows(cash, 'alert', 'FAILED TO RELEASE CASH CARD');
    expect(await cash.getByText('US$40.00 of this card is applied.').isVisible()).toBe(true);

    // Unapply gives the card's balance back and the charge goes up again.
    await cash.getByRole('button', { name: 'Unapply' }).click();
    const released = await shows(cash, 'status', 'CASH RELEASED SUCCESSFULLY');
    await chargedBecomes(page, full - 2_500);
    await cash.getByRole('button', { name: 'Apply' }).waitFor();
    expect(await card.locator('option:checked').textContent()).toBe('Gift cash card (CASH-1001), balance US$150.00');
    await released.waitFor(CLEARS_WITHIN);

    // A coupon release with no answer shows the generic failure, not 'enter a valid code'.
    await page.route('**/api/booking/unlockCouponCodeApi', (route) => route.abort(), { times: 1 });
    await coupons.getByRole('button', { name: 'Unapply' }).click();
    await shows(coupons, 'alert', 'That did not work. Please try again.');
    expect(await coupons.getByRole('alert').filter({ hasText: 'PLEASE ENTER A VALID COUPON CODE' }).count()).toBe(0);

    // The coupon's Unapply releases it (and gives its use back).
    await coupons.getByRole('button', { name: 'Unapply' }).click();
    await shows(coupons, 'status', 'COUPON CODE RELEASED SUCCESSFULLY');
    await chargedBecomes(page, full);
    await coupons.getByLabel('Coupon code').waitFor();
    check();
    await context.close();
  });
});
