import { json } from '@remix-run/node';
import {
  type CarPrice,
  type CarSearch,
  type CarSearchErrors,
  type CarSearchValues,
  applyCarFilters,
  carSearchValues,
  parseCarFilters,
  parseCarSearch,
  rentalRange,
} from '~/domain/car-rental';
import { minCheckinDate } from '~/domain/checkin';
import { leadDaysOf } from '~/domain/lead-days';
import { findVisitorHold, recordHoldQuote } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { quotedLine, requiredLine } from '~/domain/quote';
import { quoteBreakdown } from '~/domain/price-breakdown';
import { type CarQuote, carPaymentModeNow, quoteCarHold } from '~/products/car/car-quote.server';
import { savedTraveler, tooSoonToBook } from '~/services/booking/checkout.server';
import { type PageUrl, hotelPageContext, unquotedHold } from '~/products/hotel/hotel-pages.server';
import type { RequestContext } from '~/services/site/request-context.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { type CarOffer, builtInCarSupplier as cars, carLocations, resolveRentalLocations } from '~/services/suppliers/cars.server';

type Context = Awaited<ReturnType<typeof hotelPageContext>>;

/** The page context, or a 404 when the organisation does not sell cars. */
async function carContext(requestContext: RequestContext) {
  const context = await hotelPageContext(requestContext);
  if (!context.org.products.some((p) => p === 'CAR')) throw new Response('Not found', { status: 404 });
  return { ...context, minPickup: minCheckinDate(context.today, leadDaysOf(context)) };
}

/** A rental's price in the visitor's currency, line by line, as the pages show it. */
function carBreakdown(price: CarPrice, money: Context['money']) {
  return {
    breakdown: money.breakdown({
      product: 'CAR',
      amounts: { base: price.base, youngDriverFee: price.young_driver_fee, oneWayFee: price.one_way_fee, tax: price.tax, total: price.total },
      counts: { days: price.days },
    }),
    days: price.days,
    dailyRate: money(price.daily_rate),
    base: money(price.base),
    youngDriverFee: price.young_driver_fee > 0 ? money(price.young_driver_fee) : null,
    oneWayFee: price.one_way_fee > 0 ? money(price.one_way_fee) : null,
    tax: money(price.tax),
    total: money(price.total),
    payment: price.payment,
    priceType: price.price_type,
  };
}
export type CarPriceView = ReturnType<typeof carBreakdown>;

function carView(offer: CarOffer, money: Context['money']) {
  const { fare_summary, request: _request, ...facts } = offer;
  return { ...facts, price: carBreakdown(fare_summary, money) };
}
export type CarView = ReturnType<typeof carView>;

/** What the car search form needs: every desk, and the earliest pickup day. */
export async function carSearchFormData(requestContext: RequestContext) {
  const context = await carContext(requestContext);
  return { locations: await carLocations(), minPickup: context.minPickup, today: context.today };
}

/**
 * Reads the search and checks its desks: the message keys say which field is wrong, so the
 * form can show them where they belong.
 */
async function checkedSearch(
  params: URLSearchParams,
  minPickup: string,
): Promise<{ ok: true; search: CarSearch } | { ok: false; errors: CarSearchErrors; values: CarSearchValues }> {
  const parsed = parseCarSearch(params, minPickup);
  if (!parsed.ok) return parsed;
  const where = await resolveRentalLocations(parsed.search.pickupCode, parsed.search.dropoffCode);
  if (where.kind === 'ok') return parsed;
  const errors: CarSearchErrors =
    where.kind === 'unknown_pickup'
      ? { pickup: 'cars.error.pickup' }
      : where.kind === 'unknown_dropoff'
        ? { dropoff: 'cars.error.dropoff' }
        : { dropoff: 'cars.error.dropoffCity' };
  return { ok: false, errors, values: carSearchValues(parsed.search) };
}

/** /cars/search-details: the search form, and the offers when the URL has a valid search. */
export async function loadCarResults(requestContext: RequestContext, url: PageUrl) {
  const context = await carContext(requestContext);
  const params = url.searchParams;
  const form = { locations: await carLocations(), minPickup: context.minPickup, today: context.today };
  const filters = parseCarFilters(params);
  const empty = { ...form, filters, results: [] as CarView[], days: 0 };
  if (!params.has('pickup')) return { ...empty, search: null, errors: {} as CarSearchErrors, values: {} as CarSearchValues };
  const parsed = await checkedSearch(params, context.minPickup);
  if (!parsed.ok) return { ...empty, search: null, errors: parsed.errors, values: parsed.values };
  const offers = await cars.search(parsed.search, context.supplier);
  const results = applyCarFilters(offers, filters).map((offer) => carView(offer, context.money));
  return { ...form, filters, search: parsed.search, errors: {}, values: {}, results, days: rentalRange(parsed.search)?.days ?? 0 };
}

const OFFER_ID = /^[1-9]\d{0,8}$/;

