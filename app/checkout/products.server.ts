// The one table the checkout route dispatches through (docs/decisions/0026): for each product
// code, how its checkout page is loaded and what its posts do. Each entry keeps its product's
// own rules (the hold, sold out answered 409, too soon to book, no hold sends back to search);
// the layout and the blocks are the route's. Every call into the product services is here.
import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import { flowCopy } from '~/components/hotels/flow-copy';
import type { CheckoutProductCode } from '~/domain/checkout-path';
import { CHOOSE_FIRST_NOTICE } from '~/domain/destination-links';
import { carSearchParams } from '~/domain/car-rental';
import { flightSearchParams } from '~/domain/flight-query';
import { hotelFlowOf } from '~/domain/hotel-flow';
import { hotelSearchParams } from '~/domain/hotel-query';
import { offerProducts } from '~/domain/offers';
import type { MessageKey } from '~/i18n';
import { products } from '~/products/registry';
import { holdCar, loadCarCheckout } from '~/products/car/car-pages.server';
import { tooSoonOf, tooSoonParams, travelerAction } from '~/services/booking/checkout.server';
import { holdFlight, loadFlightCheckout } from '~/products/flight/flight-pages.server';
import { holdHotelRoom, loadHotelCheckout } from '~/products/hotel/hotel-pages.server';
import { holdOffer, loadOfferCheckout, offerPageContext } from '~/products/offer/offer-pages.server';
import { withCheckoutPayment } from '~/services/booking-payments/checkout-payment.server';
import { requireFlightVisitor } from '~/services/site/route-behaviours.server';
import { loadWeeksCheckout, saveWeeksTraveler } from '~/products/weeks/weeks-pages.server';

export type CheckoutArgs = { request: Request; params: Params; context: AppLoadContext };

/** The choice sold out meanwhile: answered 409 so that scripts and tests see the conflict; people see the message. */
type SoldOut = { state: 'soldOut'; message: MessageKey; back: string; backLabel: MessageKey };
/** The travel date is too soon to book: the page is only the Change Dates dialog. */
type TooSoon = { state: 'tooSoon'; earliest: string };
/**
 * The product's page data, at the top level as each checkout answered before (scripts read
 * `_data`), without the hold's quote: it carries the organisation's fees (its markup) and
 * nothing on the page reads it; paying and stored value read the quote from the hold.
 */
type Open<P extends CheckoutProductCode, Page> = Omit<Page, 'quote'> & { state: 'open'; product: P };

const soldOut = (message: MessageKey, back: string, backLabel: MessageKey = 'details.backToResults'): SoldOut => ({ state: 'soldOut', message, back, backLabel });
const tooSoon = (earliest: string): TooSoon => ({ state: 'tooSoon', earliest });
/** A checkout link without its hold (or choice): back to the product's search, saying why. */
const searchFirst = (resultsPath: string) => redirect(`${resultsPath}?notice=${CHOOSE_FIRST_NOTICE}`);
const open = <P extends CheckoutProductCode, Page extends object>(product: P, page: Page): Open<P, Page> => {
  const { quote: _quote, ...shown } = page as Page & { quote?: unknown };
  return { ...shown, state: 'open', product };
};

const hotel = {
  async load({ request, context }: CheckoutArgs) {
    const url = new URL(request.url);
    const params = url.searchParams;
    const flow = hotelFlowOf(url.pathname);
    if (params.get('soldout') === '1') {
      params.delete('soldout');
      return soldOut(flowCopy[flow.propertyType].soldOut, `${flow.base}/search-detail?${params.toString()}`);
    }
    const early = tooSoonOf(params);
    if (early) return tooSoon(early.earliest);
    if (!params.has('hold')) throw searchFirst(`${flow.base}/search-detail`);
    return open('HLT', await withCheckoutPayment(context, 'HLT', await loadHotelCheckout(context, url)));
  },
  async act({ request, context }: CheckoutArgs) {
    const form = await request.formData();
    if (form.get('intent') === 'traveler') return travelerAction(context, form, 'HLT');
    const { result, search, flow } = await holdHotelRoom(context, new URL(request.url), form);
    const checkout = `${flow.base}/hotel-checkout`;
    if (result.kind === 'too_soon') throw redirect(`${checkout}?${tooSoonParams(result.earliest)}`);
    // The hold records the party and the rate: the link names only the hold.
    if (result.kind === 'held') throw redirect(`${checkout}?hold=${encodeURIComponent(result.hold.token)}`);
    throw redirect(`${checkout}?soldout=1&${hotelSearchParams(search).toString()}`);
  },
};

