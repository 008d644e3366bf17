import { savedTraveler, tooSoonToBook } from '~/services/booking/checkout.server';
import { json } from '@remix-run/node';
import { AIRPORTS } from '~/domain/airports-data';
import { flightGoesTo } from '~/domain/add-to-trip';
import { isKnownAirport } from '~/domain/airports';
import { destinations } from '~/domain/destinations-data';
import type { AirportChoice } from '~/components/flights/flight-search-form';
import { minCheckinDate } from '~/domain/checkin';
import { leadDaysOf } from '~/domain/lead-days';
import type { FlightPrice, PassengerType } from '~/domain/flight-price';
import { type FlightSearch, parseFlightSearch, seatsNeeded } from '~/domain/flight-query';
import { DEPARTURE_WINDOWS, type DepartureWindow, departureWindow } from '~/domain/flight-schedule';
import { type Hold, findVisitorHold, holdLocalDates, multiItemRef, recordHoldQuote } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { countOf, describeCharge } from '~/domain/charge';
import { type Quote, buildQuote, requiredLine } from '~/domain/quote';
import { type Breakdown, quoteBreakdown } from '~/domain/price-breakdown';
import { selectedPriceType, selectionParams } from '~/domain/hold-selection';
import { type PageUrl, hotelPageContext, unquotedHold } from '~/products/hotel/hotel-pages.server';
import type { RequestContext } from '~/services/site/request-context.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { requireFlightLogin } from '~/http/route-behaviours.server';
import { type FareOffer, type FlightOffer, builtInFlightSupplier as flights, flightHoldItemsOf } from '~/services/suppliers/flights.server';

type Context = Awaited<ReturnType<typeof hotelPageContext>>;

/**
 * The page context of a flight page: a 404 when the organisation does not sell flights, and
 * first of all the login rule of spec §2 for the paths it covers.
 */
async function flightContext(requestContext: RequestContext, pathname: string) {
  const context = await hotelPageContext(requestContext);
  requireFlightLogin(pathname, context.org.auth.flightLoginRequired, context.session !== null);
  if (!context.org.products.some((p) => p === 'FLT')) throw new Response('Not found', { status: 404 });
  return { ...context, minDate: minCheckinDate(context.today, leadDaysOf(context)) };
}

/** What the flight search form needs: our airports (for the datalist) and the earliest date. */
export async function flightSearchFormData(requestContext: RequestContext, url: PageUrl) {
  const context = await flightContext(requestContext, url.pathname);
  return { airports: airportChoices(), minDate: context.minDate };
}

const airportChoices = (): AirportChoice[] => AIRPORTS.map((a) => ({ iata: a.iata, name: a.name, city: a.city, country: a.countryName }));

/** `leadDays` defaults to the organisation's; a held trip was checked when it was held. */
function parseOf(params: URLSearchParams, context: Context, leadDays = context.org.booking.minCheckinDays) {
  return parseFlightSearch(params, context.today, leadDays, isKnownAirport);
}

