// Issue 10, acceptance 2 (checkout half): an organisation's checkout layout decides what its
// checkout shows and in what order. A copy of the configs with an edited checkout layout
// (two blocks swapped, an optional one dropped, a prop changed) runs on its own server; the
// shared server, on the repository's configs, still shows the default.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_CREDENTIALS, sandboxGatewayEnv } from '../../server/sandbox-gateway';
import { expectNoAxeViolationsAtViewports, newContext, orgUrl, useSharedBrowser, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';
import { http } from '../support/http-client';
import { type RunningServer, startServer } from '../support/server-process';

const HOST = 'wanderly.localhost';
const base = inject('baseURL');
const browser = useSharedBrowser();
let edited: RunningServer;
let configDir: string;

type Block = { id: string; type: string; props?: Record<string, unknown> };

/** The configs as the repository has them, with wanderly's checkout layout edited. */
function editedConfigs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tp-checkout-layout-'));
  cpSync('org-configs', path.join(dir, 'org-configs'), { recursive: true });
  cpSync('layouts', path.join(dir, 'layouts'), { recursive: true });
  const org = JSON.parse(readFileSync(path.join(dir, 'org-configs/wanderly.json'), 'utf8')) as { pages: { checkout: string } };
  const file = path.join(dir, 'layouts', `${org.pages.checkout}.json`);
  const layout = JSON.parse(readFileSync(file, 'utf8')) as { blocks: Block[] };
  const at = (type: string) => layout.blocks.findIndex((block) => block.type === type);
  // Reorder: the traveller before the summary.
  const [summary, traveler] = [at('checkout.summary'), at('checkout.traveler')];
  [layout.blocks[summary], layout.blocks[traveler]] = [layout.blocks[traveler]!, layout.blocks[summary]!];
  // Drop an optional block: the price breakdown.
  layout.blocks.splice(at('checkout.price'), 1);
  // Change a prop: the summary without its picture.
  layout.blocks[at('checkout.summary')]!.props = { showImage: false };
  writeFileSync(file, JSON.stringify(layout, null, 2));
  return dir;
}

beforeAll(async () => {
  configDir = editedConfigs();
  edited = await startServer({
    env: {
      CONFIG_DIR: configDir,
      ...sandboxGatewayEnv(inject('sandboxURL')),
      BRAINTREE_MERCHANT_ACCOUNT_ID: SANDBOX_CREDENTIALS.merchantAccountId,
    },
  });
});
afterAll(async () => {
  await edited?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** Holds a Cancún room on `server` and opens its checkout in Chromium. */
async function openCheckout(server: string, checkin: number) {
  const origin = orgUrl(server, HOST, '').replace(/\/$/, '');
  const hold = await http(server, 'POST', '/hotel-checkout', {
    host: HOST,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ destination: 'cancun', checkin: inDays(checkin), checkout: inDays(checkin + 2), rooms: '1', guests: '2', roomTypeId: '1' }).toString(),
  });
  expect(hold.status).toBe(302);
  const { context } = await newContext(browser());
  const page = await context.newPage();
  const check = watchConsole(page);
  await page.goto(orgUrl(server, HOST, String(hold.headers.location)));
  await page.getByRole('heading', { level: 1, name: 'Complete your booking' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Payment' }).waitFor();
  // Where the summary, the traveller and the payment sections come among the checkout's elements.
  const order = await page.evaluate(() => {
    const all = [...document.querySelectorAll('.checkout-layout *')];
    const at = (selector: string) => all.indexOf(document.querySelector(selector)!);
    return { summary: at('.checkout-summary'), traveler: at('.checkout-traveler'), payment: at('.checkout-payment') };
  });
  return {
    page,
    order,
    priceBreakdowns: await page.getByRole('region', { name: 'Price breakdown' }).count(),
    pictures: await page.locator('.checkout-summary img').count(),
    done: async () => {
      check();
      await context.close();
    },
  };
}

describe('checkout as a layout (issue 10)', () => {
  it('an edited layout reorders, drops and changes blocks on its server; axe finds nothing at 375 and 1280 px', async () => {
    const checkout = await openCheckout(edited.url, 120);
    expect(checkout.order.traveler).toBeGreaterThanOrEqual(0);
    expect(checkout.order.traveler).toBeLessThan(checkout.order.summary);
    expect(checkout.order.summary).toBeLessThan(checkout.order.payment);
    expect(checkout.priceBreakdowns).toBe(0);
    expect(checkout.pictures).toBe(0);
    // The required blocks are all there.
    expect(await checkout.page.getByRole('button', { name: 'COMPLETE BOOKING' }).count()).toBe(1);
    expect(await checkout.page.getByText('BY SELECTING TO COMPLETE THIS BOOKING I ACKNOWLEDGE THAT I HAVE READ AND ACCEPT THE').count()).toBe(1);
    await expectNoAxeViolationsAtViewports(checkout.page, 'edited checkout layout');
    await checkout.done();
  });

  it('the server on the repository configs still shows the default layout; axe finds nothing at 375 and 1280 px', async () => {
    const checkout = await openCheckout(base, 121);
    expect(checkout.order.summary).toBeGreaterThanOrEqual(0);
    expect(checkout.order.summary).toBeLessThan(checkout.order.traveler);
    expect(checkout.order.traveler).toBeLessThan(checkout.order.payment);
    expect(checkout.priceBreakdowns).toBe(1);
    expect(checkout.pictures).toBe(1);
    await expectNoAxeViolationsAtViewports(checkout.page, 'default checkout layout');
    await checkout.done();
  });
});
