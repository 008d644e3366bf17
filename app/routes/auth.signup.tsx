import { type ActionFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { PAGE_AUTH_LINKS, SignUpForm } from '~/components/auth/auth-forms';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { passwordProblem, readEmailAddress, requestMessages, requestSignup, reserveMailRequest } from '~/services/identity/auth.server';
import { validName } from '~/domain/traveler';
import { submittedSignupMode } from '~/domain/auth-layouts';
import { hitRateLimit, visitorOf } from '~/services/identity/rate-limit.server';
import { isOpenInvitation } from '~/services/booking/trips.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = documentHeaders;

const INVITATION_FIELDS = ['accesscode', 'title', 'countrycode', 'phonenumber', 'lang', 'tripid'] as const;

/** Always the same answer, whether or not the e-mail has an account (S3); the e-mail says which. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { org } = context;
  const t = requestMessages(context);
  const form = await request.formData();
  const text = (name: string, max: number) =>
    String(form.get(name) ?? '')
      .trim()
      .slice(0, max);
  // Names as typed (not cut): a longer one is refused, not shortened.
  const values = {
    firstName: String(form.get('firstName') ?? '').trim(),
    lastName: String(form.get('lastName') ?? '').trim(),
    email: text('email', 254),
    accesscode: text('accesscode', 100),
  };
  const password = String(form.get('password') ?? '');
  const invalid = (field: string, error: string) => json({ ok: false as const, field, error, values }, { status: 400 });
  // auth.signupModes: a mode the organisation does not offer is refused before anything else.
  const mode = submittedSignupMode(values.accesscode);
  if (!org.auth.signupModes.includes(mode)) {
    const error = t(mode === 'email' ? 'auth.error.emailSignupNotOffered' : 'auth.error.invitationSignupNotOffered');
    return json({ ok: false as const, field: 'accesscode', error, values }, { status: 403 });
  }
  // Names reach the verification e-mail: one line of letters (validName), never free text.
  if (!validName(values.firstName)) return invalid('firstName', t('auth.error.firstName'));
  if (!validName(values.lastName)) return invalid('lastName', t('auth.error.lastName'));
  const email = readEmailAddress(values.email);
  if ('problem' in email) return invalid('email', t(email.problem));
  const passwordError = passwordProblem(password);
  if (passwordError) return invalid('password', t(passwordError));
  const invitation = Object.fromEntries(INVITATION_FIELDS.map((key) => [key, text(key, 100)]).filter(([, v]) => v));
  // Per visitor (address and session), then per e-mail: neither many addresses nor one address many times.
  const verdict = await hitRateLimit('signup', visitorOf(context));
  if (!verdict.ok) {
    const error = t('auth.error.tooManyRequests', { seconds: verdict.retryAfterSeconds });
    return json({ ok: false as const, field: null, error, values }, { status: 429, headers: { 'Retry-After': String(verdict.retryAfterSeconds) } });
  }
  // An invitation sign-up holds a real invitation to this e-mail: unused, unexpired, of this organisation
  // (after the rate limit, so codes cannot be guessed quickly).
  if (mode === 'invitation' && !(await isOpenInvitation(org.orgId, email.address, values.accesscode))) {
    return invalid('accesscode', t('auth.error.invitationCode'));
  }
  if (!(await reserveMailRequest('signup', org, email.address))) {
    return json({ ok: false as const, field: 'email', error: t('auth.error.tooManyMails'), values }, { status: 429 });
  }
  await requestSignup(org, { ...values, email: email.address, password, invitation, language: context.locale.language });
  return json({ ok: true as const, message: t('auth.signupSent') });
}

export default function SignUpPage() {
  const t = useT();
  const data = useActionData<typeof action>();
  return (
    <section className="auth-page" aria-labelledby="signup-title">
      <h1 id="signup-title">{t('auth.signUp.title')}</h1>
      <SignUpForm mode="choose" initial={data} links={PAGE_AUTH_LINKS} />
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'signUp');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
