import type { BlockContext, TypedBlock } from '../context.server';

export default async function resolveLegalDocument(block: TypedBlock<'content.legal'>, { org }: BlockContext) {
  return { document: org.legal[block.props.document], orgName: org.name, supportEmail: org.support.email };
}
