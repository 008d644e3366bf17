// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import AuthCredentials from '../auth.credentials/view';
import AuthForgotLink from '../auth.forgotLink/view';
import AuthSignUpLink from '../auth.signUpLink/view';
import AuthSubmit from '../auth.submit/view';
import AuthText from '../auth.text/view';

/** The views of the blocks sign-in pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'sign-in'> = {
  'auth.credentials': AuthCredentials,
  'auth.forgotLink': AuthForgotLink,
  'auth.signUpLink': AuthSignUpLink,
  'auth.submit': AuthSubmit,
  'auth.text': AuthText,
};
