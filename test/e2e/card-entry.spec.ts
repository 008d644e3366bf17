// The <CardEntry> component itself (app/components/payments/card-entry.tsx) in Chromium against its
// own sandbox: the handle's results, the 3-D Secure dialog (focus, Escape, the 1-second completion),
// saved-card verification, and messages from a wrong origin ignored by the page side.
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeGateway } from '~/services/payments/gateway.server';
import type { PaymentGateway } from '~/services/payments/port';
import type { CardEntryResult } from '~/domain/card-entry';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { type BrowserContext, expectNoAxeViolationsAtViewports, type Page, useSharedBrowser, watchConsole } from '../support/browser';
import { sandboxNonce } from '../support/sandbox-control';

let sandbox: SandboxGateway;
let gateway: PaymentGateway;
let harness: Server;
let harnessOrigin = '';
/** The bundled harness: its entry and the chunks it imports on demand, by file name. */
const files = new Map<string, string>();
const browser = useSharedBrowser();
let context: BrowserContext;

const expiryYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');

function page(hidden: boolean): string {
  const config = JSON.stringify({ origin: sandbox.url, hidden }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card entry harness</title><style>.card-entry-frame{display:block;width:100%;height:15rem;border:0}.card-entry-frame[hidden]{display:none}.three-d-secure-frame{width:100%;height:20rem}</style></head>
<body><main><h1>Card entry harness</h1><div id="root"></div><div id="evil-slot"></div></main>
<script>window.harnessConfig = ${config};
window.addEvil = (src) => new Promise((resolve) => {
  addEventListener('message', function onSent(event) { if (event.data === 'evil-sent') { removeEventListener('message', onSent); resolve(); } });
  const evil = document.createElement('iframe');
  evil.title = 'Unrelated frame';
  evil.src = src;
  document.getElementById('evil-slot').appendChild(evil);
});</script>
<script type="module" src="/harness.js"></script></body></html>`;
}

/** From another origin: forged frame answers and a forged challenge-closed, posted to the page. */
function evilPage(challengeId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other</title></head><body><script>
const forged = [
  { type: 'challenge-closed', challengeId: ${JSON.stringify(challengeId)} },
  { type: 'ready' },
  { type: '3ds-result', id: '1', status: 'succeeded', nonce: 'forged' },
];
for (const message of forged) window.parent.postMessage(message, '*');
window.parent.postMessage('evil-sent', '*');
</script></body></html>`;
}

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  gateway = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 2_000 });
  const bundle = await build({
    entryPoints: [path.resolve('test/support/card-entry-harness.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir: path.resolve('build/card-entry-harness'),
    entryNames: 'harness',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: path.resolve('tsconfig.json'),
    logLevel: 'silent',
  });
  for (const file of bundle.outputFiles) files.set(path.basename(file.path), file.text);
  // braintree-web sits in a chunk of its own (a lazy import): the sandbox path never loads it.
  expect(files.get('harness.js')).toBeDefined();
  expect(files.get('harness.js')).not.toContain('braintreegateway.com');
  expect([...files.values()].some((text) => text.includes('braintreegateway.com'))).toBe(true);
  harness = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://harness');
    const file = files.get(url.pathname.slice(1));
    if (file !== undefined) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return response.end(file);
    }
    if (url.pathname === '/evil') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return response.end(evilPage(url.searchParams.get('challengeId') ?? ''));
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(page(url.searchParams.has('hidden')));
  });
  await new Promise<void>((resolve) => harness.listen(0, '127.0.0.1', resolve));
  const address = harness.address();
  harnessOrigin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await sandbox?.stop();
  await new Promise<void>((resolve) => (harness ? harness.close(() => resolve()) : resolve()));
});

afterEach(async () => {
  await context?.close();
});

async function open(card?: { number: string; expiry?: string; cvv?: string }, query = ''): Promise<{ page: Page; checkConsole: () => void }> {
  context = await browser().newContext();
  const tab = await context.newPage();
  const checkConsole = watchConsole(tab, [/status of 422/]);
  await tab.goto(`${harnessOrigin}/${query}`);
  if (card) {
    const frame = tab.frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill(card.number);
    await frame.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? `01/${expiryYear}`);
    await frame.getByLabel('CVV').fill(card.cvv ?? '123');
  }
  return { page: tab, checkConsole };
}

