import type { SerializeFrom } from '@remix-run/node';
import type { ComponentType } from 'react';
import type { Block, BlockType } from '#schemas/layout.schema';
import type { BlockData, ResolvedBlock } from './data.server';
import { FeaturedDestinationsBlock, HeroBlock, LandingIntroBlock, MapViewBlock, SearchEntryBlock } from './home-blocks';
import { LegalDocumentBlock } from './legal-block';
import { HotelSearchBlock } from './search-blocks';
import { ImpersonationBlock, MembershipBlock, ProfileSummaryBlock } from './profile-blocks';
import { TripsListBlock } from './trips-block';
import { SavedCardsBlock } from './saved-cards-block';
import { MyBookingsBlock } from './bookings-block';
import { SavedTravelersBlock, UserDetailsBlock } from './user-details-blocks';
import { WalletTopupBlock } from './wallet-block';
import {
  AuthCredentialsBlock,
  AuthForgotLinkBlock,
  AuthInvitationCodeBlock,
  AuthNewAccountBlock,
  AuthRecoveryEmailBlock,
  AuthSignInLinkBlock,
  AuthSignUpLinkBlock,
  AuthSubmitBlock,
  AuthTextBlock,
} from './auth-blocks';

/** Blocks and their data as the browser receives them (JSON: dates become strings). */
export type BlockProps<K extends BlockType> = { block: Extract<Block, { type: K }>; data: SerializeFrom<BlockData<K>> };

/** Every block type maps to a component; a type without one fails the typecheck. */
const registry: { [K in BlockType]: ComponentType<BlockProps<K>> } = {
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
  'auth.text': AuthTextBlock,
  'auth.credentials': AuthCredentialsBlock,
  'auth.newAccount': AuthNewAccountBlock,
  'auth.invitationCode': AuthInvitationCodeBlock,
  'auth.recoveryEmail': AuthRecoveryEmailBlock,
  'auth.submit': AuthSubmitBlock,
  'auth.forgotLink': AuthForgotLinkBlock,
  'auth.signUpLink': AuthSignUpLinkBlock,
  'auth.signInLink': AuthSignInLinkBlock,
};

/** Renders a page's resolved blocks in layout order. */
export function BlockList({ blocks }: { blocks: SerializeFrom<ResolvedBlock>[] }) {
  return (
    <>
      {blocks.map((entry) => {
        if (entry.kind === 'unknown') {
          return (
            <div key={entry.id} className="block-unknown" role="note">
              Unknown block type “{entry.type}” (block “{entry.id}”): add it to app/blocks/registry.tsx.
            </div>
          );
        }
        // NOTE: TypeScript cannot correlate the union member with its registry entry; the map type guarantees it.
        const Component = registry[entry.block.type] as ComponentType<{ block: typeof entry.block; data: typeof entry.data }>;
        return <Component key={entry.block.id} block={entry.block} data={entry.data} />;
      })}
    </>
  );
}
