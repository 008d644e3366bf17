import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { CarFacts } from '~/components/cars/car-facts';
import { CarSearchForm } from '~/components/cars/car-search-form';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { CAR_FAMILIES, PASSENGER_OPTIONS, carSearchParams, carSearchValues } from '~/domain/car-rental';
import { loadCarResults } from '~/services/car-pages.server';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(context, 'search');
  return json(await loadCarResults(context, new URL(request.url)));
}

export default function CarResults() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { search, filters } = data;
  const form = { locations: data.locations, minPickup: data.minPickup, today: data.today };
  if (!search) return <CarSearchForm {...form} values={data.values} errors={data.errors} headingLevel={1} />;
  const base = carSearchParams(search);
  const city = data.locations.find((l) => l.code === search.pickupCode)?.city ?? search.pickupCode;
  const available = data.results.filter((car) => car.available > 0);
  return (
    <div className="results-page">
      <h1>{t('cars.results.title', { city })}</h1>
      <CarSearchForm {...form} values={carSearchValues(search)} />
      <div className="results-layout">
        <Form method="get" className="results-filters" aria-label={t('results.filters')}>
          {[...base.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend>{t('cars.filters.family')}</legend>
            {CAR_FAMILIES.map((family) => (
              <label key={family} className="check">
                <input type="checkbox" name="family" value={family} defaultChecked={filters.families.includes(family)} />
                {t(`cars.family.${family}`)}
              </label>
            ))}
          </fieldset>
          <label className="check">
            <input type="checkbox" name="free_cancellation" value="1" defaultChecked={filters.freeCancellation} />
            {t('cars.filters.freeCancellation')}
          </label>
          <fieldset>
            <legend>{t('cars.filters.payment')}</legend>
            {(['', 'prepaid', 'postpaid'] as const).map((payment) => (
              <label key={payment} className="check">
                <input type="radio" name="payment" value={payment} defaultChecked={(filters.payment ?? '') === payment} />
                {payment === '' ? t('cars.filters.any') : t(`cars.payment.${payment}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor="cars-passengers">{t('cars.filters.passengers')}</label>
          <select id="cars-passengers" name="passengers" defaultValue={String(filters.minPassengers ?? '')}>
            <option value="">{t('cars.filters.any')}</option>
            {PASSENGER_OPTIONS.map((count) => (
              <option key={count} value={count}>
                {t('cars.filters.passengersOption', { count })}
              </option>
            ))}
          </select>
          <ResultsSortAndApply id="cars-sort" value={filters.sort} options={[{ value: 'price', label: t('results.sort.price') }, { value: 'price_desc', label: t('cars.sort.priceDesc') }]} />
        </Form>
        <section aria-labelledby="car-results-count" className="results-list">
          <h2 id="car-results-count">{t('cars.results.count', { count: available.length, days: data.days })}</h2>
          {available.length === 0 ? <p role="status">{t('cars.results.none')}</p> : null}
          <ul>
            {data.results.map((car) => {
              const link = new URLSearchParams(base);
              link.set('car_id', String(car.id));
              return (
                <li key={car.id} className="result-card car-card">
                  <img src={car.image} alt="" width={160} height={96} loading="lazy" />
                  <div className="result-body">
                    <h3>
                      {t(`cars.family.${car.carfamily}`)} · {car.cartype}
                    </h3>
                    <CarFacts car={car} label={t('cars.facts.title')} />
                  </div>
                  <div className="result-price">
                    {car.available > 0 ? (
                      <>
                        <p className="price-main">{t('results.from', { price: car.price.total.text })}</p>
                        <p className="muted">
                          {t('cars.results.perDay', { price: car.price.dailyRate.text })} · {car.payment === 'prepaid' ? t('cars.payment.prepaid') : t('cars.payment.postpaid')}
                        </p>
                        <Link className="button button-primary" to={`/cars/details?${link.toString()}`} aria-label={t('cars.results.view', { car: car.cartype, company: car.company })}>
                          {t('cars.results.viewButton')}
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

export const meta: MetaFunction = () => [{ title: 'Rental cars' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
