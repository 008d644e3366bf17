// Bodies of the account calls: preferences, booking messages, invoice credit (docs/api.md).
import type { FromSchema } from 'json-schema-to-ts';
import { DATE_FORMATS } from '~/domain/date-format';

/** Spec §7: a preference update sends usr_type, preferred_language, preferred_currency. */
export const preferencesSchema = {
  type: 'object',
  properties: {
    usr_type: { type: 'integer', minimum: 1, maximum: 9 },
    preferred_language: { type: 'string', minLength: 1, maxLength: 10 },
    preferred_currency: { type: 'string', minLength: 1, maxLength: 10 },
    /** Optional: the user's date format (spec §6, §9); left out, the saved one stays. */
    date_format: { type: 'string', enum: DATE_FORMATS },
  },
  required: ['usr_type', 'preferred_language', 'preferred_currency'],
  additionalProperties: false,
} as const;
export type PreferencesBody = FromSchema<typeof preferencesSchema>;

/** Spec §7 Notifications: the caller may name itself; both must be the session's own. No body is `{}`. */
export const countMessagesSchema = {
  type: 'object',
  properties: { user_id: { type: ['string', 'null'], maxLength: 64 }, org_id: { type: ['string', 'null'], maxLength: 64 } },
  additionalProperties: false,
} as const;
export type CountMessagesBody = FromSchema<typeof countMessagesSchema>;

/**
 * POST /api/admin/invoiceCredit: `{email}` or `{company}`, `limit` in major units, `currency`.
 * "Exactly one payer", the e-mail's form and the limit's decimals are domain/invoice-credit's rules.
 */
export const invoiceCreditSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 254 },
    company: { type: 'string', maxLength: 200 },
    limit: { type: ['number', 'string'], maxLength: 20 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
  required: ['limit', 'currency'],
  additionalProperties: false,
} as const;
export type InvoiceCreditBody = FromSchema<typeof invoiceCreditSchema>;

/**
 * POST /api/wallet/topup (product WLT): `amount` in major units as a decimal string (never a
 * float), `nonce` from the card frame. The limits and decimals are domain/wallet-topup's rule.
 */
export const walletTopupSchema = {
  type: 'object',
  properties: {
    amount: { type: 'string', minLength: 1, maxLength: 12 },
    nonce: { type: 'string', minLength: 1, maxLength: 512 },
  },
  required: ['amount', 'nonce'],
  additionalProperties: false,
} as const;
export type WalletTopupBody = FromSchema<typeof walletTopupSchema>;