/** /cars/details: one offer priced for the search in the URL. */
export async function loadCarDetails(requestContext: RequestContext, url: PageUrl) {
  const context = await carContext(requestContext);
  const params = url.searchParams;
  const parsed = await checkedSearch(params, context.minPickup);
  if (!parsed.ok) throw json({ message: 'Choose your pickup location and dates first.', errors: parsed.errors }, { status: 400 });
  const offer = await cars.details(params.get('car_id') ?? '', parsed.search, context.supplier);
  if (!offer) throw new Response('We could not find that car.', { status: 404 });
  return { search: parsed.search, car: carView(offer, context.money) };
}

/**
 * Opening checkout holds one car of the offer over the rental. Answers the hold, a sold-out
 * answer, or throws a 4xx for a bad form.
 */
export async function holdCar(requestContext: RequestContext, form: FormData) {
  const context = await carContext(requestContext);
  const params = new URLSearchParams([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const parsed = await checkedSearch(params, context.minPickup);
  if (!parsed.ok) throw json({ message: 'The search is not valid any more; please search again.', errors: parsed.errors }, { status: 400 });
  const carId = params.get('car_id') ?? '';
  if (!OFFER_ID.test(carId)) throw json({ message: 'Choose a car.' }, { status: 400 });
  const earliest = await tooSoonToBook(context.org, context.session, parsed.search.pickupDate, context.today);
  if (earliest) return { result: { kind: 'too_soon' as const, earliest }, search: parsed.search };
  await requireHoldAllowed(requestContext, 'page');
  const held = await cars.hold(
    { ...parsed.search, offerId: Number(carId) },
    { ...context.supplier, ttlMinutes: context.org.booking.holdMinutes, clientIp: requestContext.clientIp },
  );
  const notFound = () => new Response('We could not find that car.', { status: 404 });
  if (held.kind === 'not_found') throw notFound();
  if (held.kind !== 'held') return { result: held, search: parsed.search };
  // The hold's quote: what its checkout shows, how it is paid and what paying charges, priced once, now.
  const quote = await quoteCarHold(held.hold, context.supplier, context.org.payments.carReferenceProvider, context.quoting);
  if (!quote) {
    await releaseHold(held.hold.token);
    throw notFound();
  }
  return { result: { kind: 'held' as const, hold: await recordHoldQuote(held.hold, quote) }, search: parsed.search };
}

const invalidLink = () => new Response('This booking link is not valid. Please search again.', { status: 404 });

/** A car quote's price as the pages show a car's price (at the quote's rate). */
function quotedCarBreakdown(quote: CarQuote, language: string): CarPriceView {
  const line = (key: string) => requiredLine(quote, key, language);
  return {
    breakdown: quoteBreakdown(quote),
    days: quote.facts.days,
    dailyRate: line('dailyRate'),
    base: line('base'),
    youngDriverFee: quotedLine(quote, 'youngDriverFee', language),
    oneWayFee: quotedLine(quote, 'oneWayFee', language),
    tax: line('tax'),
    total: line('total'),
    payment: quote.facts.payment,
    priceType: quote.priceType as CarPriceView['priceType'],
  };
}

/**
 * The checkout of a live hold: the car, the rental, until when it is held, the price, how it
 * is paid and the charge, all read from the quote the hold recorded; the link only names the
 * hold and nothing is re-priced. A hold without a quote is not payable: search again.
 */
export async function loadCarCheckout(requestContext: RequestContext, url: PageUrl) {
  const context = await carContext(requestContext);
  const token = url.searchParams.get('hold') ?? '';
  const hold = await findVisitorHold(token, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null });
  if (!hold || hold.product !== 'CAR') throw invalidLink();
  if (!hold.quote) throw unquotedHold();
  const quote = hold.quote;
  const user = context.session?.user ?? null;
  const paymentMode = await carPaymentModeNow({ id: hold.id, quote });
  return {
    hold: { token: hold.token, live: hold.status === 'active' && hold.expiresAt.getTime() > Date.now(), expiresAt: hold.expiresAt.toISOString() },
    search: quote.facts.search,
    car: { ...quote.facts.car, price: quotedCarBreakdown(quote, context.locale.language) },
    /** How this car is paid (spec §4 "Payment mode routing for cars"; decision 0019). */
    paymentMode,
    /**
     * What paying now charges, as the quote recorded it: a prepaid rental's total (`car.price.total`
     * is it as shown); a postpaid one's markup when the card provider takes it; nothing for a
     * card guarantee (iframe) or without payment (nopg).
     */
    charge: quote.charge,
    /**
     * A postpaid car through the card provider charges our markup now and the rest at the desk
     * (decision 0019): that amount as shown; null for every other car, whose markup stays ours.
     */
    markupNow: paymentMode.mode === 'card-provider' && quote.facts.payment === 'postpaid' ? requiredLine(quote, 'markup', context.locale.language) : null,
    quote,
    traveler: user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null,
    savedTraveler: await savedTraveler(hold),
  };
}
