import { describe, expect, it } from 'vitest';
import {
  BOOKING_FAILED_DEFAULT,
  CARD_FAILURE_MESSAGE,
  canMoveAttempt,
  checksumOf,
  derivedSecret,
  gatewayOrderId,
  isAttemptFinal,
  isMethodAllowed,
  outcomeOfAttempt,
  outcomeOfFailure,
  payAnswer,
  paymentIdOf,
  requestFingerprint,
  signWebhook,
  threeDSecureRequired,
  toMinorUnits,
  verifyWebhook,
} from './booking-payment';

describe('isMethodAllowed', () => {
  const all = ['saved-cards', 'add-card', 'new-card', 'invoice', 'oxxo'];
  it('offers invoice only where the organisation allows it, and never for subscriptions or wallets', () => {
    expect(isMethodAllowed('invoice', all, 'HLT', true)).toBe(true);
    expect(isMethodAllowed('invoice', all, 'SUB', true)).toBe(false);
    expect(isMethodAllowed('invoice', all, 'WLT', true)).toBe(false);
    expect(isMethodAllowed('invoice', ['new-card'], 'HLT', true)).toBe(false);
    expect(isMethodAllowed('invoice', all, 'HLT', false)).toBe(false);
  });
  it('offers OXXO only where the organisation does, never for a membership (it renews on its card); cards by their options; zero always', () => {
    expect(isMethodAllowed('oxxo', ['oxxo'], 'WLT', true)).toBe(true);
    expect(isMethodAllowed('oxxo', ['oxxo'], 'SUB', true)).toBe(false);
    expect(isMethodAllowed('oxxo', ['invoice'], 'HLT', true)).toBe(false);
    expect(isMethodAllowed('card', ['new-card'], 'HLT', true)).toBe(true);
    expect(isMethodAllowed('saved_card', ['new-card'], 'HLT', true)).toBe(false);
    expect(isMethodAllowed('zero', [], 'HLT', true)).toBe(true);
  });
  it('requires 3-D Secure only when the organisation says always', () => {
    expect(threeDSecureRequired('always')).toBe(true);
    expect(threeDSecureRequired('when-required')).toBe(false);
    expect(threeDSecureRequired('never')).toBe(false);
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same body in any key order, and differs for another body or route', () => {
    const a = requestFingerprint('pay', { id: 'WAN-1', pg_amt: 10, meta: { b: 1, a: 2 } });
    expect(requestFingerprint('pay', { meta: { a: 2, b: 1 }, pg_amt: 10, id: 'WAN-1' })).toBe(a);
    expect(requestFingerprint('pay', { id: 'WAN-1', pg_amt: 11, meta: { b: 1, a: 2 } })).not.toBe(a);
    expect(requestFingerprint('other', { id: 'WAN-1', pg_amt: 10, meta: { b: 1, a: 2 } })).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('toMinorUnits', () => {
  it('reads numbers and decimal strings with at most 2 decimals', () => {
    expect(toMinorUnits(120.5)).toBe(12_050);
    expect(toMinorUnits('120.50')).toBe(12_050);
    expect(toMinorUnits('2000')).toBe(200_000);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    for (const bad of [12.345, '12.345', -1, '-1', 'abc', '', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '1e3']) expect(toMinorUnits(bad)).toBeNull();
  });
});

describe('attempt transitions', () => {
  it('moves created to a gateway answer, authorized to captured or voided, unknown through the reconciler', () => {
    expect(canMoveAttempt('created', 'authorized')).toBe(true);
    expect(canMoveAttempt('created', 'unknown')).toBe(true);
    expect(canMoveAttempt('authorized', 'captured')).toBe(true);
    expect(canMoveAttempt('authorized', 'voided')).toBe(true);
    expect(canMoveAttempt('unknown', 'authorized')).toBe(true);
    expect(canMoveAttempt('awaiting_payment', 'completed')).toBe(true);
    // A cancelled booking's sale given back.
    expect(canMoveAttempt('captured', 'voided')).toBe(true);
  });
  it('never leaves a final state and never captures without an authorisation', () => {
    expect(canMoveAttempt('created', 'captured')).toBe(false);
    expect(canMoveAttempt('declined', 'authorized')).toBe(false);
    expect(canMoveAttempt('captured', 'authorized')).toBe(false);
    expect(canMoveAttempt('voided', 'captured')).toBe(false);
    for (const status of ['voided', 'declined', 'failed', 'completed'] as const) expect(isAttemptFinal(status)).toBe(true);
    for (const status of ['created', 'authorized', 'unknown', 'awaiting_payment', 'captured'] as const) expect(isAttemptFinal(status)).toBe(false);
  });
});

describe('failure → response', () => {
  const booking = { reference: 'WAN-ABC', returnUrl: '/checkout-success?booking_id=WAN-ABC', paymentId: 'tx123' };
  it('maps declines, failures and gateway rejections to the card-failure modal, 3-D Secure to its message', () => {
    expect(outcomeOfFailure({ kind: 'processor_declined', code: '2000', text: 'Do Not Honor', decline: 'soft', transactionId: 'x' })).toEqual({ kind: 'card_declined' });
    expect(outcomeOfFailure({ kind: 'failed', code: '3000', text: '', transactionId: null })).toEqual({ kind: 'card_declined' });
    expect(outcomeOfFailure({ kind: 'gateway_rejected', reason: 'fraud', transactionId: null })).toEqual({ kind: 'card_declined' });
    expect(outcomeOfFailure({ kind: 'gateway_rejected', reason: 'three_d_secure', transactionId: null })).toEqual({ kind: 'three_d_secure' });
    expect(outcomeOfFailure({ kind: 'transport', retryable: true, message: 'timeout' })).toEqual({ kind: 'pending' });
    expect(outcomeOfFailure({ kind: 'transport', retryable: false, message: 'keys' })).toMatchObject({ kind: 'booking_failed', httpStatus: 502 });
  });
  it('answers each outcome with its status and body', () => {
    expect(payAnswer({ kind: 'confirmed' }, booking)).toEqual({
      status: 200,
      body: { status: 'confirmed', booking_id: 'WAN-ABC', return_url: booking.returnUrl, payment_id: 'tx123' },
    });
    expect(payAnswer({ kind: 'pending', oxxoReference: '91234567890123' }, booking)).toEqual({
      status: 202,
      body: { status: 'pending', booking_id: 'WAN-ABC', return_url: booking.returnUrl, oxxo_reference: '91234567890123', payment_id: 'tx123' },
    });
    expect(payAnswer({ kind: 'card_declined' }, booking)).toMatchObject({ status: 402, body: { status: 'card_declined', message: CARD_FAILURE_MESSAGE } });
    expect(payAnswer({ kind: 'three_d_secure' }, booking)).toEqual({
      status: 402,
      body: { status: 'three_d_secure', message: 'Please enter another payment method', payment_id: 'tx123' },
    });
    expect(payAnswer({ kind: 'booking_failed', error: null, httpStatus: 409 }, booking)).toMatchObject({
      status: 409,
      body: { status: 'booking_failed', error: BOOKING_FAILED_DEFAULT },
    });
    expect(payAnswer({ kind: 'booking_failed', error: 'Hold expired', httpStatus: 502 }, booking)).toMatchObject({ status: 502, body: { error: 'Hold expired' } });
    expect(payAnswer({ kind: 'conflict' }, booking)).toMatchObject({ status: 409, body: { status: 'conflict' } });
  });
  it('names the payment: the gateway transaction held, else the one a decline named, else none', () => {
    expect(paymentIdOf({ gateway_transaction_id: 'tx1', failure: null })).toBe('tx1');
    expect(paymentIdOf({ gateway_transaction_id: null, failure: { kind: 'processor_declined', transactionId: 'tx2' } })).toBe('tx2');
    expect(paymentIdOf({ gateway_transaction_id: null, failure: { kind: 'transport', message: 'x' } })).toBeNull();
    expect(paymentIdOf({ gateway_transaction_id: null, failure: null })).toBeNull();
  });
  it('replays a stored attempt as the same outcome', () => {
    const confirmed = { status: 'confirmed', failure_text: null, oxxo_reference: null };
    const pending = { status: 'pending', failure_text: null, oxxo_reference: null };
    expect(outcomeOfAttempt({ status: 'captured', failure: null }, confirmed)).toEqual({ kind: 'confirmed' });
    expect(outcomeOfAttempt({ status: 'authorized', failure: null }, pending)).toEqual({ kind: 'pending' });
    expect(outcomeOfAttempt({ status: 'unknown', failure: null }, pending)).toEqual({ kind: 'pending' });
    expect(outcomeOfAttempt({ status: 'awaiting_payment', failure: null }, { ...pending, oxxo_reference: '91234567890123' })).toEqual({
      kind: 'pending',
      oxxoReference: '91234567890123',
    });
    expect(outcomeOfAttempt({ status: 'awaiting_payment', failure: null, hosted_url: 'https://pay.example/hosted/hp_1' }, pending)).toEqual({
      kind: 'redirect',
      url: 'https://pay.example/hosted/hp_1',
    });
    expect(outcomeOfAttempt({ status: 'declined', failure: { kind: 'processor_declined', code: '2000' } }, pending)).toEqual({ kind: 'card_declined' });
    expect(outcomeOfAttempt({ status: 'declined', failure: { kind: 'gateway_rejected', reason: 'three_d_secure' } }, pending)).toEqual({ kind: 'three_d_secure' });
    expect(outcomeOfAttempt({ status: 'voided', failure: { kind: 'booking', text: 'x' } }, { ...pending, status: 'failed', failure_text: 'Expired' })).toEqual({
      kind: 'booking_failed',
      error: 'Expired',
      httpStatus: 409,
    });
  });
});

describe('signatures', () => {
  const secret = derivedSecret('private', 'oxxo-webhook');
  it('derives a different secret per purpose', () => {
    expect(derivedSecret('private', 'checksum').equals(secret)).toBe(false);
  });
  it('verifies a webhook signature, refuses a tampered body and a stale (replayed) one', () => {
    const body = '{"reference":"91234567890123"}';
    const header = signWebhook(secret, body, 1_000_000);
    expect(verifyWebhook(secret, body, header, 1_000_100)).toBe('ok');
    expect(verifyWebhook(secret, body.replace('1', '2'), header, 1_000_100)).toBe('bad_signature');
    expect(verifyWebhook(secret, body, header, 1_000_400)).toBe('stale');
    expect(verifyWebhook(derivedSecret('other', 'oxxo-webhook'), body, header, 1_000_100)).toBe('bad_signature');
    expect(verifyWebhook(secret, body, null, 1_000_100)).toBe('bad_signature');
  });
  it('binds the checksum to every field and the user', () => {
    const checksumSecret = derivedSecret('private', 'checksum');
    const fields = { orderId: 'WAN-1', currency: 'USD', countryCode: 'MX', amount: '10.00', apiKey: 'k', userId: 7 };
    const base = checksumOf(checksumSecret, fields);
    expect(checksumOf(checksumSecret, { ...fields })).toBe(base);
    for (const change of [{ orderId: 'WAN-2' }, { amount: '10.01' }, { currency: 'MXN' }, { countryCode: 'US' }, { apiKey: 'j' }, { userId: 8 }]) {
      expect(checksumOf(checksumSecret, { ...fields, ...change })).not.toBe(base);
    }
  });
  it('gives each attempt its own order id', () => {
    expect(gatewayOrderId('WAN-1', 'a1')).toBe('WAN-1:a1');
  });
});
