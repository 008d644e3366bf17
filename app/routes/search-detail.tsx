import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { flowCopy } from '~/components/hotels/flow-copy';
import { HotelSearchForm } from '~/components/hotels/hotel-search-form';
import { useT } from '~/components/shell-context';
import { hotelSearchParams } from '~/domain/hotel-query';
import { loadHotelResults } from '~/services/hotel-pages.server';
import { Stars } from '~/components/stars';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(context, 'search');
  return json(await loadHotelResults(context, new URL(request.url)));
}

export default function HotelResults() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { search, flow } = data;
  const copy = flowCopy[flow.propertyType];
  if (!search) {
    return <HotelSearchForm destinations={data.destinations} values={data.values} errors={data.errors} headingLevel={1} packageRate={'packageRate' in data.values} flow={flow} />;
  }
  const nights = Math.round((Date.parse(search.checkout) - Date.parse(search.checkin)) / 86_400_000);
  const available = data.results.filter((r) => r.price);
  const base = hotelSearchParams(search);
  return (
    <div className="results-page">
      <h1>{t(search.packageRate ? 'results.titlePackages' : copy.resultsTitle, { destination: data.destination?.name ?? search.destination })}</h1>
      <HotelSearchForm destinations={data.destinations} values={search} packageRate={search.packageRate} flow={flow} />
      <div className="results-layout">
        <Form method="get" className="results-filters" aria-label={t('results.filters')}>
          {[...base.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend>{t('results.stars')}</legend>
            {[5, 4, 3].map((stars) => (
              <label key={stars} className="check">
                <input type="checkbox" name="stars" value={stars} defaultChecked={data.stars.includes(stars)} />
                {t('results.starsOption', { count: stars })}
              </label>
            ))}
          </fieldset>
          <ResultsSortAndApply id="results-sort" value={data.sort} options={[{ value: 'price', label: t('results.sort.price') }, { value: 'stars', label: t('results.sort.stars') }, { value: 'rating', label: t('results.sort.rating') }]} />
        </Form>
        <section aria-labelledby="results-count" className="results-list">
          <h2 id="results-count">{t(copy.resultsCount, { count: available.length, nights })}</h2>
          {available.length === 0 ? <p role="status">{t(copy.resultsNone)}</p> : null}
          <ul>
            {data.results.map((hotel) => {
              const link = new URLSearchParams(base);
              link.set('hotel', hotel.slug);
              return (
                <li key={hotel.slug} className="result-card">
                  <img src={hotel.image} alt="" width={160} height={96} loading="lazy" />
                  <div className="result-body">
                    <h3>{hotel.name}</h3>
                    <p className="muted">
                      <Stars count={hotel.stars} /> · {hotel.address}
                    </p>
                    <p>{t('results.rating', { rating: hotel.guestRating.toFixed(1) })}</p>
                  </div>
                  <div className="result-price">
                    {hotel.price ? (
                      <>
                        {hotel.price.priceType === 'PKG' ? <p className="badge badge-demo">{t('price.packageRate')}</p> : null}
                        <p className="price-main">{t('results.from', { price: hotel.price.total.text })}</p>
                        <p className="muted">
                          {hotel.roomName} · {t('results.perNight', { price: hotel.price.perNight.text })}
                        </p>
                        <Link className="button button-primary" to={`${flow.base}/hotel-details?${link.toString()}`} aria-label={t(copy.resultsView, { hotel: hotel.name })}>
                          {t('details.rooms')}
                        </Link>
                      </>
                    ) : (
                      <p>{t('results.soldOut')}</p>
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

const metaTitles = {
  hotel: { in: 'Hotels in', search: 'Search hotels' },
  holiday_home: { in: 'Holiday homes in', search: 'Search holiday homes' },
} as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const titles = metaTitles[data?.flow.propertyType ?? 'hotel'];
  return [{ title: data?.destination ? `${titles.in} ${data.destination.name}` : titles.search }];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
