import { json, redirect } from '@remix-run/node';
import { minCheckinDate } from '~/domain/checkin';
import type { OfferPrice } from '~/domain/offer-price';
import { OFFER_HORIZON_DAYS, type OfferSearch, isOfferSegment, offerProducts, offerSearchParams, parseOfferSearch } from '~/domain/offers';
import { parseIsoDate } from '~/domain/flight-dates';
import { savedTraveler, tooSoonParams, tooSoonToBook } from './checkout.server';
import { getDb } from './db.server';
import { findVisitorHold, type HoldResult } from './holds.server';
import { hotelPageContext } from './hotel-pages.server';
import { cruiseItineraries } from './seed-offers.server';
import { heldOption, legsOf, offerSuppliers, type OptionOffer } from './suppliers/offers.server';

/**
 * Pages of the scheduled offers (/activities, /transfers, /cruises, /restaurants and their
 * search-details, details and checkout): one set of loaders for the four products, driven
 * by the path segment. A segment that is not one of them, or a product the organisation does
 * not sell, is a 404.
 */
export async function offerPageContext(request: Request, segmentParam: string | undefined) {
  const segment = segmentParam ?? '';
  if (!isOfferSegment(segment)) throw new Response('Not found', { status: 404 });
  const context = await hotelPageContext(request);
  const rule = offerProducts[segment];
  if (!context.org.products.includes(rule.code)) throw new Response('Not found', { status: 404 });
  return { ...context, segment, rule, supplier: offerSuppliers[rule.code], supplierContext: context.supplier };
}
type PageContext = Awaited<ReturnType<typeof offerPageContext>>;

