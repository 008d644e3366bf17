import { describe, expect, it } from 'vitest';
import { BLOCK_SCHEMAS, type BlockTypeName } from '#schemas/blocks.schema';
import { type BlockTypeOf, PAGE_KIND_NAMES, PAGE_KINDS, type PageKind, layoutProblems } from './page-kinds';

// Compile time: every block type belongs on some kind of page, so some page's renderers must render it.
type Homeless = Exclude<BlockTypeName, BlockTypeOf<PageKind>>;
const everyBlockHasAKind: [Homeless] extends [never] ? true : Homeless = true;

const types = (...names: string[]) => names.map((type) => ({ type }));

describe('the page-kind table', () => {
  it('gives every block type a kind, and every block schema its own type', () => {
    expect(everyBlockHasAKind).toBe(true);
    for (const [type, schema] of Object.entries(BLOCK_SCHEMAS)) expect(schema.properties.type.const).toBe(type);
  });

  it('lets a kind require and repeat only blocks it allows', () => {
    for (const kind of PAGE_KIND_NAMES) {
      const rule: { blocks: readonly string[]; requires?: readonly string[]; repeats?: readonly string[] } = PAGE_KINDS[kind];
      for (const type of [...(rule.requires ?? []), ...(rule.repeats ?? [])]) expect(rule.blocks, `${kind}: ${type}`).toContain(type);
    }
  });
});

describe('layoutProblems', () => {
  it('accepts a kind’s own blocks in any order, without its optional ones, repeating what may repeat', () => {
    expect(layoutProblems('home', types('home.hero', 'search.hotel', 'content.legal', 'home.hero'))).toEqual([]);
    expect(layoutProblems('sign-in', types('auth.text', 'auth.signUpLink', 'auth.credentials', 'auth.submit', 'auth.text'))).toEqual([]);
    expect(layoutProblems('forgot-password', types('auth.recoveryEmail', 'auth.submit', 'auth.signInLink'))).toEqual([]);
    const slot = (name: string) => ({ type: 'checkout.slot', props: { name } });
    const checkout = types('checkout.summary', 'checkout.traveler', 'checkout.payment', 'checkout.acknowledgement', 'checkout.submit');
    expect(layoutProblems('checkout', [...checkout, slot('coupons'), slot('points')])).toEqual([]);
  });

  it('names a block of another kind with its path: a page says what it may hold, a form names itself', () => {
    expect(layoutProblems('wallet', types('wallet.topup', 'profile.savedCards'))).toEqual([
      { path: 'blocks.1.type', message: "'profile.savedCards' does not belong on the wallet page (it may hold wallet.topup)" },
    ]);
    expect(layoutProblems('forgot-password', types('auth.recoveryEmail', 'auth.submit', 'auth.invitationCode'))).toEqual([
      { path: 'blocks.2.type', message: "'auth.invitationCode' does not belong on a forgot-password layout" },
    ]);
  });

  it('leaves a type no kind knows to the schema', () => {
    expect(layoutProblems('wallet', types('wallet.topup', 'wallet.lottery'), (type) => type.startsWith('wallet.t'))).toEqual([]);
  });

  it('names a missing required block and a repeated once-only one, a slot once per name', () => {
    expect(layoutProblems('sign-in', types('auth.submit', 'auth.forgotLink'))).toEqual([{ path: 'blocks', message: "a sign-in layout needs a 'auth.credentials' block" }]);
    expect(layoutProblems('sign-in', types('auth.credentials', 'auth.credentials', 'auth.submit'))).toEqual([
      { path: 'blocks.1', message: "a sign-in layout has one 'auth.credentials' block" },
    ]);
    const slot = { type: 'checkout.slot', props: { name: 'membership' } };
    expect(layoutProblems('checkout', [...types('checkout.summary', 'checkout.traveler', 'checkout.payment', 'checkout.acknowledgement', 'checkout.submit'), slot, slot])).toEqual([
      { path: 'blocks.6', message: "a checkout has one slot 'membership'" },
    ]);
  });
});
