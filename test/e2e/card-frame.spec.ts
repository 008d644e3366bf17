// The sandbox card frame in Chromium, embedded by a harness page on another origin that speaks
// the postMessage protocol (server/sandbox-gateway/card-frame.ts): card data goes only to the
// sandbox, the page only ever holds a nonce, and 3-D Secure runs through the challenge page.
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeGateway } from '~/services/payments/gateway.server';
import type { PaymentGateway } from '~/services/payments/port';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { type BrowserContext, expectNoAxeViolationsAtViewports, type Page, useSharedBrowser, watchConsole } from '../support/browser';

let sandbox: SandboxGateway;
let gateway: PaymentGateway;
let harness: Server;
let harnessOrigin = '';
const browser = useSharedBrowser();
let context: BrowserContext;

/** Everything the harness origin was sent (method, path, body), to prove no card data reached it. */
const harnessRequests: { method: string; url: string; body: string }[] = [];
const handedOver: string[] = [];

const expiryYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');

function harnessPage(sandboxOrigin: string, pageOrigin: string): string {
  const config = JSON.stringify({ sandbox: sandboxOrigin, frame: `${sandboxOrigin}/card-frame?parent=${encodeURIComponent(pageOrigin)}`, page: pageOrigin });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout harness</title>
<style>iframe#card{width:100%;height:15rem;border:0} dialog iframe{width:100%;height:20rem;border:1px solid #555}</style></head>
<body><main><h1>Checkout harness</h1>
<iframe id="card" name="card" title="Card details" src="about:blank"></iframe>
<dialog id="challenge-dialog" aria-labelledby="challenge-title"><h2 id="challenge-title">3-D Secure</h2><iframe id="challenge" title="Verify your payment with your card issuer"></iframe></dialog>
<div id="evil-slot"></div>
</main>
<script>
const CONFIG = ${config};
const frame = document.getElementById('card');
const dialog = document.getElementById('challenge-dialog');
const challengeFrame = document.getElementById('challenge');
window.received = [];
let markReady;
window.frameReady = new Promise((resolve) => (markReady = resolve));
const pending = new Map();
let closeChallenge = null;
let counter = 0;
addEventListener('message', (event) => {
  window.received.push({ origin: event.origin, data: event.data });
  if (event.origin !== CONFIG.sandbox) return;
  const message = event.data;
  if (message.type === 'ready' && event.source === frame.contentWindow) markReady();
  else if (message.type === 'challenge-closed' && event.source === challengeFrame.contentWindow && closeChallenge) closeChallenge(message.challengeId);
  else if (event.source === frame.contentWindow && pending.has(message.id)) { pending.get(message.id)(message); pending.delete(message.id); }
});
frame.src = CONFIG.frame;
window.call = async (message) => {
  await window.frameReady;
  return new Promise((resolve) => { pending.set(message.id, resolve); frame.contentWindow.postMessage(message, CONFIG.sandbox); });
};
const nextId = () => 'h' + (++counter);
window.pay = async (message) => {
  const first = await window.call({ ...message, id: nextId() });
  if (!first.ok) return first;
  let nonce = first.nonce;
  let status = first.threeDSecure ? first.threeDSecure.status : null;
  if (status === 'challenge_required') {
    const challengeId = first.threeDSecure.challengeId;
    await new Promise((resolve) => {
      closeChallenge = (id) => { if (id === challengeId) { closeChallenge = null; resolve(); } };
      challengeFrame.src = CONFIG.sandbox + '/three-d-secure/challenge/' + encodeURIComponent(challengeId) + '?parent=' + encodeURIComponent(CONFIG.page);
      dialog.showModal();
    });
    dialog.close();
    challengeFrame.src = 'about:blank';
    const result = await window.call({ type: 'retrieve-3ds', id: nextId(), challengeId });
    status = result.status;
    nonce = result.nonce || null;
  }
  if (nonce && status !== 'requires_payment_method') {
    await fetch('/pay', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ nonce }) });
  }
  return { ok: true, status, nonce, details: first.details, challenged: first.threeDSecure ? first.threeDSecure.status === 'challenge_required' : false };
};
window.addEvil = (src) => new Promise((resolve) => {
  addEventListener('message', function onSent(event) { if (event.data === 'evil-sent') { removeEventListener('message', onSent); resolve(); } });
  const evil = document.createElement('iframe');
  evil.title = 'Unrelated frame';
  evil.src = src;
  document.getElementById('evil-slot').appendChild(evil);
});
</script></body></html>`;
}

/** A page on a third origin that tries to drive the card frame from a sibling frame. */
const evilPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other</title></head><body><script>
for (const type of ['tokenize', 'verify']) window.parent.frames['card'].postMessage({ type, id: 'evil-' + type, threeDSecure: null, nonce: 'x', amount: '1.00' }, '*');
window.parent.postMessage('evil-sent', '*');
</script></body></html>`;

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  gateway = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 2_000 });
  harness = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      harnessRequests.push({ method: request.method ?? 'GET', url: request.url ?? '', body });
      const host = request.headers.host ?? '';
      if (request.url === '/evil') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(evilPage);
      }
      if (request.method === 'POST' && request.url === '/pay') {
        handedOver.push(String((JSON.parse(body) as { nonce?: unknown }).nonce));
        response.writeHead(204);
        return response.end();
      }
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(harnessPage(new URL(sandbox.url).origin, `http://${host}`));
    });
  });
  await new Promise<void>((resolve) => harness.listen(0, '127.0.0.1', resolve));
  const address = harness.address();
  // localhost and 127.0.0.1 are different origins: the harness runs on localhost, the sandbox on 127.0.0.1.
  harnessOrigin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await sandbox?.stop();
  await new Promise<void>((resolve) => (harness ? harness.close(() => resolve()) : resolve()));
});