/** A price in the visitor's currency, line by line. */
export type OfferPriceView = ReturnType<typeof priceView>;
function priceView(price: OfferPrice, money: PageContext['money']) {
  return {
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

const optionView = (option: OptionOffer, money: PageContext['money']) => ({ ...option, price: priceView(option.price, money) });

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
  const minDate = minCheckinDate(context.today, context.org.booking.minCheckinDays);
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
export async function loadOfferResults(request: Request, segmentParam: string | undefined) {
  const context = await offerPageContext(request, segmentParam);
  const form = await offerSearchFormData(context);
  const params = new URL(request.url).searchParams;
  const parsed = parseFrom(params, context);
  if (!parsed.ok) return { form, search: null, errors: parsed.errors, values: parsed.values, destination: null, results: [], sort: 'price' as const, refundable: false, params: '' };
  const sort: OfferSort = params.get('sort') === 'rating' ? 'rating' : 'price';
  const refundable = params.get('refundable') === '1';
  const offers = await context.supplier.search(parsed.query, context.supplierContext);
  const results = offers
    .map((offer) => ({ ...offer, cheapest: offer.cheapest ? optionView(offer.cheapest, context.money) : null }))
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
export async function loadOfferDetails(request: Request, segmentParam: string | undefined) {
  const context = await offerPageContext(request, segmentParam);
  const params = new URL(request.url).searchParams;
  const parsed = parseFrom(params, context);
  if (!parsed.ok) throw json({ message: 'Choose your destination and dates first.', errors: parsed.errors }, { status: 400 });
  const details = await context.supplier.details(params.get('offer') ?? '', parsed.query, context.supplierContext);
  if (!details || details.destination !== parsed.query.destination) throw new Response('We could not find that offer.', { status: 404 });
  return {
    segment: context.segment,
    search: parsed.query,
    params: offerSearchParams(context.segment, parsed.query).toString(),
    offer: { ...details, cheapest: null, options: details.options.map((o) => optionView(o, context.money)) },
  };
}

const formParams = (form: FormData) => new URLSearchParams([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * Opening checkout holds the chosen option for the organisation's hold time: one hold per
 * leg (a return transfer has two; if the second leg is sold out the first is let go).
 * Answers the hold tokens, a sold-out answer, or throws a 4xx for a bad form.
 */
export async function holdOffer(request: Request, segmentParam: string | undefined, form: FormData) {
  const context = await offerPageContext(request, segmentParam);
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
  const legs = context.rule.code === 'TRF' ? legsOf(query).map((leg) => ({ day: leg.day, time: leg.time ?? '' })) : [{ day, time }];
  const earliest = await tooSoonToBook(context.org, context.session, legs[0]!.day, context.today);
  if (earliest) throw redirect(`/${context.segment}/checkout?${tooSoonParams(earliest)}`);
  const tokens: string[] = [];
  let result: HoldResult | null = null;
  try {
    for (const leg of legs) {
      const held = await context.supplier.hold({ query, offer, option, ...leg }, { ...context.supplierContext, ttlMinutes: context.org.booking.holdMinutes });
      if (held.kind === 'not_found') throw new Response('We could not find that option at that time.', { status: 404 });
      result = held;
      if (held.kind === 'sold_out') break;
      tokens.push(held.hold.token);
    }
  } finally {
    // All legs or none: a sold-out, missing or failing leg gives the earlier ones back.
    if (result?.kind !== 'held' || tokens.length !== legs.length) await Promise.all(tokens.map((t) => context.supplier.release(t)));
  }
  const back = new URLSearchParams(offerSearchParams(context.segment, query));
  back.set('offer', offer);
  return { held: result?.kind === 'held', tokens, guests: query.guests, back: back.toString() };
}

/** The checkout of live holds: what is held, until when, and its price breakdown. */
export async function loadOfferCheckout(request: Request, segmentParam: string | undefined) {
  const context = await offerPageContext(request, segmentParam);
  const params = new URL(request.url).searchParams;
  const invalid = () => new Response('This booking link is not valid. Please search again.', { status: 404 });
  const tokens = params.getAll('hold');
  if (tokens.length < 1 || tokens.length > 2 || new Set(tokens).size !== tokens.length) throw invalid();
  const holds = await Promise.all(tokens.map((t) => findVisitorHold(t, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null })));
  if (holds.some((h) => !h || h.product !== context.rule.code)) throw invalid();
  const [first, second] = holds as NonNullable<(typeof holds)[number]>[];
  const held = await heldOption(context.rule.code, first!.itemRef);
  // A return leg is the same vehicle, later: anything else is not a transfer this site holds.
  if (!held || (second && (second.itemRef !== first!.itemRef || second.startsAt <= first!.startsAt))) throw invalid();
  const guestsParam = Number(params.get('guests'));
  const guests = context.rule.unitsPer === 'guest' ? first!.quantity : Number.isInteger(guestsParam) && guestsParam >= 1 && guestsParam <= context.rule.maxGuests ? guestsParam : 1;
  const at = (d: Date) => ({ day: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) });
  const start = at(first!.startsAt);
  const back = second ? at(second.startsAt) : null;
  const query: OfferSearch = { destination: '', date: start.day, until: start.day, month: null, time: start.time, guests, bags: 0, returnDate: back?.day ?? null, returnTime: back?.time ?? null };
  const option = await context.supplier.price({ query, offer: held.offer, option: held.option, ...start }, context.supplierContext);
  const offer = await getDb()
    .selectFrom('offers as o')
    .innerJoin('destinations as d', 'd.slug', 'o.destination_slug')
    .select(['o.slug', 'o.name', 'o.image_path', 'o.description', 'd.name as destination', 'd.slug as destination_slug'])
    .where('o.slug', '=', held.offer)
    .executeTakeFirst();
  if (!option || !offer) throw invalid();
  const live = holds.every((h) => h!.status === 'active' && h!.expiresAt.getTime() > Date.now());
  const user = context.session?.user ?? null;
  return {
    segment: context.segment,
    hold: { tokens, live, expiresAt: new Date(Math.min(...holds.map((h) => h!.expiresAt.getTime()))).toISOString() },
    offer,
    option: { name: option.name, refundable: option.refundable, durationMinutes: option.durationMinutes },
    legs: [start, ...(back ? [back] : [])],
    ends: first!.endsAt.toISOString().slice(0, 10),
    guests,
    price: priceView(option.price, context.money),
    traveler: user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null,
    // A return transfer's booking starts from its first leg's hold.
    savedTraveler: await savedTraveler(first!),
  };
}
