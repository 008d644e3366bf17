import { Link } from '@remix-run/react';
import { createContext, useContext } from 'react';
import type { Invitation, SignupMode } from '~/domain/auth-dialog-params';
import type { AuthLayoutKind } from '~/domain/auth-layouts';
import { useMessage } from '~/blocks/block-list';

/**
 * What the blocks of a sign-in, sign-up or forgot-password form share: the form wraps the
 * layout's blocks (app/components/auth/auth-forms.tsx) and hands them this.
 */
export type AuthFormState = {
  kind: AuthLayoutKind;
  errorId: string;
  /** Whether the server's last answer blames this field. */
  isInvalid: (field: string) => boolean;
  values: Record<string, string> | undefined;
  prefill: Partial<Invitation>;
  busy: boolean;
  /** The sign-up mode, already narrowed to the organisation's auth.signupModes. */
  signupMode: SignupMode;
  /** Invitation is the only sign-up mode offered, so the access code must be given. */
  invitationRequired: boolean;
  links: { signIn: string; signUp: string; forgot: string };
};

export const AuthFormContext = createContext<AuthFormState | null>(null);

export function useAuthForm(): AuthFormState {
  const form = useContext(AuthFormContext);
  // Config validation keeps auth blocks out of other layouts (docs/decisions/0027).
  if (!form) throw new Error('auth blocks render only inside an auth form');
  return form;
}

type LinkProps = { promptKey?: string; linkKey?: string };

/**
 * The view of a link between the forms (`auth.forgotLink`, `auth.signUpLink`, `auth.signInLink`):
 * an optional prompt, then the link to the form `to` with the layout's text or `defaultKey`. One
 * component for the three: the sign-in forms are in every page's JavaScript.
 */
export function authLinkBlock(to: keyof AuthFormState['links'], defaultKey: string) {
  return function AuthLinkBlock({ block }: { block: { props?: LinkProps } }) {
    const message = useMessage();
    const { links } = useAuthForm();
    const { promptKey, linkKey = defaultKey } = block.props ?? {};
    return (
      <p className="auth-links">
        {promptKey ? `${message(promptKey)} ` : null}
        <Link to={links[to]} replace>
          {message(linkKey)}
        </Link>
      </p>
    );
  };
}

export const AuthFormProvider = AuthFormContext.Provider;
