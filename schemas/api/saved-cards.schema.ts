// Bodies of the saved-card calls (docs/api.md "Saved cards"; spec §7 "Card service", "Legacy
// card calls"). Field names are the spec's; every schema is closed.
import type { FromSchema } from 'json-schema-to-ts';
import { productCodeSchema } from '#schemas/product-code.schema';

const cardId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const email = { type: 'string', minLength: 3, maxLength: 254 } as const;
const merchantId = { type: ['string', 'integer'], maxLength: 64 } as const;

export const cardServiceSetDefaultSchema = {
  type: 'object',
  properties: { card_id: cardId, email },
  required: ['card_id', 'email'],
  additionalProperties: false,
} as const;
export type CardServiceSetDefaultBody = FromSchema<typeof cardServiceSetDefaultSchema>;

export const cardServiceDeleteSchema = { type: 'object', properties: { card_id: cardId }, required: ['card_id'], additionalProperties: false } as const;
export type CardServiceDeleteBody = FromSchema<typeof cardServiceDeleteSchema>;

export const cardServiceUpdateSchema = {
  type: 'object',
  properties: { card_id: cardId, nick_name: { type: 'string', maxLength: 200 } },
  required: ['card_id', 'nick_name'],
  additionalProperties: false,
} as const;
export type CardServiceUpdateBody = FromSchema<typeof cardServiceUpdateSchema>;

export const legacyListCardsSchema = {
  type: 'object',
  properties: { merchant_id: merchantId, email, mobile: { type: ['string', 'integer'], maxLength: 32 } },
  additionalProperties: false,
} as const;
export type LegacyListCardsBody = FromSchema<typeof legacyListCardsSchema>;

export const legacyCardSchema = {
  type: 'object',
  properties: { card_id: cardId, email, merchant_id: merchantId },
  required: ['card_id'],
  additionalProperties: false,
} as const;
export type LegacyCardBody = FromSchema<typeof legacyCardSchema>;

export const legacyDefaultCardSchema = {
  type: 'object',
  properties: { email, is_default: { enum: [1, '1', true] }, merchant_id: merchantId },
  required: ['email'],
  additionalProperties: false,
} as const;
export type LegacyDefaultCardBody = FromSchema<typeof legacyDefaultCardSchema>;

export const supplierPgSchema = {
  type: 'object',
  properties: { pg_product_type: productCodeSchema, pg_supplier_id: { type: ['string', 'integer'], maxLength: 64 } },
  required: ['pg_product_type'],
  additionalProperties: false,
} as const;
export type SupplierPgBody = FromSchema<typeof supplierPgSchema>;

export const saveCardSchema = {
  type: 'object',
  properties: { nonce: { type: 'string', minLength: 1, maxLength: 256 }, nick_name: { type: ['string', 'null'], maxLength: 200 }, is_default: { type: 'boolean' } },
  required: ['nonce'],
  additionalProperties: false,
} as const;
export type SaveCardBody = FromSchema<typeof saveCardSchema>;

export const cardNonceSchema = { type: 'object', properties: { card_id: cardId }, required: ['card_id'], additionalProperties: false } as const;
export type CardNonceBody = FromSchema<typeof cardNonceSchema>;
