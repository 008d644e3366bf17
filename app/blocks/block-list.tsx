import type { SerializeFrom } from '@remix-run/node';
import type { ComponentType } from 'react';
import type { Block, BlockType } from '#schemas/layout.schema';
import type { BlockTypeOf, PageKind } from '~/domain/page-kinds';
import type { MessageKey } from '~/i18n';
import { useMessages } from '~/i18n/messages-context';
import type { BlockData, ResolvedBlock } from './data.server';

/** Blocks and their data as the browser receives them (JSON: dates become strings). */
export type BlockProps<K extends BlockType> = { block: Extract<Block, { type: K }>; data: SerializeFrom<BlockData<K>> };

export type BlockRegistry<K extends BlockType = BlockType> = { [T in K]: ComponentType<BlockProps<T>> };

/** A component for every block the page(s) may hold (app/domain/page-kinds.ts): app/blocks/generated/views.<kind>.tsx. */
export type PageRegistry<P extends PageKind> = BlockRegistry<BlockTypeOf<P>>;

/**
 * Layout props name message keys; an unknown key (a typo in a layout) shows as itself. Here
 * rather than beside a page's blocks: the sign-in blocks use it on every page.
 */
export function useMessage() {
  const messages = useMessages();
  return (key: string) => (Object.hasOwn(messages, key) ? messages[key as MessageKey] : key);
}

/** Renders resolved blocks in layout order with the components of `registry`. */
export function renderBlocks(registry: Partial<BlockRegistry>, blocks: SerializeFrom<ResolvedBlock>[]) {
  return (
    <>
      {blocks.map((entry) => {
        const Component = entry.kind === 'unknown' ? undefined : registry[entry.block.type];
        if (entry.kind === 'unknown' || !Component) {
          const [id, type] = entry.kind === 'unknown' ? [entry.id, entry.type] : [entry.block.id, entry.block.type];
          return (
            <div key={id} className="block-unknown" role="note">
              Unknown block type “{type}” (block “{id}”) on this page.
            </div>
          );
        }
        // NOTE: TypeScript cannot correlate the union member with its registry entry; the map type guarantees it.
        const Typed = Component as ComponentType<{ block: typeof entry.block; data: typeof entry.data }>;
        return <Typed key={entry.block.id} block={entry.block} data={entry.data} />;
      })}
    </>
  );
}
