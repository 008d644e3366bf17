import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';
import type { OfferSegment } from '~/domain/offers';
import type { OfferPriceView } from '~/services/offer-pages.server';

/** A scheduled offer's price, line by line, in the visitor's currency. */
export function OfferPrice({ segment, price, heading = true }: { segment: OfferSegment; price: OfferPriceView; heading?: boolean }) {
  const t = useT();
  const lines: [string, string][] = [[t(`offers.price.per.${segment}`), price.perUnit.text]];
  lines.push([t('offers.price.quantity', { quantity: price.quantity, legs: price.legs }), price.beforeTax.text]);
  lines.push([t('price.taxes'), price.tax.text]);
  return <PriceLines heading={heading} lines={lines} total={price.total.text} was={price.strikeTotal?.text} />;
}
