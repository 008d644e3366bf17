import type { SignupMode } from './auth-dialog-params';

/**
 * What the sign-in, sign-up and forgot-password layouts may hold (docs/decisions/0027), and
 * which sign-up modes an organisation's `auth.signupModes` lets a visitor use. Pure.
 */
export const AUTH_LAYOUT_KINDS = ['signIn', 'signUp', 'forgotPassword'] as const;
export type AuthLayoutKind = (typeof AUTH_LAYOUT_KINDS)[number];
export type OfferedSignupMode = 'email' | 'invitation';

type Rule = { label: string; required: readonly string[]; optional: readonly string[] };

export const AUTH_LAYOUT_RULES: Record<AuthLayoutKind, Rule> = {
  signIn: { label: 'sign-in', required: ['auth.credentials', 'auth.submit'], optional: ['auth.text', 'auth.forgotLink', 'auth.signUpLink'] },
  signUp: { label: 'sign-up', required: ['auth.newAccount', 'auth.submit'], optional: ['auth.text', 'auth.invitationCode', 'auth.signInLink'] },
  forgotPassword: { label: 'forgot-password', required: ['auth.recoveryEmail', 'auth.submit'], optional: ['auth.text', 'auth.signInLink'] },
};

/** Blocks that only work inside a sign-in, sign-up or forgot-password form. */
export function isAuthBlockType(type: string): boolean {
  return type.startsWith('auth.');
}

/** Copy may repeat; a field, the button or a link twice would post or show twice. */
const REPEATABLE = new Set(['auth.text']);

/**
 * Why a layout cannot serve as the `kind` page: a block the page cannot work without is
 * missing, or a block belongs to another page or repeats. Paths are the layout's own.
 */
export function authLayoutProblems(kind: AuthLayoutKind, blocks: readonly { type: string }[]): { path: string; message: string }[] {
  const rule = AUTH_LAYOUT_RULES[kind];
  const problems: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  blocks.forEach((block, index) => {
    if (!rule.required.includes(block.type) && !rule.optional.includes(block.type)) {
      problems.push({ path: `blocks.${index}.type`, message: `'${block.type}' does not belong on a ${rule.label} layout` });
    } else if (seen.has(block.type) && !REPEATABLE.has(block.type)) {
      problems.push({ path: `blocks.${index}.type`, message: `'${block.type}' appears more than once` });
    }
    seen.add(block.type);
  });
  for (const type of rule.required) {
    if (!seen.has(type)) problems.push({ path: 'blocks', message: `a ${rule.label} layout needs a '${type}' block` });
  }
  return problems;
}

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
