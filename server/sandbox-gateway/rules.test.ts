import { describe, expect, it } from 'vitest';
import { pathMatches, requestFingerprint } from './index';
import { authenticateThreeDSecure, cardBehaviour, cardTypeOf, fakeNonceTable, formatAmount, luhnValid, outcomeForAmount, parseAmount, parseCardEntry, SDK_NONCES } from './rules';
import { toXml, XmlList } from './xml';

describe('amounts', () => {
  it('parses Braintree decimal strings into cents and back', () => {
    expect(parseAmount('12.34')).toBe(1234);
    expect(parseAmount('12.3')).toBe(1230);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount(7)).toBe(700);
    for (const bad of ['', '1.234', '-1.00', 'ten', '1e3', null]) expect(parseAmount(bad)).toBeNull();
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(200_000)).toBe('2000.00');
  });

  it('follows the sandbox amount table at its edges', () => {
    expect(outcomeForAmount(1)).toEqual({ kind: 'authorized' });
    expect(outcomeForAmount(199_999)).toEqual({ kind: 'authorized' });
    expect(outcomeForAmount(200_000)).toEqual({ kind: 'processor_declined', code: '2000', text: 'Do Not Honor', type: 'soft_declined' });
    expect(outcomeForAmount(200_199)).toMatchObject({ code: '2001', text: 'Insufficient Funds', type: 'soft_declined' });
    expect(outcomeForAmount(201_500)).toMatchObject({ code: '2015', type: 'hard_declined' });
    expect(outcomeForAmount(299_999)).toMatchObject({ kind: 'processor_declined', code: '2999', text: 'Processor Declined' });
    expect(outcomeForAmount(300_000)).toMatchObject({ kind: 'failed', code: '3000' });
    expect(outcomeForAmount(300_099)).toMatchObject({ kind: 'failed' });
    expect(outcomeForAmount(300_100)).toEqual({ kind: 'authorized' });
    expect(outcomeForAmount(500_100)).toEqual({ kind: 'gateway_rejected', reason: 'application_incomplete' });
    expect(outcomeForAmount(500_101)).toEqual({ kind: 'authorized' });
  });
});

describe('cards', () => {
  it('recognises the six brands of the test cards and checks Luhn', () => {
    const cards: Record<string, string> = {
      '4111111111111111': 'Visa',
      '5555555555554444': 'MasterCard',
      '378282246310005': 'American Express',
      '6011000991300009': 'Discover',
      '3530111333300000': 'JCB',
      '36259600000004': 'Diners Club',
    };
    for (const [number, brand] of Object.entries(cards)) {
      expect(cardTypeOf(number)).toBe(brand);
      expect(luhnValid(number)).toBe(true);
    }
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111')).toBe(false);
    expect(cardTypeOf('9999999999999995')).toBeNull();
  });

  it('knows the cards that fail verification and the fraud card', () => {
    expect(cardBehaviour('4000111111111115')).toEqual({ failsVerification: true, fraud: false });
    expect(cardBehaviour('5105105105105100')).toEqual({ failsVerification: true, fraud: false });
    expect(cardBehaviour('4000111111111511')).toEqual({ failsVerification: false, fraud: true });
    expect(cardBehaviour('4111111111111111')).toEqual({ failsVerification: false, fraud: false });
  });
});

describe('3-D Secure', () => {
  it('shifts liability for frictionless success and passed challenges only', () => {
    expect(authenticateThreeDSecure('4000000000001000', undefined)).toMatchObject({ status: 'authenticate_successful', liabilityShifted: true });
    expect(authenticateThreeDSecure('4000000000001018', undefined)).toMatchObject({ status: 'authenticate_failed', liabilityShifted: false, liabilityShiftPossible: true });
    expect(authenticateThreeDSecure('4000000000001091', undefined)).toMatchObject({ status: 'challenge_required', liabilityShifted: false });
    expect(authenticateThreeDSecure('4000000000001091', '1234')).toMatchObject({ liabilityShifted: true });
    expect(authenticateThreeDSecure('4000000000001091', '4321')).toMatchObject({ liabilityShifted: false });
    expect(authenticateThreeDSecure('4000000000002370', '1234')).toMatchObject({ liabilityShifted: false });
    expect(authenticateThreeDSecure('4000000000002503', '')).toMatchObject({ liabilityShifted: true });
  });

  it('leaves not-enrolled cards without a possible liability shift', () => {
    expect(authenticateThreeDSecure('4111111111111111', undefined)).toMatchObject({ enrolled: 'N', liabilityShiftPossible: false });
  });
});