afterEach(async () => {
  await context?.close();
});

type PayResult = {
  ok: boolean;
  status?: string | null;
  nonce?: string | null;
  details?: { brand: string; last4: string };
  errors?: { field: string; message: string }[];
  challenged?: boolean;
};

/** Opens the harness, records every request the browser makes, and fills the card frame. */
async function openHarness(card?: { number: string; expiry?: string; cvv?: string }): Promise<{ page: Page; requests: { url: string; body: string }[]; checkConsole: () => void }> {
  context = await browser().newContext();
  const page = await context.newPage();
  const requests: { url: string; body: string }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), body: request.postData() ?? '' }));
  // Chromium logs the frame's 422 answers to invalid cards as console errors; they are the point of that test.
  const checkConsole = watchConsole(page, [/status of 422/]);
  await page.goto(`${harnessOrigin}/`);
  await page.evaluate(() => (window as unknown as { frameReady: Promise<void> }).frameReady);
  if (card) {
    const frame = page.frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill(card.number);
    await frame.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? `01/${expiryYear}`);
    await frame.getByLabel('CVV').fill(card.cvv ?? '123');
  }
  return { page, requests, checkConsole };
}

function pay(page: Page, message: object): Promise<PayResult> {
  return page.evaluate((m) => (window as unknown as { pay: (m: object) => Promise<PayResult> }).pay(m), message);
}

function charge(nonce: string) {
  return gateway.authorize({ amountMinor: 1_234, source: { nonce }, orderId: `card-frame-e2e-${randomUUID()}`, idempotencyKey: randomUUID(), threeDSecureRequired: true });
}

