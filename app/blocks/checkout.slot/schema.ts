import { defineBlock } from '../define-block';

/** The places the stored-value and membership features fill. */
export const checkoutSlotNames = ['coupons', 'cashCards', 'points', 'wallets', 'certificates', 'discountCards', 'membership'] as const;

/** A place a feature fills; renders nothing until one does. Slots may repeat, each name once. */
export default defineBlock({
  type: 'checkout.slot',
  pages: ['checkout'],
  propsRequired: true,
  props: {
    type: 'object',
    properties: { name: { type: 'string', enum: checkoutSlotNames } },
    required: ['name'],
    additionalProperties: false,
  },
});
