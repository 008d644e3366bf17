import type { SerializeFrom } from '@remix-run/node';
import { ResultCard, ResultsShell, SearchOnlyShell } from '~/components/search/page-shell';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { useShell, useT } from '~/components/shell-context';
import type { loadOfferResults } from '~/products/offer/offer-pages.server';
import { OfferFacts } from './offer-facts';
import { OfferSearchForm, formatOfferDay } from './offer-search-form';

/** /{product}/search-details: the product's search form, then its offers with the cheapest bookable option. */
export function OfferResultsView({ page: data }: { page: SerializeFrom<typeof loadOfferResults> }) {
  const t = useT();
  const { locale } = useShell();
  const { search, form } = data;
  const segment = form.segment;
  if (!search) {
    const hasErrors = Object.keys(data.errors).length > 0;
    return (
      <SearchOnlyShell alert={hasErrors ? t('offers.results.fix') : null}>
        <OfferSearchForm form={form} values={data.values} errors={data.errors} headingLevel={1} />
      </SearchOnlyShell>
    );
  }
  const bookable = data.results.filter((r) => r.cheapest);
  const place = data.destination?.name ?? search.destination;
  return (
    <ResultsShell
      title={t(`offers.results.title.${segment}`, { destination: place })}
      searchForm={<OfferSearchForm form={form} values={search} />}
      searchParams={new URLSearchParams(data.params)}
      filters={
        <>
          <fieldset>
            <legend>{t('offers.results.filter')}</legend>
            <label className="check">
              <input type="checkbox" name="refundable" value="1" defaultChecked={data.refundable} />
              {t('details.refundable')}
            </label>
          </fieldset>
          <ResultsSortAndApply
            id="offer-sort"
            value={data.sort}
            options={[
              { value: 'price', label: t('results.sort.price') },
              { value: 'rating', label: t('results.sort.rating') },
            ]}
          />
        </>
      }
      countId="offer-results-count"
      count={t('offers.results.count', { count: bookable.length })}
      empty={bookable.length === 0 ? t('offers.results.none') : null}
    >
      {data.results.map((offer) => {
        const link = new URLSearchParams(data.params);
        link.set('offer', offer.slug);
        const days = [...new Set(offer.cheapest?.slots.filter((s) => s.bookable).map((s) => s.day) ?? [])];
        return (
          <ResultCard
            key={offer.slug}
            image={offer.image}
            body={
              <>
                <h3>{offer.name}</h3>
                <OfferFacts facts={offer.facts} />
                <p>{t('results.rating', { rating: offer.guestRating.toFixed(1) })}</p>
                {segment === 'cruises' && days.length > 0 ? <p>{t('offers.results.sailings', { days: days.map((d) => formatOfferDay(d, locale.language)).join(' · ') })}</p> : null}
              </>
            }
            price={
              offer.cheapest ? (
                <>
                  <p className="price-main">{t('results.from', { price: offer.cheapest.price.total.text })}</p>
                  <p className="muted">
                    {offer.cheapest.name} · {t(`offers.price.per.${segment}`)} {offer.cheapest.price.perUnit.text}
                  </p>
                  <a className="button button-primary" href={`/${segment}/details?${link.toString()}`} aria-label={t('offers.results.view', { name: offer.name })}>
                    {t('offers.results.viewShort')}
                  </a>
                </>
              ) : (
                <p>{t('offers.results.unavailable')}</p>
              )
            }
          />
        );
      })}
    </ResultsShell>
  );
}
