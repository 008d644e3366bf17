import type { SerializeFrom } from '@remix-run/node';
import type { ResolvedBlock } from './data.server';
import { FeaturedDestinationsBlock, HeroBlock, LandingIntroBlock, MapViewBlock, SearchEntryBlock } from './home-blocks';
import { LegalDocumentBlock } from './legal-block';
import { HotelSearchBlock } from './search-blocks';
import { ImpersonationBlock, MembershipBlock, ProfileSummaryBlock } from './profile-blocks';
import { TripsListBlock } from './trips-block';
import { SavedCardsBlock } from './saved-cards-block';
import { MyBookingsBlock } from './bookings-block';
import { SavedTravelersBlock, UserDetailsBlock } from './user-details-blocks';
import { WalletTopupBlock } from './wallet-block';
import { AUTH_BLOCKS } from './auth-registry';
import { type BlockRegistry, renderBlocks } from './block-list';

/**
 * Every block type maps to a component; a type without one fails the typecheck. Page routes
 * use this list; the sign-in dialogs, on every page, use the auth blocks only (auth-registry),
 * so no page's JavaScript carries the profile, wallet or trips blocks unless it shows them.
 */
const registry: BlockRegistry = {
  'home.hero': HeroBlock,
  'home.searchEntry': SearchEntryBlock,
  'home.mapView': MapViewBlock,
  'home.featuredDestinations': FeaturedDestinationsBlock,
  'landing.intro': LandingIntroBlock,
  'content.legal': LegalDocumentBlock,
  'profile.summary': ProfileSummaryBlock,
  'profile.membership': MembershipBlock,
  'profile.impersonation': ImpersonationBlock,
  'profile.savedCards': SavedCardsBlock,
  'trips.list': TripsListBlock,
  'profile.bookings': MyBookingsBlock,
  'search.hotel': HotelSearchBlock,
  'profile.details': UserDetailsBlock,
  'profile.travelers': SavedTravelersBlock,
  'wallet.topup': WalletTopupBlock,
  ...AUTH_BLOCKS,
};

/** Renders a page's resolved blocks in layout order. */
export function BlockList({ blocks }: { blocks: SerializeFrom<ResolvedBlock>[] }) {
  return renderBlocks(registry, blocks);
}
