import type { BlockContext, TypedBlock } from '../context.server';

export default async function resolveProfileSummary(_block: TypedBlock<'profile.summary'>, { user }: BlockContext) {
  return { user };
}
