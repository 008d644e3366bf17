// Written by scripts/block-index.ts from the block folders (docs/decisions/0061); do not edit.

import type { PageRegistry } from '~/blocks/block-list';
import AuthInvitationCode from '../auth.invitationCode/view';
import AuthNewAccount from '../auth.newAccount/view';
import AuthSignInLink from '../auth.signInLink/view';
import AuthSubmit from '../auth.submit/view';
import AuthText from '../auth.text/view';

/** The views of the blocks sign-up pages may hold (app/blocks/<type>/view.tsx). */
export const BLOCK_VIEWS: PageRegistry<'sign-up'> = {
  'auth.invitationCode': AuthInvitationCode,
  'auth.newAccount': AuthNewAccount,
  'auth.signInLink': AuthSignInLink,
  'auth.submit': AuthSubmit,
  'auth.text': AuthText,
};
