import { Form } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import { type Destination, DestinationField, useSearchFields } from '~/components/search/search-fields';
import { MAX_SLEEPS, type WeeksScope } from '~/domain/weeks';
import { products } from '~/products/registry';
import type { MessageKey } from '~/i18n';

type Values = { destination?: string; checkIn?: string; weeks?: string | number; guests?: string | number | null; collection?: string | null };

const titleKey = { RST: 'weeks.search.title.RST', STY: 'weeks.search.title.STY', WEEKS: 'weeks.search.title.WEEKS', dreamtrips: 'weeks.search.title.dreamtrips' } as const;
const submitKey = { RST: 'weeks.submit.RST', STY: 'weeks.submit.STY', WEEKS: 'weeks.submit.WEEKS', dreamtrips: 'weeks.submit.dreamtrips' } as const;

/**
 * The resort, stay or timeshare-week search: a plain GET form to /{product}/search-details,
 * so it works without JavaScript. Only destinations that have these kinds of place are
 * offered. The /weeks search also asks how many the unit must sleep, and carries its
 * collection (dreamtrips) as a hidden field.
 */
export function WeeksSearchForm({
  scope,
  destinations,
  values = {},
  errors = {},
  minCheckin,
  headingLevel = 2,
}: {
  scope: WeeksScope;
  destinations: Destination[];
  values?: Values;
  errors?: Partial<Record<keyof Values, string>>;
  minCheckin?: string;
  headingLevel?: 1 | 2;
}) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const collection = scope === 'WEEKS' && values.collection === 'dreamtrips' ? 'dreamtrips' : null;
  const fields = useSearchFields(errors);
  const { titleId, idOf, field, error } = fields;
  return (
    <section className="hotel-search weeks-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t(titleKey[collection ?? scope])}</Heading>
      {errors.collection ? (
        <p role="alert" className="field-error">
          {t(errors.collection as MessageKey)}
        </p>
      ) : null}
      <Form method="get" action={products[scope].pages.results} className="search-form">
        {collection ? <input type="hidden" name="collection" value={collection} /> : null}
        <DestinationField fields={fields} destinations={destinations} value={values.destination} />
        {collection ? (
          // Dream trips are chosen by month; the search starts on its first day (or the earliest check-in).
          <div className="search-field">
            <label htmlFor={idOf('checkIn')}>{t('weeks.month')}</label>
            <input {...field('checkIn', 'month')} type="month" defaultValue={values.checkIn?.slice(0, 7)} min={minCheckin?.slice(0, 7)} required />
            {error('checkIn')}
          </div>
        ) : (
          <div className="search-field">
            <label htmlFor={idOf('checkIn')}>{t('search.checkin')}</label>
            <input {...field('checkIn', 'check_in_date')} type="date" defaultValue={values.checkIn} min={minCheckin} required />
            {error('checkIn')}
          </div>
        )}
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
        {scope === 'WEEKS' ? (
          <div className="search-field search-small">
            <label htmlFor={idOf('guests')}>{t('weeks.guests')}</label>
            <select {...field('guests', 'guests')} defaultValue={String(values.guests || 2)}>
              {Array.from({ length: MAX_SLEEPS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {error('guests')}
          </div>
        ) : null}
        <button type="submit" className="button button-primary search-submit">
          {t(submitKey[collection ?? scope])}
        </button>
      </Form>
    </section>
  );
}
