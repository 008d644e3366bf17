import { Link, useFetcher } from '@remix-run/react';
import { type ReactNode, useId } from 'react';
import { useT } from '~/components/shell-context';
import type { Invitation, SignupMode } from '~/domain/auth-dialog-params';

/** What the auth action routes answer when they do not redirect. */
export type AuthFormResult =
  | { ok: false; error: string; field?: string | null; values?: Record<string, string> }
  | { ok: true; message: string };

type FieldProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  defaultValue?: string;
  hint?: string;
  errorId?: string;
  invalid?: boolean;
  minLength?: number;
  maxLength?: number;
  required?: boolean;
};

function Field({ label, name, type = 'text', autoComplete, defaultValue, hint, errorId, invalid, minLength, maxLength, required = true }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        minLength={minLength}
        maxLength={maxLength}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function FormError({ id, error }: { id: string; error: string | undefined }) {
  // Always rendered so screen readers announce the message when it appears.
  return (
    <p id={id} role="alert" className={error ? 'auth-error' : 'auth-error auth-error-empty'}>
      {error ?? ''}
    </p>
  );
}

function useAuthFetcher(key: string, initial: AuthFormResult | undefined) {
  const fetcher = useFetcher<AuthFormResult>({ key });
  const result = fetcher.data ?? initial;
  return { fetcher, result, busy: fetcher.state !== 'idle' };
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <button type="submit" className="button button-primary auth-submit" aria-disabled={busy || undefined}>
      {busy ? t('auth.working') : children}
    </button>
  );
}

export function SignInForm({
  redirectTo,
  prefill = {},
  initial,
  forgotHref,
  signupHref,
}: {
  redirectTo: string;
  prefill?: Partial<Invitation>;
  initial?: AuthFormResult;
  forgotHref: string;
  signupHref: string;
}) {
  const t = useT();
  const errorId = useId();
  const { fetcher, result, busy } = useAuthFetcher('signin', initial);
  const error = result && !result.ok ? result.error : undefined;
  const values = result && !result.ok ? result.values : undefined;
  return (
    <fetcher.Form method="post" action="/auth/login" className="auth-form" noValidate={false}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {prefill.accesscode ? <input type="hidden" name="accesscode" value={prefill.accesscode} /> : null}
      <FormError id={errorId} error={error} />
      <Field label={t('auth.email')} name="email" type="email" autoComplete="username" defaultValue={values?.email ?? prefill.email} errorId={errorId} invalid={Boolean(error)} maxLength={254} />
      <Field label={t('auth.password')} name="password" type="password" autoComplete="current-password" errorId={errorId} invalid={Boolean(error)} maxLength={256} />
      <Submit busy={busy}>{t('auth.submitSignIn')}</Submit>
      <p className="auth-links">
        <Link to={forgotHref} replace>
          {t('auth.forgotLink')}
        </Link>
      </p>
      <p className="auth-links">
        {t('auth.noAccount')}{' '}
        <Link to={signupHref} replace>
          {t('auth.createAccountLink')}
        </Link>
      </p>
    </fetcher.Form>
  );
}

export function SignUpForm({
  mode,
  prefill = {},
  initial,
  signinHref,
}: {
  mode: SignupMode;
  prefill?: Partial<Invitation>;
  initial?: AuthFormResult;
  signinHref: string;
}) {
  const t = useT();
  const errorId = useId();
  const { fetcher, result, busy } = useAuthFetcher('signup', initial);
  if (result?.ok) {
    return (
      <p role="status" className="auth-success">
        {result.message}
      </p>
    );
  }
  const error = result ? result.error : undefined;
  const field = result && !result.ok ? result.field : undefined;
  const values = result && !result.ok ? result.values : undefined;
  return (
    <fetcher.Form method="post" action="/auth/signup" className="auth-form">
      <FormError id={errorId} error={error} />
      {mode === 'invitation'
        ? (['title', 'countrycode', 'phonenumber', 'lang', 'tripid'] as const).map((key) =>
            prefill[key] ? <input key={key} type="hidden" name={key} value={prefill[key]} /> : null,
          )
        : null}
      <Field label={t('auth.firstName')} name="firstName" autoComplete="given-name" defaultValue={values?.firstName ?? prefill.firstname} errorId={errorId} invalid={field === 'firstName'} maxLength={100} />
      <Field label={t('auth.lastName')} name="lastName" autoComplete="family-name" defaultValue={values?.lastName ?? prefill.lastname} errorId={errorId} invalid={field === 'lastName'} maxLength={100} />
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" defaultValue={values?.email ?? prefill.email} errorId={errorId} invalid={field === 'email'} maxLength={254} />
      <Field label={t('auth.password')} name="password" type="password" autoComplete="new-password" hint={t('auth.passwordHint')} errorId={errorId} invalid={field === 'password'} minLength={8} maxLength={256} />
      {mode === 'email' ? null : (
        <Field label={t('auth.accessCode')} name="accesscode" autoComplete="off" defaultValue={values?.accesscode ?? prefill.accesscode} required={false} maxLength={100} />
      )}
      <Submit busy={busy}>{t('auth.submitSignUp')}</Submit>
      <p className="auth-links">
        {t('auth.haveAccount')}{' '}
        <Link to={signinHref} replace>
          {t('auth.signInLink')}
        </Link>
      </p>
    </fetcher.Form>
  );
}

export function ForgotForm({ initial, signinHref }: { initial?: AuthFormResult; signinHref: string }) {
  const t = useT();
  const errorId = useId();
  const { fetcher, result, busy } = useAuthFetcher('forgot', initial);
  if (result?.ok) {
    return (
      <p role="status" className="auth-success">
        {result.message}
      </p>
    );
  }
  const error = result ? result.error : undefined;
  return (
    <fetcher.Form method="post" action="/auth/forgot" className="auth-form">
      <FormError id={errorId} error={error} />
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" errorId={errorId} invalid={Boolean(error)} maxLength={254} />
      <Submit busy={busy}>{t('auth.submitForgot')}</Submit>
      <p className="auth-links">
        <Link to={signinHref} replace>
          {t('auth.signInLink')}
        </Link>
      </p>
    </fetcher.Form>
  );
}

/** Used by the reset page: a plain form (the token travels in a hidden field). */
export function ResetForm({ token, error }: { token: string; error?: string }) {
  const t = useT();
  const errorId = useId();
  return (
    <form method="post" className="auth-form">
      <input type="hidden" name="token" value={token} />
      <FormError id={errorId} error={error} />
      <Field label={t('auth.newPassword')} name="password" type="password" autoComplete="new-password" hint={t('auth.passwordHint')} errorId={errorId} invalid={Boolean(error)} minLength={8} maxLength={256} />
      <button type="submit" className="button button-primary auth-submit">
        {t('auth.submitReset')}
      </button>
    </form>
  );
}
