import type { SerializeFrom } from '@remix-run/node';
import type { ResolvedBlock } from './data.server';
import { FeaturedDestinationsBlock, HeroBlock, LandingIntroBlock, MapViewBlock, SearchEntryBlock } from './home-blocks';
import { LegalDocumentBlock } from './legal-block';
import { HotelSearchBlock } from './search-blocks';
import { type PageRegistry, renderBlocks } from './block-list';

/**
 * The public pages' blocks (home, landings, legal). Each page imports the registry of its own
 * blocks (app/domain/page-kinds.ts says which; a type without a component fails the
 * typecheck), so the home page's JavaScript carries no wallet, trips or card form
 * (docs/decisions/0037). The account pages' registries: profile-registry.tsx and the routes
 * of single-page blocks; the sign-in dialogs, on every page, use auth-registry.tsx.
 */
const CONTENT_BLOCKS: PageRegistry<'home' | 'landing' | 'privacy-policy' | 'terms-of-use'> = {
  'home.hero': HeroBlock,
  'home.searchEntry': SearchEntryBlock,
  'home.mapView': MapViewBlock,
  'home.featuredDestinations': FeaturedDestinationsBlock,
  'landing.intro': LandingIntroBlock,
  'content.legal': LegalDocumentBlock,
  'search.hotel': HotelSearchBlock,
};

/** Renders a public page's resolved blocks in layout order. */
export function BlockList({ blocks }: { blocks: SerializeFrom<ResolvedBlock>[] }) {
  return renderBlocks(CONTENT_BLOCKS, blocks);
}
