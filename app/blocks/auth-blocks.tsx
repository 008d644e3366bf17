import { Link } from '@remix-run/react';
import { createContext, useContext } from 'react';
import { Field, Submit } from '~/components/auth/auth-fields';
import { useT } from '~/components/shell-context';
import type { Invitation, SignupMode } from '~/domain/auth-dialog-params';
import type { AuthLayoutKind } from '~/domain/auth-layouts';
import type { MessageKey } from '~/i18n';
import { type BlockProps, useMessage } from './block-list';

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

const AuthFormContext = createContext<AuthFormState | null>(null);
export const AuthFormProvider = AuthFormContext.Provider;

function useAuthForm(): AuthFormState {
  const form = useContext(AuthFormContext);
  // Config validation keeps auth blocks out of other layouts (docs/decisions/0027).
  if (!form) throw new Error('auth blocks render only inside an auth form');
  return form;
}

const SUBMIT_LABELS: Record<AuthLayoutKind, MessageKey> = {
  signIn: 'auth.submitSignIn',
  signUp: 'auth.submitSignUp',
  forgotPassword: 'auth.submitForgot',
};

export function AuthTextBlock({ block }: BlockProps<'auth.text'>) {
  const message = useMessage();
  return <p className="auth-intro">{message(block.props.textKey)}</p>;
}

export function AuthCredentialsBlock() {
  const t = useT();
  const form = useAuthForm();
  return (
    <>
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={form.values?.email ?? form.prefill.email}
        errorId={form.errorId}
        invalid={form.isInvalid('email')}
        maxLength={254}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        errorId={form.errorId}
        invalid={form.isInvalid('password')}
        maxLength={256}
      />
    </>
  );
}

export function AuthNewAccountBlock() {
  const t = useT();
  const { values, prefill, errorId, isInvalid } = useAuthForm();
  return (
    <>
      <Field
        label={t('auth.firstName')}
        name="firstName"
        autoComplete="given-name"
        defaultValue={values?.firstName ?? prefill.firstname}
        errorId={errorId}
        invalid={isInvalid('firstName')}
        maxLength={100}
      />
      <Field
        label={t('auth.lastName')}
        name="lastName"
        autoComplete="family-name"
        defaultValue={values?.lastName ?? prefill.lastname}
        errorId={errorId}
        invalid={isInvalid('lastName')}
        maxLength={100}
      />
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email ?? prefill.email}
        errorId={errorId}
        invalid={isInvalid('email')}
        maxLength={254}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        errorId={errorId}
        invalid={isInvalid('password')}
        minLength={8}
        maxLength={256}
      />
    </>
  );
}

/** Shown unless the form signs up by e-mail only (the link asked for it, or the organisation offers nothing else). */
export function AuthInvitationCodeBlock() {
  const t = useT();
  const { signupMode, invitationRequired, values, prefill, errorId, isInvalid } = useAuthForm();
  if (signupMode === 'email') return null;
  return (
    <Field
      label={t('auth.accessCode')}
      name="accesscode"
      autoComplete="off"
      defaultValue={values?.accesscode ?? prefill.accesscode}
      errorId={errorId}
      invalid={isInvalid('accesscode')}
      required={invitationRequired}
      maxLength={100}
    />
  );
}

export function AuthRecoveryEmailBlock() {
  const t = useT();
  const { errorId, isInvalid } = useAuthForm();
  return <Field label={t('auth.email')} name="email" type="email" autoComplete="email" errorId={errorId} invalid={isInvalid('email')} maxLength={254} />;
}

export function AuthSubmitBlock({ block }: BlockProps<'auth.submit'>) {
  const message = useMessage();
  const { kind, busy } = useAuthForm();
  return <Submit busy={busy}>{message(block.props?.labelKey ?? SUBMIT_LABELS[kind])}</Submit>;
}

function AuthLink({ to, promptKey, linkKey }: { to: string; promptKey: string | undefined; linkKey: string }) {
  const message = useMessage();
  return (
    <p className="auth-links">
      {promptKey ? `${message(promptKey)} ` : null}
      <Link to={to} replace>
        {message(linkKey)}
      </Link>
    </p>
  );
}

export function AuthForgotLinkBlock({ block }: BlockProps<'auth.forgotLink'>) {
  const { links } = useAuthForm();
  return <AuthLink to={links.forgot} promptKey={block.props?.promptKey} linkKey={block.props?.linkKey ?? 'auth.forgotLink'} />;
}

export function AuthSignUpLinkBlock({ block }: BlockProps<'auth.signUpLink'>) {
  const { links } = useAuthForm();
  return <AuthLink to={links.signUp} promptKey={block.props?.promptKey} linkKey={block.props?.linkKey ?? 'auth.createAccountLink'} />;
}

export function AuthSignInLinkBlock({ block }: BlockProps<'auth.signInLink'>) {
  const { links } = useAuthForm();
  return <AuthLink to={links.signIn} promptKey={block.props?.promptKey} linkKey={block.props?.linkKey ?? 'auth.signInLink'} />;
}