type Handle = { tokenize(input: object): Promise<CardEntryResult>; verifySavedCard(input: object): Promise<CardEntryResult>; deviceData(): Promise<string | null> };

function tokenize(tab: Page, threeDSecure: boolean): Promise<CardEntryResult> {
  return tab.evaluate((secure) => (Reflect.get(window, 'cardEntry') as Handle).tokenize({ amountMinor: 1_234, threeDSecure: secure }), threeDSecure);
}

function charge(result: CardEntryResult, threeDSecureRequired: boolean, deviceData?: string) {
  if (!result.ok) throw new Error(`no nonce: ${result.message}`);
  return gateway.authorize({
    amountMinor: 1_234,
    source: { nonce: result.nonce },
    orderId: `card-entry-e2e-${randomUUID()}`,
    idempotencyKey: randomUUID(),
    threeDSecureRequired,
    ...(deviceData ? { deviceData } : {}),
  });
}

/** Whether the sandbox gateway took a sale's device data (Braintree's riskData.deviceDataCaptured). */
async function deviceDataCaptured(transactionId: string): Promise<boolean | undefined> {
  const { transactions } = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { transactions: { id: string; deviceDataCaptured: boolean }[] };
  return transactions.find((transaction) => transaction.id === transactionId)?.deviceDataCaptured;
}

