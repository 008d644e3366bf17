import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useShell, useT } from '~/components/shell-context';
import type { BlockProps } from '../block-list';

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
export default function ImpersonationBlock({ data }: BlockProps<'profile.impersonation'>) {
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
