import { useLocation, useNavigate } from '@remix-run/react';
import { Dialog } from '~/components/dialog';
import { useShell, useT } from '~/components/shell-context';
import { type AuthDialog, authDialogFromParams, withoutParams } from '~/domain/auth-dialog-params';
import { ForgotForm, SignInForm, SignUpForm } from './auth-forms';

const DIALOG_KEYS = ['login', 'signup', 'register', 'forgot', 'type'];

/** Sign-in, sign-up and forgot-password dialogs opened by query parameters (spec §2), each from its layout. */
export function AuthDialogs() {
  const { org, user } = useShell();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const state = authDialogFromParams(params, { pathname: location.pathname, signedIn: Boolean(user), tripLinkPaths: org.auth.tripLinkPaths });
  if (!state.dialog) return null;

  const base = withoutParams(location.pathname, params, [...state.consumed, ...DIALOG_KEYS]);
  const hrefFor = (dialog: AuthDialog) => {
    const url = new URL(base, 'http://x');
    url.searchParams.set(dialog === 'signin' ? 'login' : dialog === 'signup' ? 'signup' : 'forgot', 'true');
    if (state.redirectTo) url.searchParams.set('redirectTo', state.redirectTo);
    return `${url.pathname}${url.search}`;
  };
  const close = () => navigate(base, { replace: true, preventScrollReset: true });
  const redirectTo = state.redirectTo ?? base;
  const links = { signIn: hrefFor('signin'), signUp: hrefFor('signup'), forgot: hrefFor('forgot') };

  switch (state.dialog) {
    case 'signin':
      return (
        <Dialog open title={t('auth.signIn.title')} onClose={close} closeHref={base} closeLabel={t('auth.close')} className="auth-dialog">
          <SignInForm redirectTo={redirectTo} prefill={state.prefill} links={links} />
        </Dialog>
      );
    case 'signup':
      return (
        <Dialog open title={t('auth.signUp.title')} onClose={close} closeHref={base} closeLabel={t('auth.close')} className="auth-dialog">
          <SignUpForm mode={state.signupMode} prefill={state.prefill} links={links} />
        </Dialog>
      );
    case 'forgot':
      return (
        <Dialog open title={t('auth.forgot.title')} onClose={close} closeHref={base} closeLabel={t('auth.close')} className="auth-dialog">
          <ForgotForm links={links} />
        </Dialog>
      );
  }
}
