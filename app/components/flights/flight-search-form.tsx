import { Form } from '@remix-run/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AirportCombobox } from '~/components/flights/airport-combobox';
import { useSearchFields } from '~/components/search/search-fields';
import { useShell, useT } from '~/components/shell-context';
import { dayIn } from '~/domain/time-zone';
import { CABIN_CLASSES, type FlightField, MAX_SEATED, TRIP_TYPES, type TripType, parseFlightSearch } from '~/domain/flight-query';
import {
  type AirportPlace,
  FLIGHT_SEARCHES_KEY,
  type SavedFlightSearch,
  addSavedFlightSearch,
  flightFormValuesOf,
  placesOf,
  readSavedFlightSearches,
  savedFlightSearchOf,
  savedFlightSearchSummary,
} from '~/domain/flight-searches';

/** Our airports, from the page's data: the browser's JavaScript carries no airport list (docs/decisions/0037). */
export type AirportChoice = AirportPlace;
type Values = Partial<Record<FlightField, string>>;

function readStored(): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(FLIGHT_SEARCHES_KEY) ?? 'null');
  } catch (error) {
    // Storage can be blocked or hold junk; recent searches are a convenience, never a failure.
    console.warn('Could not read recent flight searches', error);
    return null;
  }
}

/**
 * The flight search: a plain GET form to /flight/search-details, so it works without
 * JavaScript (every field is there; the ones the trip type does not use are ignored). With
 * JavaScript the unused fields are hidden, the airport fields suggest airports as the user
 * types (AirportCombobox; the datalist is their fallback), each search is saved in
 * localStorage and, when `recent` is set, the last searches are listed to run again.
 */
