// The real `braintree` SDK, through our PaymentGateway adapter, against the sandbox gateway:
// the same code path production runs, with Braintree's test values.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBraintreeGateway } from '~/services/payments/gateway.server';
import type { GatewayResult, GatewayTransaction, PaymentGateway, PaymentSource } from '~/services/payments/port';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';

let sandbox: SandboxGateway;
let gateway: PaymentGateway;

const control = <T = Record<string, unknown>>(path: string, body?: unknown) => sandboxControl<T>(sandbox.url, path, body);

/** Stands in for the card frame: card details go to the sandbox, the test only holds a nonce. */
const nonceFor = (number: string, extra?: Record<string, unknown>) => sandboxNonce(sandbox.url, number, extra);

async function charges(): Promise<{ id: string; type: string; status: string; amount: string; orderId: string | null }[]> {
  return (await control<{ transactions: { id: string; type: string; status: string; amount: string; orderId: string | null }[] }>('transactions')).transactions;
}

function value<T>(result: GatewayResult<T>): T {
  if (!result.ok) throw new Error(`Expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

function authorize(amountMinor: number, source: PaymentSource, options: { orderId?: string; key?: string; threeDSecureRequired?: boolean; submitForSettlement?: boolean } = {}) {
  return gateway.authorize({
    amountMinor,
    source,
    orderId: options.orderId ?? `order-${randomUUID()}`,
    idempotencyKey: options.key ?? randomUUID(),
    threeDSecureRequired: options.threeDSecureRequired ?? false,
    ...(options.submitForSettlement ? { submitForSettlement: true } : {}),
  });
}

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  gateway = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_500 });
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await control('reset', {});
});

describe('merchant account', () => {
  it('every sale names the configured merchant account; the sandbox records it and refuses an unknown one, as Braintree does', async () => {
    const sale = value(await authorize(4_200, { nonce: 'fake-valid-nonce' }, { orderId: 'MA-1' }));
    const { transactions } = await control<{ transactions: { id: string; merchantAccountId: string }[] }>('transactions');
    expect(transactions).toEqual([expect.objectContaining({ id: sale.id, merchantAccountId: SANDBOX_CREDENTIALS.merchantAccountId })]);
    const elsewhere = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, merchantAccountId: 'travel_eur', environment: { url: sandbox.url }, timeoutMs: 1_500 });
    const refused = await elsewhere.authorize({
      amountMinor: 4_200,
      source: { nonce: 'fake-valid-nonce' },
      orderId: 'MA-2',
      idempotencyKey: randomUUID(),
      threeDSecureRequired: false,
    });
    expect(refused).toEqual({ ok: false, failure: { kind: 'validation', errors: [expect.objectContaining({ field: 'merchant_account_id', code: '91513' })] } });
    expect(await charges()).toHaveLength(1);
  });

  it('a card check (vaulting with verification) runs on the configured account too', async () => {
    value(await gateway.ensureCustomer({ customerId: 'verify-1' }));
    value(await gateway.vaultPaymentMethod({ customerId: 'verify-1', nonce: await nonceFor('4111111111111111'), verify: true }));
    const elsewhere = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, merchantAccountId: 'travel_eur', environment: { url: sandbox.url }, timeoutMs: 1_500 });
    const refused = await elsewhere.vaultPaymentMethod({ customerId: 'verify-1', nonce: await nonceFor('4111111111111111'), verify: true });
    expect(refused).toMatchObject({ ok: false, failure: { kind: 'validation', errors: [expect.objectContaining({ field: 'verification_merchant_account_id', code: '91728' })] } });
  });
});

describe('authorize: Braintree test amounts', () => {
  it('authorises 0.01–1999.99 and reports brand, last 4 and order id', async () => {
    const transaction = value(await authorize(12_345, { nonce: await nonceFor('5555555555554444') }, { orderId: 'BK-1' }));
    expect(transaction).toMatchObject({ status: 'authorized', type: 'sale', amountMinor: 12_345, orderId: 'BK-1', card: { brand: 'mastercard', last4: '4444' } });
  });

  it('declines 2000 (soft), 2001 and 2015 (hard) with the processor code and text', async () => {
    const soft = await authorize(200_000, { nonce: 'fake-valid-nonce' });
    expect(soft).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'processor_declined', code: '2000', text: 'Do Not Honor', decline: 'soft' }) });
    const funds = await authorize(200_100, { nonce: 'fake-valid-nonce' });
    expect(funds.ok === false && funds.failure).toMatchObject({ kind: 'processor_declined', code: '2001', text: 'Insufficient Funds' });
    const hard = await authorize(201_500, { nonce: 'fake-valid-nonce' });
    expect(hard.ok === false && hard.failure).toMatchObject({ kind: 'processor_declined', code: '2015', decline: 'hard' });
  });

  it('fails 3000 and gateway-rejects 5001 (application_incomplete)', async () => {
    const failed = await authorize(300_000, { nonce: 'fake-valid-nonce' });
    expect(failed.ok === false && failed.failure).toMatchObject({ kind: 'failed', code: '3000' });
    const rejected = await authorize(500_100, { nonce: 'fake-valid-nonce' });
    expect(rejected.ok === false && rejected.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'application_incomplete' });
  });

  it("honours the SDK's fake nonces: declined, consumed, fraud", async () => {
    const declined = await authorize(1_000, { nonce: 'fake-processor-declined-visa-nonce' });
    expect(declined.ok === false && declined.failure).toMatchObject({ kind: 'processor_declined', code: '2000' });
    const consumed = await authorize(1_000, { nonce: 'fake-consumed-nonce' });
    expect(consumed.ok === false && consumed.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91564' })] });
    const fraud = await authorize(1_000, { nonce: 'fake-gateway-rejected-fraud-nonce' });
    expect(fraud.ok === false && fraud.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'fraud' });
  });

  it('uses a minted nonce once', async () => {
    const nonce = await nonceFor('4111111111111111');
    value(await authorize(1_000, { nonce }));
    const again = await authorize(1_100, { nonce });
    expect(again.ok === false && again.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ field: 'payment_method_nonce', code: '91564' })] });
  });

  it('reports bad input as validation errors', async () => {
    const zero = await authorize(0, { nonce: 'fake-valid-nonce' });
    expect(zero.ok === false && zero.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ field: 'amount', code: '81531' })] });
    const unknown = await authorize(1_000, { token: 'no-such-token' });
    expect(unknown.ok === false && unknown.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91518' })] });
  });
});

describe('duplicates and idempotency', () => {
  it('rejects the same amount on the same card within 30 s as a duplicate when no key is sent', async () => {
    const sdk = (await bareSdk()).transaction;
    const first = await sdk.sale({ amount: '25.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(first.success).toBe(true);
    const second = await sdk.sale({ amount: '25.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(second.success).toBe(false);
    expect(second.transaction.gatewayRejectionReason).toBe('duplicate');
    await control('clock', { advanceMs: 31_000 });
    expect((await sdk.sale({ amount: '25.00', paymentMethodNonce: 'fake-valid-nonce' })).success).toBe(true);
  });

  it('lets keyed sales of the same amount and card through (the key is the duplicate guard)', async () => {
    value(await authorize(2_500, { nonce: 'fake-valid-nonce' }));
    value(await authorize(2_500, { nonce: 'fake-valid-nonce' }));
    expect(await charges()).toHaveLength(2);
  });

  it('replays the same key and request as the original transaction, and refuses the key for another request', async () => {
    const key = randomUUID();
    const first = value(await authorize(4_200, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-7', key }));
    const replay = value(await authorize(4_200, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-7', key }));
    expect(replay.id).toBe(first.id);
    expect(await charges()).toHaveLength(1);
    const other = await authorize(4_300, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-7', key });
    expect(other.ok === false && other.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '915232' })] });
  });

  it('replays a decline for the same key rather than asking the bank again', async () => {
    const key = randomUUID();
    const first = await authorize(200_000, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-8' });
    const again = await authorize(200_000, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-8' });
    expect(again).toEqual(first);
    expect(await charges()).toHaveLength(1);
  });
});

describe('3-D Secure', () => {
  const threeDS = (number: string, challengeCode?: string) =>
    nonceFor(number, { expirationMonth: '01', threeDSecure: true, ...(challengeCode === undefined ? {} : { challengeCode }) });

  it('authorises a frictionless success with the liability shifted', async () => {
    const transaction = value(await authorize(10_000, { nonce: await threeDS('4000000000001000') }, { threeDSecureRequired: true }));
    expect(transaction.threeDSecure).toEqual({ status: 'authenticate_successful', liabilityShifted: true, liabilityShiftPossible: true });
  });

  it('rejects frictionless failures and not-enrolled cards when 3-D Secure is required', async () => {
    for (const number of ['4000000000001018', '4000000000002925', '4111111111111111']) {
      const result = await authorize(10_000, { nonce: await threeDS(number) }, { threeDSecureRequired: true });
      expect(result.ok === false && result.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'three_d_secure' });
    }
  });

  it('passes a challenge with code 1234 and fails it otherwise; challenge-failed cards always fail', async () => {
    value(await authorize(10_000, { nonce: await threeDS('4000000000001091', '1234') }, { threeDSecureRequired: true }));
    value(await authorize(10_100, { nonce: await threeDS('4000000000002503', '0000') }, { threeDSecureRequired: true }));
    for (const [number, code] of [
      ['4000000000001091', '9999'],
      ['4000000000001109', '1234'],
      ['4000000000002370', '1234'],
      ['4000000000001091', undefined],
    ] as const) {
      const result = await authorize(10_200, { nonce: await threeDS(number, code) }, { threeDSecureRequired: true });
      expect(result.ok === false && result.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'three_d_secure' });
    }
  });

  it("honours the SDK's 3-D Secure fake nonces", async () => {
    value(await authorize(10_000, { nonce: 'fake-three-d-secure-visa-full-authentication-nonce' }, { threeDSecureRequired: true }));
    const failed = await authorize(10_100, { nonce: 'fake-three-d-secure-visa-failed-authentication-nonce' }, { threeDSecureRequired: true });
    expect(failed.ok === false && failed.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'three_d_secure' });
  });

  it('does not ask for 3-D Secure when the organisation does not require it', async () => {
    value(await authorize(10_000, { nonce: await nonceFor('4111111111111111') }, { threeDSecureRequired: false }));
  });
});

describe('capture, void, refund', () => {
  it('captures part of an authorisation, never more, and settles it', async () => {
    const authorised = value(await authorize(50_000, { nonce: 'fake-valid-nonce' }));
    const tooMuch = await gateway.capture({ transactionId: authorised.id, idempotencyKey: randomUUID(), amountMinor: 50_001 });
    expect(tooMuch.ok === false && tooMuch.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91522' })] });
    const captured = value(await gateway.capture({ transactionId: authorised.id, idempotencyKey: randomUUID(), amountMinor: 40_000 }));
    expect(captured).toMatchObject({ status: 'submitted_for_settlement', amountMinor: 40_000 });
    await control('settle', {});
    expect(value(await gateway.findTransaction(authorised.id))?.status).toBe('settled');
    expect((await control<{ webhooks: { kind: string; subjectId: string }[] }>('webhooks')).webhooks).toEqual([
      expect.objectContaining({ kind: 'transaction_settled', subjectId: authorised.id }),
    ]);
  });

  it('voids before settlement only', async () => {
    const authorised = value(await authorize(7_000, { nonce: 'fake-valid-nonce' }));
    expect(value(await gateway.void({ transactionId: authorised.id, idempotencyKey: randomUUID() })).status).toBe('voided');
    const settled = value(await authorize(7_100, { nonce: 'fake-valid-nonce' }, { submitForSettlement: true }));
    await control('settle', {});
    const late = await gateway.void({ transactionId: settled.id, idempotencyKey: randomUUID() });
    expect(late.ok === false && late.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91504' })] });
  });

  it('refunds after settlement only, bounded by what was settled', async () => {
    const sale = value(await authorize(10_000, { nonce: 'fake-valid-nonce' }, { submitForSettlement: true }));
    const early = await gateway.refund({ transactionId: sale.id, idempotencyKey: randomUUID() });
    expect(early.ok === false && early.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91506' })] });
    await control('settle', {});
    const part = value(await gateway.refund({ transactionId: sale.id, idempotencyKey: randomUUID(), amountMinor: 3_000 }));
    expect(part).toMatchObject({ type: 'credit', amountMinor: 3_000, refundedTransactionId: sale.id });
    const tooMuch = await gateway.refund({ transactionId: sale.id, idempotencyKey: randomUUID(), amountMinor: 7_001 });
    expect(tooMuch.ok === false && tooMuch.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: '91521' })] });
    expect(value(await gateway.refund({ transactionId: sale.id, idempotencyKey: randomUUID() })).amountMinor).toBe(7_000);
  });

  it('answers null for an unknown transaction and finds the sales of an order id', async () => {
    expect(value(await gateway.findTransaction('nosuchid'))).toBeNull();
    const first = value(await authorize(1_000, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-42' }));
    await authorize(200_000, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-42' });
    value(await authorize(1_000, { nonce: 'fake-valid-mastercard-nonce' }, { orderId: 'BK-43' }));
    const found = value(await gateway.findByOrderId('BK-42'));
    expect(found.map((transaction: GatewayTransaction) => transaction.status)).toEqual(['authorized', 'processor_declined']);
    expect(found[0]?.id).toBe(first.id);
    expect(value(await gateway.findByOrderId('BK-none'))).toEqual([]);
  });
});

describe('customers and the vault', () => {
  it("creates the customer with the placeholder phone '555' when none is known (spec §9), else with the known phone", async () => {
    value(await gateway.ensureCustomer({ customerId: 'phone-none', email: 'maya@example.com' }));
    value(await gateway.ensureCustomer({ customerId: 'phone-known', phone: '+52 55 1234 5678' }));
    const sdk = await bareSdk();
    expect((await sdk.customer.find('phone-none')).phone).toBe('555');
    expect((await sdk.customer.find('phone-known')).phone).toBe('+52 55 1234 5678');
  });

  it('creates the customer once, vaults cards with brand, last 4 and expiry, and manages the default', async () => {
    expect(value(await gateway.ensureCustomer({ customerId: 'user-1', email: 'maya@example.com' }))).toEqual({ customerId: 'user-1' });
    expect(value(await gateway.ensureCustomer({ customerId: 'user-1' }))).toEqual({ customerId: 'user-1' });
    const token = value(await gateway.createClientToken({ customerId: 'user-1' }));
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toMatchObject({ version: 2, merchantId: SANDBOX_CREDENTIALS.merchantId });

    const visa = value(await gateway.vaultPaymentMethod({ customerId: 'user-1', nonce: await nonceFor('4111111111111111', { expirationMonth: '7', expirationYear: '2031' }) }));
    expect(visa).toMatchObject({ customerId: 'user-1', brand: 'visa', last4: '1111', expirationMonth: '07', expirationYear: '2031', isDefault: true });
    const amex = value(await gateway.vaultPaymentMethod({ customerId: 'user-1', nonce: await nonceFor('378282246310005') }));
    expect(amex).toMatchObject({ brand: 'amex', last4: '0005', isDefault: false });
    expect(value(await gateway.setDefault({ token: amex.token }))).toMatchObject({ token: amex.token, isDefault: true });
    expect(value(await gateway.deletePaymentMethod({ token: amex.token }))).toBeNull();
    const gone = await gateway.setDefault({ token: amex.token });
    expect(gone.ok === false && gone.failure).toMatchObject({ kind: 'validation', errors: [expect.objectContaining({ code: 'not_found' })] });

    const charged = value(
      await gateway.authorize({
        amountMinor: 9_900,
        source: { token: visa.token },
        customerId: 'user-1',
        orderId: 'BK-9',
        idempotencyKey: randomUUID(),
        threeDSecureRequired: false,
      }),
    );
    expect(charged.card).toEqual({ brand: 'visa', last4: '1111' });

    // A nonce for a vaulted card (what 3-D Secure on a saved card starts from) charges that card.
    const { paymentMethodNonce } = await (await bareSdk()).paymentMethodNonce.create(visa.token);
    const again = value(await authorize(9_800, { nonce: paymentMethodNonce.nonce }));
    expect(again.card).toEqual({ brand: 'visa', last4: '1111' });
  });

  it('refuses cards that fail verification (2000) or are fraud, and vaults nothing', async () => {
    value(await gateway.ensureCustomer({ customerId: 'user-2' }));
    for (const number of ['4000111111111115', '5105105105105100']) {
      const result = await gateway.vaultPaymentMethod({ customerId: 'user-2', nonce: await nonceFor(number) });
      expect(result.ok === false && result.failure).toMatchObject({ kind: 'processor_declined', code: '2000' });
    }
    const fraud = await gateway.vaultPaymentMethod({ customerId: 'user-2', nonce: await nonceFor('4000111111111511') });
    expect(fraud.ok === false && fraud.failure).toMatchObject({ kind: 'gateway_rejected', reason: 'fraud' });
    const unknownCustomer = await gateway.vaultPaymentMethod({ customerId: 'nobody', nonce: await nonceFor('4111111111111111') });
    expect(unknownCustomer.ok === false && unknownCustomer.failure.kind).toBe('validation');
  });
});

describe('faults', () => {
  it('a lost answer (500 after the charge) is a retryable transport failure; the retry with the key does not charge twice', async () => {
    await control('faults', { method: 'POST', path: '/transactions', kind: '500', phase: 'after' });
    const key = randomUUID();
    const lost = await authorize(3_300, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-500' });
    expect(lost).toEqual({ ok: false, failure: expect.objectContaining({ kind: 'transport', retryable: true }) });
    const retried = value(await authorize(3_300, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-500' }));
    expect(await charges()).toEqual([expect.objectContaining({ id: retried.id, orderId: 'BK-500' })]);
  });

  it('a reset connection and a 500 before the charge are transport failures; the reconciler finds what happened by order id', async () => {
    await control('faults', { method: 'POST', path: '/transactions', kind: 'reset', phase: 'after' });
    const reset = await authorize(3_400, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-RST' });
    expect(reset.ok === false && reset.failure).toMatchObject({ kind: 'transport', retryable: true });
    expect(value(await gateway.findByOrderId('BK-RST'))).toHaveLength(1);

    await control('faults', { method: 'POST', path: '/transactions', kind: '500', phase: 'before' });
    const refused = await authorize(3_500, { nonce: 'fake-valid-nonce' }, { orderId: 'BK-NONE' });
    expect(refused.ok === false && refused.failure).toMatchObject({ kind: 'transport', retryable: true });
    expect(value(await gateway.findByOrderId('BK-NONE'))).toEqual([]);
  });

  it('a call slower than the timeout is a transport failure; a retry while it runs is told it is in flight; after it, the retry replays it', async () => {
    await control('faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: 2_500 });
    const key = randomUUID();
    const slow = await authorize(3_600, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-SLOW' });
    expect(slow.ok === false && slow.failure).toMatchObject({ kind: 'transport', retryable: true });
    const inFlight = await authorize(3_600, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-SLOW' });
    expect(inFlight.ok === false && inFlight.failure).toMatchObject({ kind: 'transport', retryable: true, message: expect.stringMatching(/in flight/) });
    // The sandbox finishes the held call on its own; wait for that visible effect, not a fixed time.
    for (let tries = 0; (await charges()).length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const replayed = value(await authorize(3_600, { nonce: 'fake-valid-nonce' }, { key, orderId: 'BK-SLOW' }));
    expect(await charges()).toEqual([expect.objectContaining({ id: replayed.id })]);
  });

  it('faults on void: the same key after a lost answer does not void twice or error', async () => {
    const sale = value(await authorize(3_700, { nonce: 'fake-valid-nonce' }));
    await control('faults', { path: '/transactions/*/void', kind: '500', phase: 'after' });
    const key = randomUUID();
    const lost = await gateway.void({ transactionId: sale.id, idempotencyKey: key });
    expect(lost.ok === false && lost.failure.kind).toBe('transport');
    expect(value(await gateway.void({ transactionId: sale.id, idempotencyKey: key })).status).toBe('voided');
  });

  it('wrong credentials are a transport failure that retrying will not fix', async () => {
    const wrong = createBraintreeGateway({ ...SANDBOX_CREDENTIALS, privateKey: 'wrong', environment: { url: sandbox.url }, timeoutMs: 1_500 });
    const result = await wrong.findTransaction('abc');
    expect(result.ok === false && result.failure).toMatchObject({ kind: 'transport', retryable: false });
  });
});

describe('the sandbox itself', () => {
  it('refuses to start in production, named by APP_ENV or by NODE_ENV without it, and runs in a demo on production libraries', async () => {
    const previous = { APP_ENV: process.env.APP_ENV, NODE_ENV: process.env.NODE_ENV };
    try {
      delete process.env.APP_ENV;
      process.env.NODE_ENV = 'production';
      await expect(startSandboxGateway({ port: 0 })).rejects.toThrow(/never runs in production/);
      process.env.NODE_ENV = 'test';
      process.env.APP_ENV = 'production';
      await expect(startSandboxGateway({ port: 0 })).rejects.toThrow(/never runs in production/);
      // What `npm start` sets: React's production build, the demo's behaviours.
      process.env.NODE_ENV = 'production';
      process.env.APP_ENV = 'development';
      const demo = await startSandboxGateway({ port: 0 });
      await demo.stop();
    } finally {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('answers a clear 400 to a bad control request and 404 to an unknown one', async () => {
    const bad = await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ path: 'transactions', kind: '500' }) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/path: must start with \//);
    expect((await fetch(`${sandbox.url}/__sandbox/nothing`)).status).toBe(404);
  });
});

/** The bare SDK, for calls the port does not make (a sale without a key, a nonce for a vaulted card). */
async function bareSdk() {
  const braintree = (await import('braintree')).default;
  return new braintree.BraintreeGateway({
    environment: new braintree.Environment('127.0.0.1', String(sandbox.port), sandbox.url, false, '127.0.0.1', String(sandbox.port)),
    ...SANDBOX_CREDENTIALS,
  });
}
