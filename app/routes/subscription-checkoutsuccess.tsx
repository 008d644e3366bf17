import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useShell, useT } from '~/components/shell-context';
import { isValidBookingId } from '~/domain/booking-submit';
import { formatChargedAmount } from '~/domain/charge';
import { subscriptionPurchaseView } from '~/domain/membership';
import { subscriptionPurchase } from '~/services/membership/membership.server';
import { requireUser } from '~/http/require-session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';
import { dateTimeFormat } from '~/domain/intl-format';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/**
 * The subscription success path (spec §2, §4 step 5):
 * /subscription-checkoutsuccess?booking_id=…&is_renewal=…&charge_org=…&is_t=…. The plans modal
 * suppresses the redirect here and follows the booking live instead; this page is where a
 * purchase can be looked at again. Only its member sees it; anyone else gets a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = requireUser(context.session, request.url);
  const reference = new URL(request.url).searchParams.get('booking_id');
  const purchase = isValidBookingId(reference) ? await subscriptionPurchase({ org: context.org, session }, reference) : null;
  if (!purchase) throw json({ status: 404, message: 'No such membership purchase' }, { status: 404 });
  return json({ purchase }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function SubscriptionCheckoutSuccess() {
  const { purchase } = useLoaderData<typeof loader>();
  const t = useT();
  const { locale, org, user } = useShell();
  const date = (day: string) => dateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const money = (major: number) => formatChargedAmount({ amountMinor: Math.round(major * 100), currency: purchase.currency }, locale.language);
  const expiry = purchase.subscription?.plan_expiry_date;
  const view = subscriptionPurchaseView(purchase.status);
  const amountLabel = { charged: 'subscriptionSuccess.amount', due: 'subscriptionSuccess.amountDue', notCharged: 'subscriptionSuccess.amountNotCharged' } as const;
  return (
    <div className="success-page">
      <h1>{t('subscriptionSuccess.heading')}</h1>
      {view.says === 'confirmed' && expiry ? (
        <p className="hold-notice" role="status">
          {purchase.is_trial
            ? t('subscriptionSuccess.trial', { date: date(expiry) })
            : t(purchase.is_renewal ? 'subscriptionSuccess.renewed' : 'subscriptionSuccess.active', { plan: purchase.plan_name, date: date(expiry) })}
        </p>
      ) : view.says === 'failed' ? (
        <p className="field-error" role="alert">
          {t('subscriptionSuccess.failed', { reason: purchase.failure_text ?? t('plans.paymentError.default') })}
        </p>
      ) : view.says === 'unpaid' ? (
        <p role="status">{t('subscriptionSuccess.unpaid')}</p>
      ) : (
        <p role="status">{t('subscriptionSuccess.pending')}</p>
      )}
      <dl className="profile-facts">
        <div>
          <dt>{t('subscriptionSuccess.reference')}</dt>
          <dd>{purchase.booking_id}</dd>
        </div>
        <div>
          <dt>{t('plans.chosenPlan')}</dt>
          <dd>{purchase.plan_name}</dd>
        </div>
        <div>
          <dt>{t(amountLabel[view.amount])}</dt>
          <dd>{money(purchase.amount)}</dd>
        </div>
        {purchase.debt_payed > 0 ? (
          <div>
            <dt>{t('subscriptionSuccess.debt')}</dt>
            <dd>{money(purchase.debt_payed)}</dd>
          </div>
        ) : null}
      </dl>
      {purchase.charge_org ? <p>{t('subscriptionSuccess.byOrg', { org: org.name })}</p> : null}
      <p>
        <Link className="button" to={user?.role === 'agent' ? '/agent/profile' : '/user/profile'}>
          {t('subscriptionSuccess.profile')}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'membershipConfirmation');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
