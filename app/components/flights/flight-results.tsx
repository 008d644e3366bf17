import type { SerializeFrom } from '@remix-run/node';
import { ResultCard, ResultsShell, SearchOnlyShell } from '~/components/search/page-shell';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { useT } from '~/components/shell-context';
import { flightSearchParams } from '~/domain/flight-query';
import { DEPARTURE_WINDOWS } from '~/domain/flight-schedule';
import type { loadFlightResults } from '~/products/flight/flight-pages.server';
import { LegSummary, useLegLabel } from './flight-itinerary';
import { FlightSearchForm } from './flight-search-form';

/** /flight/search-details: the flight search, then its offers with each leg's itinerary. */
export function FlightResultsView({ page: data }: { page: SerializeFrom<typeof loadFlightResults> }) {
  const t = useT();
  const { search, filters } = data;
  const legLabel = useLegLabel(search?.tripType ?? 'oneway');
  if (!search || !filters) {
    return (
      <SearchOnlyShell>
        <FlightSearchForm airports={data.airports} values={data.values} errors={data.errors} minDate={data.minDate} headingLevel={1} />
      </SearchOnlyShell>
    );
  }
  const base = flightSearchParams(search);
  const first = search.legs[0]!;
  const travellers = search.adults + search.children + search.infants;
  return (
    <ResultsShell
      title={search.tripType === 'multicity' ? t('flight.results.titleMulti') : t('flight.results.title', { from: first.from, to: first.to })}
      searchForm={<FlightSearchForm airports={data.airports} values={Object.fromEntries(base)} minDate={data.minDate} />}
      searchParams={base}
      filters={
        <>
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
          <ResultsSortAndApply
            id="results-sort"
            value={filters.sort}
            options={[
              { value: 'price', label: t('flight.sort.price') },
              { value: 'duration', label: t('flight.sort.duration') },
              { value: 'departure', label: t('flight.sort.departure') },
            ]}
          />
        </>
      }
      countId="results-count"
      count={t('flight.results.count', { shown: data.results.length, count: data.total })}
      empty={data.results.length === 0 ? t('flight.results.none') : null}
    >
      {data.results.map((offer) => {
        const link = new URLSearchParams(base);
        link.set('offer', offer.id);
        const summary = offer.legs.map((l) => `${l.from}–${l.to} ${l.segments[0]!.flightNumber} ${l.segments[0]!.departsLocal.date}`).join(', ');
        return (
          <ResultCard
            key={offer.id}
            className="flight-card"
            body={offer.legs.map((leg, i) => (
              <LegSummary key={leg.itineraryId} leg={leg} label={legLabel(i)} />
            ))}
            price={
              <>
                <p className="price-main">{t('flight.results.total', { price: offer.cheapest!.price.total })}</p>
                <p className="muted">
                  {t('flight.travellers', { count: travellers })} · {t(`flight.cabin.${search.cabin}`)}
                </p>
                <p className="muted">{t('flight.seatsLeft', { count: offer.available })}</p>
                <a className="button button-primary" href={`/flight/details?${link.toString()}`} aria-label={t('flight.results.viewFaresFor', { summary })}>
                  {t('flight.results.viewFares')}
                </a>
              </>
            }
          />
        );
      })}
    </ResultsShell>
  );
}
