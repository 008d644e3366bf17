import { MembersPay } from '~/components/member-price';
import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';
import type { PriceBreakdown as Breakdown } from '~/services/hotel-pages.server';

/**
 * The spec's room price, line by line, in the visitor's currency; a package rate says so. An
 * ACTIVE member's total is the member price, with the saving as a line; anyone else is told
 * what members pay.
 */
export function PriceBreakdown({ price, heading = true }: { price: Breakdown; heading?: boolean }) {
  const t = useT();
  const lines: [string, string][] = [
    [t('price.perNight'), price.perNight.text],
    [t('price.nightsRooms', { nights: price.nights, rooms: price.rooms }), price.beforeTax.text],
    [t('price.taxes'), price.tax.text],
  ];
  if (price.memberSavings) lines.push([t('price.memberSavings'), `−${price.memberSavings.text}`]);
  return (
    <>
      {price.priceType === 'PKG' ? <p className="badge badge-demo">{t('price.packageRate')}</p> : null}
      <PriceLines heading={heading} lines={lines} total={price.total.text} was={price.strikeTotal?.text} />
      {price.membersPay ? <MembersPay price={price.membersPay.text} /> : null}
    </>
  );
}
