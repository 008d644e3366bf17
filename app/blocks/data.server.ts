import type { Block, BlockType, Layout } from '#schemas/layout.schema';
import { type AppEnv, getEnv } from '~/services/platform/env.server';
import { log } from '~/services/platform/logger.server';
import type { BlockContext } from './context.server';
import { blockResolvers } from './generated/resolvers.server';

type BlockOf<K extends BlockType> = Extract<Block, { type: K }>;

/** Every block type has a resolver (its folder's data.server.ts, else an empty one): missing one fails the typecheck. */
export type BlockResolvers = { [K in BlockType]: (block: BlockOf<K>, context: BlockContext) => Promise<unknown> };

export type BlockData<K extends BlockType> = Awaited<ReturnType<(typeof blockResolvers)[K]>>;

export type ResolvedBlock = { [K in BlockType]: { kind: 'block'; block: BlockOf<K>; data: BlockData<K> } }[BlockType] | { kind: 'unknown'; id: string; type: string };

function isKnownType(type: string): type is BlockType {
  return Object.hasOwn(blockResolvers, type);
}

/**
 * Resolves the data of every block of a layout, in parallel, before render. A block type
 * this build does not know (an admin-edited layout from a newer version, say) is shown as
 * a visible notice in development and skipped, with a log line, in production.
 */
export async function resolveLayout(layout: Layout, context: BlockContext, mode: AppEnv = getEnv().appEnv): Promise<ResolvedBlock[]> {
  const resolved = await Promise.all(
    layout.blocks.map(async (block): Promise<ResolvedBlock | null> => {
      const type: string = block.type;
      if (!isKnownType(type)) {
        log.warn('unknown block type skipped', { layout: layout.id, block: block.id, type });
        return mode === 'production' ? null : { kind: 'unknown', id: block.id, type };
      }
      const resolver = blockResolvers[block.type] as (b: typeof block, c: BlockContext) => Promise<unknown>;
      const data = await resolver(block, context);
      return { kind: 'block', block, data } as ResolvedBlock;
    }),
  );
  return resolved.filter((entry): entry is ResolvedBlock => entry !== null);
}
