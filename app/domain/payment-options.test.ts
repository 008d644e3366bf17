import { describe, expect, it } from 'vitest';
import { ADD_NEW_CARD, OXXO, PAY_WITH_INVOICE, PAY_WITH_NEW_CARD, type PaymentOptionKind, autoSelectOption, availableOptions, buildPaymentOptions } from './payment-options';
import type { SavedCardView } from './saved-cards';

const card = (id: string, over: Partial<SavedCardView> = {}): SavedCardView => ({
  id,
  gatewayCustomerId: 'u1',
  brand: 'visa',
  last4: '1111',
  expMonth: '12',
  expYear: '2030',
  nickname: null,
  isDefault: false,
  createdAt: '2026-11-01T00:00:00Z',
  ...over,
});
const ALL: PaymentOptionKind[] = ['saved-cards', 'add-card', 'new-card', 'invoice', 'oxxo'];
const build = (over: Partial<Parameters<typeof buildPaymentOptions>[0]> = {}) =>
  buildPaymentOptions({ enabled: ALL, cards: [], productCode: 'HLT', providerId: 'PG_03', merchantId: 'wanderly', ...over });

describe('buildPaymentOptions', () => {
  it('lists saved cards, then add, new, invoice and oxxo with their unique keys', () => {
    const options = build({ cards: [card('c1', { nickname: 'Work', isDefault: true }), card('c2', { brand: 'mastercard', last4: '4444' })] });
    expect(options.map((o) => [o.value, o.uniquekey])).toEqual([
      ['c1', 'cards'],
      ['c2', 'cards'],
      [ADD_NEW_CARD, 'add'],
      [PAY_WITH_NEW_CARD, 'pay with new card'],
      [PAY_WITH_INVOICE, 'invoice'],
      [OXXO, 'other'],
    ]);
    expect(options[0]).toEqual({
      value: 'c1',
      label: 'Work (Visa •••• 1111 12/30)',
      title: 'Work',
      cardImage: 'visa',
      uniquekey: 'cards',
      cardDataPGV2: { id: 'c1', brand: 'visa', is_default: true },
    });
    expect(options[1]).toMatchObject({ label: 'Mastercard •••• 4444 12/30', title: 'Mastercard', cardImage: 'mastercard' });
    expect(options[2]).toMatchObject({ label: 'Add new card', cardImage: null });
  });

  it('uses cardData (card_key, card_type, is_default 0/1, merchant_id) for other providers', () => {
    const [first] = build({ cards: [card('c1', { isDefault: true, brand: 'unknown' })], providerId: 'PG_01' });
    expect(first!.cardData).toEqual({ card_key: 'c1', card_type: 'unknown', is_default: 1, merchant_id: 'wanderly' });
    expect(first!.cardDataPGV2).toBeUndefined();
    expect(first!.cardImage).toBeNull();
  });

  it('offers no saved cards, no add-card and no invoice when signed out', () => {
    expect(build({ cards: null }).map((o) => o.value)).toEqual([PAY_WITH_NEW_CARD, OXXO]);
  });

  it('follows the organisation options', () => {
    const options = build({ enabled: ['saved-cards', 'new-card'], cards: [card('c1')] });
    expect(options.map((o) => o.value)).toEqual(['c1', PAY_WITH_NEW_CARD]);
    expect(build({ enabled: ['new-card', 'add-card'], cards: [card('c1')] }).map((o) => o.value)).toEqual([ADD_NEW_CARD, PAY_WITH_NEW_CARD]);
  });

  it('removes invoice for subscription and wallet products only, and OXXO for a membership (it renews on its card)', () => {
    for (const productCode of ['SUB', 'WLT']) expect(build({ productCode }).map((o) => o.value)).not.toContain(PAY_WITH_INVOICE);
    for (const productCode of ['HLT', 'FLT', 'CAR']) expect(build({ productCode }).map((o) => o.value)).toContain(PAY_WITH_INVOICE);
    expect(build({ productCode: 'SUB' }).map((o) => o.value)).not.toContain(OXXO);
    expect(build({ productCode: 'WLT' }).map((o) => o.value)).toContain(OXXO);
  });

  it('takes translated labels', () => {
    const labels = { addNewCard: 'Agregar tarjeta', payWithNewCard: 'Pagar con tarjeta nueva', invoice: 'Factura', oxxo: 'OXXO' };
    expect(build({ labels }).map((o) => o.label)).toEqual(['Agregar tarjeta', 'Pagar con tarjeta nueva', 'Factura', 'OXXO']);
  });
});

describe('availableOptions', () => {
  const options = () => build({ cards: [card('c1')] });
  it('offers OXXO only where the runtime has an OXXO collector (the sandbox; never Braintree)', () => {
    expect(availableOptions(options(), { typeCards: true, collectOxxo: true }).map((o) => o.value)).toContain(OXXO);
    expect(availableOptions(options(), { typeCards: true, collectOxxo: false }).map((o) => o.value)).toEqual(['c1', ADD_NEW_CARD, PAY_WITH_NEW_CARD, PAY_WITH_INVOICE]);
  });
  it('without a card frame, saved cards, invoice and OXXO remain', () => {
    expect(availableOptions(options(), { typeCards: false, collectOxxo: true }).map((o) => o.value)).toEqual(['c1', PAY_WITH_INVOICE, OXXO]);
  });
});

describe('autoSelectOption', () => {
  it('selects the first default card', () => {
    expect(autoSelectOption(build({ cards: [card('c1'), card('c2', { isDefault: true }), card('c3', { isDefault: true })] }))).toBe('c2');
    expect(autoSelectOption(build({ providerId: 'PG_02', cards: [card('c1'), card('c2', { isDefault: true })] }))).toBe('c2');
  });
  it('else the first saved card', () => {
    expect(autoSelectOption(build({ cards: [card('c1'), card('c2')] }))).toBe('c1');
  });
  it('else the new-card option', () => {
    expect(autoSelectOption(build({ cards: [] }))).toBe(PAY_WITH_NEW_CARD);
    expect(autoSelectOption(build({ cards: null }))).toBe(PAY_WITH_NEW_CARD);
    expect(autoSelectOption(build({ enabled: ['saved-cards', 'add-card', 'invoice'] }))).toBe(ADD_NEW_CARD);
    expect(autoSelectOption(build({ enabled: ['invoice'] }))).toBe(PAY_WITH_INVOICE);
    expect(autoSelectOption([])).toBeNull();
  });
});
