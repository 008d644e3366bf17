import type { SignupMode } from './auth-dialog-params';

/**
 * The sign-in, sign-up and forgot-password forms (docs/decisions/0027; what their layouts may
 * hold is app/domain/page-kinds.ts's), and which sign-up modes an organisation's
 * `auth.signupModes` lets a visitor use. Pure.
 */
export const AUTH_LAYOUT_KINDS = ['signIn', 'signUp', 'forgotPassword'] as const;
export type AuthLayoutKind = (typeof AUTH_LAYOUT_KINDS)[number];
export type OfferedSignupMode = 'email' | 'invitation';

/** The page kind (app/domain/page-kinds.ts) whose layout each form takes its blocks from. */
export const AUTH_PAGE_KINDS = { signIn: 'sign-in', signUp: 'sign-up', forgotPassword: 'forgot-password' } as const satisfies Record<AuthLayoutKind, string>;

/**
 * The sign-up form's mode: what the link asked for ('choose' shows both ways in), narrowed to
 * what the organisation offers.
 */
export function offeredSignupMode(requested: SignupMode, offered: readonly OfferedSignupMode[]): SignupMode {
  if (!offered.includes('invitation')) return 'email';
  if (!offered.includes('email')) return 'invitation';
  return requested;
}

/** A sign-up posted with an access code is an invitation sign-up; without one, an e-mail sign-up. */
export function submittedSignupMode(accesscode: string): OfferedSignupMode {
  return accesscode ? 'invitation' : 'email';
}
