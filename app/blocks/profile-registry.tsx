import type { SerializeFrom } from '@remix-run/node';
import { type PageRegistry, renderBlocks } from './block-list';
import { MyBookingsBlock } from './bookings-block';
import type { ResolvedBlock } from './data.server';
import { ImpersonationBlock, MembershipBlock, ProfileSummaryBlock } from './profile-blocks';
import { SavedCardsBlock } from './saved-cards-block';
import { LoyaltyBlock } from './loyalty-block';

/** The member's and the agent's profile pages' blocks (app/domain/page-kinds.ts, docs/decisions/0037). */
const PROFILE_BLOCKS: PageRegistry<'user-profile' | 'agent-profile'> = {
  'profile.summary': ProfileSummaryBlock,
  'profile.membership': MembershipBlock,
  'profile.impersonation': ImpersonationBlock,
  'profile.savedCards': SavedCardsBlock,
  'profile.loyalty': LoyaltyBlock,
  'profile.bookings': MyBookingsBlock,
};

export function ProfileBlockList({ blocks }: { blocks: SerializeFrom<ResolvedBlock>[] }) {
  return renderBlocks(PROFILE_BLOCKS, blocks);
}
