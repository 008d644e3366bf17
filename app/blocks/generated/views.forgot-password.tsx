// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import AuthRecoveryEmail from '../auth.recoveryEmail/view';
import AuthSignInLink from '../auth.signInLink/view';
import AuthSubmit from '../auth.submit/view';
import AuthText from '../auth.text/view';

/** The views of the blocks forgot-password pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'forgot-password'> = {
  'auth.recoveryEmail': AuthRecoveryEmail,
  'auth.signInLink': AuthSignInLink,
  'auth.submit': AuthSubmit,
  'auth.text': AuthText,
};
