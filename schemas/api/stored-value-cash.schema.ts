// Bodies of the coupon and cash card calls (docs/api.md "Coupons and cash cards"; spec §7
// "Cash cards", "Coupons"). Field names are the spec's; `hold` (the hold token) is our one
// addition and names the checkout. Where the spec has its own checkout field (`id`,
// `checkoutId`), that field carries the hold token when `hold` is absent. Money is in major
// units, a number or a decimal string of at most 2 decimals. Every schema is closed.
import type { FromSchema } from 'json-schema-to-ts';
import { productCodeSchema } from '#schemas/product-code.schema';

const hold = { type: 'string', minLength: 1, maxLength: 128 } as const;
const text = { type: 'string', maxLength: 128 } as const;
const id = { type: ['string', 'integer'], maxLength: 128 } as const;
const currency = { type: 'string', pattern: '^[A-Za-z]{3}$' } as const;
/** Major units: a non-negative number, or a decimal string of at most 2 decimals ('' where the spec allows it empty). */
const money = {
  anyOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^(\\d{1,12}(\\.\\d{1,2})?)?$' },
  ],
} as const;
const legacyFlag = { type: ['boolean', 'integer', 'string'], maxLength: 16 } as const;

export const couponDetailsSchema = {
  type: 'object',
  properties: { product_type: productCodeSchema, currency, hold },
  required: ['product_type', 'currency'],
  additionalProperties: false,
} as const;
export type CouponDetailsBody = FromSchema<typeof couponDetailsSchema>;

export const applyCouponSchema = {
  type: 'object',
  properties: {
    json: {
      type: 'object',
      properties: {
        coupon_code: { type: 'string', maxLength: 64 },
        discount_amount: money,
        discount_currency: { type: 'string', maxLength: 3 },
        product_type: productCodeSchema,
        org_id: id,
        coupon_id: text,
        coupon_trn_id: text,
        isMathch: legacyFlag,
        site_id: id,
      },
      required: ['coupon_code'],
      additionalProperties: false,
    },
    hold,
  },
  required: ['json', 'hold'],
  additionalProperties: false,
} as const;
export type ApplyCouponBody = FromSchema<typeof applyCouponSchema>;

export const unlockCouponSchema = {
  type: 'object',
  properties: { coupon_id: text, coupon_trn_id: text, org_id: id, product_type: productCodeSchema, site_id: id, hold },
  required: ['hold'],
  anyOf: [{ required: ['coupon_trn_id'] }, { required: ['coupon_id'] }],
  additionalProperties: false,
} as const;
export type UnlockCouponBody = FromSchema<typeof unlockCouponSchema>;

export const applyCashCardSchema = {
  type: 'object',
  properties: { cash_card_id: text, booking_amt: money, cashcard_amount: money, currency, id: text, product_type: productCodeSchema, hold },
  required: ['cash_card_id'],
  additionalProperties: false,
} as const;
export type ApplyCashCardBody = FromSchema<typeof applyCashCardSchema>;

export const removeCashCardSchema = {
  type: 'object',
  properties: {
    json: {
      type: 'object',
      properties: { id: text, product_type: productCodeSchema, type: { const: 'cashcard' }, cash_card_id: text },
      required: ['type'],
      additionalProperties: false,
    },
    hold,
  },
  required: ['json'],
  additionalProperties: false,
} as const;
export type RemoveCashCardBody = FromSchema<typeof removeCashCardSchema>;

/** 'status': the cash cards applied to the checkout; 'release': gives them back. */
const redemptionAction = { enum: ['status', 'release'] } as const;

export const cashCardRedemptionSchema = {
  type: 'object',
  properties: { checkoutId: text, productType: productCodeSchema, action: redemptionAction, hold },
  required: ['action'],
  additionalProperties: false,
} as const;
export type CashCardRedemptionBody = FromSchema<typeof cashCardRedemptionSchema>;

export const carCashCardRedemptionSchema = {
  type: 'object',
  properties: { data: cashCardRedemptionSchema },
  required: ['data'],
  additionalProperties: false,
} as const;
export type CarCashCardRedemptionBody = FromSchema<typeof carCashCardRedemptionSchema>;
