import { PriceLines } from '~/components/price-lines';
import type { OfferPriceView } from '~/products/offer/offer-pages.server';

/** A scheduled offer's price, line by line, in the visitor's currency. */
export function OfferPrice({ price, heading = true }: { price: Pick<OfferPriceView, 'breakdown'>; heading?: boolean }) {
  return <PriceLines heading={heading} breakdown={price.breakdown} />;
}
