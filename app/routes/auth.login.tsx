import { type ActionFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { PAGE_AUTH_LINKS, SignInForm } from '~/components/auth/auth-forms';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import type { FingerprintHandle } from '~/components/fraud/use-fraud-widgets';
import { useT } from '~/components/shell-context';
import { attemptPasswordLogin, requestMessages } from '~/services/identity/auth.server';
import { createSession, safeRedirectPath } from '~/services/identity/session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** A throttled sign-in's Retry-After reaches the page without JavaScript too. */
export const headers = documentHeaders;

/** Sign-in form post (dialog fetcher, or a plain form without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { org } = context;
  const t = requestMessages(context);
  const form = await request.formData();
  const email = String(form.get('email') ?? '').slice(0, 320);
  const password = String(form.get('password') ?? '');
  const redirectTo = safeRedirectPath(form.get('redirectTo'));
  const values = { email, redirectTo };
  if (!email || !password) return json({ ok: false as const, error: t('auth.error.invalid'), values }, { status: 400 });
  const result = await attemptPasswordLogin(org, email, password, context.clientIp, context.userAgent);
  switch (result.kind) {
    case 'throttled':
      return json(
        { ok: false as const, error: t('auth.error.throttled', { seconds: result.retryAfterSeconds }), values },
        { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
      );
    case 'invalid':
      return json({ ok: false as const, error: t('auth.error.invalid'), values }, { status: 401 });
    case 'blocked':
      return json({ ok: false as const, error: t('auth.error.blocked'), values }, { status: 403 });
    case 'refused':
      return json({ ok: false as const, error: t('auth.error.refused'), values }, { status: 403 });
    case 'ok': {
      const { setCookie } = await createSession(context, { userId: result.userId });
      return redirect(redirectTo, { headers: { 'Set-Cookie': setCookie } });
    }
  }
}

/** Sign-in collects a fingerprint (spec §1), after the page is up (app/components/fraud/use-fraud-widgets.ts). */
export const handle: FingerprintHandle = { fingerprint: true };

export default function SignInPage() {
  const t = useT();
  const data = useActionData<typeof action>();
  return (
    <section className="auth-page" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('auth.signIn.title')}</h1>
      <SignInForm redirectTo={data && !data.ok ? data.values.redirectTo : '/'} initial={data} links={PAGE_AUTH_LINKS} />
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'signIn');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
