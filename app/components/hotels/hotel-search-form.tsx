import { Form } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import type { MessageKey } from '~/i18n';
import { type Destination, DestinationField, useSearchFields } from '~/components/search/search-fields';

type Values = { destination?: string; checkin?: string; checkout?: string; rooms?: string | number; guests?: string | number; packageRate?: string | boolean };

/**
 * The hotel search: a plain GET form to /search-detail, so it works without JavaScript and
 * every search is a shareable URL. Errors come from the server, one per field. A package
 * search (the /packages landing) is the same search with `package=1`: rooms at package rates.
 */
export function HotelSearchForm({
  destinations,
  values = {},
  errors = {},
  minCheckin,
  headingLevel = 2,
  packageRate = false,
}: {
  destinations: Destination[];
  values?: Values;
  errors?: Partial<Record<keyof Values, string>>;
  minCheckin?: string;
  headingLevel?: 1 | 2;
  packageRate?: boolean;
}) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const fields = useSearchFields(errors);
  const { titleId, idOf, field, error } = fields;
  return (
    <section className="hotel-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t(packageRate ? 'search.package.title' : 'search.hotel.title')}</Heading>
      {errors.packageRate ? (
        <p role="alert" className="field-error">
          {t(errors.packageRate as MessageKey)}
        </p>
      ) : null}
      <Form method="get" action="/search-detail" className="search-form">
        {packageRate ? <input type="hidden" name="package" value="1" /> : null}
        <DestinationField fields={fields} destinations={destinations} value={values.destination} />
        <div className="search-field">
          <label htmlFor={idOf('checkin')}>{t('search.checkin')}</label>
          <input {...field('checkin')} type="date" defaultValue={values.checkin} min={minCheckin} required />
          {error('checkin')}
        </div>
        <div className="search-field">
          <label htmlFor={idOf('checkout')}>{t('search.checkout')}</label>
          <input {...field('checkout')} type="date" defaultValue={values.checkout} min={minCheckin} required />
          {error('checkout')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('rooms')}>{t('search.rooms')}</label>
          <select {...field('rooms')} defaultValue={String(values.rooms ?? 1)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
          {error('rooms')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('guests')}>{t('search.guests')}</label>
          <select {...field('guests')} defaultValue={String(values.guests ?? 2)}>
            {[1, 2, 3, 4].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
          {error('guests')}
        </div>
        <button type="submit" className="button button-primary search-submit">
          {t(packageRate ? 'search.package.submit' : 'search.submitHotels')}
        </button>
      </Form>
    </section>
  );
}
