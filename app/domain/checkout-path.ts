import { PRODUCT_CODES, type ProductCode, products } from '~/products/registry';

/** Every product with a checkout page of its own (WEEKS books as RST or STY). */
export type CheckoutProductCode = { [C in ProductCode]: (typeof products)[C]['pages']['checkout'] extends string ? C : never }[ProductCode];

const hasCheckout = (code: ProductCode): code is CheckoutProductCode => products[code].pages.checkout !== null;

/** The registry's checkout pages, plus the hotel flow's mounted again under /holidaystays (app/domain/hotel-flow.ts). */
const productByCheckoutPath = new Map<string, CheckoutProductCode>(
  PRODUCT_CODES.filter(hasCheckout).flatMap((code): [string, CheckoutProductCode][] => {
    const path: string = products[code].pages.checkout;
    return code === 'HLT'
      ? [
          [path, code],
          [`/holidaystays${path}`, code],
        ]
      : [[path, code]];
  }),
);

/** A checkout product's own checkout and results pages (the registry's). */
export function checkoutPages(code: CheckoutProductCode): { checkout: string; results: string } {
  return { checkout: products[code].pages.checkout, results: products[code].pages.results };
}

/** The product a checkout URL sells, from the registry's pages; null for any other path (the page answers 404). */
export function checkoutProductOf(pathname: string): CheckoutProductCode | null {
  return productByCheckoutPath.get(pathname.replace(/\/+$/, '')) ?? null;
}
