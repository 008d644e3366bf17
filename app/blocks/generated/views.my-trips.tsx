// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import TripsList from '../trips.list/view';

/** The views of the blocks my-trips pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'my-trips'> = {
  'trips.list': TripsList,
};
