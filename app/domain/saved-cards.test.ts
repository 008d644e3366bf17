import { describe, expect, it } from 'vitest';
import {
  CARD_BRANDS,
  CARD_LIST_LIMIT,
  type SavedCardView,
  brandIcon,
  brandLabel,
  checkNickname,
  expiryMMYY,
  gatewayCustomerIdFor,
  paymentCustomerPhone,
  isCardId,
  maskCardNumber,
  sameEmail,
  sortCards,
  toCardPG1,
  toCardPGV2,
} from './saved-cards';

const card = (over: Partial<SavedCardView> = {}): SavedCardView => ({
  id: '0b6f2c1e-7d1a-4c55-9a0e-3d2f8e1b4c70',
  gatewayCustomerId: 'u35de9cc088904d9a9d0a0b4719daf371',
  brand: 'visa',
  last4: '1111',
  expMonth: '03',
  expYear: '2030',
  nickname: null,
  isDefault: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('card constants', () => {
  it('lists at most 100 cards and knows six brands', () => {
    expect(CARD_LIST_LIMIT).toBe(100);
    expect(CARD_BRANDS).toEqual(['visa', 'mastercard', 'amex', 'discover', 'dinersClub', 'jcb']);
  });
});

describe('brandIcon', () => {
  it.each([
    ['visa', 'visa'],
    ['Visa', 'visa'],
    ['mastercard', 'mastercard'],
    ['MasterCard', 'mastercard'],
    ['amex', 'amex'],
    ['American Express', 'amex'],
    ['discover', 'discover'],
    ['diners', 'dinersClub'],
    ['Diners Club', 'dinersClub'],
    ['dinersClub', 'dinersClub'],
    ['JCB', 'jcb'],
    ['jcb', 'jcb'],
  ])('%s → %s', (brand, icon) => expect(brandIcon(brand)).toBe(icon));

  it('has no icon for unknown brands', () => {
    for (const brand of ['unknown', 'UnionPay', 'Maestro', '', null, undefined]) expect(brandIcon(brand)).toBeNull();
    expect(brandLabel('unknown')).toBe('Card');
    expect(brandLabel('diners')).toBe('Diners Club');
  });
});

describe('mask and expiry', () => {
  it('shows the last 4 digits only', () => {
    expect(maskCardNumber('1111')).toBe('•••• 1111');
    expect(maskCardNumber('4111111111111111')).toBe('•••• 1111');
  });
  it('formats the expiry as MM/YY', () => {
    expect(expiryMMYY('03', '2030')).toBe('03/30');
    expect(expiryMMYY(3, 2030)).toBe('03/30');
    expect(expiryMMYY('12', '31')).toBe('12/31');
  });
});

describe('provider shapes', () => {
  it('second provider: id, nick_name, name, brand, last4, exp_month, exp_year, is_default', () => {
    expect(toCardPGV2(card({ nickname: 'Work', isDefault: true }))).toEqual({
      id: card().id,
      nick_name: 'Work',
      name: 'Work',
      brand: 'visa',
      last4: '1111',
      exp_month: 3,
      exp_year: 2030,
      is_default: true,
    });
    expect(toCardPGV2(card({ brand: 'unknown', last4: '0004' }))).toMatchObject({ nick_name: null, name: 'Card •••• 0004', brand: 'unknown' });
    expect(toCardPGV2(card({ brand: 'diners' })).brand).toBe('dinersClub');
  });

  it('first provider: our ids stand in for the gateway values, never the token', () => {
    const shaped = toCardPG1(card({ isDefault: true, brand: 'amex', last4: '0005' }), 'wanderly');
    expect(shaped).toEqual({
      card_number: '0005',
      expiry_month: '03',
      expiry_year: '2030',
      is_default: 1,
      merchant_id: 'wanderly',
      cca_card_id: card().id,
      cca_customer_token: card().gatewayCustomerId,
      card_key: card().id,
      card_type: 'amex',
    });
    expect(toCardPG1(card(), 'm').is_default).toBe(0);
    expect(Object.keys(shaped)).not.toContain('token');
  });
});

describe('sortCards', () => {
  it('puts the default first, then the newest', () => {
    const old = card({ id: 'a', createdAt: '2026-01-01T00:00:00Z' });
    const mid = card({ id: 'b', createdAt: '2026-02-01T00:00:00Z', isDefault: true });
    const young = card({ id: 'c', createdAt: '2026-03-01T00:00:00Z' });
    expect(sortCards([old, young, mid]).map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('ids, nicknames, e-mails', () => {
  it("gives the payment customer the placeholder phone '555' when none is known (spec §9)", () => {
    expect(paymentCustomerPhone(null)).toBe('555');
    expect(paymentCustomerPhone(undefined)).toBe('555');
    expect(paymentCustomerPhone('  ')).toBe('555');
    expect(paymentCustomerPhone(' +52 55 1234 5678 ')).toBe('+52 55 1234 5678');
  });

  it('derives a Braintree-sized customer id from the public user id', () => {
    expect(gatewayCustomerIdFor('35DE9CC0-8890-4d9a-9d0a-0b4719daf371')).toBe('u35de9cc088904d9a9d0a0b4719daf371');
    expect(gatewayCustomerIdFor('35de9cc0-8890-4d9a-9d0a-0b4719daf371').length).toBeLessThanOrEqual(36);
  });
  it('accepts only uuids as card ids', () => {
    expect(isCardId(card().id)).toBe(true);
    for (const bad of ['', '1', 42, null, "x' or 1=1", `${card().id}x`]) expect(isCardId(bad)).toBe(false);
  });
  it('requires a trimmed nickname of at most 40 characters', () => {
    expect(checkNickname('  My   travel card ')).toEqual({ ok: true, value: 'My travel card' });
    expect(checkNickname('')).toEqual({ ok: false, message: 'nick_name is required' });
    expect(checkNickname('   ')).toEqual({ ok: false, message: 'nick_name is required' });
    expect(checkNickname(undefined)).toEqual({ ok: false, message: 'nick_name is required' });
    expect(checkNickname(12)).toEqual({ ok: false, message: 'nick_name is required' });
    expect(checkNickname('x'.repeat(40)).ok).toBe(true);
    expect(checkNickname('x'.repeat(41))).toEqual({ ok: false, message: 'nick_name must be at most 40 characters' });
    expect(checkNickname('a\u0000b').ok).toBe(false);
  });
  it('compares e-mails without case', () => {
    expect(sameEmail('Member@Wanderly.example ', 'member@wanderly.example')).toBe(true);
    expect(sameEmail('agent@wanderly.example', 'member@wanderly.example')).toBe(false);
  });
});
