// The sandbox card frame's client API (what the frame and the challenge page call on their own
// origin), with the nonces it hands out charged through the real braintree SDK adapter.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeGateway } from '~/services/payments/gateway.server';
import type { GatewayResult, PaymentGateway } from '~/services/payments/port';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { CARD_FIELD_MESSAGES } from '../../server/sandbox-gateway/rules';

let sandbox: SandboxGateway;
let gateway: PaymentGateway;

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  gateway = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_500 });
});
afterAll(async () => {
  await sandbox?.stop();
});

type Tokenized = {
  nonce: string;
  details: { brand: string; last4: string; expMonth: string; expYear: string };
  threeDSecure: null | { status: string; challengeId?: string };
};

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}/client_api/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');

async function tokenize(number: string, threeDSecure: { amount: string } | null = null, expiry = `01/${nextYear}`): Promise<Tokenized> {
  const answer = await api('POST', 'tokenize', { number, expiry, cvv: '123', threeDSecure });
  expect(answer.status).toBe(200);
  return answer.body as Tokenized;
}

function value<T>(result: GatewayResult<T>): T {
  if (!result.ok) throw new Error(`Expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

function charge(nonce: string, threeDSecureRequired = false) {
  return gateway.authorize({ amountMinor: 1_234, source: { nonce }, orderId: `card-frame-${randomUUID()}`, idempotencyKey: randomUUID(), threeDSecureRequired });
}

describe('tokenize', () => {
  it('turns card details into a nonce with brand, last 4 and expiry, and the nonce charges once', async () => {
    const tokenized = await tokenize('4111 1111 1111 1111');
    expect(tokenized).toEqual({
      nonce: expect.stringMatching(/^tokencc_sb_/),
      details: { brand: 'Visa', last4: '1111', expMonth: '01', expYear: `20${nextYear}` },
      threeDSecure: null,
    });
    expect(value(await charge(tokenized.nonce))).toMatchObject({ status: 'authorized', card: { last4: '1111' } });
    const again = await charge(tokenized.nonce);
    expect(again.ok === false && again.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91564' })] });
  });

  it('answers invalid number, expiry and CVV with one clear message per field, and mints nothing', async () => {
    const answer = await api('POST', 'tokenize', { number: '4111111111111112', expiry: '1/2', cvv: 'abc', threeDSecure: null });
    expect(answer).toEqual({
      status: 422,
      body: {
        errors: [
          { field: 'number', message: 'Enter a valid card number.' },
          { field: 'expiry', message: 'Enter the expiry date as MM/YY.' },
          { field: 'cvv', message: 'Enter the 3-digit security code (4 digits for American Express).' },
        ],
      },
    });
    const expired = await api('POST', 'tokenize', { number: '4111111111111111', expiry: '01/20', cvv: '123', threeDSecure: null });
    expect(expired).toEqual({ status: 422, body: { errors: [{ field: 'expiry', message: 'This card has expired. Check the expiry date.' }] } });
    const badAmount = await api('POST', 'tokenize', { number: '4111111111111111', expiry: `01/${nextYear}`, cvv: '123', threeDSecure: { amount: '0' } });
    expect(badAmount.status).toBe(422);
    expect(badAmount.body.errors).toEqual([expect.objectContaining({ field: 'amount' })]);
  });

  it('refuses calls made from another origin', async () => {
    const answer = await api('POST', 'tokenize', { number: '4111111111111111', expiry: `01/${nextYear}`, cvv: '123', threeDSecure: null }, { Origin: 'http://evil.localhost' });
    expect(answer.status).toBe(403);
  });
});

describe('3-D Secure cards', () => {
  const amount = { amount: '12.34' };

  it('4000000000001000: frictionless success, liability shifted, a required-3DS sale passes', async () => {
    const tokenized = await tokenize('4000000000001000', amount);
    expect(tokenized.threeDSecure).toEqual({ status: 'succeeded' });
    expect(value(await charge(tokenized.nonce, true))).toMatchObject({ status: 'authorized', threeDSecure: { liabilityShifted: true } });
  });

  it('4000000000001018: frictionless failure asks for another payment method', async () => {
    const tokenized = await tokenize('4000000000001018', amount);
    expect(tokenized.threeDSecure).toEqual({ status: 'requires_payment_method' });
    const sale = await charge(tokenized.nonce, true);
    expect(sale.ok === false && sale.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'three_d_secure' });
  });

  it('4111111111111111: not enrolled, no liability shift (a required-3DS sale is rejected)', async () => {
    const tokenized = await tokenize('4111111111111111', amount);
    expect(tokenized.threeDSecure).toEqual({ status: 'not_enrolled' });
    const sale = await charge(tokenized.nonce, true);
    expect(sale.ok === false && sale.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'three_d_secure' });
  });

  it('4000000000001091: a challenge; code 1234 passes and the retrieved nonce carries the liability shift', async () => {
    const tokenized = await tokenize('4000000000001091', amount);
    expect(tokenized.threeDSecure).toEqual({ status: 'challenge_required', challengeId: expect.stringMatching(/^3ds_/) });
    const challengeId = tokenized.threeDSecure?.challengeId ?? '';
    const page = await fetch(`${sandbox.url}/three-d-secure/challenge/${challengeId}?parent=${encodeURIComponent('http://localhost:3000')}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3000');
    expect(await page.text()).toContain('Verification code');

    expect(await api('POST', `three_d_secure/${challengeId}/authenticate`, { code: '' })).toMatchObject({ status: 422 });
    expect(await api('POST', `three_d_secure/${challengeId}/authenticate`, { code: '1234' })).toEqual({ status: 200, body: { status: 'succeeded' } });
    expect(await api('POST', `three_d_secure/${challengeId}/authenticate`, { code: '1234' })).toMatchObject({ status: 409 });
    const result = await api('GET', `three_d_secure/${challengeId}`);
    expect(result).toEqual({ status: 200, body: { status: 'succeeded', nonce: expect.stringMatching(/^tokencc_sb_/) } });
    expect(value(await charge(String(result.body.nonce), true))).toMatchObject({ status: 'authorized', threeDSecure: { liabilityShifted: true } });
  });

  it('4000000000001091 with a wrong code, and 4000000000001109 with any code: requires_payment_method', async () => {
    for (const [number, code] of [
      ['4000000000001091', '9999'],
      ['4000000000001109', '1234'],
    ] as const) {
      const { threeDSecure } = await tokenize(number, amount);
      const challengeId = threeDSecure?.challengeId ?? '';
      expect(await api('POST', `three_d_secure/${challengeId}/authenticate`, { code })).toEqual({ status: 200, body: { status: 'failed' } });
      expect(await api('GET', `three_d_secure/${challengeId}`)).toEqual({ status: 200, body: { status: 'requires_payment_method' } });
    }
  });

  it('a challenge closed without an answer (cancel) is abandoned: requires_payment_method, and a late code changes nothing', async () => {
    const { threeDSecure } = await tokenize('4000000000001091', { amount: '12.34' });
    const challengeId = threeDSecure?.challengeId ?? '';
    expect(await api('GET', `three_d_secure/${challengeId}`)).toEqual({ status: 200, body: { status: 'requires_payment_method' } });
    expect(await api('POST', `three_d_secure/${challengeId}/authenticate`, { code: '1234' })).toMatchObject({ status: 409 });
    expect((await fetch(`${sandbox.url}/three-d-secure/challenge/${challengeId}?parent=http://localhost:3000`)).status).toBe(404);
    expect(await api('GET', 'three_d_secure/3ds_unknown')).toMatchObject({ status: 404 });
  });
});

