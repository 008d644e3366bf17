import { Link, useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useShell, useT } from '~/components/shell-context';
import type { BlockProps } from './block-list';
import { dateTimeFormat } from '~/domain/intl-format';

export function ProfileSummaryBlock({ data }: BlockProps<'profile.summary'>) {
  const t = useT();
  if (!data.user) return null;
  const user = data.user;
  return (
    <section className="profile-summary" aria-labelledby="profile-title">
      <h1 id="profile-title">{user.userName}</h1>
      <dl className="profile-facts">
        <div>
          <dt>{t('auth.email')}</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>{t('profile.role')}</dt>
          <dd>{t(`profile.role.${user.role}`)}</dd>
        </div>
      </dl>
      <p>
        <Link to="/user-details">{t('profile.userDetailsLink')}</Link>
      </p>
      <p>
        <Link to="/wallet">{t('wallet.link')}</Link>
      </p>
      {user.is_demo ? (
        <p className="notice notice-warning" role="note">
          {t('profile.demo')}
        </p>
      ) : null}
      {user.impersonated_by ? (
        <p className="notice notice-info" role="note">
          {t('profile.impersonatedBy')}
        </p>
      ) : null}
    </section>
  );
}

function formatDate(value: string, language: string): string {
  // 'YYYY-MM-DD' is a calendar date: format it in UTC so no time zone shifts the day.
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export function MembershipBlock({ data }: BlockProps<'profile.membership'>) {
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

type IssueAnswer = { status: number; message?: string; data?: { impersonate_key: string; expires_at: string; url: string } };

function ImpersonationRow({ candidate }: { candidate: { userId: string; name: string; email: string } }) {
  const t = useT();
  const fetcher = useFetcher<IssueAnswer>();
  const linkId = useId();
  const answer = fetcher.data;
  return (
    <li className="impersonation-row">
      <span>
        {candidate.name} <span className="muted">{candidate.email}</span>
      </span>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => fetcher.submit({ user_id: candidate.userId }, { method: 'post', action: '/api/auth/impersonation-keys', encType: 'application/json' })}
      >
        {t('profile.impersonation.signInAs', { name: candidate.name })}
      </button>
      {answer?.data ? (
        <div className="impersonation-link">
          <label htmlFor={linkId}>{t('profile.impersonation.link', { name: candidate.name })}</label>
          <input id={linkId} type="text" readOnly value={answer.data.url} onFocus={(e) => e.currentTarget.select()} />
          <a href={answer.data.url} target="_blank" rel="noreferrer">
            {t('profile.impersonation.open')}
          </a>
        </div>
      ) : answer?.message ? (
        <p role="alert" className="auth-error">
          {answer.message}
        </p>
      ) : null}
    </li>
  );
}

/** Agents (members) and admins (non-admins): single-use sign-in links. Nothing for others. */
export function ImpersonationBlock({ data }: BlockProps<'profile.impersonation'>) {
  const t = useT();
  const { user } = useShell();
  if (!user || (user.role !== 'agent' && user.role !== 'admin')) return null;
  return (
    <section className="profile-impersonation" aria-labelledby="impersonation-title">
      <h2 id="impersonation-title">{t('profile.impersonation.title')}</h2>
      <p>{t('profile.impersonation.intro')}</p>
      {data.candidates.length === 0 ? (
        <p>{t('profile.impersonation.none')}</p>
      ) : (
        <ul className="impersonation-list">
          {data.candidates.map((c) => (
            <ImpersonationRow key={c.userId} candidate={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
