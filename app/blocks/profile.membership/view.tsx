import { Link } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';
import type { BlockProps } from '../block-list';
import { dateTimeFormat } from '~/domain/intl-format';

function formatDate(value: string, language: string): string {
  // 'YYYY-MM-DD' is a calendar date: format it in UTC so no time zone shifts the day.
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export default function MembershipBlock({ data }: BlockProps<'profile.membership'>) {
  const t = useT();
  const { locale } = useShell();
  const s = data.subscription;
  return (
    <section className="profile-membership" aria-labelledby="membership-title">
      <h2 id="membership-title">{t('profile.membership.title')}</h2>
      {s ? (
        <dl className="profile-facts">
          <div>
            <dt>{t('profile.membership.plan')}</dt>
            <dd>
              {s.plan_name} <span className="muted">({s.plan_code})</span>
            </dd>
          </div>
          <div>
            <dt>{t('profile.membership.status')}</dt>
            <dd>
              <span className={`status status-${s.plan_status.toLowerCase()}`}>{t(`profile.membership.${s.plan_status}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('profile.membership.memberSince')}</dt>
            <dd>{formatDate(s.member_since, locale.language)}</dd>
          </div>
          <div>
            <dt>{t('profile.membership.expires')}</dt>
            <dd>{formatDate(s.plan_expiry_date, locale.language)}</dd>
          </div>
          <div>
            <dt>{t('profile.membership.price')}</dt>
            <dd>{s.plan_price.text}</dd>
          </div>
          {s.subscription_debt.amountMinor > 0 ? (
            <div>
              <dt>{t('profile.membership.debt')}</dt>
              <dd className="debt">{s.subscription_debt.text}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p>{t('profile.membership.none')}</p>
      )}
      {s?.next_payment_by_org ? <p>{t('profile.membership.paidByOrg')}</p> : null}
      <p>
        <Link className="button" to="?plans=open" preventScrollReset>
          {t('plans.open')}
        </Link>
      </p>
    </section>
  );
}
