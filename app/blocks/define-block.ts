import type { JSONSchema } from 'json-schema-to-ts';
import type { PageKind } from '~/domain/page-kind-names';

/**
 * A block's definition, the default export of its folder's `schema.ts` (docs/decisions/0061):
 * its type tag, the page kinds it may go on, and the JSON Schema of its layout entry. Pure: the
 * validator, the boot check and CI import it without React.
 */
const blockId = { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$' } as const;
const variant = { type: 'string', minLength: 1 } as const;

type Required<R extends boolean> = R extends true ? readonly ['id', 'type', 'props'] : readonly ['id', 'type'];

export const defineBlock = <const T extends string, const K extends readonly PageKind[], const P extends JSONSchema, const R extends boolean = false>(block: {
  type: T;
  pages: K;
  props: P;
  /** Whether a layout must give the props (their schema has required fields). */
  propsRequired?: R;
}) => ({
  type: block.type,
  pages: block.pages,
  schema: {
    type: 'object',
    properties: { id: blockId, type: { const: block.type }, variant, props: block.props },
    required: (block.propsRequired ? ['id', 'type', 'props'] : ['id', 'type']) as unknown as Required<R>,
    additionalProperties: false,
  } as const,
});

export type BlockDefinition = ReturnType<typeof defineBlock>;

export const noProps = { type: 'object', properties: {}, additionalProperties: false } as const;

/** A message key of the UI dictionaries (an organisation's copy may override it). */
export const messageKey = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)+$' } as const;
