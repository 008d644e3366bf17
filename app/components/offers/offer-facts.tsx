import { useT } from '~/components/shell-context';
import { type OfferFacts as Facts, factText } from '~/domain/offer-facts';

/** The one line that tells offers of a product apart (category, zone, ship, cuisine): `offers.facts.<code>` with the offer's facts. */
export function OfferFacts({ facts }: { facts: Facts }) {
  const t = useT();
  const values = Object.fromEntries(Object.entries(facts.facts).map(([key, value]) => [key, typeof value === 'number' ? value : factText(value)]));
  switch (facts.product) {
    case 'CRUISE':
      return (
        <p className="muted">
          {t('offers.facts.CRUISE', values)}
          <br />
          {t('offers.facts.ports', { ports: facts.facts.ports.join(' · ') })}
        </p>
      );
    case 'RESTAURANT':
      return <p className="muted">{t('offers.facts.RESTAURANT', { ...values, price: '$'.repeat(facts.facts.priceLevel) })}</p>;
    default:
      // Every other product's line reads its facts as they are.
      return <p className="muted">{t(`offers.facts.${facts.product}`, values)}</p>;
  }
}
