import { useUserDay } from '~/components/dates';
import { useShell, useT } from '~/components/shell-context';
import type { BlockProps } from '../block-list';

/**
 * The member's points on the profile (issue 34): for each point type its available points, those
 * pending until a booked trip starts, and its latest movements; with the loyalty membership
 * number the checkout's points calls carry. Nothing where the organisation has no points.
 */
export default function LoyaltyBlock({ data }: BlockProps<'profile.loyalty'>) {
  const t = useT();
  const { locale } = useShell();
  const day = useUserDay();
  if (!data) return null;
  const points = (count: number) => count.toLocaleString(locale.language);
  return (
    <section className="loyalty" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title">{t('loyalty.title')}</h2>
      <p>
        {t('loyalty.membershipNo')} <strong>{data.membershipNo}</strong>
      </p>
      {data.pointTypes.length === 0 ? <p>{t('loyalty.none')}</p> : null}
      {data.pointTypes.map((type) => (
        <article key={type.code} className="loyalty-type" aria-labelledby={`loyalty-${type.code}`}>
          <h3 id={`loyalty-${type.code}`}>{type.title}</h3>
          <dl className="loyalty-balance">
            <div>
              <dt>{t('loyalty.available')}</dt>
              <dd>{points(type.available)}</dd>
            </div>
            <div>
              <dt>{t('loyalty.pending')}</dt>
              <dd>{points(type.pending)}</dd>
            </div>
          </dl>
          {type.movements.length > 0 ? (
            <table className="loyalty-movements">
              <caption>{t('loyalty.movements', { title: type.title })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.date')}</th>
                  <th scope="col">{t('loyalty.what')}</th>
                  <th scope="col">{t('loyalty.points')}</th>
                </tr>
              </thead>
              <tbody>
                {type.movements.map((movement, index) => (
                  <tr key={`${movement.day}-${index}`}>
                    <td>{day(movement.day)}</td>
                    <td>{t(`loyalty.movement.${movement.kind}`)}</td>
                    <td className="loyalty-points">{`${movement.points > 0 ? '+' : '−'}${points(Math.abs(movement.points))}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </article>
      ))}
    </section>
  );
}
