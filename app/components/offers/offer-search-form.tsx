import { Form } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';
import { DestinationField, useSearchFields } from '~/components/search/search-fields';
import { RESTAURANT_SLOTS, offerProducts } from '~/domain/offers';
import type { OfferSearchField } from '~/products/types';
import type { OfferSearchFormData } from '~/products/offer/offer-pages.server';
import { dateTimeFormat } from '~/domain/intl-format';

type Values = Partial<Record<OfferSearchField, string | number | null>>;

const count = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A month 'YYYY-MM' as the visitor reads it (the same on server and client). */
export function formatMonth(month: string, language: string) {
  return dateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A day 'YYYY-MM-DD' as the visitor reads it, with its weekday. */
export function formatOfferDay(day: string, language: string) {
  return dateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The search of one scheduled-offer product: a plain GET form to /{product}/search-details
 * (works without JavaScript) with that product's fields.
 */
export function OfferSearchForm({
  form,
  values = {},
  errors = {},
  headingLevel = 2,
}: {
  form: OfferSearchFormData;
  values?: Values;
  errors?: Partial<Record<OfferSearchField, string>>;
  headingLevel?: 1 | 2;
}) {
  const t = useT();
  const { locale } = useShell();
  const { segment } = form;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const fields = useSearchFields(errors);
  const { titleId, idOf, field, error } = fields;
  const text = (v: Values[OfferSearchField]) => (v === null || v === undefined ? undefined : String(v));
  const place = (label: string, describe: (d: OfferSearchFormData['destinations'][number]) => string) => (
    <div className="search-field search-destination">
      <label htmlFor={idOf('destination')}>{label}</label>
      <select {...field('destination')} defaultValue={text(values.destination) ?? ''} required>
        <option value="" disabled>
          {t('search.chooseDestination')}
        </option>
        {form.destinations.map((d) => (
          <option key={d.slug} value={d.slug}>
            {describe(d)}
          </option>
        ))}
      </select>
      {error('destination')}
    </div>
  );
  const date = (name: 'date' | 'returnDate', label: string, required = true) => (
    <div className="search-field">
      <label htmlFor={idOf(name)}>{label}</label>
      <input {...field(name, name === 'date' ? 'date' : 'return_date')} type="date" defaultValue={text(values[name])} min={form.minDate} max={form.maxDate} required={required} />
      {error(name)}
    </div>
  );
  const guests = (
    <div className="search-field search-small">
      <label htmlFor={idOf('guests')}>{t(`offers.field.guests.${segment}`)}</label>
      <select {...field('guests')} defaultValue={text(values.guests) ?? '2'}>
        {count(1, offerProducts[segment].maxGuests).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {error('guests')}
    </div>
  );
  return (
    <section className="hotel-search offer-search" aria-labelledby={titleId}>
      <Heading id={titleId}>{t(`offers.search.title.${segment}`)}</Heading>
      <Form method="get" action={`/${segment}/search-details`} className="search-form">
        {segment === 'transfers' ? (
          place(t('offers.field.airport'), (d) => `${d.name} (${d.airport})`)
        ) : segment === 'cruises' ? (
          place(t('offers.field.port'), (d) => `${d.name}, ${d.country_name} · ${d.region ?? ''}`)
        ) : (
          <DestinationField fields={fields} destinations={form.destinations} value={text(values.destination)} />
        )}
        {segment === 'cruises' ? (
          <div className="search-field">
            <label htmlFor={idOf('month')}>{t('offers.field.month')}</label>
            <select {...field('month')} defaultValue={text(values.month) ?? form.months[0]}>
              {form.months.map((m) => (
                <option key={m} value={m}>
                  {formatMonth(m, locale.language)}
                </option>
              ))}
            </select>
            {error('month')}
          </div>
        ) : (
          date('date', t(segment === 'transfers' ? 'offers.field.pickupDate' : 'offers.field.date'))
        )}
        {segment === 'restaurants' ? (
          <div className="search-field search-small">
            <label htmlFor={idOf('time')}>{t('offers.field.time')}</label>
            <select {...field('time')} defaultValue={text(values.time) ?? '20:00'}>
              {RESTAURANT_SLOTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            {error('time')}
          </div>
        ) : null}
        {segment === 'transfers' ? (
          <div className="search-field search-small">
            <label htmlFor={idOf('time')}>{t('offers.field.pickupTime')}</label>
            <input {...field('time')} type="time" step={900} defaultValue={text(values.time) ?? '12:00'} required />
            {error('time')}
          </div>
        ) : null}
        {guests}
        {segment === 'transfers' ? (
          <>
            <div className="search-field search-small">
              <label htmlFor={idOf('bags')}>{t('offers.field.bags')}</label>
              <select {...field('bags')} defaultValue={text(values.bags) ?? '2'}>
                {count(0, 12).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {error('bags')}
            </div>
            <div className="search-field search-small">
              <label htmlFor={idOf('trip')}>{t('offers.field.trip')}</label>
              <select {...field('trip')} defaultValue={values.returnDate || values.trip === 'return' ? 'return' : 'oneway'}>
                <option value="oneway">{t('offers.trip.oneway')}</option>
                <option value="return">{t('offers.trip.return')}</option>
              </select>
              {error('trip')}
            </div>
            {date('returnDate', t('offers.field.returnDate'), false)}
            <div className="search-field search-small">
              <label htmlFor={idOf('returnTime')}>{t('offers.field.returnTime')}</label>
              <input {...field('returnTime', 'return_time')} type="time" step={900} defaultValue={text(values.returnTime)} />
              {error('returnTime')}
            </div>
          </>
        ) : null}
        <button type="submit" className="button button-primary search-submit">
          {t(`offers.submit.${segment}`)}
        </button>
      </Form>
    </section>
  );
}
