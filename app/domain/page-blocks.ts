import type { BlockType } from '#schemas/layout.schema';
import type { PageKey } from '#schemas/org-config.schema';
import { isAuthBlockType } from './auth-layouts';

/**
 * Which blocks each page's layout may hold (docs/decisions/0037). A page's JavaScript carries
 * the components of its own blocks only, so a layout naming a block of another page would
 * have nothing to render it: such a layout is refused with the configuration, like a sign-in
 * block outside a sign-in layout. The public pages share their content blocks; each account
 * page holds the blocks whose data and actions it serves.
 */
const CONTENT = ['home.hero', 'home.searchEntry', 'home.mapView', 'home.featuredDestinations', 'landing.intro', 'search.hotel', 'content.legal'] as const;
const PROFILE = ['profile.summary', 'profile.membership', 'profile.impersonation', 'profile.savedCards', 'profile.loyalty', 'profile.bookings'] as const;

export const PAGE_BLOCKS = {
  home: CONTENT,
  landing: CONTENT,
  'privacy-policy': CONTENT,
  'terms-of-use': CONTENT,
  'user-profile': PROFILE,
  'agent-profile': PROFILE,
  'my-trips': ['trips.list'],
  'user-details': ['profile.details', 'profile.travelers'],
  wallet: ['wallet.topup'],
} as const satisfies Record<PageKey, readonly BlockType[]>;

export type PageBlockType<P extends PageKey> = (typeof PAGE_BLOCKS)[P][number];

/**
 * The blocks of a layout that the `page` cannot show; paths are the layout's own. Sign-in blocks
 * are left to the sign-in layout rules, which refuse them on a page with their own message.
 */
export function pageBlockProblems(page: PageKey, blocks: readonly { type: string }[]): { path: string; message: string }[] {
  const allowed: readonly string[] = PAGE_BLOCKS[page];
  return blocks.flatMap((block, index) =>
    allowed.includes(block.type) || isAuthBlockType(block.type)
      ? []
      : [{ path: `blocks.${index}.type`, message: `'${block.type}' does not belong on the ${page} page (it may hold ${allowed.join(', ')})` }],
  );
}
