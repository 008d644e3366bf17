import { productNav } from '~/domain/landing-pages';
import type { BlockContext, TypedBlock } from '../context.server';

export default async function resolveSearchEntry(block: TypedBlock<'home.searchEntry'>, { org }: BlockContext) {
  const wanted = block.props?.products;
  // Only products that have a landing page and that the org sells, in the org's order.
  return { links: productNav(org.products.filter((code) => (wanted ? wanted.includes(code) : true))) };
}
