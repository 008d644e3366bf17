// Bodies of the loyalty-points and payment-card calls (docs/api.md "Loyalty points" and "Wallets,
// certificates and discount cards"; spec §7 "Loyalty", "Wallets and certificates"). Field names
// are the spec's. The hold token names the checkout: the loyalty calls' `uuid` is it; the card
// calls add `hold`. Amounts the legacy client sends but the hold's quote decides (bookingAmount,
// agent_extra_amount) are typed and ignored, so the schemas stay closed.
import type { FromSchema } from 'json-schema-to-ts';

const holdToken = { type: 'string', minLength: 1, maxLength: 128 } as const;
/** The spec's product codes, HLT sent as HTL by the loyalty calls (app/domain/instruments.ts loyaltyProductCode). */
const productType = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
/** Major units the legacy client sends; the hold's quote is the price, so they are not read. */
const ignoredAmount = { type: ['number', 'string', 'null'], maxLength: 20 } as const;
const instrumentId = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const checkLoyaltyPointsSchema = {
  type: 'object',
  properties: {
    uuid: holdToken,
    productType,
    bookingAmount: ignoredAmount,
    loyaltyMembershipNo: { type: ['string', 'null'], maxLength: 64 },
    agent_extra_amount: ignoredAmount,
  },
  required: ['uuid', 'productType'],
  additionalProperties: false,
} as const;
export type CheckLoyaltyPointsBody = FromSchema<typeof checkLoyaltyPointsSchema>;

export const applyPointsSchema = {
  type: 'object',
  properties: {
    uuid: holdToken,
    productType,
    bookingAmount: ignoredAmount,
    /** Whole points; capped at the type's balance and at what the booking still costs. */
    pointsQuantity: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
    /** The points type's code (point_type_code of checkLoyaltyPoints). */
    pointsType: { type: 'string', minLength: 1, maxLength: 64 },
    currency,
    unapply: { type: 'boolean' },
    agent_extra_amount: ignoredAmount,
  },
  required: ['uuid', 'productType', 'pointsType'],
  additionalProperties: false,
} as const;
export type ApplyPointsBody = FromSchema<typeof applyPointsSchema>;

export const paymentCardsByUserSchema = {
  type: 'object',
  properties: { product_type: productType, currency, hold: holdToken },
  required: ['product_type', 'hold'],
  additionalProperties: false,
} as const;
export type PaymentCardsByUserBody = FromSchema<typeof paymentCardsByUserSchema>;

export const applyPaymentCardSchema = {
  type: 'object',
  properties: {
    hold: holdToken,
    payment_card_id: instrumentId,
    /** A wallet's amount in major units as typed (at most 2 decimals; '' uses what the wallet may pay). Text, never a float. */
    amount: { type: 'string', maxLength: 20 },
    unapply: { type: 'boolean' },
  },
  required: ['hold', 'payment_card_id'],
  additionalProperties: false,
} as const;
export type ApplyPaymentCardBody = FromSchema<typeof applyPaymentCardSchema>;
