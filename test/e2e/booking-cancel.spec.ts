// Issue 11: "Cancel booking" on My bookings in Chromium. A booking paid by card over HTTP (as a
// checkout pays it, through the sandbox gateway) is cancelled from the profile: the dialog asks
// first (Keep changes nothing), then the result is announced, the row shows the booking cancelled
// with its card part refunded, the sandbox sale is voided, and a second cancel changes nothing.
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { prepareBooking, sandboxTransactions, signIn, submitBooking } from '../support/booking-load';
import { sandboxNonce } from '../support/sandbox-control';
import { DEMO_PASSWORD, demo, http } from '../support/http-client';

const base = inject('baseURL');
const sandboxURL = inject('sandboxURL');
const browser = useSharedBrowser();

describe('Cancel booking on My bookings', () => {
  it('asks, cancels, gives the card sale back and shows the booking cancelled with its refund', async () => {
    const cookie = await signIn(base, 'member');
    // Far ahead, so no other spec's room nights are taken.
    const booking = await prepareBooking(base, cookie, { firstDay: 200, guest: 'Guestcancel' });
    const { pay } = await submitBooking(base, booking, await sandboxNonce(sandboxURL));
    expect(pay.status, pay.text).toBe(200);
    const reference = booking.bookingId;
    const amount = `$${(booking.amountMinor / 100).toFixed(2)}`;

    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'localhost', '/session-out'));
    await signInWithApi(page, demo('member'), DEMO_PASSWORD);
    await page.goto(orgUrl(base, 'localhost', '/user/profile'));
    await waitForHydration(page);

    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect.poll(() => row.getByRole('list', { name: 'Paid with' }).textContent()).toContain(`Card ${amount}`);
    const cancel = row.getByRole('button', { name: `Cancel booking ${reference}` });

    // Keep: the dialog closes and nothing changes.
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Keep the booking' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByText('Confirmed').count()).toBe(1);

    await cancel.click();
    await page
      .getByRole('dialog', { name: `Cancel booking ${reference}?` })
      .getByRole('button', { name: 'Yes, cancel the booking' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Your booking is cancelled and everything you paid is refunded.' }).waitFor();
    await row.getByText('Cancelled').waitFor();
    expect(await row.getByRole('list', { name: 'Paid with' }).textContent()).toContain(`Card ${amount} (refunded)`);
    expect(await row.getByRole('button', { name: /Cancel booking/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'after cancelling');

    const sales = (await sandboxTransactions(sandboxURL)).filter((t) => t.type === 'sale' && (t.orderId ?? '').startsWith(`${reference}:`));
    expect(sales.map((s) => s.status)).toEqual(['voided']);

    // Again (another tab, a double click): nothing changes.
    const again = await http(base, 'POST', '/api/booking/cancel', {
      host: 'localhost',
      cookie,
      headers: { origin: new URL(base).origin.replace('127.0.0.1', 'localhost') },
      body: { id: reference },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json()).toMatchObject({ result: 'already_cancelled', message: 'This booking is already cancelled.' });
    expect((await sandboxTransactions(sandboxURL)).filter((t) => (t.orderId ?? '').startsWith(`${reference}:`)).map((s) => s.status)).toEqual(['voided']);
    check();
    await context.close();
  });
});
