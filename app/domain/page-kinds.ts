import { BLOCK_DEFINITIONS } from '~/blocks/generated/definitions';
import { PAGE_KIND_NAMES, type PageKind } from './page-kind-names';

export { PAGE_KIND_NAMES, type PageKind };

type BlockDefinition = (typeof BLOCK_DEFINITIONS)[number];
export type BlockTypeName = BlockDefinition['type'];
/** The blocks a `K` page may hold: those whose folder names `K` among its pages (app/blocks/<type>/schema.ts). */
export type BlockTypeOf<K extends PageKind> = BlockDefinition extends infer D
  ? D extends { type: infer T; pages: readonly (infer P)[] }
    ? K extends P
      ? T
      : never
    : never
  : never;

/**
 * Every kind of page an organisation lays out, and what its layout may hold (docs/decisions/0060):
 * the blocks it allows (each block's folder names its pages, decision 0061; a page's JavaScript
 * carries its own blocks' components only, decision 0037), those it cannot work without, those
 * that may appear more than once, and whether an organisation may lay it out per product. One
 * table serves the layout schema (schemas/layout.schema.ts), the one checker below, the one
 * getter (`getLayout`) and the configuration service's editor. Pure.
 */
export type PageKindRule<K extends PageKind = PageKind> = {
  /** How a message names the page: 'the wallet page', 'a sign-in layout', 'a checkout'. */
  readonly label: string;
  /** The blocks it allows: those whose folder names it among their pages. */
  readonly blocks: readonly BlockTypeOf<K>[];
  /** Blocks the page cannot work without (a form's fields and button); such a page says so rather than list what it may hold. */
  readonly requires?: readonly BlockTypeOf<K>[];
  /** Blocks that may appear more than once; without the list, any may. */
  readonly repeats?: readonly BlockTypeOf<K>[];
  /** An organisation may give some products a layout of their own (`{ default, byProduct }`). */
  readonly byProduct?: true;
};

const PAGE_KIND_RULES = {
  home: { label: 'the home page' },
  landing: { label: 'the landing page' },
  'privacy-policy': { label: 'the privacy-policy page' },
  'terms-of-use': { label: 'the terms-of-use page' },
  'user-profile': { label: 'the user-profile page' },
  'agent-profile': { label: 'the agent-profile page' },
  'my-trips': { label: 'the my-trips page' },
  'user-details': { label: 'the user-details page' },
  wallet: { label: 'the wallet page' },
  // Copy may repeat on a form; a field, the button or a link twice would post or show twice (decision 0027).
  'sign-in': { label: 'a sign-in layout', requires: ['auth.credentials', 'auth.submit'], repeats: ['auth.text'] },
  'sign-up': { label: 'a sign-up layout', requires: ['auth.newAccount', 'auth.submit'], repeats: ['auth.text'] },
  'forgot-password': { label: 'a forgot-password layout', requires: ['auth.recoveryEmail', 'auth.submit'], repeats: ['auth.text'] },
  // Without these a checkout cannot say what is bought, who travels, how they pay, what they
  // accept, or book; two payment blocks would share one card form, two submit blocks give two
  // forms (decision 0026). Slots may repeat, each name once.
  checkout: {
    label: 'a checkout',
    requires: ['checkout.summary', 'checkout.traveler', 'checkout.payment', 'checkout.acknowledgement', 'checkout.submit'],
    repeats: ['checkout.slot'],
    byProduct: true,
  },
} as const satisfies { [K in PageKind]: Omit<PageKindRule<K>, 'blocks'> };

type PageKinds = { readonly [K in PageKind]: (typeof PAGE_KIND_RULES)[K] & { readonly blocks: readonly BlockTypeOf<K>[] } };

export const PAGE_KINDS = Object.fromEntries(
  PAGE_KIND_NAMES.map((kind) => [
    kind,
    { ...PAGE_KIND_RULES[kind], blocks: BLOCK_DEFINITIONS.filter((block) => (block.pages as readonly string[]).includes(kind)).map((block) => block.type) },
  ]),
) as unknown as PageKinds;

/** The kinds an organisation may lay out per product. */
export type ByProductKind = { [K in PageKind]: (typeof PAGE_KIND_RULES)[K] extends { byProduct: true } ? K : never }[PageKind];

export const isPageKind = (value: unknown): value is PageKind => typeof value === 'string' && Object.hasOwn(PAGE_KINDS, value);

export type LayoutProblem = { path: string; message: string };

/** At most this many blocks on one page: past it a page is a list, not a layout (and the editor stops adding). */
export const MAX_BLOCKS_PER_LAYOUT = 30;

/** A checkout slot's name (a slot block carries it in its props); null for any other block. */
function slotNameOf(block: { type: string; props?: unknown }): string | null {
  if (block.type !== 'checkout.slot' || typeof block.props !== 'object' || block.props === null) return null;
  const { name } = block.props as { name?: unknown };
  return typeof name === 'string' ? name : null;
}

/**
 * Why `blocks` cannot serve as a `kind` page: a block the kind does not allow, a once-only block
 * repeated, a block the kind cannot work without missing. Paths are the layout's own. `known`
 * says which types exist at all: an unknown one is the schema's to name, not this check's.
 */
export function layoutProblems(kind: PageKind, blocks: readonly { type: string; props?: unknown }[], known: (type: string) => boolean = () => true): LayoutProblem[] {
  const rule: PageKindRule = PAGE_KINDS[kind];
  const allowed: readonly string[] = rule.blocks;
  const problems: LayoutProblem[] = [];
  const placed = new Set<string>();
  blocks.forEach((block, index) => {
    if (!allowed.includes(block.type)) {
      if (!known(block.type)) return;
      const mayHold = rule.requires ? '' : ` (it may hold ${allowed.join(', ')})`;
      problems.push({ path: `blocks.${index}.type`, message: `'${block.type}' does not belong on ${rule.label}${mayHold}` });
      return;
    }
    const slotName = slotNameOf(block);
    const place = slotName === null ? `'${block.type}' block` : `slot '${slotName}'`;
    const mayRepeat = !rule.repeats || (rule.repeats as readonly string[]).includes(block.type);
    // Slots may repeat, each name once: one slot is filled by one feature.
    if (placed.has(place) && (!mayRepeat || slotName !== null)) problems.push({ path: `blocks.${index}`, message: `${rule.label} has one ${place}` });
    placed.add(place);
  });
  for (const type of rule.requires ?? []) {
    if (!blocks.some((block) => block.type === type)) problems.push({ path: 'blocks', message: `${rule.label} needs a '${type}' block` });
  }
  if (blocks.length > MAX_BLOCKS_PER_LAYOUT) problems.push({ path: 'blocks', message: `${rule.label} holds at most ${MAX_BLOCKS_PER_LAYOUT} blocks` });
  return problems;
}
