import { json, redirect } from '@remix-run/node';
import { minCheckinDate } from '~/domain/checkin';
import { leadDaysOf } from '~/domain/lead-days';
import type { OfferPrice } from '~/domain/offer-price';
import { OFFER_HORIZON_DAYS, type OfferSearch, isOfferSegment, offerProducts, offerSearchParams, parseOfferSearch } from '~/domain/offers';
import { parseIsoDate } from '~/domain/flight-dates';
import { savedTraveler, tooSoonParams, tooSoonToBook } from '~/services/booking/checkout.server';
import { getDb } from '~/services/platform/db.server';
import { type Hold, findVisitorHold, holdLocalDates, recordHoldQuote } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { countOf, describeCharge } from '~/domain/charge';
import { type Quote, buildQuote, quotedLine, requiredLine } from '~/domain/quote';
import { quoteBreakdown } from '~/domain/price-breakdown';
import { selectedInt, selectedPriceType, selectedText } from '~/domain/hold-selection';
import { type PageUrl, hotelPageContext, unquotedHold } from '~/products/hotel/hotel-pages.server';
import type { RequestContext } from '~/services/site/request-context.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { cruiseItineraries } from '~/services/seed/seed-offers.server';
import { destinationCatalog } from '~/services/catalog/catalog-reference.server';
import { heldOption, offerSuppliers, type OptionOffer } from '~/services/suppliers/offers.server';

/**
 * Pages of the scheduled offers (/activities, /transfers, /cruises, /restaurants and their
 * search-details, details and checkout): one set of loaders for the four products, driven
 * by the path segment. A segment that is not one of them, or a product the organisation does
 * not sell, is a 404.
 */
export async function offerPageContext(requestContext: RequestContext, segmentParam: string | undefined) {
  const segment = segmentParam ?? '';
  if (!isOfferSegment(segment)) throw new Response('Not found', { status: 404 });
  const context = await hotelPageContext(requestContext);
  const rule = offerProducts[segment];
  if (!context.org.products.includes(rule.code)) throw new Response('Not found', { status: 404 });
  return { ...context, segment, rule, supplier: offerSuppliers[rule.code], supplierContext: context.supplier };
}
type PageContext = Awaited<ReturnType<typeof offerPageContext>>;

/** A price in the visitor's currency, line by line. */
export type OfferPriceView = ReturnType<typeof priceView>;
function priceView(price: OfferPrice, money: PageContext['money'], product: PageContext['rule']['code']) {
  return {
    breakdown: money.breakdown({
      product,
      amounts: {
        beforeTax: price.exclusive,
        tax: price.tax,
        total: price.inclusive,
        strikeTotal: price.strike_price === null || price.strike_tax === null ? undefined : price.strike_price + price.strike_tax,
      },
      counts: { quantity: price.quantity, legs: price.legs },
    }),
    perUnit: money(price.per_unit),
    beforeTax: money(price.exclusive),
    tax: money(price.tax),
    total: money(price.inclusive),
    strikeTotal: price.strike_price === null || price.strike_tax === null ? null : money(price.strike_price + price.strike_tax),
    quantity: price.quantity,
    legs: price.legs,
    priceType: price.price_type,
  };
}

const optionView = (option: OptionOffer, context: Pick<PageContext, 'money' | 'rule'>) => ({ ...option, price: priceView(option.price, context.money, context.rule.code) });

