import type { FromSchema } from 'json-schema-to-ts';
import { checkoutBlockSchemas } from './blocks.schema';

/** layouts/checkout.*.json: the checkout's blocks in order (docs/decisions/0026). */
export const checkoutLayoutSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^checkout(\\.[a-z0-9-]+)+$' },
    blocks: {
      type: 'array',
      items: { type: 'object', discriminator: { propertyName: 'type' }, required: ['type'], oneOf: checkoutBlockSchemas },
    },
  },
  required: ['id', 'blocks'],
  additionalProperties: false,
} as const;

export type CheckoutLayout = FromSchema<typeof checkoutLayoutSchema>;
export type CheckoutBlock = CheckoutLayout['blocks'][number];
export type CheckoutBlockType = CheckoutBlock['type'];
