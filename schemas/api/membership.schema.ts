// Bodies of the membership calls (docs/api.md "Membership"; spec §7 "Membership", §3 "Init-book
// data for a subscription"). Field names are the spec's. Fields the spec's client sends that do not
// apply to a membership (its quote fields) are listed and must be empty.
import type { FromSchema } from 'json-schema-to-ts';

const language = { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' } as const;
/** Major units: a number or a decimal string with at most 2 decimals (checked by the service). */
const amount = { type: ['number', 'string'], maxLength: 20 } as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
const planId = { type: ['integer', 'string'], pattern: '^[0-9]{1,9}$', minimum: 1, maximum: 999_999_999 } as const;
const code = { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,31}$' } as const;
const membershipId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' } as const;
const userId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const flag = { type: ['boolean', 'integer', 'string'], enum: [true, false, 0, 1, '0', '1', 'true', 'false'] } as const;
/** Sent by the spec's client; a membership takes no quote: empty only. */
const unused = { type: ['string', 'number', 'null'], enum: ['', 0, '0', null] } as const;
const text = { type: ['string', 'null'], maxLength: 256 } as const;

/** POST /api/membershipUpgrade/subscription-plans */
export const subscriptionPlansSchema = {
  type: 'object',
  properties: { lang: language },
  additionalProperties: false,
} as const;
export type SubscriptionPlansBody = FromSchema<typeof subscriptionPlansSchema>;

/** POST /api/membershipUpgrade/plans: the plans fetch by userId (spec §7). */
export const plansFetchSchema = {
  type: 'object',
  properties: { userId, lang: language },
  required: ['userId'],
  additionalProperties: false,
} as const;
export type PlansFetchBody = FromSchema<typeof plansFetchSchema>;

/** POST /api/membershipUpgrade/payment-membership (spec §7). */
export const paymentMembershipSchema = {
  type: 'object',
  properties: {
    sub_plan_id: planId,
    currency,
    subscription_code: code,
    membership_id: membershipId,
    plan_amount: amount,
    userId,
    referer: text,
    charge_org: flag,
  },
  required: ['sub_plan_id', 'currency', 'subscription_code', 'membership_id', 'plan_amount', 'userId'],
  additionalProperties: false,
} as const;
export type PaymentMembershipBody = FromSchema<typeof paymentMembershipSchema>;

/** POST /api/plans/initbook: { data: {...} } (spec §7). */
export const initBookSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        is_renewal: flag,
        currency,
        plan_amount: amount,
        id: planId,
        subscription_code: code,
        lang_code: language,
        user_type: { type: ['integer', 'string'], enum: [2, '2'] },
        quot_id: unused,
        pg_token: text,
        pg_type: text,
        is_trial: flag,
        charge_org: flag,
        // Stored value (decision 0054): the coupon's code and the cash card's id, with the amount
        // of it to use ('' or 0: its balance, up to what is left to pay). The code decides the
        // discount: cn_trnid and cn_disc are the legacy client's and not used.
        // '', 0, '0' or null: none (as the legacy client sends).
        cn_cd: { anyOf: [{ type: 'string', maxLength: 64 }, unused] },
        cn_trnid: text,
        cn_disc: { ...amount, type: ['number', 'string', 'null'] },
        cashcard: { anyOf: [{ type: 'string', pattern: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|0)?$' }, unused] },
        cashcard_amount: { ...amount, type: ['number', 'string', 'null'] },
      },
      required: ['is_renewal', 'currency', 'plan_amount', 'id', 'subscription_code'],
      additionalProperties: false,
    },
  },
  required: ['data'],
  additionalProperties: false,
} as const;
export type InitBookBody = FromSchema<typeof initBookSchema>;
