import { Form } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import { type Destination, DestinationField, useSearchFields } from '~/components/search/search-fields';

type Values = { destination?: string; checkIn?: string; weeks?: string | number };

/**
 * The resort or stay search: a plain GET form to /{product}/search-details, so it works
 * without JavaScript. Only destinations that have this kind of place are offered.
 */
export function WeeksSearchForm({
  kind,
  destinations,
  values = {},
  errors = {},
  minCheckin,
  headingLevel = 2,
}: {
  kind: 'RST' | 'STY';
  destinations: Destination[];
  values?: Values;
  errors?: Partial<Record<keyof Values, string>>;
  minCheckin?: string;
  headingLevel?: 1 | 2;
}) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const path = kind === 'RST' ? '/resorts' : '/stays';
  const fields = useSearchFields(errors);
  const { titleId, idOf, field, error } = fields;
  return (
    <section className="hotel-search weeks-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t(kind === 'RST' ? 'weeks.search.title.RST' : 'weeks.search.title.STY')}</Heading>
      <Form method="get" action={`${path}/search-details`} className="search-form">
        <DestinationField fields={fields} destinations={destinations} value={values.destination} />
        <div className="search-field">
          <label htmlFor={idOf('checkIn')}>{t('search.checkin')}</label>
          <input {...field('checkIn', 'check_in_date')} type="date" defaultValue={values.checkIn} min={minCheckin} required />
          {error('checkIn')}
        </div>
        <div className="search-field search-small">
          <label htmlFor={idOf('weeks')}>{t('weeks.weeks')}</label>
          <select {...field('weeks', 'weeks')} defaultValue={String(values.weeks ?? 1)}>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {t('weeks.weeksOption', { count: n })}
              </option>
            ))}
          </select>
          {error('weeks')}
        </div>
        <button type="submit" className="button button-primary search-submit">
          {t(kind === 'RST' ? 'weeks.submit.RST' : 'weeks.submit.STY')}
        </button>
      </Form>
    </section>
  );
}

/** A day 'YYYY-MM-DD' as the visitor reads it, with its weekday (the same on server and client). */
export function formatWeekDay(day: string, language: string) {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
