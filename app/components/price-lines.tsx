import { useId } from 'react';
import { useShell, useT } from '~/components/shell-context';
import { formatMoney } from '~/domain/money';
import type { Breakdown, BreakdownLine } from '~/domain/price-breakdown';

/**
 * A price, line by line, ending with the total (and the struck-out "was" total when there is
 * one). The lines are app/domain/price-breakdown.ts's, which add up to the total as shown; each
 * says whether tax is in it, and the total in the charged currency follows when the page shows
 * another. Every product's breakdown is drawn with it.
 */
export function PriceLines({ breakdown, heading = true }: { breakdown: Breakdown; heading?: boolean }) {
  const t = useT();
  const id = useId();
  const { language } = useShell().locale;
  const shown = (amountMinor: number) => formatMoney({ amountMinor, currency: breakdown.currency }, breakdown.minorDigits, language);
  // A saving is shown with a minus sign of its own: Intl puts a hyphen-minus, which reads as a dash.
  const signed = (amountMinor: number) => (amountMinor < 0 ? `−${shown(-amountMinor)}` : shown(amountMinor));
  const label = (line: BreakdownLine) => {
    const rate = line.rate ? (line.rate.exact ? shown(line.rate.amountMinor) : t('price.about', { price: shown(line.rate.amountMinor) })) : '';
    return t(line.key, { ...line.counts, rate });
  };
  // The label and its tax note are elements of their own, so the label reads (and is found) alone.
  const note = (taxes: BreakdownLine['taxes']) =>
    taxes === 'tax' ? null : <span className="price-note">({t(taxes === 'before' ? 'price.note.before' : 'price.note.included')})</span>;
  const { charged } = breakdown;
  return (
    <section className="price-breakdown" aria-labelledby={heading ? id : undefined} aria-label={heading ? undefined : t('price.title')}>
      {heading ? <h3 id={id}>{t('price.title')}</h3> : null}
      <dl>
        {breakdown.lines.map((line) => (
          <div key={line.key}>
            <dt>
              <span>{label(line)}</span> {note(line.taxes)}
            </dt>
            <dd>{signed(line.amountMinor)}</dd>
          </div>
        ))}
        <div className="price-total">
          <dt>
            <span>{t('price.total')}</span> {note('included')}
          </dt>
          <dd>
            {breakdown.wasMinor !== null ? <s className="price-was">{t('price.was', { price: shown(breakdown.wasMinor) })}</s> : null} {shown(breakdown.totalMinor)}
          </dd>
        </div>
      </dl>
      {charged ? (
        <p className="price-charged">
          {t('price.charged', { currency: charged.currency, price: formatMoney({ amountMinor: charged.amountMinor, currency: charged.currency }, charged.minorDigits, language) })}
        </p>
      ) : null}
    </section>
  );
}
