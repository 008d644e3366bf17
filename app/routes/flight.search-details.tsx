import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LegSummary, useLegLabel } from '~/components/flights/flight-itinerary';
import { FlightSearchForm } from '~/components/flights/flight-search-form';
import { useT } from '~/components/shell-context';
import { flightSearchParams } from '~/domain/flight-query';
import { DEPARTURE_WINDOWS } from '~/domain/flight-schedule';
import { loadFlightResults } from '~/services/flight-pages.server';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(context, 'search');
  return json(await loadFlightResults(context, new URL(request.url)));
}

export default function FlightResults() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { search, filters } = data;
  const legLabel = useLegLabel(search?.tripType ?? 'oneway');
  if (!search || !filters) {
    return <FlightSearchForm airports={data.airports} values={data.values} errors={data.errors} minDate={data.minDate} headingLevel={1} />;
  }
  const base = flightSearchParams(search);
  const first = search.legs[0]!;
  const travellers = search.adults + search.children + search.infants;
  return (
    <div className="results-page">
      <h1>{search.tripType === 'multicity' ? t('flight.results.titleMulti') : t('flight.results.title', { from: first.from, to: first.to })}</h1>
      <FlightSearchForm airports={data.airports} values={Object.fromEntries(base)} minDate={data.minDate} />
      <div className="results-layout">
        <Form method="get" className="results-filters" aria-label={t('results.filters')}>
          {[...base.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend>{t('flight.results.stops')}</legend>
            <label className="check">
              <input type="checkbox" name="stops" value="0" defaultChecked={filters.nonstop} />
              {t('flight.results.nonstop')}
            </label>
          </fieldset>
          {data.airlines.length > 0 ? (
            <fieldset>
              <legend>{t('flight.results.airlines')}</legend>
              {data.airlines.map((airline) => (
                <label key={airline.code} className="check">
                  <input type="checkbox" name="airline" value={airline.code} defaultChecked={filters.airlines.includes(airline.code)} />
                  {airline.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          <fieldset>
            <legend>{t('flight.results.departs')}</legend>
            {DEPARTURE_WINDOWS.map((window) => (
              <label key={window} className="check">
                <input type="checkbox" name="departs" value={window} defaultChecked={filters.departs.includes(window)} />
                {t(`flight.window.${window}`)}
              </label>
            ))}
          </fieldset>
          <ResultsSortAndApply id="results-sort" value={filters.sort} options={[{ value: 'price', label: t('flight.sort.price') }, { value: 'duration', label: t('flight.sort.duration') }, { value: 'departure', label: t('flight.sort.departure') }]} />
        </Form>
        <section aria-labelledby="results-count" className="results-list">
          <h2 id="results-count">{t('flight.results.count', { shown: data.results.length, count: data.total })}</h2>
          {data.results.length === 0 ? <p role="status">{t('flight.results.none')}</p> : null}
          <ul>
            {data.results.map((offer) => {
              const link = new URLSearchParams(base);
              link.set('offer', offer.id);
              const summary = offer.legs.map((l) => `${l.from}–${l.to} ${l.segments[0]!.flightNumber} ${l.segments[0]!.departsLocal.date}`).join(', ');
              return (
                <li key={offer.id} className="result-card flight-card">
                  <div className="result-body">
                    {offer.legs.map((leg, i) => (
                      <LegSummary key={leg.itineraryId} leg={leg} label={legLabel(i)} />
                    ))}
                  </div>
                  <div className="result-price">
                    <p className="price-main">{t('flight.results.total', { price: offer.cheapest!.price.total })}</p>
                    <p className="muted">
                      {t('flight.travellers', { count: travellers })} · {t(`flight.cabin.${search.cabin}`)}
                    </p>
                    <p className="muted">{t('flight.seatsLeft', { count: offer.available })}</p>
                    <Link className="button button-primary" to={`/flight/details?${link.toString()}`} aria-label={t('flight.results.viewFaresFor', { summary })}>
                      {t('flight.results.viewFares')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.search ? `Flights ${data.search.legs.map((l) => `${l.from}–${l.to}`).join(', ')}` : 'Search flights' },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