/** What the search form offers: the places this product has, the bookable dates and months. */
export async function offerSearchFormData(context: PageContext) {
  const rows = await getDb()
    .selectFrom('destinations as d')
    .select(['d.slug', 'd.name', 'd.country_name', 'd.airport_iata'])
    .where(({ exists, selectFrom }) => exists(selectFrom('offers as o').select('o.id').whereRef('o.destination_slug', '=', 'd.slug').where('o.product', '=', context.rule.code)))
    .orderBy('d.name')
    .execute();
  const regionOf = new Map<string, string>(cruiseItineraries.map((c) => [c.port, c.region]));
  const destinations = rows.map((d) => ({ slug: d.slug, name: d.name, country_name: d.country_name, airport: d.airport_iata, region: regionOf.get(d.slug) ?? null }));
  const minDate = minCheckinDate(context.today, leadDaysOf(context));
  const last = parseIsoDate(context.today)!.add(OFFER_HORIZON_DAYS, 'day');
  const months: string[] = [];
  for (let m = parseIsoDate(minDate)!.startOf('month'); !m.isAfter(last, 'month'); m = m.add(1, 'month')) months.push(m.format('YYYY-MM'));
  return { segment: context.segment, destinations, minDate, maxDate: last.format('YYYY-MM-DD'), months };
}
export type OfferSearchFormData = Awaited<ReturnType<typeof offerSearchFormData>>;

function parseFrom(params: URLSearchParams, context: PageContext) {
  return parseOfferSearch(context.segment, params, context.today, context.org.booking.minCheckinDays);
}

export type OfferSort = 'price' | 'rating';

/** Results for the search in the URL, filtered (free cancellation) and sorted as asked. */
export async function loadOfferResults(requestContext: RequestContext, url: PageUrl, segmentParam: string | undefined) {
  const context = await offerPageContext(requestContext, segmentParam);
  const form = await offerSearchFormData(context);
  const params = url.searchParams;
  const parsed = parseFrom(params, context);
  if (!parsed.ok)
    return { form, search: null, errors: parsed.errors, values: parsed.values, destination: null, results: [], sort: 'price' as const, refundable: false, params: '' };
  const sort: OfferSort = params.get('sort') === 'rating' ? 'rating' : 'price';
  const refundable = params.get('refundable') === '1';
  const offers = await context.supplier.search(parsed.query, context.supplierContext);
  const results = offers
    .map((offer) => ({ ...offer, cheapest: offer.cheapest ? optionView(offer.cheapest, context) : null }))
    .filter((offer) => !refundable || offer.cheapest?.refundable === true)
    .sort((a, b) => {
      // Offers with nothing bookable go last whatever the order.
      if (!a.cheapest || !b.cheapest) return a.cheapest ? -1 : b.cheapest ? 1 : 0;
      if (sort === 'rating') return b.guestRating - a.guestRating || a.cheapest.price.total.amountMinor - b.cheapest.price.total.amountMinor;
      return a.cheapest.price.total.amountMinor - b.cheapest.price.total.amountMinor;
    });
  return {
    form,
    search: parsed.query,
    errors: {},
    values: {},
    destination: form.destinations.find((d) => d.slug === parsed.query.destination) ?? null,
    results,
    sort,
    refundable,
    params: offerSearchParams(context.segment, parsed.query).toString(),
  };
}

/** The offer named by `offer` with every option and its slots priced for the search in the URL. */
export async function loadOfferDetails(requestContext: RequestContext, url: PageUrl, segmentParam: string | undefined) {
  const context = await offerPageContext(requestContext, segmentParam);
  const params = url.searchParams;
  const parsed = parseFrom(params, context);
  if (!parsed.ok) throw json({ message: 'Choose your destination and dates first.', errors: parsed.errors }, { status: 400 });
  const [details, catalog] = await Promise.all([context.supplier.details(params.get('offer') ?? '', parsed.query, context.supplierContext), destinationCatalog()]);
  if (!details || details.destination !== parsed.query.destination) throw new Response('We could not find that offer.', { status: 404 });
  const place = catalog.find((d) => d.slug === details.destination);
  return {
    segment: context.segment,
    product: context.rule.code,
    /** Where the offer is: the trip it is added to is named after it and pictured by it. */
    place: place ? { name: place.name, latitude: Number(place.latitude), longitude: Number(place.longitude) } : null,
    search: parsed.query,
    params: offerSearchParams(context.segment, parsed.query).toString(),
    offer: { ...details, cheapest: null, options: details.options.map((o) => optionView(o, context)) },
  };
}

