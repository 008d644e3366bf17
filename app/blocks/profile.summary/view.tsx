import { Link } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import type { BlockProps } from '../block-list';

export default function ProfileSummaryBlock({ data }: BlockProps<'profile.summary'>) {
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
