import { useId } from 'react';
import { useT } from '~/components/shell-context';

/**
 * A price, line by line, ending with the total (and the struck-out "was" total when there
 * is one). Every product's breakdown is drawn with it.
 */
export function PriceLines({
  lines,
  total,
  was,
  heading = true,
}: {
  lines: [label: string, amount: string][];
  total: string;
  was?: string | null;
  heading?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <section className="price-breakdown" aria-labelledby={heading ? id : undefined} aria-label={heading ? undefined : t('price.title')}>
      {heading ? <h3 id={id}>{t('price.title')}</h3> : null}
      <dl>
        {lines.map(([label, amount]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{amount}</dd>
          </div>
        ))}
        <div className="price-total">
          <dt>{t('price.total')}</dt>
          <dd>
            {was ? <s className="price-was">{t('price.was', { price: was })}</s> : null} {total}
          </dd>
        </div>
      </dl>
    </section>
  );
}
