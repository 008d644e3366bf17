import type { SerializeFrom } from '@remix-run/node';
import type { BlockType } from '#schemas/layout.schema';
import {
  AuthCredentialsBlock,
  AuthForgotLinkBlock,
  AuthInvitationCodeBlock,
  AuthNewAccountBlock,
  AuthRecoveryEmailBlock,
  AuthSignInLinkBlock,
  AuthSignUpLinkBlock,
  AuthSubmitBlock,
  AuthTextBlock,
} from './auth-blocks';
import { type BlockRegistry, renderBlocks } from './block-list';
import type { ResolvedBlock } from './data.server';

type AuthBlockType = Extract<BlockType, `auth.${string}`>;

/** The sign-in, sign-up and forgot-password blocks (their layouts allow no others: app/domain/auth-layouts.ts). */
export const AUTH_BLOCKS: BlockRegistry<AuthBlockType> = {
  'auth.text': AuthTextBlock,
  'auth.credentials': AuthCredentialsBlock,
  'auth.newAccount': AuthNewAccountBlock,
  'auth.invitationCode': AuthInvitationCodeBlock,
  'auth.recoveryEmail': AuthRecoveryEmailBlock,
  'auth.submit': AuthSubmitBlock,
  'auth.forgotLink': AuthForgotLinkBlock,
  'auth.signUpLink': AuthSignUpLinkBlock,
  'auth.signInLink': AuthSignInLinkBlock,
};

/** Renders an auth layout's resolved blocks in layout order. */
export function AuthBlockList({ blocks }: { blocks: SerializeFrom<ResolvedBlock>[] }) {
  return renderBlocks(AUTH_BLOCKS, blocks);
}