describe('fake nonces', () => {
  it("reads the SDK's own test nonces and maps the ones the sandbox honours", () => {
    expect(SDK_NONCES.Transactable).toBe('fake-valid-nonce');
    const table = fakeNonceTable();
    expect(table.get('fake-consumed-nonce')).toMatchObject({ consumed: true });
    expect(table.get('fake-processor-declined-visa-nonce')?.forcedOutcome).toMatchObject({ kind: 'processor_declined', code: '2000' });
    expect(table.get('fake-three-d-secure-visa-full-authentication-nonce')?.threeDSecure).toMatchObject({ liabilityShifted: true });
    expect(table.get('fake-valid-amex-nonce')?.number).toBe('378282246310005');
  });
});

describe('wire helpers', () => {
  it('writes XML the way Braintree does: dashed names, typed values, nil and arrays', () => {
    expect(
      toXml('transaction', { orderId: 'a<b', refundIds: new XmlList('item', ['x']), liabilityShifted: true, count: 2, gatewayRejectionReason: null, skipped: undefined }),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<transaction><order-id>a&lt;b</order-id><refund-ids type="array"><item>x</item></refund-ids>' +
        '<liability-shifted type="boolean">true</liability-shifted><count type="integer">2</count><gateway-rejection-reason nil="true"/></transaction>',
    );
  });

  it('matches fault paths segment by segment', () => {
    expect(pathMatches('/transactions/*/void', '/transactions/abc/void')).toBe(true);
    expect(pathMatches('/transactions', '/transactions/abc/void')).toBe(false);
    expect(pathMatches('/transactions', '/transactions')).toBe(true);
  });

  it('fingerprints a request without its idempotency key and regardless of key order', () => {
    const a = requestFingerprint('POST', '/transactions', { transaction: { amount: '1.00', api_request_key: 'k1', order_id: 'x' } });
    const b = requestFingerprint('POST', '/transactions', { transaction: { order_id: 'x', amount: '1.00', api_request_key: 'k2' } });
    expect(a).toBe(b);
    expect(requestFingerprint('POST', '/transactions', { transaction: { amount: '1.01' } })).not.toBe(a);
  });
});

describe('card frame entry', () => {
  const now = Date.UTC(2026, 10, 22);

  it('accepts a card with MM/YY or MM/YYYY, spaces in the number, and the current month', () => {
    expect(parseCardEntry({ number: '4111 1111 1111 1111', expiry: '01/30', cvv: '123' }, now)).toEqual({
      ok: true,
      number: '4111111111111111',
      cardType: 'Visa',
      expirationMonth: '01',
      expirationYear: '2030',
    });
    expect(parseCardEntry({ number: '4111111111111111', expiry: '11 / 2026', cvv: '123' }, now)).toMatchObject({ ok: true, expirationMonth: '11', expirationYear: '2026' });
    expect(parseCardEntry({ number: '378282246310005', expiry: '12/29', cvv: '1234' }, now)).toMatchObject({ ok: true, cardType: 'American Express' });
  });

  it('names each bad field with a message the cardholder can act on', () => {
    expect(parseCardEntry({ number: '4111111111111112', expiry: '13/30', cvv: '12' }, now)).toEqual({
      ok: false,
      errors: [
        { field: 'number', message: 'Enter a valid card number.' },
        { field: 'expiry', message: 'Enter the expiry date as MM/YY.' },
        { field: 'cvv', message: 'Enter the 3-digit security code (4 digits for American Express).' },
      ],
    });
    expect(parseCardEntry({ number: '4111111111111111', expiry: '10/26', cvv: '123' }, now)).toEqual({
      ok: false,
      errors: [{ field: 'expiry', message: 'This card has expired. Check the expiry date.' }],
    });
    expect(parseCardEntry({ number: '378282246310005', expiry: '12/29', cvv: '123' }, now)).toMatchObject({ ok: false, errors: [{ field: 'cvv' }] });
    expect(parseCardEntry({}, now)).toMatchObject({ ok: false, errors: [{ field: 'number' }, { field: 'expiry' }, { field: 'cvv' }] });
  });
});
