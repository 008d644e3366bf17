import type { FromSchema } from 'json-schema-to-ts';
import { blockSchemas } from './blocks.schema';

export const layoutSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$' },
    blocks: {
      type: 'array',
      items: { type: 'object', discriminator: { propertyName: 'type' }, required: ['type'], oneOf: blockSchemas },
    },
  },
  required: ['id', 'blocks'],
  additionalProperties: false,
} as const;

export type Layout = FromSchema<typeof layoutSchema>;
export type Block = Layout['blocks'][number];
export type BlockType = Block['type'];
