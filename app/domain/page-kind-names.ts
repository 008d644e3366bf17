/**
 * The kinds of page an organisation lays out, by name (what each allows and requires is
 * app/domain/page-kinds.ts's). Apart from that table so a block's folder can say which pages it
 * goes on without the table and the blocks naming each other. Pure.
 */
export const PAGE_KIND_NAMES = [
  'home',
  'landing',
  'privacy-policy',
  'terms-of-use',
  'user-profile',
  'agent-profile',
  'my-trips',
  'user-details',
  'wallet',
  'sign-in',
  'sign-up',
  'forgot-password',
  'checkout',
] as const;

export type PageKind = (typeof PAGE_KIND_NAMES)[number];

/** The public pages a content block may go on. */
export const CONTENT_PAGES = ['home', 'landing', 'privacy-policy', 'terms-of-use'] as const satisfies readonly PageKind[];
/** The member's and the agent's profile pages. */
export const PROFILE_PAGES = ['user-profile', 'agent-profile'] as const satisfies readonly PageKind[];
