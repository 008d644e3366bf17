// Bodies of the booking payment calls (docs/api.md "Booking payment"; spec §4, §7 "Payment token
// generation", "Second-provider payment"). Field names are the spec's. The legacy client sends
// fields we do not use (cashcard_amt, cn_disc_*, cust_id, …): they are listed, typed and ignored,
// so the schemas stay closed. Rules a schema cannot say (a booking id without 'undefined' or
// 'NaN', amounts with at most 2 decimals, a nonce per payment method) stay in the service.
import type { FromSchema } from 'json-schema-to-ts';

export const bookingId = { type: 'string', pattern: '^[A-Za-z0-9-]{3,64}$' } as const;
/** Major units: a number or a decimal string (toMinorUnits checks the decimals). */
const amount = { type: ['number', 'string'], maxLength: 20 } as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
const countryCode = { type: 'string', pattern: '^[A-Z]{2}$' } as const;
const nonce = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,512}$' } as const;
const savedCardId = { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } as const;
/** A text field the client may send empty or null. */
const text = { type: ['string', 'null'], maxLength: 256 } as const;
/** The page's device data (Braintree's data collector: a small JSON text), with a card payment. */
const deviceData = { type: ['string', 'null'], maxLength: 4096 } as const;
/** Sent by the legacy client, not used here (cash cards and coupons come with their issues). */
const ignoredAmount = { type: ['number', 'string', 'null'], maxLength: 20 } as const;

export const generatePgTokenSchema = {
  type: 'object',
  properties: {
    id: bookingId,
    payment_method: { enum: ['card', 'saved_card', 'invoice', 'oxxo'] },
    pg_amt: amount,
    pg_amount: { type: ['number', 'string', 'null'], maxLength: 20 },
    currency,
    product_type: text,
    pg_type: text,
    cashcard_amt: ignoredAmount,
    cn_disc_amt: ignoredAmount,
    cn_disc_code: text,
    cn_dis_trnid: text,
    email: text,
    names: text,
    // '' when paying with a new card; the saved card's id with payment_method saved_card.
    card_id: text,
    cust_id: text,
    nonce,
    device_data: deviceData,
    hold: text,
    // Spec §7: wallet and coupon fields. Informational: what the hold has applied is the server's
    // own record (docs/decisions/0031), and the amount must equal the payable total it leaves.
    customer_id: text,
    referer: text,
    wallets: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        properties: { amount: ignoredAmount, code: text, id: text, count: { type: ['integer', 'null'], minimum: 0, maximum: 100 } },
        additionalProperties: false,
      },
    },
    coupon_code: text,
    coupon_id: text,
    coupon_trn_id: text,
  },
  required: ['id', 'payment_method', 'pg_amt', 'currency'],
  additionalProperties: false,
} as const;
export type GeneratePgTokenBody = FromSchema<typeof generatePgTokenSchema>;

export const zeroAmountBookingSchema = {
  type: 'object',
  properties: { id: bookingId, hold: text },
  required: ['id'],
  additionalProperties: false,
} as const;
export type ZeroAmountBookingBody = FromSchema<typeof zeroAmountBookingSchema>;

/** POST /api/booking/hostedPayment: a car of another provider, paid on that provider's page (decision 0055). */
export const hostedPaymentSchema = {
  type: 'object',
  properties: { id: bookingId, pg_amt: amount, currency, hold: text },
  required: ['id', 'pg_amt', 'currency'],
  additionalProperties: false,
} as const;
export type HostedPaymentBody = FromSchema<typeof hostedPaymentSchema>;

export const cardGuaranteeSchema = {
  type: 'object',
  properties: { id: bookingId, nonce, hold: text },
  required: ['id', 'nonce'],
  additionalProperties: false,
} as const;
export type CardGuaranteeBody = FromSchema<typeof cardGuaranteeSchema>;

export const generateCheckSumSchema = {
  type: 'object',
  properties: { orderId: bookingId, currency, countryCode, amount, api_key: { type: ['string', 'null'], maxLength: 128 } },
  required: ['orderId', 'currency', 'countryCode', 'amount'],
  additionalProperties: false,
} as const;
export type GenerateCheckSumBody = FromSchema<typeof generateCheckSumSchema>;

export const paymentWithSavedCardSchema = {
  type: 'object',
  properties: {
    order_id: bookingId,
    currency,
    country_code: countryCode,
    amount,
    api_key: { type: ['string', 'null'], maxLength: 128 },
    card_id: savedCardId,
    checksum: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    nonce: { ...nonce, type: ['string', 'null'] },
    device_data: deviceData,
    ip: text,
    email: text,
    description: text,
    // Sent by the spec's client (subscriptions come with the membership issue); not used here.
    subscription: { type: ['boolean', 'number', 'string', 'null'], maxLength: 20 },
    // The spec's client puts bookingId, productType, language_code, is_renewal… here: kept open.
    metadata: { type: 'object' },
    hold: text,
  },
  required: ['order_id', 'currency', 'country_code', 'amount', 'card_id', 'checksum'],
  additionalProperties: false,
} as const;
export type PaymentWithSavedCardBody = FromSchema<typeof paymentWithSavedCardSchema>;

/** The signed OXXO event (server/sandbox-gateway posts the acquirer's shape). */
export const oxxoWebhookSchema = {
  type: 'object',
  properties: {
    event_id: { type: 'string', maxLength: 128 },
    reference: { type: 'string', pattern: '^[0-9]{14}$' },
    amount_minor: { type: 'integer', minimum: 1 },
    paid_at: { type: 'string', maxLength: 64 },
  },
  required: ['reference', 'amount_minor'],
  additionalProperties: false,
} as const;
export type OxxoWebhookBody = FromSchema<typeof oxxoWebhookSchema>;

/** POST /api/booking/initBooking (spec §4 step 2). */
export const initBookingSchema = {
  type: 'object',
  properties: {
    hold: { type: 'string', minLength: 1, maxLength: 128 },
    product_type: { type: 'string', pattern: '^[A-Z]{3,10}$' },
  },
  required: ['hold', 'product_type'],
  additionalProperties: false,
} as const;
export type InitBookingBody = FromSchema<typeof initBookingSchema>;

/** POST /api/booking/cancel (issue 11): the owner cancels one of their bookings for a refund. */
export const cancelBookingSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 40 },
  },
  required: ['id'],
  additionalProperties: false,
} as const;
export type CancelBookingBody = FromSchema<typeof cancelBookingSchema>;
