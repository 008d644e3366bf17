import { BLOCK_DEFINITIONS } from '~/blocks/generated/definitions';

/**
 * Every block's schema by its type, from the block folders (app/blocks/<type>/schema.ts,
 * docs/decisions/0061). Each declares its `type` tag as a const so that a layout's `oneOf` can use
 * Ajv's discriminator and `FromSchema` can narrow by tag; the layout schema picks each page
 * kind's from here (schemas/layout.schema.ts).
 */
export type BlockDefinitions = (typeof BLOCK_DEFINITIONS)[number];
export type BlockTypeName = BlockDefinitions['type'];
export type BlockSchemas = { [D in BlockDefinitions as D['type']]: D['schema'] };

export const BLOCK_SCHEMAS = Object.fromEntries(BLOCK_DEFINITIONS.map((definition) => [definition.type, definition.schema])) as BlockSchemas;
