import { isLandingSlug, landingHasSearch } from '~/domain/landing-pages';
import type { BlockContext, TypedBlock } from '../context.server';

export default async function resolveLandingIntro(_block: TypedBlock<'landing.intro'>, { pathname }: BlockContext) {
  const segment = pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  // The landing route only renders known slugs; 'hotels' covers a layout used elsewhere.
  const slug = isLandingSlug(segment) ? segment : ('hotels' as const);
  return { slug, hasSearch: landingHasSearch(slug) };
}
