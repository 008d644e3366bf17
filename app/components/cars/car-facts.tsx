import { useShell, useT } from '~/components/shell-context';
import { formatWeekDay } from '~/components/dates';
import type { CarSearch } from '~/domain/car-rental';
import type { CarView } from '~/products/car/car-pages.server';

type Facts = Pick<CarView, 'noPax' | 'baggage' | 'doors' | 'is_ac' | 'transmission' | 'mileage' | 'freecancellation' | 'company'>;

/** What the car is: seats, bags, doors, air conditioning, gearbox, mileage, cancellation. */
export function CarFacts({ car, label }: { car: Facts; label?: string }) {
  const t = useT();
  return (
    <ul className="car-facts" aria-label={label ?? t('cars.facts.title')}>
      <li>{t('cars.facts.passengers', { count: car.noPax })}</li>
      <li>{t('cars.facts.bags', { count: car.baggage })}</li>
      <li>{t('cars.facts.doors', { count: car.doors })}</li>
      <li>{car.is_ac ? t('cars.facts.ac') : t('cars.facts.noAc')}</li>
      <li>{car.transmission === 'automatic' ? t('cars.facts.automatic') : t('cars.facts.manual')}</li>
      <li>{car.mileage === null ? t('cars.facts.unlimited') : t('cars.facts.mileage', { km: car.mileage })}</li>
      <li>{car.freecancellation ? t('details.refundable') : t('details.nonRefundable')}</li>
      <li>{t('cars.facts.company', { company: car.company })}</li>
    </ul>
  );
}

/** Where and when the car is picked up and dropped off, and by whom. */
export function RentalSummary({ search, car }: { search: CarSearch; car: Pick<CarView, 'pickup' | 'dropoff'> }) {
  const t = useT();
  const { locale } = useShell();
  const day = (date: string) => formatWeekDay(date, locale.language);
  return (
    <dl className="car-rental">
      <div>
        <dt>{t('cars.details.pickup')}</dt>
        <dd>{t('cars.details.when', { location: car.pickup.name, date: day(search.pickupDate), time: search.pickupTime })}</dd>
      </div>
      <div>
        <dt>{t('cars.details.dropoff')}</dt>
        <dd>{t('cars.details.when', { location: car.dropoff.name, date: day(search.dropoffDate), time: search.dropoffTime })}</dd>
      </div>
      <div>
        <dt>{t('cars.driverAge')}</dt>
        <dd>{search.driverAge}</dd>
      </div>
    </dl>
  );
}
