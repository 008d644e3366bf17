import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { joinTripUrl } from '~/domain/auth-dialog-params';
import { completeSignup, isTokenUsable, requestMessages } from '~/services/identity/auth.server';
import { createSession } from '~/services/identity/session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/**
 * The link only shows a confirm button: the account is created by the POST, because mail
 * scanners open links (GET) on their own and would use the single-use token up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const usable = await isTokenUsable('signup', context.org.orgId, token);
  // The token in the URL goes to no other site; `same-origin`, not `no-referrer`, which would make
  // the page's own form post with `Origin: null`, refused as cross-site (server/http.ts).
  return json({ token: usable ? token : null }, { headers: { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const created = await completeSignup(context.org, token);
  if (!created) return json({ error: requestMessages(context)('auth.linkInvalid') }, { status: 400 });
  const { setCookie } = await createSession(context, { userId: created.userId });
  // Signed up from a trip invitation: the join page adds them to the trip with its code.
  const next = created.invitation ? joinTripUrl(created.invitation.tripId, created.invitation.accessCode) : '/user/profile';
  return redirect(next, { headers: { 'Set-Cookie': setCookie } });
}

export default function VerifyPage() {
  const t = useT();
  const { token } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <section className="auth-page" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('auth.verify.title')}</h1>
      {token && !data ? (
        <Form method="post" className="auth-form">
          <input type="hidden" name="token" value={token} />
          <p>{t('auth.verify.body')}</p>
          <button type="submit" className="button button-primary auth-submit">
            {t('auth.verify.submit')}
          </button>
        </Form>
      ) : (
        <>
          <p role="alert">{t('auth.linkInvalid')}</p>
          <p>
            <Link to="/?signup=true">{t('auth.createAccountLink')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'verify');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