describe('sandbox card frame', () => {
  it('hands the page a nonce and sends card digits only to the sandbox origin (frictionless 3-D Secure)', async () => {
    harnessRequests.length = 0;
    handedOver.length = 0;
    const { page, requests, checkConsole } = await openHarness({ number: '4000 0000 0000 1000' });
    const result = await pay(page, { type: 'tokenize', threeDSecure: { amount: '12.34' } });
    expect(result).toMatchObject({ ok: true, status: 'succeeded', nonce: expect.stringMatching(/^tokencc_sb_/), details: { brand: 'Visa', last4: '1000' }, challenged: false });
    expect(handedOver).toEqual([result.nonce]);

    const digits = /4000\s*0000\s*0000\s*1000|4000000000001000/;
    const withCard = requests.filter((request) => digits.test(request.url) || digits.test(request.body));
    expect(withCard.map((request) => request.url)).toEqual([`${sandbox.url}/client_api/v1/tokenize`]);
    expect(requests.filter((request) => request.url.startsWith(harnessOrigin) && (digits.test(request.body) || /"cvv"|"expiry"/.test(request.body)))).toEqual([]);
    expect(harnessRequests.filter((request) => digits.test(request.url) || digits.test(request.body))).toEqual([]);
    // Only protocol messages reached the page: no card fields in any of them.
    const received = await page.evaluate(() => JSON.stringify((window as unknown as { received: unknown[] }).received));
    expect(received).not.toMatch(digits);

    const sale = await charge(String(result.nonce));
    expect(sale.ok && sale.value).toMatchObject({ status: 'authorized', threeDSecure: { liabilityShifted: true } });
    checkConsole();
  });

  it('tokenizes without 3-D Secure (threeDSecure null), and reports not-enrolled cards as such', async () => {
    const { page, checkConsole } = await openHarness({ number: '4111111111111111' });
    expect(await pay(page, { type: 'tokenize', threeDSecure: null })).toMatchObject({ ok: true, status: null, details: { last4: '1111' } });
    expect(await pay(page, { type: 'tokenize', threeDSecure: { amount: '12.34' } })).toMatchObject({ ok: true, status: 'not_enrolled' });
    checkConsole();
  });

  it('shows clear field errors in the frame and answers them to the page; axe finds nothing on the frame', async () => {
    const { page, checkConsole } = await openHarness({ number: '4111 1111 1111 1112', expiry: '13/30', cvv: '1' });
    const result = await pay(page, { type: 'tokenize', threeDSecure: null });
    expect(result).toEqual({
      type: 'tokenized',
      id: expect.any(String),
      ok: false,
      errors: [
        { field: 'number', message: 'Enter a valid card number.' },
        { field: 'expiry', message: 'Enter the expiry date as MM/YY.' },
        { field: 'cvv', message: 'Enter the 3-digit security code (4 digits for American Express).' },
      ],
    });
    const frame = page.frameLocator('iframe[title="Card details"]');
    await expect.poll(() => frame.getByText('Enter a valid card number.').isVisible()).toBe(true);
    expect(await frame.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(await frame.getByLabel('Card number').getAttribute('aria-describedby')).toBe('number-error');
    await expectNoAxeViolationsAtViewports(page, 'harness with the card frame showing errors');

    const frameOnly = await context.newPage();
    await frameOnly.goto(`${sandbox.url}/card-frame?parent=${encodeURIComponent(harnessOrigin)}`);
    await expectNoAxeViolationsAtViewports(frameOnly, 'card frame');
    checkConsole();
  });

  it('ignores messages from any origin but its parent', async () => {
    const { page, requests, checkConsole } = await openHarness({ number: '4111111111111111' });
    // The same harness server on 127.0.0.1 is another origin than the page's localhost.
    await page.evaluate((src) => (window as unknown as { addEvil: (src: string) => Promise<void> }).addEvil(src), `${harnessOrigin.replace('localhost', '127.0.0.1')}/evil`);
    const result = await pay(page, { type: 'tokenize', threeDSecure: null });
    expect(result).toMatchObject({ ok: true, details: { last4: '1111' } });
    expect(requests.filter((request) => request.url.startsWith(`${sandbox.url}/client_api/`))).toHaveLength(1);
    const answered = await page.evaluate(() => (window as unknown as { received: { data: { id?: string } }[] }).received.map((message) => message.data?.id).filter(Boolean));
    expect(answered).toEqual(['h1']);
    checkConsole();
  });

  it('runs a 3-D Secure challenge: code 1234 passes and the new nonce carries the liability shift; axe finds nothing on the challenge page', async () => {
    const { page, checkConsole } = await openHarness({ number: '4000000000001091' });
    const paying = pay(page, { type: 'tokenize', threeDSecure: { amount: '12.34' } });
    const dialog = page.getByRole('dialog', { name: '3-D Secure' });
    await dialog.waitFor();
    const challenge = page.frameLocator('iframe[title="Verify your payment with your card issuer"]');
    await challenge.getByLabel('Verification code').waitFor();
    await expectNoAxeViolationsAtViewports(page, 'harness with the 3-D Secure challenge');
    await challenge.getByLabel('Verification code').fill('1234');
    await challenge.getByRole('button', { name: 'Submit' }).click();
    const result = await paying;
    expect(result).toMatchObject({ ok: true, status: 'succeeded', nonce: expect.stringMatching(/^tokencc_sb_/), challenged: true });
    await dialog.waitFor({ state: 'hidden' });
    const sale = await charge(String(result.nonce));
    expect(sale.ok && sale.value).toMatchObject({ status: 'authorized', threeDSecure: { liabilityShifted: true } });
    checkConsole();
  });

  it('a failed or cancelled challenge asks for another payment method', async () => {
    const { page, checkConsole } = await openHarness({ number: '4000000000001109' });
    const failing = pay(page, { type: 'tokenize', threeDSecure: { amount: '12.34' } });
    const challenge = page.frameLocator('iframe[title="Verify your payment with your card issuer"]');
    await challenge.getByLabel('Verification code').fill('1234');
    await challenge.getByRole('button', { name: 'Submit' }).click();
    expect(await failing).toMatchObject({ ok: true, status: 'requires_payment_method', nonce: null });

    const frame = page.frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill('4000000000001091');
    const cancelled = pay(page, { type: 'tokenize', threeDSecure: { amount: '12.34' } });
    await challenge.getByRole('button', { name: 'Cancel' }).click();
    expect(await cancelled).toMatchObject({ ok: true, status: 'requires_payment_method', nonce: null });
    checkConsole();
  });
});
