import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';
import type { PriceBreakdown as Breakdown } from '~/services/hotel-pages.server';

/** The spec's room price, line by line, in the visitor's currency; a package rate says so. */
export function PriceBreakdown({ price, heading = true }: { price: Breakdown; heading?: boolean }) {
  const t = useT();
  return (
    <>
      {price.priceType === 'PKG' ? <p className="badge badge-demo">{t('price.packageRate')}</p> : null}
      <PriceLines
        heading={heading}
        lines={[
          [t('price.perNight'), price.perNight.text],
          [t('price.nightsRooms', { nights: price.nights, rooms: price.rooms }), price.beforeTax.text],
          [t('price.taxes'), price.tax.text],
        ]}
        total={price.total.text}
        was={price.strikeTotal?.text}
      />
    </>
  );
}
