import type { SerializeFrom } from '@remix-run/node';
import { useFetcher } from '@remix-run/react';
import { type ReactNode, useId } from 'react';
import { AuthFormProvider, type AuthFormState } from './auth-form-state';
import type { ResolvedBlock } from '~/blocks/data.server';
import { type BlockRegistry, renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS as FORGOT_PASSWORD_VIEWS } from '~/blocks/generated/views.forgot-password';
import { BLOCK_VIEWS as SIGN_IN_VIEWS } from '~/blocks/generated/views.sign-in';
import { BLOCK_VIEWS as SIGN_UP_VIEWS } from '~/blocks/generated/views.sign-up';
import { useShell, useT } from '~/components/shell-context';
import type { Invitation, SignupMode } from '~/domain/auth-dialog-params';
import { type AuthLayoutKind, offeredSignupMode } from '~/domain/auth-layouts';
import { Field, FormError } from './auth-fields';

/** What the auth action routes answer when they do not redirect. */
export type AuthFormResult = { ok: false; error: string; field?: string | null; values?: Record<string, string> } | { ok: true; message: string };

/** Where the links between the sign-in, sign-up and forgot-password forms lead. */
export type AuthLinks = AuthFormState['links'];

function useAuthFetcher(key: string, initial: AuthFormResult | undefined) {
  const fetcher = useFetcher<AuthFormResult>({ key });
  const result = fetcher.data ?? initial;
  return { fetcher, result, busy: fetcher.state !== 'idle' };
}

const ACTIONS: Record<AuthLayoutKind, string> = { signIn: '/auth/login', signUp: '/auth/signup', forgotPassword: '/auth/forgot' };
const VIEWS = { signIn: SIGN_IN_VIEWS, signUp: SIGN_UP_VIEWS, forgotPassword: FORGOT_PASSWORD_VIEWS } satisfies Record<AuthLayoutKind, Partial<BlockRegistry>>;

/**
 * One form around the blocks of the organisation's layout for `kind` (docs/decisions/0027):
 * the dialogs and the full pages both render through it.
 */
function AuthLayoutForm({
  kind,
  initial,
  prefill = {},
  links,
  signupMode = 'choose',
  children,
}: {
  kind: AuthLayoutKind;
  initial: AuthFormResult | undefined;
  prefill?: Partial<Invitation>;
  links: AuthLinks;
  signupMode?: SignupMode;
  /** Hidden fields the blocks do not own (where to go next, an invitation's details). */
  children?: ReactNode;
}) {
  const { org } = useShell();
  const errorId = useId();
  const { fetcher, result, busy } = useAuthFetcher(kind === 'signIn' ? 'signin' : kind === 'signUp' ? 'signup' : 'forgot', initial);
  if (result?.ok) {
    return (
      <p role="status" className="auth-success">
        {result.message}
      </p>
    );
  }
  const error = result?.error;
  // Sign-up names the field at fault; sign-in and forgot-password blame the whole form.
  const isInvalid = (field: string) => (kind === 'signUp' ? result?.field === field : Boolean(error));
  const form: AuthFormState = {
    kind,
    errorId,
    isInvalid,
    values: result?.values,
    prefill,
    busy,
    signupMode,
    invitationRequired: !org.auth.signupModes.includes('email'),
    links,
  };
  // Sign-in blocks resolve no data (they have no data.server.ts), so the layout renders as it is.
  // The shell carries the layouts wherever a form shows (shell.server's publicOrg), so never none here.
  const blocks = (org.authLayouts?.[kind] ?? []).map((block) => ({ kind: 'block', block, data: null })) as SerializeFrom<ResolvedBlock>[];
  return (
    <fetcher.Form method="post" action={ACTIONS[kind]} className="auth-form">
      {children}
      <FormError id={errorId} error={error} />
      <AuthFormProvider value={form}>{renderBlocks(VIEWS[kind], blocks)}</AuthFormProvider>
    </fetcher.Form>
  );
}

export function SignInForm({ redirectTo, prefill = {}, initial, links }: { redirectTo: string; prefill?: Partial<Invitation>; initial?: AuthFormResult; links: AuthLinks }) {
  return (
    <AuthLayoutForm kind="signIn" initial={initial} prefill={prefill} links={links}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {prefill.accesscode ? <input type="hidden" name="accesscode" value={prefill.accesscode} /> : null}
    </AuthLayoutForm>
  );
}

/** `mode` is what the link asked for; the organisation's auth.signupModes narrows it. */
export function SignUpForm({ mode, prefill = {}, initial, links }: { mode: SignupMode; prefill?: Partial<Invitation>; initial?: AuthFormResult; links: AuthLinks }) {
  const { org } = useShell();
  const signupMode = offeredSignupMode(mode, org.auth.signupModes);
  return (
    <AuthLayoutForm kind="signUp" initial={initial} prefill={prefill} links={links} signupMode={signupMode}>
      {signupMode === 'invitation'
        ? (['title', 'countrycode', 'phonenumber', 'lang', 'tripid'] as const).map((key) =>
            prefill[key] ? <input key={key} type="hidden" name={key} value={prefill[key]} /> : null,
          )
        : null}
    </AuthLayoutForm>
  );
}

export function ForgotForm({ initial, links }: { initial?: AuthFormResult; links: AuthLinks }) {
  return <AuthLayoutForm kind="forgotPassword" initial={initial} links={links} />;
}

/** The full pages' links: each opens the other form as a dialog over the home page. */
export const PAGE_AUTH_LINKS: AuthLinks = { signIn: '/?login=true', signUp: '/?signup=true', forgot: '/?forgot=true' };

/** Used by the reset page: a plain form (the token travels in a hidden field). */
export function ResetForm({ token, error }: { token: string; error?: string }) {
  const t = useT();
  const errorId = useId();
  return (
    <form method="post" className="auth-form">
      <input type="hidden" name="token" value={token} />
      <FormError id={errorId} error={error} />
      <Field
        label={t('auth.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        errorId={errorId}
        invalid={Boolean(error)}
        minLength={8}
        maxLength={256}
      />
      <button type="submit" className="button button-primary auth-submit">
        {t('auth.submitReset')}
      </button>
    </form>
  );
}
