// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import ProfileBookings from '../profile.bookings/view';
import ProfileImpersonation from '../profile.impersonation/view';
import ProfileLoyalty from '../profile.loyalty/view';
import ProfileMembership from '../profile.membership/view';
import ProfileSavedCards from '../profile.savedCards/view';
import ProfileSummary from '../profile.summary/view';

/** The views of the blocks agent-profile pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'agent-profile'> = {
  'profile.bookings': ProfileBookings,
  'profile.impersonation': ProfileImpersonation,
  'profile.loyalty': ProfileLoyalty,
  'profile.membership': ProfileMembership,
  'profile.savedCards': ProfileSavedCards,
  'profile.summary': ProfileSummary,
};
