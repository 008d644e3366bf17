// What a product family's server entry gives the page routes (docs/decisions/0029, 0026): a
// results and a details page loader, and a checkout whose load answers an open checkout, sold out
// (the route answers 409), too soon to book, or (thrown) back to the search. The entries live
// with their families (app/products/<family>/<family>.server.ts); one table files them by code
// (app/products/product-pages.server.ts).
import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import type { Answer } from '~/domain/answer';
import type { CheckoutProductCode } from '~/domain/checkout-path';
import { CHOOSE_FIRST_NOTICE } from '~/domain/destination-links';
import type { MessageKey } from '~/i18n';
import { type TravelerResult, tooSoonOf, tooSoonParams } from '~/services/booking/checkout.server';

export type PageArgs = { request: Request; params: Params; context: AppLoadContext };
/** A results or details page's data, loaded for the route (which adds what every page shares). */
export type PageLoader = (args: PageArgs) => Promise<object>;

/** The choice sold out meanwhile: answered 409 so that scripts and tests see the conflict; people see the message. */
export type SoldOut = { state: 'soldOut'; message: MessageKey; back: string; backLabel: MessageKey };
/** The travel date is too soon to book: the page is only the Change Dates dialog. */
export type TooSoon = { state: 'tooSoon'; earliest: string };
/**
 * The product's page data, at the top level as each checkout answered before (scripts read
 * `_data`), without the hold's quote: it carries the organisation's fees (its markup) and
 * nothing on the page reads it; paying and stored value read the quote from the hold.
 */
export type Open<P extends CheckoutProductCode, Page> = Omit<Page, 'quote'> & { state: 'open'; product: P };

/**
 * One product's checkout: how its page loads, and what each of its posts does. The route
 * dispatches the posts by their `intent` (app/checkout/route.tsx): `hold` (the details page's
 * form, which names none) holds the choice and redirects; `traveler` saves the traveller step.
 */
export type CheckoutEntry = {
  load(args: PageArgs): Promise<SoldOut | TooSoon | Open<CheckoutProductCode, unknown>>;
  /** Null where the browser holds the choice itself (the weeks, spec §4 prepare-to-checkout). */
  hold: ((args: PageArgs, form: FormData) => Promise<never>) | null;
  traveler(args: PageArgs, form: FormData): Promise<Answer<{ traveler: TravelerResult }>>;
};

export const soldOut = (message: MessageKey, back: string, backLabel: MessageKey = 'details.backToResults'): SoldOut => ({ state: 'soldOut', message, back, backLabel });
export const tooSoon = (earliest: string): TooSoon => ({ state: 'tooSoon', earliest });
/** A checkout link without its hold (or choice): back to the product's search, saying why. */
export const searchFirst = (resultsPath: string) => redirect(`${resultsPath}?notice=${CHOOSE_FIRST_NOTICE}`);

/**
 * What a checkout answers before its product's page, from its URL: the sold-out dialog after the
 * hold was lost (`soldOutOf` gets the search's parameters back), the change-dates dialog for a
 * date too soon, or (thrown) back to `resultsPath` with no hold yet. Null: load the page.
 */
export function checkoutBeforeHold(params: URLSearchParams, soldOutOf: (search: URLSearchParams) => SoldOut, resultsPath: string): SoldOut | TooSoon | null {
  if (params.get('soldout') === '1') {
    params.delete('soldout');
    return soldOutOf(params);
  }
  const early = tooSoonOf(params);
  if (early) return tooSoon(early.earliest);
  if (!params.has('hold')) throw searchFirst(resultsPath);
  return null;
}

/** What a hold post answers (thrown): the checkout of the hold, the change-dates dialog, or sold out with the search to go back to. */
export function redirectAfterHold(
  checkoutPath: string,
  result: { kind: 'held'; hold: { token: string } } | { kind: 'too_soon'; earliest: string } | { kind: 'sold_out' },
  search: URLSearchParams,
): never {
  if (result.kind === 'too_soon') throw redirect(`${checkoutPath}?${tooSoonParams(result.earliest)}`);
  // The hold records the choice: the link names only the hold.
  if (result.kind === 'held') throw redirect(`${checkoutPath}?${new URLSearchParams({ hold: result.hold.token }).toString()}`);
  throw redirect(`${checkoutPath}?soldout=1&${search.toString()}`);
}
export const open = <P extends CheckoutProductCode, Page extends object>(product: P, page: Page): Open<P, Page> => {
  const { quote: _quote, ...shown } = page as Page & { quote?: unknown };
  return { ...shown, state: 'open', product };
};
