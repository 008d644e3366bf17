import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';
import type { CarPriceView } from '~/services/car-pages.server';

/** A rental's price line by line in the visitor's currency, and when it is paid. */
export function CarPriceBreakdown({ price, heading = true }: { price: CarPriceView; heading?: boolean }) {
  const t = useT();
  const lines: [string, string][] = [[t('cars.price.days', { days: price.days, rate: price.dailyRate.text }), price.base.text]];
  if (price.youngDriverFee) lines.push([t('cars.price.youngDriver'), price.youngDriverFee.text]);
  if (price.oneWayFee) lines.push([t('cars.price.oneWay'), price.oneWayFee.text]);
  lines.push([t('price.taxes'), price.tax.text]);
  return (
    <>
      <PriceLines heading={heading} lines={lines} total={price.total.text} />
      <p className="car-pay-when">
        <strong>{price.payment === 'prepaid' ? t('cars.payment.prepaid') : t('cars.payment.postpaid')}:</strong>{' '}
        {price.payment === 'prepaid' ? t('cars.price.payNow') : t('cars.price.payAtDesk')}
      </p>
    </>
  );
}
