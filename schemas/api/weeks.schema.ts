// Bodies of the weeks and resorts calls (docs/api.md "Weeks and resorts"; spec §7), field names
// as the spec has them. Every schema is closed; the fields the legacy client sends along with
// most calls (`common`) are listed, checked, and used where they matter.
import type { FromSchema } from 'json-schema-to-ts';

export const MIN_PRICE_MAX_DATES = 14;

const id = { type: ['integer', 'string'], minimum: 1, maximum: 999_999_999, pattern: '^[1-9][0-9]{0,8}$' } as const;
const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const country = { type: 'string', pattern: '^[A-Z]{2}$' } as const;
/** Fields the legacy client sends along with most calls; checked, and used where they matter. */
const common = {
  lang: { type: 'string', minLength: 2, maxLength: 10 },
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  residency: country,
  search_type: { type: 'string', minLength: 1, maxLength: 20 },
  category: { type: 'string', minLength: 1, maxLength: 20 },
  destination_id: { type: ['integer', 'string'], minimum: 1, minLength: 1, maxLength: 64 },
  whitelabel_no: id,
  mainPath: { type: 'string', maxLength: 300 },
} as const;

export const weeksInventorySchema = {
  type: 'object',
  properties: { resort_id: id, check_in_date: day, check_out_date: day, ...common },
  required: ['resort_id', 'check_in_date', 'check_out_date'],
  additionalProperties: false,
} as const;
export type WeeksInventoryBody = FromSchema<typeof weeksInventorySchema>;
export const weeksReviewsSchema = {
  type: 'object',
  properties: { resort_id: id, page: { type: 'integer', minimum: 1, maximum: 1000 }, lang: common.lang },
  required: ['resort_id'],
  additionalProperties: false,
} as const;
export type WeeksReviewsBody = FromSchema<typeof weeksReviewsSchema>;
export const weeksMinPriceSchema = {
  type: 'object',
  properties: {
    country,
    residency: country,
    dates: { type: 'array', items: day, minItems: 1, maxItems: MIN_PRICE_MAX_DATES },
    whitelabel_ids: { type: 'array', items: id, maxItems: 50 },
    inspiraId: { type: ['integer', 'string'], minimum: 0, maxLength: 64 },
    currency: common.currency,
    lang: common.lang,
  },
  additionalProperties: false,
} as const;
export type WeeksMinPriceBody = FromSchema<typeof weeksMinPriceSchema>;
export const weeksPrepareSchema = {
  type: 'object',
  properties: {
    resort_id: id,
    inventory_id: id,
    check_in_date: day,
    check_out_date: day,
    uuid: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    ...common,
  },
  required: ['resort_id', 'inventory_id', 'check_in_date', 'check_out_date'],
  additionalProperties: false,
} as const;
export type WeeksPrepareBody = FromSchema<typeof weeksPrepareSchema>;
export const weeksReleaseSchema = {
  type: 'object',
  properties: {
    reservationToken: { type: 'string', minLength: 1, maxLength: 128 },
    residency: country,
    search_type: { type: 'string', enum: ['country'] },
    mainPath: common.mainPath,
  },
  required: ['reservationToken'],
  additionalProperties: false,
} as const;
export type WeeksReleaseBody = FromSchema<typeof weeksReleaseSchema>;
