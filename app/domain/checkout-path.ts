import { isOfferSegment, offerProducts } from './offers';

/** Every product with a checkout page (the registry's codes; WEEKS books as RST or STY). */
export const checkoutProductCodes = ['HLT', 'FLT', 'CAR', 'ACT', 'TRF', 'CRUISE', 'RESTAURANT', 'RST', 'STY'] as const;
export type CheckoutProductCode = (typeof checkoutProductCodes)[number];

const fixedPaths: Record<string, CheckoutProductCode> = {
  '/hotel-checkout': 'HLT',
  '/holidaystays/hotel-checkout': 'HLT',
  '/flight/checkout': 'FLT',
  '/cars/checkout': 'CAR',
  '/resorts/checkout': 'RST',
  '/stays/checkout': 'STY',
};

/**
 * The product a checkout URL sells: the fixed paths, then /{offer segment}/checkout. Null for
 * any other segment (the page answers 404).
 */
export function checkoutProductOf(pathname: string): CheckoutProductCode | null {
  const path = pathname.replace(/\/+$/, '');
  const fixed = fixedPaths[path];
  if (fixed) return fixed;
  const segment = /^\/([^/]+)\/checkout$/.exec(path)?.[1];
  return segment && isOfferSegment(segment) ? offerProducts[segment].code : null;
}
