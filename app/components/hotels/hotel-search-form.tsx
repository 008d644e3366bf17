import { Form } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import type { MessageKey } from '~/i18n';
import { type HotelFlow, hotelFlowOf } from '~/domain/hotel-flow';
import { MAX_GUESTS, MAX_ROOMS } from '~/domain/hotel-query';
import { flowCopy } from './flow-copy';
import { type Destination, DestinationField, useSearchFields } from '~/components/search/search-fields';

type Values = { destination?: string; checkin?: string; checkout?: string; rooms?: string | number; guests?: string | number; packageRate?: string | boolean };

/**
 * The hotel search: a plain GET form to /search-detail, so it works without JavaScript and
 * every search is a shareable URL. Errors come from the server, one per field. A package
 * search (the /packages landing) is the same search with `package=1`: rooms at package rates.
 * In the holiday-homes flow (`flow`, from the loader) it searches /holidaystays/search-detail.
 */
export function HotelSearchForm({
  destinations,
  values = {},
  errors = {},
  minCheckin,
  headingLevel = 2,
  packageRate = false,
  flow = hotelFlowOf('/'),
}: {
  destinations: Destination[];
  values?: Values;
  errors?: Partial<Record<keyof Values, string>>;
  minCheckin?: string;
  headingLevel?: 1 | 2;
  packageRate?: boolean;
  flow?: HotelFlow;
}) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const fields = useSearchFields(errors);
  const { titleId, idOf, field, error } = fields;
  const copy = flowCopy[flow.propertyType];
  return (
    <section className="hotel-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t(packageRate ? 'search.package.title' : copy.searchTitle)}</Heading>
      {flow.propertyType === 'holiday_home' ? <p>{t('homes.search.intro')}</p> : null}
      {errors.packageRate ? (
        <p role="alert" className="field-error">
          {t(errors.packageRate as MessageKey)}
        </p>
      ) : null}
      <Form method="get" action={`${flow.base}/search-detail`} className="search-form">
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
          <label htmlFor={idOf('rooms')}>{t(copy.searchUnits)}</label>
          <select {...field('rooms')} defaultValue={String(values.rooms ?? 1)}>
            {Array.from({ length: MAX_ROOMS }, (_, i) => i + 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
          {error('rooms')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('guests')}>{t(copy.searchGuests)}</label>
          <select {...field('guests')} defaultValue={String(values.guests ?? 2)}>
            {Array.from({ length: MAX_GUESTS[flow.propertyType] }, (_, i) => i + 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
          {error('guests')}
        </div>
        <button type="submit" className="button button-primary search-submit">
          {t(packageRate ? 'search.package.submit' : copy.searchSubmit)}
        </button>
      </Form>
    </section>
  );
}