export function FlightSearchForm({
  airports,
  values = {},
  errors = {},
  minDate,
  headingLevel = 2,
  recent = false,
}: {
  airports: AirportChoice[];
  values?: Values;
  errors?: Values;
  minDate?: string;
  headingLevel?: 1 | 2;
  recent?: boolean;
}) {
  const t = useT();
  const { timeZone } = useShell().org;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const fields = useSearchFields<FlightField>(errors);
  const { titleId, idOf, field, error } = fields;
  const listId = `${useId()}-airports`;
  const formRef = useRef<HTMLFormElement>(null);
  const [tripType, setTripType] = useState<TripType>(TRIP_TYPES.find((type) => type === values.triptype) ?? 'roundtrip');
  const [hydrated, setHydrated] = useState(false);
  const [saved, setSaved] = useState<SavedFlightSearch[]>([]);
  useEffect(() => {
    setHydrated(true);
    if (recent) setSaved(readSavedFlightSearches(readStored()));
  }, [recent]);

  const save = (event: FormEvent<HTMLFormElement>) => {
    const params = new URLSearchParams([...new FormData(event.currentTarget).entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
    // The server checks the dates against the organisation's rules; here they only need to be dates.
    const parsed = parseFlightSearch(params, dayIn(timeZone), 0, (iata) => airports.some((a) => a.iata === iata));
    if (!parsed.ok) return;
    try {
      window.localStorage.setItem(FLIGHT_SEARCHES_KEY, JSON.stringify(addSavedFlightSearch(readStored(), savedFlightSearchOf(parsed.query, placesOf(airports)))));
    } catch (failure) {
      console.warn('Could not save the flight search', failure);
    }
  };

  const runAgain = (search: SavedFlightSearch) => {
    const form = formRef.current;
    if (!form) return;
    const again = flightFormValuesOf(search, (message, details) => console.warn(message, details));
    for (const [name, value] of Object.entries(again)) {
      const element = form.elements.namedItem(name);
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof RadioNodeList) element.value = value;
    }
    const type = TRIP_TYPES.find((tt) => tt === again.triptype) ?? 'roundtrip';
    setTripType(type);
    const needed: FlightField[] = ['depart', ...(type === 'roundtrip' ? (['return'] as const) : []), ...(type === 'multicity' ? (['depart2'] as const) : [])];
    const missing = needed.find((name) => !again[name]);
    if (missing) {
      // A date that could not be read is left for the traveller to choose.
      window.setTimeout(() => (form.elements.namedItem(missing) as HTMLInputElement | null)?.focus(), 0);
      return;
    }
    window.setTimeout(() => form.requestSubmit(), 0);
  };

  const text = (name: FlightField, label: string, required = false) => (
    <AirportCombobox
      field={field(name)}
      label={label}
      defaultValue={values[name]}
      required={required}
      direction={name.startsWith('from') ? 'from' : 'to'}
      datalistId={listId}
      hydrated={hydrated}
      error={error(name)}
    />
  );
  const date = (name: FlightField, label: string, required = false) => (
    <div className="search-field">
      <label htmlFor={idOf(name)}>{label}</label>
      <input {...field(name)} type="date" defaultValue={values[name]} min={minDate} required={required} />
      {error(name)}
    </div>
  );
  const count = (name: FlightField, label: string, from: number, to: number, fallback: string) => (
    <div className="search-field search-small">
      <label htmlFor={idOf(name)}>{label}</label>
      <select {...field(name)} defaultValue={values[name] ?? fallback}>
        {Array.from({ length: to - from + 1 }, (_, i) => from + i).map((n) => (
          <option key={n}>{n}</option>
        ))}
      </select>
      {error(name)}
    </div>
  );
  const hideUnless = (type: TripType) => hydrated && tripType !== type;

  return (
    <section className="hotel-search flight-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t('flight.search.title')}</Heading>
      <Form method="get" action="/flight/search-details" className="search-form" onSubmit={save} ref={formRef}>
        <fieldset className="flight-trip-type" aria-describedby={errors.triptype ? `${idOf('triptype')}-error` : undefined}>
          <legend>{t('flight.tripType')}</legend>
          {TRIP_TYPES.map((type) => (
            <label key={type} className="check">
              <input type="radio" name="triptype" value={type} defaultChecked={tripType === type} onChange={() => setTripType(type)} />
              {t(`flight.tripType.${type}`)}
            </label>
          ))}
          {error('triptype')}
        </fieldset>
        {text('from', t('flight.from'), true)}
        {text('to', t('flight.to'), true)}
        {date('depart', t('flight.depart'), true)}
        <div className="search-field" hidden={hideUnless('roundtrip')}>
          <label htmlFor={idOf('return')}>{t('flight.return')}</label>
          <input {...field('return')} type="date" defaultValue={values.return} min={minDate} />
          {error('return')}
        </div>
        <fieldset className="flight-more" hidden={hideUnless('multicity')}>
          <legend>{t('flight.moreFlights')}</legend>
          {(['2', '3'] as const).map((n) => (
            <div key={n} className="flight-more-leg">
              {text(`from${n}`, `${t('flight.from')} (${t('flight.flightN', { n })})`)}
              {text(`to${n}`, `${t('flight.to')} (${t('flight.flightN', { n })})`)}
              {date(`depart${n}`, `${t('flight.depart')} (${t('flight.flightN', { n })})`)}
            </div>
          ))}
        </fieldset>
        <div className="search-field">
          <label htmlFor={idOf('cabinclass')}>{t('flight.cabin')}</label>
          <select {...field('cabinclass')} defaultValue={values.cabinclass ?? 'economy'}>
            {CABIN_CLASSES.map((cabin) => (
              <option key={cabin} value={cabin}>
                {t(`flight.cabin.${cabin}`)}
              </option>
            ))}
          </select>
          {error('cabinclass')}
        </div>
        {count('noofadults', t('flight.adults'), 1, MAX_SEATED, '1')}
        {count('noofchilds', t('flight.children'), 0, MAX_SEATED - 1, '0')}
        {count('noofinfants', t('flight.infants'), 0, 4, '0')}
        <button type="submit" className="button button-primary search-submit">
          {t('flight.submit')}
        </button>
      </Form>
      <datalist id={listId}>
        {airports.map((a) => (
          <option key={a.iata} value={a.iata}>
            {`${a.city}, ${a.country} – ${a.name}`}
          </option>
        ))}
      </datalist>
      {recent && saved.length > 0 ? (
        <section className="flight-recent" aria-labelledby={`${titleId}-recent`}>
          <h3 id={`${titleId}-recent`}>{t('flight.recent.title')}</h3>
          <ul>
            {saved.map((search) => {
              const summary = savedFlightSearchSummary(search);
              return (
                <li key={summary + JSON.stringify(search.Traveller) + search.cabinClass}>
                  <span>
                    {summary} · {t('flight.travellers', { count: search.Traveller.adult + search.Traveller.child + search.Traveller.infant })} ·{' '}
                    {CABIN_CLASSES.some((c) => c === search.cabinClass) ? t(`flight.cabin.${search.cabinClass as (typeof CABIN_CLASSES)[number]}`) : search.cabinClass}
                  </span>{' '}
                  <button type="button" className="button" onClick={() => runAgain(search)} aria-label={t('flight.recent.againFor', { summary })}>
                    {t('flight.recent.again')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
