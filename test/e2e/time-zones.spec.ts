import { describe, expect, inject, it } from 'vitest';
import { newContext, orgUrl, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';

// Decision 0039: the hold's expiry is shown on the organisation's clock with its zone named, so
// a visitor in any zone sees the text the server rendered and React hydrates without a mismatch.
const base = inject('baseURL');
const host = 'viajamas.localhost';
const browser = useSharedBrowser();

/** Holds a room at Viajamás (as its form post would; Node reaches it by the orgid cookie) and returns the checkout's address on its host. */
async function holdARoom(checkin: string, checkout: string): Promise<string> {
  const cookie = 'orgid=viajamas';
  const details = await fetch(`${base}/hotel-details?hotel=cancun-harbour-view&destination=cancun&checkin=${checkin}&checkout=${checkout}&rooms=1&guests=2`, {
    headers: { cookie },
  });
  expect(details.status).toBe(200);
  const roomTypeId = /name="roomTypeId" value="(\d+)"/.exec(await details.text())?.[1];
  expect(roomTypeId).toBeTruthy();
  const held = await fetch(`${base}/hotel-checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie },
    body: new URLSearchParams({ destination: 'cancun', checkin, checkout, rooms: '1', guests: '2', roomTypeId: roomTypeId! }),
  });
  expect(held.status).toBe(302);
  return orgUrl(base, host, held.headers.get('location')!);
}

/** The hold notice's text as the server wrote it in the document. */
function serverNotice(html: string): string {
  const match = /<p role="status" class="hold-notice">([^<]*)<\/p>/.exec(html);
  expect(match, 'the server-rendered hold notice').toBeTruthy();
  return match![1]!.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
}

describe('the hold expiry in the visitor’s time zone (issue 14)', () => {
  for (const [timezoneId, days] of [
    ['America/Mexico_City', 131],
    ['Asia/Tokyo', 137],
  ] as const) {
    it(`a browser in ${timezoneId} shows the server's text, on the organisation's clock, with no hydration warning`, async () => {
      const checkout = await holdARoom(inDays(days), inDays(days + 2));
      const { context } = await newContext(browser(), { timezoneId });
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (/hydrat|did not match|server rendered|Minified React error #(418|419|422|423|425)/i.test(message.text())) warnings.push(message.text());
      });
      const checkConsole = watchConsole(page);
      try {
        const answer = await page.goto(checkout);
        expect(answer?.status()).toBe(200);
        const rendered = serverNotice(await answer!.text());
        // Viajamás keeps Mexico City time (org-configs/viajamas.json), and says so.
        expect(rendered).toMatch(/^Te apartamos esta habitación hasta las \d{1,2}:\d{2}\s?[ap]\.\s?m\.\s(GMT-[56]|CST|CDT)\.$/);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
        await waitForHydration(page);
        expect(await page.locator('.hold-notice').textContent()).toBe(rendered);
        expect(warnings).toEqual([]);
        checkConsole();
      } finally {
        await context.close();
      }
    });
  }
});
