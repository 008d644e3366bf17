import { Form } from '@remix-run/react';
import { useId } from 'react';
import { useT } from '~/components/shell-context';
import type { MessageKey } from '~/i18n';

type Destination = { slug: string; name: string; country_name: string };
type Values = { destination?: string; checkin?: string; checkout?: string; rooms?: string | number; guests?: string | number };

/**
 * The hotel search: a plain GET form to /search-detail, so it works without JavaScript and
 * every search is a shareable URL. Errors come from the server, one per field.
 */
export function HotelSearchForm({
  destinations,
  values = {},
  errors = {},
  minCheckin,
  headingLevel = 2,
}: {
  destinations: Destination[];
  values?: Values;
  errors?: Partial<Record<keyof Values, string>>;
  minCheckin?: string;
  headingLevel?: 1 | 2;
}) {
  const t = useT();
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof Values) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {t(errors[name] as MessageKey)}
      </p>
    ) : null;
  return (
    <section className="hotel-search" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t('search.hotel.title')}</Heading>
      <Form method="get" action="/search-detail" className="search-form">
        <div className="search-field search-destination">
          <label htmlFor={`${id}-destination`}>{t('search.destination')}</label>
          <select {...field('destination')} defaultValue={values.destination ?? ''} required>
            <option value="" disabled>
              {t('search.chooseDestination')}
            </option>
            {destinations.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}, {d.country_name}
              </option>
            ))}
          </select>
          {error('destination')}
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-checkin`}>{t('search.checkin')}</label>
          <input {...field('checkin')} type="date" defaultValue={values.checkin} min={minCheckin} required />
          {error('checkin')}
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-checkout`}>{t('search.checkout')}</label>
          <input {...field('checkout')} type="date" defaultValue={values.checkout} min={minCheckin} required />
          {error('checkout')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={`${id}-rooms`}>{t('search.rooms')}</label>
          <select {...field('rooms')} defaultValue={String(values.rooms ?? 1)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
          {error('rooms')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={`${id}-guests`}>{t('search.guests')}</label>
          <select {...field('guests')} defaultValue={String(values.guests ?? 2)}>
            {[1, 2, 3, 4].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
          {error('guests')}
        </div>
        <button type="submit" className="button button-primary search-submit">
          {t('search.submitHotels')}
        </button>
      </Form>
    </section>
  );
}
