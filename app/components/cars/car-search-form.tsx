import { Form } from '@remix-run/react';
import { type FormEvent, useState } from 'react';
import { useT } from '~/components/shell-context';
import { useSearchFields } from '~/components/search/search-fields';
import { type CarSearchErrors, type CarSearchField, type CarSearchValues, MAX_DRIVER_AGE, MIN_DRIVER_AGE, parseCarSearch } from '~/domain/car-rental';
import { type CarLocationOption, rememberCarSearch } from './car-search-storage';
import { useHydrated } from '~/components/use-hydrated';

/** A desk choice, grouped by city. */
function LocationOptions({ locations }: { locations: readonly CarLocationOption[] }) {
  const cities = [...new Set(locations.map((l) => `${l.city}, ${l.country}`))];
  return (
    <>
      {cities.map((city) => (
        <optgroup key={city} label={city}>
          {locations
            .filter((l) => `${l.city}, ${l.country}` === city)
            .map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

/**
 * The car search: a plain GET form to /cars/search-details, so it works without JavaScript
 * and every search is a shareable URL. With JavaScript, each search sent is also remembered
 * in the browser (recent searches) and the drop-off desk shows only when it is needed.
 */
export function CarSearchForm({
  locations,
  values = {},
  errors = {},
  minPickup,
  today,
  headingLevel = 2,
}: {
  locations: readonly CarLocationOption[];
  values?: CarSearchValues;
  errors?: CarSearchErrors;
  minPickup: string;
  today: string;
  headingLevel?: 1 | 2;
}) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { titleId, idOf, field, error } = useSearchFields<CarSearchField>(errors);
  const [sameDropoff, setSameDropoff] = useState(values.sameDropoff ?? true);
  // Without JavaScript the drop-off field always shows; the server ignores it when the box is ticked.
  const hydrated = useHydrated();
  const remember = (event: FormEvent<HTMLFormElement>) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.append(name, value);
    const parsed = parseCarSearch(params, minPickup);
    if (parsed.ok) rememberCarSearch(parsed.search, locations, today);
  };
  return (
    <section className="hotel-search car-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t('cars.search.title')}</Heading>
      <Form method="get" action="/cars/search-details" className="search-form" onSubmit={remember}>
        <div className="search-field search-destination">
          <label htmlFor={idOf('pickup')}>{t('cars.pickup')}</label>
          <select {...field('pickup')} defaultValue={values.pickup ?? ''} required>
            <option value="" disabled>
              {t('cars.chooseLocation')}
            </option>
            <LocationOptions locations={locations} />
          </select>
          {error('pickup')}
        </div>
        <div className="search-field car-same-dropoff">
          <input type="hidden" name="same_dropoff" value="0" />
          <label className="check">
            <input type="checkbox" name="same_dropoff" value="1" checked={sameDropoff} onChange={(e) => setSameDropoff(e.currentTarget.checked)} />
            {t('cars.sameDropoff')}
          </label>
        </div>
        {hydrated && sameDropoff ? null : (
          <div className="search-field search-destination">
            <label htmlFor={idOf('dropoff')}>{t('cars.dropoff')}</label>
            <select
              {...field('dropoff')}
              defaultValue={values.dropoff ?? ''}
              aria-describedby={[`${idOf('dropoff')}-hint`, errors.dropoff ? `${idOf('dropoff')}-error` : ''].join(' ').trim()}
            >
              <option value="">{t('cars.chooseLocation')}</option>
              <LocationOptions locations={locations} />
            </select>
            <p id={`${idOf('dropoff')}-hint`} className="muted">
              {t('cars.dropoffHint')}
            </p>
            {error('dropoff')}
          </div>
        )}
        <div className="search-field">
          <label htmlFor={idOf('pickupDate')}>{t('cars.pickupDate')}</label>
          <input {...field('pickupDate', 'pickup_date')} type="date" defaultValue={values.pickupDate} min={minPickup} required />
          {error('pickupDate')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('pickupTime')}>{t('cars.pickupTime')}</label>
          <input {...field('pickupTime', 'pickup_time')} type="time" defaultValue={values.pickupTime ?? '10:00'} required />
          {error('pickupTime')}
        </div>
        <div className="search-field">
          <label htmlFor={idOf('dropoffDate')}>{t('cars.dropoffDate')}</label>
          <input {...field('dropoffDate', 'dropoff_date')} type="date" defaultValue={values.dropoffDate} min={minPickup} required />
          {error('dropoffDate')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('dropoffTime')}>{t('cars.dropoffTime')}</label>
          <input {...field('dropoffTime', 'dropoff_time')} type="time" defaultValue={values.dropoffTime ?? '10:00'} required />
          {error('dropoffTime')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('driverAge')}>{t('cars.driverAge')}</label>
          <input
            {...field('driverAge', 'driver_age')}
            type="number"
            inputMode="numeric"
            min={MIN_DRIVER_AGE}
            max={MAX_DRIVER_AGE}
            defaultValue={values.driverAge ?? '30'}
            required
          />
          {error('driverAge')}
        </div>
        <button type="submit" className="button button-primary search-submit">
          {t('cars.submit')}
        </button>
      </Form>
    </section>
  );
}
