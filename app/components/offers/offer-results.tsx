import type { SerializeFrom } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';
import type { loadOfferResults } from '~/services/offer-pages.server';
import { OfferFacts } from './offer-facts';
import { OfferSearchForm, formatOfferDay } from './offer-search-form';
import { ResultsSortAndApply } from '~/components/search/results-sort';

type Data = SerializeFrom<typeof loadOfferResults>;

/** /{product}/search-details: the product's search form, then its offers with the cheapest bookable option. */
export function OfferResultsPage() {
  const data = useLoaderData<Data>();
  const t = useT();
  const { locale } = useShell();
  const { search, form } = data;
  const segment = form.segment;
  if (!search) {
    const hasErrors = Object.keys(data.errors).length > 0;
    return (
      <div className="results-page">
        {hasErrors ? (
          <p role="alert" className="field-error">
            {t('offers.results.fix')}
          </p>
        ) : null}
        <OfferSearchForm form={form} values={data.values} errors={data.errors} headingLevel={1} />
      </div>
    );
  }
  const bookable = data.results.filter((r) => r.cheapest);
  const place = data.destination?.name ?? search.destination;
  return (
    <div className="results-page">
      <h1>{t(`offers.results.title.${segment}`, { destination: place })}</h1>
      <OfferSearchForm form={form} values={search} />
      <div className="results-layout">
        <Form method="get" className="results-filters" aria-label={t('results.filters')}>
          {[...new URLSearchParams(data.params).entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend>{t('offers.results.filter')}</legend>
            <label className="check">
              <input type="checkbox" name="refundable" value="1" defaultChecked={data.refundable} />
              {t('details.refundable')}
            </label>
          </fieldset>
          <ResultsSortAndApply id="offer-sort" value={data.sort} options={[{ value: 'price', label: t('results.sort.price') }, { value: 'rating', label: t('results.sort.rating') }]} />
        </Form>
        <section aria-labelledby="offer-results-count" className="results-list">
          <h2 id="offer-results-count">{t('offers.results.count', { count: bookable.length })}</h2>
          {bookable.length === 0 ? <p role="status">{t('offers.results.none')}</p> : null}
          <ul>
            {data.results.map((offer) => {
              const link = new URLSearchParams(data.params);
              link.set('offer', offer.slug);
              const days = [...new Set(offer.cheapest?.slots.filter((s) => s.bookable).map((s) => s.day) ?? [])];
              return (
                <li key={offer.slug} className="result-card">
                  <img src={offer.image} alt="" width={160} height={96} loading="lazy" />
                  <div className="result-body">
                    <h3>{offer.name}</h3>
                    <OfferFacts facts={offer.facts} />
                    <p>{t('results.rating', { rating: offer.guestRating.toFixed(1) })}</p>
                    {segment === 'cruises' && days.length > 0 ? <p>{t('offers.results.sailings', { days: days.map((d) => formatOfferDay(d, locale.language)).join(' · ') })}</p> : null}
                  </div>
                  <div className="result-price">
                    {offer.cheapest ? (
                      <>
                        <p className="price-main">{t('results.from', { price: offer.cheapest.price.total.text })}</p>
                        <p className="muted">
                          {offer.cheapest.name} · {t(`offers.price.per.${segment}`)} {offer.cheapest.price.perUnit.text}
                        </p>
                        <Link className="button button-primary" to={`/${segment}/details?${link.toString()}`} aria-label={t('offers.results.view', { name: offer.name })}>
                          {t('offers.results.viewShort')}
                        </Link>
                      </>
                    ) : (
                      <p>{t('offers.results.unavailable')}</p>
                    )}
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
