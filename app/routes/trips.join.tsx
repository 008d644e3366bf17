import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { postJson } from '~/components/post-json';
import { useT } from '~/components/shell-context';
import { invitationSignInUrl, myTripsUrl } from '~/domain/auth-dialog-params';
import { normalizeEmail } from '~/domain/login-throttle';
import { requireUser } from '~/http/require-session.server';
import { useHydrated } from '~/components/use-hydrated';
import { addUserToTrip } from '~/services/booking/trips.server';
import { pageMeta } from '~/i18n/page-meta';

/**
 * Where a sign-in or sign-up from a trip invitation lands (joinTripUrl): the page joins the trip
 * with the link's code (POST /api/trips/addUserToTrip, spec §7) and then opens it. Someone
 * signed out is asked to sign in first and comes back here. Someone signed in as another account
 * than the one invited is told so and may sign out and continue as the invited one; the code is
 * not tried (an invitation only ever admits its own e-mail address).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireUser(context.session, request.url);
  const params = new URL(request.url).searchParams;
  const tripId = params.get('tripid')?.slice(0, 100) ?? '';
  const accessCode = params.get('accesscode')?.slice(0, 100) ?? '';
  const invited = params.get('email')?.slice(0, 320).trim() ?? '';
  const otherAccount = invited !== '' && normalizeEmail(invited) !== normalizeEmail(user.email) ? { invited, current: user.email } : null;
  return json({ tripId, accessCode, userId: user.userId, otherAccount });
}

/** Joined now, or by this very link before (a reload, a second opening): either way the trip opens. */
function joined(status: number, body: unknown): boolean {
  return status === 200 || (status === 409 && (body as { data?: { member?: boolean } } | null)?.data?.member === true);
}

/**
 * Without JavaScript the page's "Join the trip" button posts here: the same call as the script
 * makes, then the trip opens, or the page says why not.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, userDbId } = requireUser(context.session, request.url);
  const form = await request.formData();
  const tripId = String(form.get('tripid') ?? '').slice(0, 100);
  const accessCode = String(form.get('accesscode') ?? '').slice(0, 100);
  const actor = { orgId: context.org.orgId, userDbId, userId: user.userId, email: user.email, language: context.locale.language };
  const answer = await addUserToTrip(actor, { mytrip_id: tripId, user_id: user.userId, accesscode: accessCode });
  const body: unknown = answer.body;
  if (joined(answer.status, body)) throw redirect(myTripsUrl(tripId));
  return json({ problem: (body as { message?: string } | null)?.message ?? String(answer.status) }, { status: answer.status });
}

/**
 * The code is in the URL: it must not leave for another site in a Referer nor stay in a cache.
 * `same-origin`, not `no-referrer`: under the latter the join button's post goes with
 * `Origin: null`, which the cross-site guard (server/http.ts) rightly refuses.
 */
export const headers = () => ({ 'Referrer-Policy': 'same-origin', 'Cache-Control': 'private, no-store' });

export default function JoinTrip() {
  const t = useT();
  const navigate = useNavigate();
  const { tripId, accessCode, userId, otherAccount } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);
  const shownProblem = problem ?? posted?.problem ?? null;

  useEffect(() => {
    if (otherAccount) return;
    const controller = new AbortController();
    void postJson('/api/trips/addUserToTrip', { mytrip_id: tripId, user_id: userId, accesscode: accessCode }, {}, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      if (joined(answer.status, answer.body)) navigate(myTripsUrl(tripId), { replace: true });
      else setProblem((answer.body as { message?: string } | null)?.message ?? String(answer.status));
    });
    return () => controller.abort();
  }, [tripId, accessCode, userId, otherAccount, navigate]);

  return (
    <section className="auth-page" aria-labelledby="join-title">
      <h1 id="join-title">{t('tripJoin.title')}</h1>
      {otherAccount ? (
        <>
          <p role="alert" className="notice notice-warning">
            {t('tripJoin.wrongAccount', otherAccount)}
          </p>
          <Form method="post" action="/auth/logout">
            <input type="hidden" name="redirectTo" value={invitationSignInUrl(tripId, accessCode, otherAccount.invited)} />
            <button type="submit" className="button button-primary">
              {t('tripJoin.signOutAndContinue', { invited: otherAccount.invited })}
            </button>
          </Form>
          <p>
            <Link to="/user/my-trips">{t('tripJoin.myTrips')}</Link>
          </p>
        </>
      ) : shownProblem ? (
        <>
          <p role="alert" className="notice notice-warning">
            {t('tripJoin.failed', { reason: shownProblem })}
          </p>
          <p>
            <Link to="/user/my-trips">{t('tripJoin.myTrips')}</Link>
          </p>
        </>
      ) : (
        <>
          {/* Joining is the script's; without it, the button does the same. */}
          <p role="status">{hydrated ? t('tripJoin.working') : null}</p>
          <Form method="post" className="trip-join-form">
            <input type="hidden" name="tripid" value={tripId} />
            <input type="hidden" name="accesscode" value={accessCode} />
            <noscript>
              <button type="submit" className="button button-primary">
                {t('tripJoin.join')}
              </button>
            </noscript>
          </Form>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'tripJoin');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