/** A fare's price in the visitor's currency, per passenger type and in total. */
export type FlightPriceView = {
  /** The lines that add up to the total, as the breakdown shows them. */
  breakdown: Breakdown;
  passengers: { type: 'adult' | 'child' | 'infant'; count: number; fare: string; fareSubtotal: string; tax: string; perPerson: string; subtotal: string }[];
  beforeTax: string;
  tax: string;
  total: string;
  beforeTaxMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** The currency of the texts and minor amounts (the visitor's). */
  currency: string;
  priceType: string;
};

function priceView(price: FlightPrice, money: Context['money']): FlightPriceView {
  return {
    breakdown: money.breakdown({
      product: 'FLT',
      amounts: { ...Object.fromEntries(price.passengers.map((p) => [`${p.type}.fareSubtotal`, p.fare * p.count])), tax: price.tax, total: price.inclusive },
      counts: Object.fromEntries(price.passengers.map((p) => [p.type, p.count])),
    }),
    passengers: price.passengers.map((p) => ({
      type: p.type,
      count: p.count,
      fare: money(p.fare).text,
      fareSubtotal: money(p.fare * p.count).text,
      tax: money(p.tax).text,
      perPerson: money(p.total).text,
      subtotal: money(p.subtotal).text,
    })),
    beforeTax: money(price.exclusive).text,
    tax: money(price.tax).text,
    total: money(price.inclusive).text,
    beforeTaxMinor: money(price.exclusive).amountMinor,
    taxMinor: money(price.tax).amountMinor,
    totalMinor: money(price.inclusive).amountMinor,
    currency: money(price.inclusive).currency,
    priceType: price.price_type,
  };
}

/** A fare's brand as pages show it: what it includes, not its pricing factor on the cabin fare. */
const shownBrand = ({ factorBp: _factor, ...brand }: FareOffer['brand']) => brand;

const fareView = (fare: FareOffer, money: Context['money']) => ({ brand: shownBrand(fare.brand), price: priceView(fare.price, money) });

function offerView(offer: FlightOffer, money: Context['money']) {
  const { cheapest, ...rest } = offer;
  return { ...rest, cheapest: cheapest ? fareView(cheapest, money) : null };
}

export type FlightSort = 'price' | 'duration' | 'departure';
/** Results shown at once; the filters narrow the rest. */
const MAX_RESULTS = 30;

/** Results for the search in the URL, filtered by stops, airline and departure time, sorted as asked. */
export async function loadFlightResults(requestContext: RequestContext, url: PageUrl) {
  const context = await flightContext(requestContext, url.pathname);
  const params = url.searchParams;
  const form = { airports: airportChoices(), minDate: context.minDate };
  const parsed = parseOf(params, context);
  if (!parsed.ok) return { ...form, search: null, errors: parsed.errors, values: parsed.values, results: [], total: 0, airlines: [], filters: null };
  const sortParam = params.get('sort');
  const sort: FlightSort = sortParam === 'duration' || sortParam === 'departure' ? sortParam : 'price';
  const stopsParam = params.get('stops');
  const maxStops = stopsParam === '0' ? 0 : null;
  const airlineFilter = params.getAll('airline').filter((a) => /^[A-Z0-9]{2}$/.test(a));
  const windows = params.getAll('departs').filter((w): w is DepartureWindow => DEPARTURE_WINDOWS.some((d) => d === w));
  const offers = (await flights.search(parsed.query, context.supplier)).filter((o) => o.cheapest);
  const airlines = [...new Map(offers.flatMap((o) => o.legs.flatMap((l) => l.segments.map((s) => [s.airlineCode, s.airlineName] as const)))).entries()]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const departure = (o: FlightOffer) => Date.parse(o.legs[0]!.segments[0]!.departsAt);
  const price = (o: FlightOffer) => o.cheapest!.price.inclusive;
  const matching = offers
    .filter((o) => maxStops === null || o.legs.every((l) => l.stops <= maxStops))
    .filter((o) => airlineFilter.length === 0 || o.legs.every((l) => l.segments.every((s) => airlineFilter.includes(s.airlineCode))))
    .filter((o) => windows.length === 0 || windows.includes(departureWindow(o.legs[0]!.segments[0]!.departsLocal.minutes)))
    .sort((a, b) => {
      if (sort === 'duration') return a.durationMinutes - b.durationMinutes || price(a) - price(b);
      if (sort === 'departure') return departure(a) - departure(b) || price(a) - price(b);
      return price(a) - price(b) || a.durationMinutes - b.durationMinutes;
    });
  return {
    ...form,
    search: parsed.query,
    errors: {},
    values: {},
    results: matching.slice(0, MAX_RESULTS).map((o) => offerView(o, context.money)),
    total: matching.length,
    airlines,
    filters: { sort, nonstop: maxStops === 0, airlines: airlineFilter, departs: windows },
  };
}

function requireSearch(params: URLSearchParams, context: Context): FlightSearch {
  const parsed = parseOf(params, context);
  if (!parsed.ok) throw json({ message: 'The flight search is not valid; please search again.', errors: parsed.errors }, { status: 400 });
  return parsed.query;
}

/** The trip named by `offer`, with every branded fare priced for the search in the URL. */
export async function loadFlightDetails(requestContext: RequestContext, url: PageUrl) {
  const context = await flightContext(requestContext, url.pathname);
  const params = url.searchParams;
  const search = requireSearch(params, context);
  const details = await flights.details(params.get('offer') ?? '', search, context.supplier);
  if (!details) throw new Response('We could not find that flight for your search. Please search again.', { status: 404 });
  const { fares, cheapest: _, ...offer } = details;
  return { search, offer, fares: fares.map((f) => fareView(f, context.money)), seats: seatsNeeded(search), destination: tripDestination(search) };
}

/** Our destination where the flight goes, for the trip the page can add it to (add-to-trip.ts). */
function tripDestination(search: FlightSearch) {
  const goesTo = flightGoesTo(search);
  const destination = destinations.find((d) => d.airportIata === goesTo);
  return destination ? { name: destination.name, latitude: destination.latitude, longitude: destination.longitude } : null;
}

/**
 * Opening checkout holds the chosen fare's seats on every flight of the trip for the
 * organisation's hold time. Answers the hold, a sold-out answer, or throws a 4xx.
 */
export async function holdFlight(requestContext: RequestContext, url: PageUrl, form: FormData) {
  const context = await flightContext(requestContext, url.pathname);
  const params = new URLSearchParams([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const search = requireSearch(params, context);
  const offerId = params.get('offer') ?? '';
  const fare = params.get('brandedfare') ?? '';
  if (!/^[A-Z]{2,20}$/.test(fare)) throw json({ message: 'Choose a fare.' }, { status: 400 });
  const earliest = await tooSoonToBook(context.org, context.session, search.legs[0]!.date, context.today);
  if (earliest) return { result: { kind: 'too_soon' as const, earliest }, search, offerId, fare };
  await requireHoldAllowed(requestContext, 'page');
  const held = await flights.hold({ ...search, offerId, fare }, { ...context.supplier, ttlMinutes: context.org.booking.holdMinutes, clientIp: requestContext.clientIp });
  const notFound = () => new Response('We could not find that flight or fare. Please search again.', { status: 404 });
  if (held.kind === 'not_found') throw notFound();
  if (held.kind !== 'held') return { result: held, search, offerId, fare };
  // The hold's quote: what its checkout shows and paying charges, priced once, now.
  const quote = await quoteFlightHold(held.hold, context);
  if (!quote) {
    await releaseHold(held.hold.token);
    throw notFound();
  }
  return { result: { kind: 'held' as const, hold: await recordHoldQuote(held.hold, quote) }, search, offerId, fare };
}

/** What a flight quote shows beside its price: the search, the trip and the fare's brand. */
export type FlightQuoteFacts = {
  search: FlightSearch;
  offer: Omit<FlightOffer, 'cheapest'>;
  brand: FareOffer['brand'];
  passengers: { type: 'adult' | 'child' | 'infant'; count: number }[];
};

/**
 * The quote of a flight hold, from what it recorded (search, trip, fare, passenger mix and
 * rate); null when the recorded trip is not what the hold holds or cannot be priced.
 */
async function quoteFlightHold(hold: Hold, context: Context): Promise<Quote<FlightQuoteFacts> | null> {
  if (!hold.selection) return null;
  const recorded = selectionParams(hold.selection);
  const parsed = parseOf(recorded, context, 0);
  if (!parsed.ok) return null;
  const search = parsed.query;
  const offerId = recorded.get('offer') ?? '';
  const items = await flightHoldItemsOf(offerId, search);
  // The recorded trip must be what the hold holds: the same flights, cabin and seat count.
  if (!items || multiItemRef(items) !== hold.itemRef || hold.quantity !== seatsNeeded(search)) return null;
  const priceType = selectedPriceType(hold.selection, context.supplier.priceType);
  const priced = await flights.price({ ...search, offerId, fare: recorded.get('brandedfare') ?? '' }, { ...context.supplier, priceType });
  if (!priced) return null;
  const { fares: _, cheapest: __, ...offer } = priced.offer;
  const price = priced.fare.price;
  const route = offer.legs.map((leg) => `${leg.from}–${leg.to}`).join(', ');
  const passengers = search.adults + search.children + search.infants;
  // Keyed as the registry's FLT price lines name them ('adult.fare', …).
  const perType = <K extends 'fare' | 'fareSubtotal' | 'perPerson' | 'subtotal' | 'tax'>(key: K) =>
    Object.fromEntries(
      price.passengers.map((p) => [
        `${p.type}.${key}`,
        key === 'fare' ? p.fare : key === 'fareSubtotal' ? p.fare * p.count : key === 'perPerson' ? p.total : key === 'tax' ? p.tax : p.subtotal,
      ]),
    ) as Partial<Record<`${PassengerType}.${K}`, number>>;
  return buildQuote({
    product: 'FLT',
    lines: { ...perType('fare'), ...perType('fareSubtotal'), ...perType('perPerson'), ...perType('subtotal'), beforeTax: price.exclusive, total: price.inclusive },
    fees: { ...perType('tax'), tax: price.tax },
    ...context.quoting,
    priceType: price.price_type,
    party: { adults: search.adults, children: search.children, infants: search.infants },
    charge: {
      amountMinor: price.inclusive,
      description: describeCharge([`Flight ${route}`, holdLocalDates(hold).startsOn, priced.fare.brand.name, countOf(passengers, 'passenger')]),
    },
    facts: { search, offer, brand: priced.fare.brand, passengers: price.passengers.map((p) => ({ type: p.type, count: p.count })) },
  });
}

/** A flight quote's fare as the checkout shows it: the same view the details page gives a fare. */
function quotedFareView(quote: Quote<FlightQuoteFacts>, language: string) {
  const text = (key: string) => requiredLine(quote, key, language).text;
  const price: FlightPriceView = {
    breakdown: quoteBreakdown(quote),
    passengers: quote.facts.passengers.map((p) => ({
      type: p.type,
      count: p.count,
      fare: text(`${p.type}.fare`),
      fareSubtotal: text(`${p.type}.fareSubtotal`),
      tax: text(`${p.type}.tax`),
      perPerson: text(`${p.type}.perPerson`),
      subtotal: text(`${p.type}.subtotal`),
    })),
    beforeTax: text('beforeTax'),
    tax: text('tax'),
    total: text('total'),
    beforeTaxMinor: requiredLine(quote, 'beforeTax', language).amountMinor,
    taxMinor: requiredLine(quote, 'tax', language).amountMinor,
    totalMinor: requiredLine(quote, 'total', language).amountMinor,
    currency: requiredLine(quote, 'total', language).currency,
    priceType: quote.priceType,
  };
  return { brand: shownBrand(quote.facts.brand), price };
}

/**
 * The checkout of a live hold: the trip, the fare, until when it is held, its price breakdown
 * and the charge, all read from the quote the hold recorded; the link only names the hold and
 * nothing is re-priced. A hold without a quote is not payable: the page says to search again.
 */
export async function loadFlightCheckout(requestContext: RequestContext, url: PageUrl) {
  const context = await flightContext(requestContext, url.pathname);
  const token = url.searchParams.get('hold') ?? '';
  const hold = await findVisitorHold(token, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null });
  if (!hold || hold.product !== 'FLT') throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  if (!hold.quote) throw unquotedHold();
  const quote = hold.quote;
  const user = context.session?.user ?? null;
  return {
    hold: { token: hold.token, live: hold.status === 'active' && hold.expiresAt.getTime() > Date.now(), expiresAt: hold.expiresAt.toISOString() },
    search: quote.facts.search,
    offer: quote.facts.offer,
    fare: quotedFareView(quote, context.locale.language),
    /** What paying charges: the quote's (`fare.price.total` is it as shown, at the quote's rate). */
    charge: quote.charge,
    quote,
    traveler: user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null,
    savedTraveler: await savedTraveler(hold),
  };
}
