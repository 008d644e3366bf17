import { MembersPay } from '~/components/member-price';
import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';
import type { PriceBreakdown as Breakdown } from '~/products/hotel/hotel-pages.server';

/**
 * The spec's room price, line by line, in the visitor's currency: the rooms and nights at their
 * rate before tax, the taxes, an ACTIVE member's saving, adding up to the total (the member
 * price for a member); anyone else is told what members pay. A package rate says so.
 */
export function PriceBreakdown({ price, heading = true }: { price: Breakdown; heading?: boolean }) {
  const t = useT();
  return (
    <>
      {price.priceType === 'PKG' ? <p className="badge badge-demo">{t('price.packageRate')}</p> : null}
      <PriceLines heading={heading} breakdown={price.breakdown} />
      {price.membersPay ? <MembersPay price={price.membersPay.text} /> : null}
    </>
  );
}
