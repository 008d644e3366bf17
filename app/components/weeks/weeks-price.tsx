import { useId } from 'react';
import { useT } from '~/components/shell-context';

type Money = { text: string };

/** A week price line by line, in the visitor's currency. */
export function WeeksPriceBreakdown({ price, heading = true }: { price: { perWeek: Money; total: Money; weeks: number; nights: number }; heading?: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <section className="price-breakdown" aria-labelledby={heading ? id : undefined} aria-label={heading ? undefined : t('price.title')}>
      {heading ? <h3 id={id}>{t('price.title')}</h3> : null}
      <dl>
        <div>
          <dt>{t('weeks.price.perWeek')}</dt>
          <dd>{price.perWeek.text}</dd>
        </div>
        <div>
          <dt>{t('weeks.price.weeks', { weeks: price.weeks, nights: price.nights })}</dt>
          <dd>{price.total.text}</dd>
        </div>
        <div className="price-total">
          <dt>{t('price.total')}</dt>
          <dd>{price.total.text}</dd>
        </div>
      </dl>
    </section>
  );
}
