// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import ProfileDetails from '../profile.details/view';
import ProfileTravelers from '../profile.travelers/view';

/** The views of the blocks user-details pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'user-details'> = {
  'profile.details': ProfileDetails,
  'profile.travelers': ProfileTravelers,
};