describe('verify: 3-D Secure for a saved card', () => {
  async function savedCardNonce(number: string): Promise<string> {
    const customerId = `cust-${randomUUID().slice(0, 8)}`;
    value(await gateway.ensureCustomer({ customerId }));
    const vaulted = value(await gateway.vaultPaymentMethod({ customerId, nonce: (await tokenize(number)).nonce }));
    const braintree = (await import('braintree')).default;
    const sdk = new braintree.BraintreeGateway({
      environment: new braintree.Environment('127.0.0.1', String(sandbox.port), sandbox.url, false, '127.0.0.1', String(sandbox.port)),
      ...SANDBOX_CREDENTIALS,
    });
    return (await sdk.paymentMethodNonce.create(vaulted.token)).paymentMethodNonce.nonce;
  }

  it('authenticates a vaulted card from its server nonce, using that nonce up', async () => {
    const nonce = await savedCardNonce('4000000000001000');
    const verified = await api('POST', 'three_d_secure/verify', { nonce, amount: '12.34' });
    expect(verified).toEqual({
      status: 200,
      body: { nonce: expect.stringMatching(/^tokencc_sb_/), details: expect.objectContaining({ last4: '1000' }), threeDSecure: { status: 'succeeded' } },
    });
    expect(verified.body.nonce).not.toBe(nonce);
    expect(await api('POST', 'three_d_secure/verify', { nonce, amount: '12.34' })).toMatchObject({ status: 422, body: { errors: [{ field: 'nonce' }] } });
    expect(value(await charge(String(verified.body.nonce), true))).toMatchObject({ status: 'authorized' });
  });

  it('opens a challenge for a challenge card, and refuses bad input', async () => {
    const nonce = await savedCardNonce('4000000000001091');
    expect(await api('POST', 'three_d_secure/verify', { nonce, amount: '12.34' })).toMatchObject({ status: 200, body: { threeDSecure: { status: 'challenge_required' } } });
    expect(await api('POST', 'three_d_secure/verify', { nonce: 'tokencc_sb_nope', amount: '12.34' })).toMatchObject({ status: 422 });
    expect(await api('POST', 'three_d_secure/verify', { amount: 'abc' })).toMatchObject({ status: 422, body: { errors: [{ field: 'amount' }, { field: 'nonce' }] } });
  });
});

