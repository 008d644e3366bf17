import type { FromSchema } from 'json-schema-to-ts';
import { type BlockTypeOf, PAGE_KIND_NAMES, PAGE_KINDS, type PageKind } from '~/domain/page-kinds';
import { BLOCK_SCHEMAS, type BlockSchemas } from './blocks.schema';

const layoutId = { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*$' } as const;

/** A layout of one page kind: it names its kind, and its blocks are that kind's (decision 0060). */
const kindLayout = (kind: PageKind) => ({
  type: 'object',
  properties: {
    kind: { const: kind },
    id: layoutId,
    blocks: {
      type: 'array',
      items: { type: 'object', discriminator: { propertyName: 'type' }, required: ['type'], oneOf: PAGE_KINDS[kind].blocks.map((type) => BLOCK_SCHEMAS[type]) },
    },
  },
  required: ['kind', 'id', 'blocks'],
  additionalProperties: false,
});

/** layouts/*.json: every page kind's layout, one `oneOf` on `kind` built from the page-kind table. */
export const layoutSchema = {
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: PAGE_KIND_NAMES.map(kindLayout),
};

/** Each block as its schema accepts it (`FromSchema`), by type. */
type BlocksByType = { [T in keyof BlockSchemas]: FromSchema<BlockSchemas[T]> };
/** A block a `K` page may hold, narrowed by its type tag. */
export type BlockOf<K extends PageKind> = BlocksByType[BlockTypeOf<K>];
/** The layout of a `K` page, as layoutSchema accepts it. */
export type LayoutOf<K extends PageKind> = K extends PageKind ? { kind: K; id: string; blocks: BlockOf<K>[] } : never;

export type Layout = LayoutOf<PageKind>;
export type Block = BlockOf<PageKind>;
export type BlockType = Block['type'];
