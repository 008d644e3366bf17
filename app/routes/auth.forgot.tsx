import { type ActionFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { ForgotForm, PAGE_AUTH_LINKS } from '~/components/auth/auth-forms';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { readEmailAddress, requestMessages, requestPasswordReset, reserveMailRequest } from '~/services/identity/auth.server';
import { hitRateLimit, visitorOf } from '~/services/identity/rate-limit.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = documentHeaders;

/** Always the same answer (S3); only an existing account gets a reset link. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { org } = context;
  const t = requestMessages(context);
  const form = await request.formData();
  const email = String(form.get('email') ?? '')
    .trim()
    .slice(0, 254);
  const read = readEmailAddress(email);
  if ('problem' in read) return json({ ok: false as const, error: t(read.problem), values: { email } }, { status: 400 });
  const verdict = await hitRateLimit('reset', visitorOf(context));
  if (!verdict.ok) {
    const error = t('auth.error.tooManyRequests', { seconds: verdict.retryAfterSeconds });
    return json({ ok: false as const, error, values: { email } }, { status: 429, headers: { 'Retry-After': String(verdict.retryAfterSeconds) } });
  }
  if (!(await reserveMailRequest('reset', org, read.address))) {
    return json({ ok: false as const, error: t('auth.error.tooManyMails'), values: { email } }, { status: 429 });
  }
  await requestPasswordReset(org, read.address);
  return json({ ok: true as const, message: t('auth.resetSent') });
}

export default function ForgotPage() {
  const t = useT();
  const data = useActionData<typeof action>();
  return (
    <section className="auth-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('auth.forgot.title')}</h1>
      <ForgotForm initial={data} links={PAGE_AUTH_LINKS} />
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'forgot');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
