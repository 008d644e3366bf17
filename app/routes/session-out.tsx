import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** Where a failed session check or impersonation link sends the visitor. */
export async function loader({ request }: LoaderFunctionArgs) {
  const reason = new URL(request.url).searchParams.get('reason') === 'impersonation' ? 'impersonation' : 'ended';
  return json({ reason }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function SessionOut() {
  const t = useT();
  const { reason } = useLoaderData<typeof loader>();
  return (
    <section className="auth-page" aria-labelledby="session-out-title">
      <h1 id="session-out-title">{t('auth.sessionOut.title')}</h1>
      <p>{reason === 'impersonation' ? t('auth.sessionOut.impersonation') : t('auth.sessionOut.body')}</p>
      <p>
        <Link className="button button-primary" to="/?login=true">
          {t('auth.signInLink')}
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'sessionOut');
