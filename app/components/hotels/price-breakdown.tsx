import { useId } from 'react';
import { useT } from '~/components/shell-context';
import type { PriceBreakdown as Breakdown } from '~/services/hotel-pages.server';

/** The spec's room price, line by line, in the visitor's currency. */
export function PriceBreakdown({ price, heading = true }: { price: Breakdown; heading?: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <section className="price-breakdown" aria-labelledby={heading ? id : undefined} aria-label={heading ? undefined : t('price.title')}>
      {heading ? <h3 id={id}>{t('price.title')}</h3> : null}
      <dl>
        <div>
          <dt>{t('price.perNight')}</dt>
          <dd>{price.perNight.text}</dd>
        </div>
        <div>
          <dt>{t('price.nightsRooms', { nights: price.nights, rooms: price.rooms })}</dt>
          <dd>{price.beforeTax.text}</dd>
        </div>
        <div>
          <dt>{t('price.taxes')}</dt>
          <dd>{price.tax.text}</dd>
        </div>
        <div className="price-total">
          <dt>{t('price.total')}</dt>
          <dd>
            {price.strikeTotal ? <s className="price-was">{t('price.was', { price: price.strikeTotal.text })}</s> : null} {price.total.text}
          </dd>
        </div>
      </dl>
    </section>
  );
}
