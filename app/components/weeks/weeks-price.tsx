import { PriceLines } from '~/components/price-lines';
import type { Breakdown } from '~/domain/price-breakdown';

/** A week price line by line, in the visitor's currency. */
export function WeeksPriceBreakdown({ price, heading = true }: { price: { breakdown: Breakdown }; heading?: boolean }) {
  return <PriceLines heading={heading} breakdown={price.breakdown} />;
}