describe('the card frame page', () => {
  it('is served only for an http(s) parent origin, with a strict CSP naming that parent', async () => {
    const ok = await fetch(`${sandbox.url}/card-frame?parent=${encodeURIComponent('https://shop.example')}`);
    expect(ok.status).toBe(200);
    const csp = ok.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('frame-ancestors https://shop.example');
    expect(csp).toMatch(/script-src 'nonce-[^']+'(;|$)/);
    const html = await ok.text();
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVV']) expect(html).toContain(`>${label}</label>`);
    for (const bad of ['', 'javascript:alert(1)', 'https://shop.example/path', 'ftp://shop.example', 'https://a.example https://b.example']) {
      expect((await fetch(`${sandbox.url}/card-frame?parent=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
  });

  it("speaks the embedding page's language: Spanish for es-MX, English otherwise, field messages included", async () => {
    const parent = encodeURIComponent('https://shop.example');
    const spanish = await (await fetch(`${sandbox.url}/card-frame?parent=${parent}&lang=es-MX`)).text();
    expect(spanish).toContain('<html lang="es">');
    for (const label of ['Número de tarjeta', 'Vencimiento (MM/AA)', 'CVV']) expect(spanish).toContain(`>${label}</label>`);
    expect(spanish).not.toContain('Card number');
    // The card API's English field messages are shown in Spanish.
    expect(spanish).toContain(JSON.stringify({ [CARD_FIELD_MESSAGES.number]: 'Ingresa un número de tarjeta válido.' }).slice(1, -1));
    for (const lang of ['en-US', 'fr-FR', '', '<es>']) {
      const english = await (await fetch(`${sandbox.url}/card-frame?parent=${parent}&lang=${encodeURIComponent(lang)}`)).text();
      expect(english, lang).toContain('<html lang="en">');
      expect(english, lang).toContain('>Card number</label>');
    }

    const { threeDSecure } = await tokenize('4000000000001091', { amount: '12.34' });
    const challenge = await (await fetch(`${sandbox.url}/three-d-secure/challenge/${threeDSecure?.challengeId ?? ''}?parent=${parent}&lang=es-MX`)).text();
    for (const text of ['<html lang="es">', '<h1>Verifica tu pago</h1>', 'Código de verificación', '>Enviar</button>', '>Cancelar</button>']) expect(challenge).toContain(text);
    expect(challenge).not.toContain('Verification code');
  });
});
