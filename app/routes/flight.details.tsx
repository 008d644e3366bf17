import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FareConditions, FlightPriceBreakdown, LegDetails, useLegLabel } from '~/components/flights/flight-itinerary';
import { useT } from '~/components/shell-context';
import { flightSearchParams } from '~/domain/flight-query';
import { loadFlightDetails } from '~/services/flight-pages.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadFlightDetails(context, new URL(request.url)));
}

export default function FlightDetails() {
  const { search, offer, fares } = useLoaderData<typeof loader>();
  const t = useT();
  const legLabel = useLegLabel(search.tripType);
  const params = flightSearchParams(search);
  const first = offer.legs[0]!;
  const last = offer.legs[offer.legs.length - 1]!;
  return (
    <article className="details-page flight-details" aria-labelledby="flight-title">
      <p>
        <Link to={`/flight/search-details?${params.toString()}`}>{t('details.backToResults')}</Link>
      </p>
      <h1 id="flight-title">{t('flight.details.title', { from: first.from, to: search.tripType === 'roundtrip' ? first.to : last.to })}</h1>
      <p className="muted">{t('flight.details.party', { cabin: t(`flight.cabin.${search.cabin}`), count: search.adults + search.children + search.infants })}</p>
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
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Flight ${data.offer.legs.map((l) => `${l.from}–${l.to}`).join(', ')}` : 'Flight' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
