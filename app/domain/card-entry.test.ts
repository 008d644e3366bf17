import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  amountForThreeDSecure,
  cardElementId,
  cardFrameUrl,
  type FrameThreeDSecure,
  challengeUrl,
  DROP_IN_LOCALES,
  dropInLocale,
  parseFrameMessage,
  resultAfterChallenge,
  resultFromBraintreeThreeDSecure,
  stepAfterTokenized,
} from './card-entry';

const details = { brand: 'Visa', last4: '1091', expMonth: '01', expYear: '2030' };

describe('parseFrameMessage', () => {
  it('accepts the protocol messages', () => {
    expect(parseFrameMessage({ type: 'ready' })).toEqual({ type: 'ready', deviceData: null });
    const deviceData = '{"device_session_id":"0f3c5a1e9b7d4c2a","correlation_id":"c0ffee00"}';
    expect(parseFrameMessage({ type: 'ready', deviceData })).toEqual({ type: 'ready', deviceData });
    expect(parseFrameMessage({ type: 'ready', deviceData: 'x'.repeat(4097) })).toEqual({ type: 'ready', deviceData: null });
    expect(parseFrameMessage({ type: 'challenge-closed', challengeId: '3ds_x' })).toEqual({ type: 'challenge-closed', challengeId: '3ds_x' });
    expect(parseFrameMessage({ type: 'tokenized', id: '1', ok: true, nonce: 'n', details, threeDSecure: null })).toEqual({
      type: 'tokenized',
      id: '1',
      ok: true,
      nonce: 'n',
      details,
      threeDSecure: null,
    });
    expect(parseFrameMessage({ type: 'tokenized', id: '1', ok: true, nonce: 'n', details, threeDSecure: { status: 'challenge_required', challengeId: 'c' } })).toMatchObject({
      threeDSecure: { status: 'challenge_required', challengeId: 'c' },
    });
    expect(parseFrameMessage({ type: 'tokenized', id: '1', ok: false, errors: [{ field: 'cvv', message: 'Bad', extra: 1 }] })).toEqual({
      type: 'tokenized',
      id: '1',
      ok: false,
      errors: [{ field: 'cvv', message: 'Bad' }],
    });
    expect(parseFrameMessage({ type: '3ds-result', id: '2', status: 'succeeded', nonce: 'n2' })).toEqual({ type: '3ds-result', id: '2', status: 'succeeded', nonce: 'n2' });
    expect(parseFrameMessage({ type: '3ds-result', id: '2', status: 'requires_payment_method' })).toEqual({
      type: '3ds-result',
      id: '2',
      status: 'requires_payment_method',
      nonce: null,
    });
  });

  it('ignores anything malformed', () => {
    for (const bad of [
      null,
      'ready',
      [],
      { type: 'tokenize', id: '1' },
      { type: 'tokenized', ok: true, nonce: 'n', details, threeDSecure: null },
      { type: 'tokenized', id: '1', ok: true, nonce: '', details, threeDSecure: null },
      { type: 'tokenized', id: '1', ok: true, nonce: 'n', details: { ...details, last4: '12345' }, threeDSecure: null },
      { type: 'tokenized', id: '1', ok: true, nonce: 'n', details },
      { type: 'tokenized', id: '1', ok: true, nonce: 'n', details, threeDSecure: { status: 'challenge_required' } },
      { type: 'tokenized', id: '1', ok: true, nonce: 'n', details, threeDSecure: { status: 'maybe' } },
      { type: 'tokenized', id: '1', ok: false, errors: [{ field: 1 }] },
      { type: '3ds-result', id: '2', status: 'succeeded' },
      { type: '3ds-result', id: '2', status: 'processing' },
      { type: 'challenge-closed' },
    ]) {
      expect(parseFrameMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('stepAfterTokenized', () => {
  const tokenized = (threeDSecure: FrameThreeDSecure | null) => stepAfterTokenized({ type: 'tokenized', id: '1', ok: true, nonce: 'n', details, threeDSecure });

  it('hands the nonce over when 3-D Secure was not asked, succeeded, or the card is not enrolled', () => {
    expect(tokenized(null)).toEqual({ kind: 'done', result: { ok: true, nonce: 'n', brand: 'Visa', last4: '1091', threeDSecure: null } });
    expect(tokenized({ status: 'succeeded' })).toEqual({ kind: 'done', result: expect.objectContaining({ ok: true, threeDSecure: 'authenticated' }) });
    expect(tokenized({ status: 'not_enrolled' })).toEqual({ kind: 'done', result: expect.objectContaining({ ok: true, threeDSecure: 'not_enrolled' }) });
  });

  it('asks for another method on a failed frictionless check, and opens a challenge when one is required', () => {
    expect(tokenized({ status: 'requires_payment_method' })).toEqual({
      kind: 'done',
      result: { ok: false, reason: 'requires_payment_method', message: 'Please enter another payment method' },
    });
    expect(tokenized({ status: 'challenge_required', challengeId: 'c' })).toEqual({ kind: 'challenge', challengeId: 'c', brand: 'Visa', last4: '1091' });
  });

  it('tells field errors (invalid) from service errors (unavailable)', () => {
    expect(stepAfterTokenized({ type: 'tokenized', id: '1', ok: false, errors: [{ field: 'number', message: 'Enter a valid card number.' }] })).toEqual({
      kind: 'done',
      result: { ok: false, reason: 'invalid', message: 'Please check your card details.' },
    });
    expect(stepAfterTokenized({ type: 'tokenized', id: '1', ok: false, errors: [{ field: 'base', message: 'The card service is unavailable.' }] })).toEqual({
      kind: 'done',
      result: { ok: false, reason: 'unavailable', message: 'The card service is unavailable.' },
    });
  });
});

describe('resultAfterChallenge (spec §4 3-D Secure)', () => {
  const card = { brand: 'Visa', last4: '1091' };
  it("completes on 'succeeded' or 'requires_confirmation' with the new nonce", () => {
    for (const status of ['succeeded', 'requires_confirmation'] as const) {
      expect(resultAfterChallenge({ type: '3ds-result', id: '1', status, nonce: 'n2' }, card)).toEqual({
        ok: true,
        nonce: 'n2',
        brand: 'Visa',
        last4: '1091',
        threeDSecure: 'authenticated',
      });
    }
  });
  it("shows 'Please enter another payment method' on 'requires_payment_method'", () => {
    expect(resultAfterChallenge({ type: '3ds-result', id: '1', status: 'requires_payment_method', nonce: null }, card)).toEqual({
      ok: false,
      reason: 'requires_payment_method',
      message: 'Please enter another payment method',
    });
    expect(resultAfterChallenge({ type: '3ds-result', id: '1', status: 'unavailable', nonce: null }, card)).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});

describe('resultFromBraintreeThreeDSecure', () => {
  const card = { brand: 'Visa', last4: '1000' };
  it('maps liability shift to authenticated, a possible but missing shift to another method, no shift possible to not enrolled', () => {
    expect(resultFromBraintreeThreeDSecure({ nonce: 'n', liabilityShifted: true, liabilityShiftPossible: true }, card)).toMatchObject({ ok: true, threeDSecure: 'authenticated' });
    expect(resultFromBraintreeThreeDSecure({ nonce: 'n', liabilityShifted: false, liabilityShiftPossible: true }, card)).toMatchObject({
      ok: false,
      reason: 'requires_payment_method',
    });
    expect(resultFromBraintreeThreeDSecure({ nonce: 'n', liabilityShifted: false, liabilityShiftPossible: false }, card)).toMatchObject({ ok: true, threeDSecure: 'not_enrolled' });
  });
});

describe('amounts and URLs', () => {
  it('formats minor units for the 3-D Secure lookup and refuses nonsense', () => {
    expect(amountForThreeDSecure(1234)).toBe('12.34');
    expect(amountForThreeDSecure(5)).toBe('0.05');
    expect(amountForThreeDSecure(100_000)).toBe('1000.00');
    expect(() => amountForThreeDSecure(0)).toThrow(RangeError);
    expect(() => amountForThreeDSecure(12.5)).toThrow(RangeError);
  });
  it("names the embedding origin and the page's language in the frame URLs", () => {
    expect(cardFrameUrl('http://127.0.0.1:4010', 'http://localhost:3000', 'es-MX')).toBe('http://127.0.0.1:4010/card-frame?parent=http%3A%2F%2Flocalhost%3A3000&lang=es-MX');
    expect(challengeUrl('http://127.0.0.1:4010', '3ds_a', 'http://localhost:3000', 'en-US')).toBe(
      'http://127.0.0.1:4010/three-d-secure/challenge/3ds_a?parent=http%3A%2F%2Flocalhost%3A3000&lang=en-US',
    );
  });
});

describe("dropInLocale: Braintree's Drop-in in the page's language", () => {
  const dropIn = createRequire(import.meta.url)('braintree-web-drop-in/translations/index.js') as {
    fiveCharacterLocales: Record<string, unknown>;
    translations: Record<string, unknown>;
  };
  it('takes the same region, the international Spanish or French for other regions, the main locale otherwise', () => {
    expect(dropInLocale('es-MX')).toBe('es_XC');
    expect(dropInLocale('es-AR')).toBe('es_XC');
    expect(dropInLocale('es-ES')).toBe('es_ES');
    expect(dropInLocale('es')).toBe('es');
    expect(dropInLocale('en-US')).toBe('en_US');
    expect(dropInLocale('en-GB')).toBe('en_GB');
    expect(dropInLocale('en-CA')).toBe('en');
    expect(dropInLocale('fr-CA')).toBe('fr_CA');
    expect(dropInLocale('fr-BE')).toBe('fr_XC');
    expect(dropInLocale('PT_pt')).toBe('pt_PT');
    expect(dropInLocale('de-AT')).toBe('de');
  });
  it('falls back to English for a language Drop-in does not speak, or junk', () => {
    expect(dropInLocale('tlh')).toBe('en_US');
    expect(dropInLocale('')).toBe('en_US');
    expect(dropInLocale('--')).toBe('en_US');
  });
  it('names only locales the installed Drop-in has words for', () => {
    expect([...DROP_IN_LOCALES].sort()).toEqual(Object.keys(dropIn.fiveCharacterLocales).sort());
    for (const language of ['es-MX', 'es', 'en-CA', 'fr-BE', 'de-AT', 'pt', 'ja-JP', 'zh-SG', 'tlh']) expect(dropIn.translations).toHaveProperty(dropInLocale(language));
  });
});

describe('cardElementId (spec §5: card element id text is alphanumeric only)', () => {
  it('keeps only letters and digits of what it is made from', () => {
    expect(cardElementId(':r1a:', 'number')).toBe('cardr1anumber');
    expect(cardElementId('«r3»', '-', 'expiry date', '_#.!é')).toBe('cardr3expirydate');
    expect(cardElementId('WAN-7K2QX9')).toBe('cardWAN7K2QX9');
  });

  it('is a usable CSS id selector even from nothing or from digits first', () => {
    expect(cardElementId()).toBe('card');
    expect(cardElementId('123')).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
  });
});