describe('<CardEntry> (sandbox)', () => {
  it('tokenize resolves a single-use nonce with brand and last 4', async () => {
    const { page: tab, checkConsole } = await open({ number: '4111 1111 1111 1111' });
    const result = await tokenize(tab, false);
    expect(result).toEqual({ ok: true, nonce: expect.stringMatching(/^tokencc_sb_/), brand: 'Visa', last4: '1111', threeDSecure: null });
    // The frame's device data, as Braintree's data collector shapes it, goes with the sale (issue 37).
    const deviceData = await tab.evaluate(() => (Reflect.get(window, 'cardEntry') as Handle).deviceData());
    expect(JSON.parse(deviceData ?? 'null')).toEqual({ device_session_id: expect.stringMatching(/^[0-9a-f]{32}$/), correlation_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const sale = await charge(result, false, deviceData!);
    expect(sale).toMatchObject({ ok: true });
    expect(await deviceDataCaptured(sale.ok ? sale.value.id : '')).toBe(true);
    expect(await charge(result, false)).toMatchObject({ ok: false, failure: { kind: 'validation' } });
    const second = await tokenize(tab, false);
    const bare = await charge(second, false);
    expect(await deviceDataCaptured(bare.ok ? bare.value.id : '')).toBe(false);
    checkConsole();
  });

  it('invalid card details resolve invalid; a failed frictionless 3-D Secure asks for another payment method', async () => {
    const { page: tab, checkConsole } = await open({ number: '4111111111111112' });
    expect(await tokenize(tab, false)).toEqual({ ok: false, reason: 'invalid', message: 'Please check your card details.' });
    await tab.frameLocator('iframe[title="Card details"]').getByLabel('Card number').fill('4000000000001018');
    expect(await tokenize(tab, true)).toEqual({ ok: false, reason: 'requires_payment_method', message: 'Please enter another payment method' });
    checkConsole();
  });

  it('a challenge opens the 3-D Secure dialog with focus inside; a forged close from another origin is ignored; code 1234 completes 1 s after close', async () => {
    const { page: tab, checkConsole } = await open({ number: '4000000000001091' });
    // How the dialog is as soon as it is in the page (a mutation observer runs right after the
    // commit that inserts it, before the next paint): already modal, never open-but-not-modal with
    // the challenge's frame inside, to be closed and shown again.
    await tab.evaluate(() => {
      const seen: string[] = [];
      Reflect.set(window, 'dialogsAsInserted', seen);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) if (node instanceof HTMLDialogElement) seen.push(node.matches(':modal') ? 'modal' : node.open ? 'open, not modal' : 'closed');
      }).observe(document.body, { childList: true, subtree: true });
    });
    const paying = tokenize(tab, true);
    const dialog = tab.getByRole('dialog', { name: '3-D Secure' });
    await dialog.waitFor();
    expect(await tab.evaluate(() => Reflect.get(window, 'dialogsAsInserted'))).toEqual(['modal']);
    expect(await tab.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    const challengeFrame = tab.frameLocator('iframe[title="Verify your payment with your card issuer"]');
    await challengeFrame.getByLabel('Verification code').waitFor();
    await expectNoAxeViolationsAtViewports(tab, 'card entry with the 3-D Secure dialog');

    const challengeSrc = (await tab.locator('iframe.three-d-secure-frame').getAttribute('src')) ?? '';
    const challengeId = decodeURIComponent(/challenge\/([^?]+)/.exec(challengeSrc)?.[1] ?? '');
    await tab.evaluate(
      (src) => (Reflect.get(window, 'addEvil') as (src: string) => Promise<void>)(src),
      `${harnessOrigin.replace('localhost', '127.0.0.1')}/evil?challengeId=${encodeURIComponent(challengeId)}`,
    );
    expect(await dialog.isVisible()).toBe(true);

    await challengeFrame.getByLabel('Verification code').fill('1234');
    await challengeFrame.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const closedAt = Date.now();
    const result = await paying;
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(900);
    expect(result).toEqual({ ok: true, nonce: expect.stringMatching(/^tokencc_sb_/), brand: 'Visa', last4: '1091', threeDSecure: 'authenticated' });
    expect(await charge(result, true)).toMatchObject({ ok: true, value: { threeDSecure: { liabilityShifted: true } } });
    checkConsole();
  });

  it('Escape cancels the challenge: the retrieved result asks for another payment method', async () => {
    const { page: tab, checkConsole } = await open({ number: '4000000000001091' });
    const paying = tokenize(tab, true);
    const dialog = tab.getByRole('dialog', { name: '3-D Secure' });
    await dialog.waitFor();
    await tab.keyboard.press('Escape');
    expect(await paying).toEqual({ ok: false, reason: 'requires_payment_method', message: 'Please enter another payment method' });
    expect(await dialog.count()).toBe(0);
    checkConsole();
  });

  it('verifySavedCard authenticates a vaulted card from its server nonce, with the fields hidden', async () => {
    const customerId = `cust-${randomUUID().slice(0, 8)}`;
    expect(await gateway.ensureCustomer({ customerId })).toMatchObject({ ok: true });
    const vaulted = await gateway.vaultPaymentMethod({
      customerId,
      nonce: await sandboxNonce(sandbox.url, '4000000000001000', { expirationMonth: '01', expirationYear: `20${expiryYear}` }),
    });
    if (!vaulted.ok) throw new Error('vaulting failed');
    const braintree = (await import('braintree')).default;
    const sdk = new braintree.BraintreeGateway({
      environment: new braintree.Environment('127.0.0.1', String(sandbox.port), sandbox.url, false, '127.0.0.1', String(sandbox.port)),
      ...SANDBOX_CREDENTIALS,
    });
    const serverNonce = (await sdk.paymentMethodNonce.create(vaulted.value.token)).paymentMethodNonce.nonce;

    const { page: tab, checkConsole } = await open(undefined, '?hidden=1');
    expect(await tab.locator('iframe[title="Card details"]').isVisible()).toBe(false);
    const result = await tab.evaluate((nonce) => (Reflect.get(window, 'cardEntry') as Handle).verifySavedCard({ nonce, amountMinor: 1_234 }), serverNonce);
    expect(result).toEqual({ ok: true, nonce: expect.stringMatching(/^tokencc_sb_/), brand: 'Visa', last4: '1000', threeDSecure: 'authenticated' });
    expect(await charge(result, true)).toMatchObject({ ok: true });
    checkConsole();
  });
});
