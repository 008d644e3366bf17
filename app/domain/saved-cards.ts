/**
 * Saved cards as the user and the legacy clients see them (spec §3 "Saved card", "Card
 * brands", §9 card constants). Pure: the service reads rows, these rules shape them.
 *
 * NOTE: the gateway's vaulted token never leaves the server. Where the first provider's shape
 * names a gateway value (cca_card_id, cca_customer_token, card_key) it carries our own card id
 * and our gateway customer id, which are worthless without the merchant's private key.
 */

/** Spec §7/§9: at most this many cards are listed. */
export const CARD_LIST_LIMIT = 100;

/** Spec §5: a nickname is required when editing; this is its longest form. */
export const NICKNAME_MAX_LENGTH = 40;

/** The six brands with an icon (spec §3 "Card brands shown"). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'dinersClub', 'jcb'] as const;
export type CardBrandIcon = (typeof CARD_BRANDS)[number];

const BRAND_LABELS: Record<CardBrandIcon, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  dinersClub: 'Diners Club',
  jcb: 'JCB',
};

/**
 * The icon of a brand, from any of the spellings gateways use ('diners', 'Diners Club',
 * 'American Express', 'MasterCard', …); null for a brand without an icon (shown as a generic card).
 */
export function brandIcon(brand: string | null | undefined): CardBrandIcon | null {
  const key = (brand ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (key === 'visa') return 'visa';
  if (key === 'mastercard' || key === 'mc') return 'mastercard';
  if (key === 'amex' || key === 'americanexpress') return 'amex';
  if (key === 'discover') return 'discover';
  if (key === 'diners' || key === 'dinersclub' || key === 'dinersclubinternational') return 'dinersClub';
  if (key === 'jcb') return 'jcb';
  return null;
}

/** 'Visa', 'Diners Club', …, or 'Card' for an unknown brand. */
export function brandLabel(brand: string | null | undefined): string {
  const icon = brandIcon(brand);
  return icon ? BRAND_LABELS[icon] : 'Card';
}

/** Spec §9: the mask shows the last 4 digits only. */
export function maskCardNumber(last4: string): string {
  return `•••• ${last4.slice(-4)}`;
}

/** Spec §9: expiry as MM/YY, from 'M' or 'MM' and 'YY' or 'YYYY'. */
export function expiryMMYY(month: string | number, year: string | number): string {
  const mm = String(month).padStart(2, '0').slice(-2);
  const yy = String(year).padStart(2, '0').slice(-2);
  return `${mm}/${yy}`;
}

/** A saved card as the server reads it, without its gateway token. */
export type SavedCardView = {
  id: string;
  gatewayCustomerId: string;
  /** The port's brand name ('visa', 'diners', …, 'unknown'). */
  brand: string;
  last4: string;
  /** 'MM' */
  expMonth: string;
  /** 'YYYY' */
  expYear: string;
  nickname: string | null;
  isDefault: boolean;
  createdAt: string;
};

/** The second provider's shape (spec §3): what our own endpoints and pages use. */
export type CardPGV2 = {
  id: string;
  nick_name: string | null;
  name: string;
  brand: CardBrandIcon | 'unknown';
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
};

/** `name` is how the card reads in a list: its nickname, else its brand and last 4. */
export function toCardPGV2(card: SavedCardView): CardPGV2 {
  return {
    id: card.id,
    nick_name: card.nickname,
    name: card.nickname ?? `${brandLabel(card.brand)} ${maskCardNumber(card.last4)}`,
    brand: brandIcon(card.brand) ?? 'unknown',
    last4: card.last4,
    exp_month: Number(card.expMonth),
    exp_year: Number(card.expYear),
    is_default: card.isDefault,
  };
}

/** The first provider's shape (spec §3), with the legacy option fields card_key and card_type. */
export type CardPG1 = {
  card_number: string;
  expiry_month: string;
  expiry_year: string;
  is_default: 0 | 1;
  merchant_id: string;
  cca_card_id: string;
  cca_customer_token: string;
  card_key: string;
  card_type: string;
};

export function toCardPG1(card: SavedCardView, merchantId: string): CardPG1 {
  return {
    card_number: card.last4,
    expiry_month: card.expMonth,
    expiry_year: card.expYear,
    is_default: card.isDefault ? 1 : 0,
    merchant_id: merchantId,
    cca_card_id: card.id,
    cca_customer_token: card.gatewayCustomerId,
    card_key: card.id,
    card_type: brandIcon(card.brand) ?? 'unknown',
  };
}

/** Default first, then newest first (spec: auto-selection takes the first default card). */
export function sortCards<T extends Pick<SavedCardView, 'isDefault' | 'createdAt' | 'id'>>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/**
 * The gateway customer of one of our users, derived from the user's public id (a uuid):
 * 'u' and 32 hex digits fits Braintree's 36-character customer id.
 */
export function gatewayCustomerIdFor(userPublicId: string): string {
  return `u${userPublicId.toLowerCase().replace(/[^0-9a-z]/g, '')}`.slice(0, 36);
}

/** Spec §9: the payment customer's phone is the placeholder '555' when none is known. */
export const PLACEHOLDER_CUSTOMER_PHONE = '555';

/** The phone a gateway customer is created with: the known one, else the placeholder. */
export function paymentCustomerPhone(phone: string | null | undefined): string {
  const known = phone?.trim();
  return known ? known : PLACEHOLDER_CUSTOMER_PHONE;
}

/** A UUID as our ids are written (any case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our card ids are uuids; anything else names no card (and must not reach a uuid column). */
export function isCardId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export type NicknameCheck = { ok: true; value: string } | { ok: false; message: string };

/** Spec §5: required when editing; trimmed, inner runs of spaces collapsed, at most 40 characters. */
export function checkNickname(raw: unknown): NicknameCheck {
  if (typeof raw !== 'string') return { ok: false, message: 'nick_name is required' };
  const value = raw.replace(/\s+/g, ' ').trim();
  if (value.length === 0) return { ok: false, message: 'nick_name is required' };
  if (value.length > NICKNAME_MAX_LENGTH) return { ok: false, message: `nick_name must be at most ${NICKNAME_MAX_LENGTH} characters` };
  // Control characters have no place in a label shown in lists.
  if (/\p{Cc}/u.test(value)) return { ok: false, message: 'nick_name contains control characters' };
  return { ok: true, value };
}

/** Same e-mail address, ignoring case and surrounding spaces. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
