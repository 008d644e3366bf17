import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';
import type { CarPriceView } from '~/products/car/car-pages.server';

/** A rental's price line by line in the visitor's currency, and when it is paid. */
export function CarPriceBreakdown({ price, heading = true }: { price: CarPriceView; heading?: boolean }) {
  const t = useT();
  return (
    <>
      <PriceLines heading={heading} breakdown={price.breakdown} />
      <p className="car-pay-when">
        <strong>{price.payment === 'prepaid' ? t('cars.payment.prepaid') : t('cars.payment.postpaid')}:</strong>{' '}
        {price.payment === 'prepaid' ? t('cars.price.payNow') : t('cars.price.payAtDesk')}
      </p>
    </>
  );
}
