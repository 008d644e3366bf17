import type { SerializeFrom } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { DetailsHeader, DetailsShell } from '~/components/search/page-shell';
import { useT } from '~/components/shell-context';
import { AddToTrip } from '~/components/trips/add-to-trip';
import { carTripCandidate } from '~/domain/add-to-trip';
import { YOUNG_DRIVER_AGE, carSearchParams } from '~/domain/car-rental';
import type { loadCarDetails } from '~/products/car/car-pages.server';
import { CarFacts, RentalSummary } from './car-facts';
import { CarPriceBreakdown } from './car-price';

/** /cars/details: the car's facts, the rental and its conditions, the price and Reserve. */
export function CarDetailsView({ page }: { page: SerializeFrom<typeof loadCarDetails> }) {
  const { car, search } = page;
  const t = useT();
  const params = carSearchParams(search);
  return (
    <DetailsShell titleId="car-title" back={`/cars/search-details?${params.toString()}`}>
      <DetailsHeader image={car.image} titleId="car-title" title={`${t(`cars.family.${car.carfamily}`)} · ${car.cartype}`}>
        <CarFacts car={car} />
        <AddToTrip product="CAR" candidate={carTripCandidate(page)} />
      </DetailsHeader>
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
    </DetailsShell>
  );
}
