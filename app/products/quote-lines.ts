/**
 * The quote lines of the products that share a page stack's quote builder (see
 * `QuoteDescription`): the scheduled offers (activities, transfers, cruises, restaurants) are
 * quoted by offer-pages.server.ts, resort and stay weeks by weeks-quote.server.ts.
 */
export const offerQuoteLines = {
  priceLines: ['perUnit', 'beforeTax', 'total', 'strikeTotal', 'tax', 'markup'],
  requiredLines: ['perUnit', 'beforeTax', 'total', 'tax'],
} as const;

export const weekQuoteLines = {
  priceLines: ['perWeek', 'total'],
  requiredLines: ['perWeek', 'total'],
} as const;
