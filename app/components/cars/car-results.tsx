import type { SerializeFrom } from '@remix-run/node';
import { ResultCard, ResultsShell, SearchOnlyShell } from '~/components/search/page-shell';
import { ResultsSortAndApply } from '~/components/search/results-sort';
import { useT } from '~/components/shell-context';
import { CAR_FAMILIES, PASSENGER_OPTIONS, carSearchParams, carSearchValues } from '~/domain/car-rental';
import type { loadCarResults } from '~/products/car/car-pages.server';
import { CarFacts } from './car-facts';
import { CarSearchForm } from './car-search-form';

/** /cars/search-details: the rental search, then its cars with their facts and price. */
export function CarResultsView({ page: data }: { page: SerializeFrom<typeof loadCarResults> }) {
  const t = useT();
  const { search, filters } = data;
  const form = { locations: data.locations, minPickup: data.minPickup, today: data.today };
  if (!search) {
    return (
      <SearchOnlyShell>
        <CarSearchForm {...form} values={data.values} errors={data.errors} headingLevel={1} />
      </SearchOnlyShell>
    );
  }
  const base = carSearchParams(search);
  const city = data.locations.find((l) => l.code === search.pickupCode)?.city ?? search.pickupCode;
  const available = data.results.filter((car) => car.available > 0);
  return (
    <ResultsShell
      title={t('cars.results.title', { city })}
      searchForm={<CarSearchForm {...form} values={carSearchValues(search)} />}
      searchParams={base}
      filters={
        <>
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
          <ResultsSortAndApply
            id="cars-sort"
            value={filters.sort}
            options={[
              { value: 'price', label: t('results.sort.price') },
              { value: 'price_desc', label: t('cars.sort.priceDesc') },
            ]}
          />
        </>
      }
      countId="car-results-count"
      count={t('cars.results.count', { count: available.length, days: data.days })}
      empty={available.length === 0 ? t('cars.results.none') : null}
    >
      {data.results.map((car) => {
        const link = new URLSearchParams(base);
        link.set('car_id', String(car.id));
        return (
          <ResultCard
            key={car.id}
            className="car-card"
            image={car.image}
            body={
              <>
                <h3>
                  {t(`cars.family.${car.carfamily}`)} · {car.cartype}
                </h3>
                <CarFacts car={car} label={t('cars.facts.title')} />
              </>
            }
            price={
              car.available > 0 ? (
                <>
                  <p className="price-main">{t('results.from', { price: car.price.total.text })}</p>
                  <p className="muted">
                    {t('cars.results.perDay', { price: car.price.dailyRate.text })} · {car.payment === 'prepaid' ? t('cars.payment.prepaid') : t('cars.payment.postpaid')}
                  </p>
                  <a className="button button-primary" href={`/cars/details?${link.toString()}`} aria-label={t('cars.results.view', { car: car.cartype, company: car.company })}>
                    {t('cars.results.viewButton')}
                  </a>
                </>
              ) : (
                <p>{t('results.soldOut')}</p>
              )
            }
          />
        );
      })}
    </ResultsShell>
  );
}
