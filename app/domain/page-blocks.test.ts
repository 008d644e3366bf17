import { describe, expect, it } from 'vitest';
import type { BlockType } from '#schemas/layout.schema';
import { type PageKey, pageKeys } from '#schemas/org-config.schema';
import { PAGE_BLOCKS, type PageBlockType, pageBlockProblems } from './page-blocks';

// Compile time: every block type but the sign-in ones (auth layouts, auth-layouts.ts) belongs
// on some page, so every block has a page whose registry must render it.
type Homeless = Exclude<BlockType, PageBlockType<PageKey> | `auth.${string}`>;
const everyBlockHasAPage: [Homeless] extends [never] ? true : Homeless = true;

describe('the blocks each page may hold', () => {
  it('name a page for every block type but the sign-in ones', () => {
    expect(everyBlockHasAPage).toBe(true);
    expect(Object.keys(PAGE_BLOCKS).sort()).toEqual([...pageKeys].sort());
  });

  it('accept a page’s own blocks and name every other one with its path', () => {
    expect(pageBlockProblems('home', [{ type: 'home.hero' }, { type: 'search.hotel' }, { type: 'content.legal' }])).toEqual([]);
    expect(pageBlockProblems('wallet', [{ type: 'wallet.topup' }, { type: 'profile.savedCards' }])).toEqual([
      { path: 'blocks.1.type', message: "'profile.savedCards' does not belong on the wallet page (it may hold wallet.topup)" },
    ]);
    expect(pageBlockProblems('user-profile', [{ type: 'trips.list' }])[0]?.path).toBe('blocks.0.type');
    // A sign-in block before it (refused by the sign-in layout rules) does not shift the path.
    expect(pageBlockProblems('user-profile', [{ type: 'auth.signIn' }, { type: 'trips.list' }]).map((p) => p.path)).toEqual(['blocks.1.type']);
  });
});