const formParams = (form: FormData) => new URLSearchParams([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * Opening checkout holds the chosen option for the organisation's hold time: one hold, which
 * for a return transfer covers both legs (all or nothing). Answers the hold token, a sold-out
 * answer, or throws a 4xx for a bad form.
 */
export async function holdOffer(requestContext: RequestContext, segmentParam: string | undefined, form: FormData) {
  const context = await offerPageContext(requestContext, segmentParam);
  const parsed = parseFrom(formParams(form), context);
  if (!parsed.ok) throw json({ message: 'The search is not valid any more; please search again.', errors: parsed.errors }, { status: 400 });
  const offer = String(form.get('offer') ?? '');
  const option = String(form.get('option') ?? '');
  const day = String(form.get('day') ?? '');
  const time = String(form.get('time') ?? '');
  if (!/^[a-z0-9-]{2,120}$/.test(offer) || !/^[A-Z0-9]{1,12}$/.test(option) || !parseIsoDate(day) || !/^\d{2}:\d{2}$/.test(time)) {
    throw json({ message: 'Choose an option and a time.' }, { status: 400 });
  }
  const query = parsed.query;
  // A transfer starts when the traveller asked: its outbound leg is the search's.
  const slot = context.rule.code === 'TRF' ? { day: query.date, time: query.time ?? '' } : { day, time };
  const earliest = await tooSoonToBook(context.org, context.session, slot.day, context.today);
  if (earliest) throw redirect(`/${context.segment}/checkout?${tooSoonParams(earliest)}`);
  await requireHoldAllowed(requestContext, 'page');
  const held = await context.supplier.hold(
    { query, offer, option, ...slot },
    { ...context.supplierContext, ttlMinutes: context.org.booking.holdMinutes, clientIp: requestContext.clientIp },
  );
  const notFound = () => new Response('We could not find that option at that time.', { status: 404 });
  if (held.kind === 'not_found') throw notFound();
  const back = new URLSearchParams(offerSearchParams(context.segment, query));
  back.set('offer', offer);
  if (held.kind !== 'held') return { held: false, token: null, back: back.toString() };
  // The hold's quote: what its checkout shows and paying charges, priced once, now.
  const quote = await quoteOfferHold(held.hold, context);
  if (!quote) {
    await releaseHold(held.hold.token);
    throw notFound();
  }
  await recordHoldQuote(held.hold, quote);
  return { held: true, token: held.hold.token, back: back.toString() };
}

/** What an activity, transfer, cruise or restaurant quote shows beside its price. */
export type OfferQuoteFacts = {
  offer: { slug: string; name: string; image_path: string; description: string; destination: string; destination_slug: string };
  option: { name: string; refundable: boolean; durationMinutes: number };
  legs: { day: string; time: string }[];
  ends: string;
  guests: number;
  quantity: number;
  priceLegs: number;
};

/**
 * The quote of an offer hold, from what it recorded (slot, party, bags, return leg and rate);
 * null when the recorded slot and legs are not what the hold holds, or it cannot be priced.
 */
async function quoteOfferHold(hold: Hold, context: PageContext): Promise<Quote<OfferQuoteFacts> | null> {
  const recorded = hold.selection;
  const held = await heldOption(context.rule.code, hold.itemRef);
  const at = (d: Date) => ({ day: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) });
  const start = at(hold.startsAt);
  const returnDate = selectedText(recorded, 'returnDate', /^\d{4}-\d{2}-\d{2}$/, '');
  const returnTime = selectedText(recorded, 'returnTime', /^\d{2}:\d{2}$/, '');
  const back = returnDate && returnTime ? { day: returnDate, time: returnTime } : null;
  // The recorded slot and legs must be the ones the hold holds.
  if (!recorded || !held || held.legs !== (back ? 2 : 1) || recorded.day !== start.day || recorded.time !== start.time) return null;
  const guests = context.rule.unitsPer === 'guest' ? hold.quantity : selectedInt(recorded, 'guests', 1, context.rule.maxGuests, 1);
  const bags = selectedInt(recorded, 'bags', 0, 99, 0);
  const query: OfferSearch = {
    destination: '',
    date: start.day,
    until: start.day,
    month: null,
    time: start.time,
    guests,
    bags,
    returnDate: back?.day ?? null,
    returnTime: back?.time ?? null,
  };
  const priceType = selectedPriceType(recorded, context.supplierContext.priceType);
  const option = await context.supplier.price({ query, offer: held.offer, option: held.option, ...start }, { ...context.supplierContext, priceType });
  const offer = await getDb()
    .selectFrom('offers as o')
    .innerJoin('destinations as d', 'd.slug', 'o.destination_slug')
    .select(['o.slug', 'o.name', 'o.image_path', 'o.description', 'd.name as destination', 'd.slug as destination_slug'])
    .where('o.slug', '=', held.offer)
    .executeTakeFirst();
  if (!option || !offer) return null;
  const { startsOn } = holdLocalDates(hold);
  const p = option.price;
  return buildQuote({
    product: context.rule.code,
    lines: {
      perUnit: p.per_unit,
      beforeTax: p.exclusive,
      total: p.inclusive,
      strikeTotal: p.strike_price === null || p.strike_tax === null ? null : p.strike_price + p.strike_tax,
    },
    // Our markup rides along (never shown): discount cards and the wallet cap read it (decision 0031).
    fees: { tax: p.tax, markup: p.markup },
    ...context.quoting,
    priceType: p.price_type,
    party: { guests, bags },
    charge: {
      amountMinor: p.inclusive,
      description: describeCharge([
        offer.name,
        option.name,
        back ? `${startsOn} ${start.time} and ${back.day} ${back.time}` : `${startsOn} ${start.time}`,
        countOf(guests, 'guest'),
      ]),
    },
    facts: {
      offer,
      option: { name: option.name, refundable: option.refundable, durationMinutes: option.durationMinutes },
      legs: [start, ...(back ? [back] : [])],
      ends: hold.endsAt.toISOString().slice(0, 10),
      guests,
      quantity: p.quantity,
      priceLegs: p.legs,
    },
  });
}

/**
 * The checkout of a live hold: what is held (both legs of a return transfer), until when, its
 * price breakdown and the charge, all read from the quote the hold recorded; the link only
 * names the hold and nothing is re-priced. A hold without a quote is not payable: search again.
 */
export async function loadOfferCheckout(requestContext: RequestContext, url: PageUrl, segmentParam: string | undefined) {
  const context = await offerPageContext(requestContext, segmentParam);
  const params = url.searchParams;
  const invalid = () => new Response('This booking link is not valid. Please search again.', { status: 404 });
  const tokens = params.getAll('hold');
  if (tokens.length !== 1) throw invalid();
  const hold = await findVisitorHold(tokens[0]!, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null });
  if (!hold || hold.product !== context.rule.code) throw invalid();
  if (!hold.quote) throw unquotedHold();
  const quote = hold.quote;
  const language = context.locale.language;
  const live = hold.status === 'active' && hold.expiresAt.getTime() > Date.now();
  const user = context.session?.user ?? null;
  const price: OfferPriceView = {
    breakdown: quoteBreakdown(quote),
    perUnit: requiredLine(quote, 'perUnit', language),
    beforeTax: requiredLine(quote, 'beforeTax', language),
    tax: requiredLine(quote, 'tax', language),
    total: requiredLine(quote, 'total', language),
    strikeTotal: quotedLine(quote, 'strikeTotal', language),
    quantity: quote.facts.quantity,
    legs: quote.facts.priceLegs,
    priceType: quote.priceType as OfferPriceView['priceType'],
  };
  return {
    segment: context.segment,
    hold: { token: hold.token, live, expiresAt: hold.expiresAt.toISOString() },
    offer: quote.facts.offer,
    option: quote.facts.option,
    legs: quote.facts.legs,
    ends: quote.facts.ends,
    guests: quote.facts.guests,
    price,
    /** What paying charges: the quote's (`price.total` is it as shown, at the quote's rate). */
    charge: quote.charge,
    quote,
    traveler: user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null,
    savedTraveler: await savedTraveler(hold),
  };
}
