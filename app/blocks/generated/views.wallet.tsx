// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import WalletTopup from '../wallet.topup/view';

/** The views of the blocks wallet pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'wallet'> = {
  'wallet.topup': WalletTopup,
};