const flight = {
  async load({ request, context }: CheckoutArgs) {
    const url = new URL(request.url);
    requireFlightVisitor(url.pathname, context);
    const params = url.searchParams;
    if (params.get('soldout') === '1') {
      params.delete('soldout');
      return soldOut('flight.checkout.soldOut', `/flight/search-details?${params.toString()}`);
    }
    const early = tooSoonOf(params);
    if (early) return tooSoon(early.earliest);
    if (!params.has('hold')) throw searchFirst(products.FLT.pages.results);
    return open('FLT', await withCheckoutPayment(context, 'FLT', await loadFlightCheckout(context, url)));
  },
  async act({ request, context }: CheckoutArgs) {
    const url = new URL(request.url);
    requireFlightVisitor(url.pathname, context);
    const form = await request.formData();
    if (form.get('intent') === 'traveler') return travelerAction(context, form, 'FLT');
    const { result, search } = await holdFlight(context, url, form);
    if (result.kind === 'too_soon') throw redirect(`/flight/checkout?${tooSoonParams(result.earliest)}`);
    // The hold records the search, trip, fare and passengers: the link names only the hold.
    if (result.kind === 'held') throw redirect(`/flight/checkout?hold=${encodeURIComponent(result.hold.token)}`);
    throw redirect(`/flight/checkout?soldout=1&${flightSearchParams(search).toString()}`);
  },
};

const car = {
  async load({ request, context }: CheckoutArgs) {
    const url = new URL(request.url);
    const params = url.searchParams;
    if (params.get('soldout') === '1') {
      params.delete('soldout');
      params.delete('car_id');
      return soldOut('cars.checkout.soldOut', `/cars/search-details?${params.toString()}`);
    }
    const early = tooSoonOf(params);
    if (early) return tooSoon(early.earliest);
    if (!params.has('hold')) throw searchFirst(products.CAR.pages.results);
    return open('CAR', await withCheckoutPayment(context, 'CAR', await loadCarCheckout(context, url)));
  },
  async act({ request, context }: CheckoutArgs) {
    const form = await request.formData();
    if (form.get('intent') === 'traveler') return travelerAction(context, form, 'CAR');
    const { result, search } = await holdCar(context, form);
    if (result.kind === 'too_soon') throw redirect(`/cars/checkout?${tooSoonParams(result.earliest)}`);
    // The hold records the desks, times and driver's age: the link names only the hold.
    if (result.kind === 'held') throw redirect(`/cars/checkout?${new URLSearchParams({ hold: result.hold.token }).toString()}`);
    throw redirect(`/cars/checkout?soldout=1&${carSearchParams(search).toString()}`);
  },
};

/** Activities, transfers, cruises and restaurants: one scheduled-offer checkout, /{segment}/checkout. */
const offer = {
  async load({ request, params, context }: CheckoutArgs) {
    const url = new URL(request.url);
    const early = tooSoonOf(url.searchParams);
    if (early) {
      await offerPageContext(context, params.product);
      return tooSoon(early.earliest);
    }
    if (url.searchParams.get('soldout') === '1') {
      const { segment } = await offerPageContext(context, params.product);
      url.searchParams.delete('soldout');
      return soldOut('offers.checkout.soldOut', `/${segment}/details?${url.searchParams.toString()}`, 'offers.checkout.chooseAnother');
    }
    if (!url.searchParams.has('hold')) {
      const { segment } = await offerPageContext(context, params.product);
      throw searchFirst(`/${segment}/search-details`);
    }
    const checkout = await loadOfferCheckout(context, url, params.product);
    return open(offerProducts[checkout.segment].code, await withCheckoutPayment(context, offerProducts[checkout.segment].code, checkout));
  },
  async act({ request, params, context }: CheckoutArgs) {
    const form = await request.formData();
    if (form.get('intent') === 'traveler') {
      const { rule } = await offerPageContext(context, params.product);
      return travelerAction(context, form, rule.code);
    }
    const { token, back } = await holdOffer(context, params.product, form);
    const segment = params.product!;
    // The hold records the slot, party and return leg: the link names only the hold.
    if (token) throw redirect(`/${segment}/checkout?${new URLSearchParams({ hold: token }).toString()}`);
    throw redirect(`/${segment}/checkout?soldout=1&${back}`);
  },
};

/** Resorts and stays: the week is held from the browser (spec §4 prepare-to-checkout); the traveller step posts here. */
const weeks = <K extends 'RST' | 'STY'>(kind: K) => ({
  async load({ request, context }: CheckoutArgs) {
    const url = new URL(request.url);
    if (!['hold', 'resort_id', 'inventory_id'].some((name) => url.searchParams.has(name))) throw searchFirst(products[kind].pages.results);
    return open(kind, await withCheckoutPayment(context, kind, await loadWeeksCheckout(context, url, kind)));
  },
  async act({ request, context }: CheckoutArgs) {
    return saveWeeksTraveler(context, await request.formData(), kind);
  },
});

/** The checkout of every product, by code. */
export const checkoutProducts = {
  HLT: hotel,
  FLT: flight,
  CAR: car,
  ACT: offer,
  TRF: offer,
  CRUISE: offer,
  RESTAURANT: offer,
  RST: weeks('RST'),
  STY: weeks('STY'),
} satisfies Record<CheckoutProductCode, { load(args: CheckoutArgs): Promise<SoldOut | TooSoon | Open<CheckoutProductCode, unknown>>; act(args: CheckoutArgs): Promise<unknown> }>;
