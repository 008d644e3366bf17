import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ResetForm } from '~/components/auth/auth-forms';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { isTokenUsable, passwordProblem, requestMessages, resetPassword } from '~/services/identity/auth.server';
import { createSession } from '~/services/identity/session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const usable = await isTokenUsable('password_reset', context.org.orgId, token);
  // The token in the URL goes to no other site; `same-origin`, not `no-referrer`, which would make
  // the page's own form post with `Origin: null`, refused as cross-site (server/http.ts).
  return json({ token: usable ? token : null }, { headers: { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' } });
}

/** Sets the new password, ends every other session of the user, and signs this browser in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { org } = context;
  const t = requestMessages(context);
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  const problem = passwordProblem(password);
  if (problem) return json({ error: t(problem), token }, { status: 400 });
  const userId = await resetPassword(org, token, password);
  if (!userId) return json({ error: t('auth.linkInvalid'), token: null }, { status: 400 });
  const { setCookie } = await createSession(context, { userId });
  return redirect('/', { headers: { 'Set-Cookie': setCookie } });
}

export default function ResetPage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const token = data ? data.token : loaded.token;
  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('auth.forgot.title')}</h1>
      {token ? (
        <ResetForm token={token} error={data?.error} />
      ) : (
        <>
          <p role="alert">{t('auth.linkInvalid')}</p>
          <p>
            <Link to="/?forgot=true">{t('auth.forgotLink')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'reset');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
