import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { CarFacts, RentalSummary } from '~/components/cars/car-facts';
import { CarPriceBreakdown } from '~/components/cars/car-price';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { YOUNG_DRIVER_AGE, carSearchParams } from '~/domain/car-rental';
import { loadCarDetails } from '~/services/car-pages.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadCarDetails(context, new URL(request.url)));
}

export default function CarDetails() {
  const { car, search } = useLoaderData<typeof loader>();
  const t = useT();
  const params = carSearchParams(search);
  const title = `${t(`cars.family.${car.carfamily}`)} · ${car.cartype}`;
  return (
    <article className="details-page" aria-labelledby="car-title">
      <p>
        <Link to={`/cars/search-details?${params.toString()}`}>{t('details.backToResults')}</Link>
      </p>
      <header className="details-header">
        <img src={car.image} alt="" width={400} height={240} />
        <div>
          <h1 id="car-title">{title}</h1>
          <CarFacts car={car} />
        </div>
      </header>
      <div className="checkout-layout">
        <section aria-labelledby="car-rental-title">
          <h2 id="car-rental-title">{t('cars.details.rental')}</h2>
          <RentalSummary search={search} car={car} />
          <h2>{t('cars.details.conditions')}</h2>
          <ul className="car-conditions">
            <li>{car.payment === 'prepaid' ? t('cars.details.cond.prepaid') : t('cars.details.cond.postpaid')}</li>
            <li>{car.freecancellation ? t('cars.details.cond.freeCancellation') : t('cars.details.cond.noCancellation')}</li>
            <li>{car.guarantee_needed ? t('cars.details.cond.guarantee') : t('cars.details.cond.noGuarantee')}</li>
            <li>{car.mileage === null ? t('cars.facts.unlimited') : t('cars.facts.mileage', { km: car.mileage })}</li>
            {search.driverAge < YOUNG_DRIVER_AGE ? <li>{t('cars.details.cond.youngDriver')}</li> : null}
            <li>{t('cars.details.cond.licence')}</li>
          </ul>
        </section>
        <section aria-labelledby="car-price-title" className="room-card">
          <h2 id="car-price-title">{t('price.title')}</h2>
          <CarPriceBreakdown price={car.price} heading={false} />
          {car.available > 0 ? (
            <>
              <p className="muted">{t('details.available', { count: car.available })}</p>
              <Form method="post" action="/cars/checkout">
                {[...params.entries()].map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <input type="hidden" name="car_id" value={car.id} />
                <button type="submit" className="button button-primary">
                  {t('cars.details.reserve')}
                </button>
              </Form>
            </>
          ) : (
            <p role="status">{t('results.soldOut')}</p>
          )}
        </section>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.car.cartype : 'Rental car' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
