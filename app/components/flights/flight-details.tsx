import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { DetailsShell } from '~/components/search/page-shell';
import { useT } from '~/components/shell-context';
import { AddToTrip } from '~/components/trips/add-to-trip';
import { flightTripCandidate } from '~/domain/add-to-trip';
import { flightSearchParams } from '~/domain/flight-query';
import type { loadFlightDetails } from '~/products/flight/flight-pages.server';
import { FareConditions, FlightPriceBreakdown, LegDetails, useLegLabel } from './flight-itinerary';

/** /flight/details: the offer's itinerary, then each branded fare with its conditions and price. */
export function FlightDetailsView({ page }: { page: SerializeFrom<typeof loadFlightDetails> }) {
  const { search, offer, fares } = page;
  const t = useT();
  const legLabel = useLegLabel(search.tripType);
  const params = flightSearchParams(search);
  const first = offer.legs[0]!;
  const last = offer.legs[offer.legs.length - 1]!;
  return (
    <DetailsShell className="flight-details" titleId="flight-title" back={`/flight/search-details?${params.toString()}`}>
      <h1 id="flight-title">{t('flight.details.title', { from: first.from, to: search.tripType === 'roundtrip' ? first.to : last.to })}</h1>
      <p className="muted">{t('flight.details.party', { cabin: t(`flight.cabin.${search.cabin}`), count: search.adults + search.children + search.infants })}</p>
      <AddToTrip product="FLT" candidate={flightTripCandidate(page)} />
      {offer.legs.map((leg, i) => (
        <LegDetails key={leg.itineraryId} leg={leg} label={legLabel(i)} headingLevel={2} />
      ))}
      <section aria-labelledby="fares-title">
        <h2 id="fares-title">{t('flight.details.fares')}</h2>
        {fares.length === 0 ? <p role="status">{t('flight.details.soldOut')}</p> : null}
        <ul className="room-list">
          {fares.map((fare) => (
            <li key={fare.brand.code} className="room-card">
              <h3>{fare.brand.name}</h3>
              <FareConditions brand={fare.brand} />
              <FlightPriceBreakdown price={fare.price} heading={false} />
              <Form method="post" action="/flight/checkout">
                {[...params.entries()].map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <input type="hidden" name="offer" value={offer.id} />
                <input type="hidden" name="brandedfare" value={fare.brand.code} />
                <button type="submit" className="button button-primary">
                  {t('flight.details.select', { fare: fare.brand.name })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </DetailsShell>
  );
}
