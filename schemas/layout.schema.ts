import type { FromSchema } from 'json-schema-to-ts';
import { type BlockTypeOf, PAGE_KINDS, type PageKind } from '~/domain/page-kinds';
import { BLOCK_SCHEMAS, type BlockTypeName } from './blocks.schema';

const layoutId = { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$' } as const;

/** The schemas of a kind's blocks, in the table's order (app/domain/page-kinds.ts). */
type SchemasOf<T extends readonly BlockTypeName[]> = { readonly [I in keyof T]: T[I] extends BlockTypeName ? (typeof BLOCK_SCHEMAS)[T[I]] : never };
const blockSchemasOf = <K extends PageKind>(kind: K) => PAGE_KINDS[kind].blocks.map((type) => BLOCK_SCHEMAS[type]) as unknown as SchemasOf<(typeof PAGE_KINDS)[K]['blocks']>;

/** A layout of one page kind: it names its kind, and its blocks are that kind's (decision 0060). */
const kindLayout = <const K extends PageKind>(kind: K) =>
  ({
    type: 'object',
    properties: {
      kind: { const: kind },
      id: layoutId,
      blocks: { type: 'array', items: { type: 'object', discriminator: { propertyName: 'type' }, required: ['type'], oneOf: blockSchemasOf(kind) } },
    },
    required: ['kind', 'id', 'blocks'],
    additionalProperties: false,
  }) as const;

/** layouts/*.json: every page kind's layout, one `oneOf` on `kind` built from the page-kind table. */
export const layoutSchema = {
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    kindLayout('home'),
    kindLayout('landing'),
    kindLayout('privacy-policy'),
    kindLayout('terms-of-use'),
    kindLayout('user-profile'),
    kindLayout('agent-profile'),
    kindLayout('my-trips'),
    kindLayout('user-details'),
    kindLayout('wallet'),
    kindLayout('sign-in'),
    kindLayout('sign-up'),
    kindLayout('forgot-password'),
    kindLayout('checkout'),
  ],
} as const;

export type Layout = FromSchema<typeof layoutSchema>;
export type LayoutOf<K extends PageKind> = Extract<Layout, { kind: K }>;
export type BlockOf<K extends PageKind> = LayoutOf<K>['blocks'][number] & { type: BlockTypeOf<K> };

/** The layouts app/blocks renders, and their blocks: every kind but the checkout (app/checkout renders its own). */
export type BlocksLayout = LayoutOf<Exclude<PageKind, 'checkout'>>;
export type Block = BlockOf<Exclude<PageKind, 'checkout'>>;
export type BlockType = Block['type'];
export type CheckoutLayout = LayoutOf<'checkout'>;
export type CheckoutBlock = BlockOf<'checkout'>;
export type CheckoutBlockType = CheckoutBlock['type'];
