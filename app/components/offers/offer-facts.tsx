import { useT } from '~/components/shell-context';
import type { OfferFacts as Facts } from '~/domain/offer-facts';

/** The one line that tells offers of a product apart (category, zone, ship, cuisine). */
export function OfferFacts({ facts }: { facts: Facts }) {
  const t = useT();
  switch (facts.product) {
    case 'ACT':
      return (
        <p className="muted">{t('offers.facts.ACT', { category: facts.facts.category, meetingPoint: facts.facts.meetingPoint, languages: facts.facts.languages.join(', ') })}</p>
      );
    case 'TRF':
      return <p className="muted">{t('offers.facts.TRF', { airport: facts.facts.airportIata, zone: facts.facts.zone, km: facts.facts.distanceKm })}</p>;
    case 'CRUISE':
      return (
        <p className="muted">
          {t('offers.facts.CRUISE', { ship: facts.facts.ship, line: facts.facts.line, nights: facts.facts.nights, region: facts.facts.region })}
          <br />
          {t('offers.facts.ports', { ports: facts.facts.ports.join(' · ') })}
        </p>
      );
    case 'RESTAURANT':
      return <p className="muted">{t('offers.facts.RESTAURANT', { cuisine: facts.facts.cuisine, address: facts.facts.address, price: '$'.repeat(facts.facts.priceLevel) })}</p>;
  }
}
