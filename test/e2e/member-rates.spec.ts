// Member rates (issue 12, acceptance 6) in Chromium: the same hotel room shows a visitor the
// regular price and what members pay (a link to the plans modal), and shows member@ the member
// price with the saving, through to the checkout's total. The charge itself is proven against
// the gateway in test/integration/member-rates.test.ts.
import { describe, expect, inject, it } from 'vitest';
import { memberPriceMinor } from '~/domain/member-rates';
import { formatMoney } from '~/domain/money';
import { type Page, expectNoAxeViolations, newContext, orgUrl, signInWithApi, useSharedBrowser, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';

const base = inject('baseURL');
const HOST = 'wanderly.localhost';
const details = `/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${inDays(75)}&checkout=${inDays(78)}&rooms=1&guests=2`;
const browser = useSharedBrowser();

const usd = (minor: number) => formatMoney({ amountMinor: minor, currency: 'USD' }, 2, 'en-US');
const minorOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
const standardRoom = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Standard room' }) });
const totalOf = async (scope: ReturnType<Page['locator']>) => (await scope.locator('.price-total dd').textContent())?.replace(/^.*?(\$[\d,.]+)\s*$/, '$1') ?? '';

describe('member rates on a hotel (issue 12)', () => {
  it('a visitor sees the regular price and what members pay; member@ sees and reaches checkout at the member price', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, HOST, details));
    const visitorRoom = standardRoom(page);
    const regular = minorOf(await totalOf(visitorRoom));
    const member = memberPriceMinor(regular, 10);
    expect(await visitorRoom.getByText(`Members pay ${usd(member)}.`).isVisible()).toBe(true);
    expect(await visitorRoom.getByRole('link', { name: 'See membership plans' }).getAttribute('href')).toBe('/home?plans=open');
    expect(await visitorRoom.getByText('Member savings').count()).toBe(0);
    await expectNoAxeViolations(page, 'hotel details with the members-pay hint');

    await signInWithApi(page, 'member@wanderly.example', 'Travel-Demo-2026!');
    await page.goto(orgUrl(base, HOST, details));
    const memberRoom = standardRoom(page);
    expect(await totalOf(memberRoom)).toBe(usd(member));
    expect(await memberRoom.getByText(`−${usd(regular - member)}`).isVisible()).toBe(true);
    expect(await memberRoom.getByText(/Members pay/).count()).toBe(0);
    await page.getByRole('button', { name: 'Reserve: Standard room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
    const breakdown = page.getByRole('region', { name: 'Price breakdown' });
    expect(await breakdown.getByText('Member savings', { exact: true }).isVisible()).toBe(true);
    expect(await totalOf(breakdown)).toBe(usd(member));
    check();
    await context.close();
  });
});
