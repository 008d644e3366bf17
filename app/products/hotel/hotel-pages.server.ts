import { json } from '@remix-run/node';
import { type HotelFlow, hotelFlowOf } from '~/domain/hotel-flow';
import { type HotelSearchParams, MAX_GUESTS, parseHotelSearch } from '~/domain/hotel-query';
import { savedTraveler, tooSoonToBook } from '~/services/booking/checkout.server';
import { minCheckinDate } from '~/domain/checkin';
import { leadDaysOf } from '~/domain/lead-days';
import { type PriceType, packagePriceType } from '~/domain/room-price';
import { destinationCatalog, destinationChoices, destinationProperties } from '~/services/catalog/catalog-reference.server';
import { propertyImageUrl, propertyImagesOf } from '~/domain/property-content';
import { propertyMapData } from '~/domain/property-map';
import { getDb } from '~/services/platform/db.server';
import { type Hold, findVisitorHold, holdLocalDates, recordHoldQuote } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { CATALOGUE_CURRENCY, countOf, describeCharge } from '~/domain/charge';
import { chargeCurrencyFor } from '~/domain/merchant-accounts';
import { type Quote, buildQuote, quotedAmount, quotedLine, quotingOf, requiredLine } from '~/domain/quote';
import { type Breakdown, type PriceSheet, displayAt, priceBreakdown, quoteBreakdown } from '~/domain/price-breakdown';
import { selectedInt, selectedPriceType } from '~/domain/hold-selection';
import { getRateTable, toDisplayPrice, type DisplayPrice } from '~/services/catalog/rates.server';
import type { RequestContext } from '~/services/site/request-context.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { builtInHotelSupplier as hotels, type HotelQuery, type RoomOffer } from '~/services/suppliers/hotels.server';
import { type MemberPricing, memberPricing } from '~/domain/member-rates';
import { type MemberViewer, memberViewerOf } from '~/services/catalog/member-rates.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { dayIn } from '~/domain/time-zone';

/** The part of a page's URL a page service reads: the route hands it over, never the Request. */
export type PageUrl = Pick<URL, 'pathname' | 'searchParams'>;

/** Everything a hotel page needs about the visitor, from the request context: organisation, session, locale, price view. */
export async function hotelPageContext(requestContext: RequestContext) {
  const { org, session, locale } = requestContext;
  const priceType: Exclude<PriceType, 'PKG'> = requestContext.priceType;
  const supplier: SupplierContext = { orgId: org.orgId, userId: session?.userDbId ?? null, priceType };
  const rates = await getRateTable();
  const today = dayIn(org.timeZone);
  /** What a quote made now records: the visitor's currency, today's rate and the charge currency (decisions 0025, 0056). */
  const quoting = quotingOf(locale.currency, chargeCurrencyFor(org.payments.merchantAccounts, locale.currency), rates);
  // The pages price in the catalogue currency and say what a quote made now would charge.
  const shown = {
    ...displayAt(quoting.display, CATALOGUE_CURRENCY, rates.get(CATALOGUE_CURRENCY)?.minorDigits ?? 2),
    charge: { currency: quoting.chargeCurrency, minorDigits: quoting.chargeMinorDigits },
  };
  /** An amount as the page shows it; `money.breakdown`, a price's lines (app/domain/price-breakdown.ts), at the same rate. */
  const money = Object.assign((usdMinor: number) => toDisplayPrice({ amountMinor: usdMinor, currency: 'USD' }, locale.currency, locale.language, rates), {
    breakdown: (sheet: PriceSheet) => priceBreakdown(sheet, shown),
  });
  return { org, session, locale, supplier, today, money, quoting };
}
type PageContext = Awaited<ReturnType<typeof hotelPageContext>>;

/**
 * A hotel-flow page's context, which flow its path is in (hotels, or holiday homes under
 * /holidaystays), and the visitor's member rate on hotels (both flows sell HLT).
 */
async function hotelFlowContext(requestContext: RequestContext, pathname: string) {
  const context = await hotelPageContext(requestContext);
  return { ...context, flow: hotelFlowOf(pathname), member: await memberViewerOf(context.org, context.session, 'HLT', context.today) };
}
type FlowContext = Awaited<ReturnType<typeof hotelFlowContext>>;

/**
 * The supplier context of a search: a package search (the /packages landing) prices rooms
 * at the package rate. The hold records the rate it was quoted at; the checkout prices with that.
 */
function pricingFor(context: PageContext, packageRate: boolean | undefined): SupplierContext {
  return packageRate ? { ...context.supplier, priceType: packagePriceType(context.supplier.priceType === 'B2B' ? 'B2B' : 'B2C') } : context.supplier;
}

/** What the package search form on the /packages landing needs. */
export async function hotelSearchFormData(requestContext: RequestContext, url: PageUrl) {
  const context = await hotelFlowContext(requestContext, url.pathname);
  const destinations = await getDb().selectFrom('destinations').select(['slug', 'name', 'country_name']).orderBy('name').execute();
  return { destinations, minCheckin: minCheckinDate(context.today, leadDaysOf(context)), flow: context.flow };
}

export function toHotelQuery(search: HotelSearchParams, flow: HotelFlow): HotelQuery {
  return {
    propertyType: flow.propertyType,
    destination: search.destination,
    checkin: search.checkin,
    checkout: search.checkout,
    rooms: search.rooms,
    guestsPerRoom: search.guests,
  };
}

/** A room's price in the visitor's currency, line by line, as the pages show it. */
export type PriceBreakdown = {
  /** The lines that add up to the total, as the breakdown shows them. */
  breakdown: Breakdown;
  nights: number;
  rooms: number;
  perNight: DisplayPrice;
  beforeTax: DisplayPrice;
  tax: DisplayPrice;
  total: DisplayPrice;
  strikeTotal: DisplayPrice | null;
  priceType: string;
  /** An ACTIVE member's saving on the regular price (`total` is then the member price). */
  memberSavings: DisplayPrice | null;
  /** What a member would pay, shown to everyone else as a reason to join. */
  membersPay: DisplayPrice | null;
};

/** A room's member pricing for this visitor: its regular total is the supplier's inclusive price. */
const roomPricing = (room: RoomOffer, member: MemberViewer) => memberPricing(room.price.inclusive, member.percent, member.activeMember);

/** The member parts of a breakdown, from the visitor's pricing and the page's way of showing money. */
function memberLines(pricing: MemberPricing, money: (amountMinor: number) => DisplayPrice): Pick<PriceBreakdown, 'memberSavings' | 'membersPay'> {
  return {
    memberSavings: pricing.kind === 'member' ? money(pricing.discountMinor) : null,
    membersPay: pricing.kind === 'offer' ? money(pricing.memberMinor) : null,
  };
}

/** What a results card shows of a hotel's cheapest room: its total and price per night, and the member lines. */
function resultPrice(
  room: RoomOffer,
  money: PageContext['money'],
  member: MemberViewer,
): Pick<PriceBreakdown, 'total' | 'perNight' | 'priceType' | 'memberSavings' | 'membersPay'> {
  const pricing = roomPricing(room, member);
  return { total: money(pricing.payMinor), perNight: money(room.price.per_night), priceType: room.price.price_type, ...memberLines(pricing, money) };
}

export function breakdown(room: RoomOffer, money: PageContext['money'], member: MemberViewer, flow: HotelFlow): PriceBreakdown {
  const p = room.price;
  const pricing = roomPricing(room, member);
  return {
    breakdown: money.breakdown({
      product: 'HLT',
      amounts: {
        beforeTax: p.exclusive,
        tax: p.tax,
        total: pricing.payMinor,
        memberDiscount: pricing.kind === 'member' ? pricing.discountMinor : undefined,
        strikeTotal: p.strike_price === null || p.strike_tax === null ? undefined : p.strike_price + p.strike_tax,
      },
      counts: { nights: p.nights, rooms: p.rooms, homes: flow.propertyType === 'holiday_home' ? 1 : 0 },
    }),
    nights: p.nights,
    rooms: p.rooms,
    perNight: money(p.per_night),
    beforeTax: money(p.exclusive),
    tax: money(p.tax),
    total: money(pricing.payMinor),
    strikeTotal: p.strike_price === null || p.strike_tax === null ? null : money(p.strike_price + p.strike_tax),
    priceType: p.price_type,
    ...memberLines(pricing, money),
  };
}

function parseSearchOf(params: URLSearchParams, context: FlowContext) {
  return parseHotelSearch(params, context.today, context.org.booking.minCheckinDays, context.flow.propertyType);
}

export type ResultsSort = 'price' | 'stars' | 'rating';

/** Results for the search in the URL, filtered by stars and sorted as asked. */
export async function loadHotelResults(requestContext: RequestContext, url: PageUrl) {
  const context = await hotelFlowContext(requestContext, url.pathname);
  const params = url.searchParams;
  const destinations = await destinationChoices();
  const parsed = parseSearchOf(params, context);
  const { flow } = context;
  if (!parsed.ok) return { flow, destinations, search: null, destination: null, errors: parsed.errors, values: parsed.values, results: [], sort: 'price' as const, stars: [] };
  const sortParam = params.get('sort');
  const sort: ResultsSort = sortParam === 'stars' || sortParam === 'rating' ? sortParam : 'price';
  const stars = params
    .getAll('stars')
    .map(Number)
    .filter((s) => Number.isInteger(s) && s >= 1 && s <= 5);
  const offers = await hotels.search(toHotelQuery(parsed.query, flow), pricingFor(context, parsed.query.packageRate));
  // Only what the cards show travels: not the supplier's own price for the room (its net rate and
  // the organisation's markup), and not the breakdown, which the details page shows.
  const results = offers
    .filter((offer) => stars.length === 0 || stars.includes(offer.stars))
    .map(({ cheapest, ...offer }) => ({
      slug: offer.slug,
      name: offer.name,
      stars: offer.stars,
      guestRating: offer.guestRating,
      address: offer.address,
      image: offer.image,
      price: cheapest ? resultPrice(cheapest, context.money, context.member) : null,
      room: cheapest ? { code: cheapest.code, name: cheapest.name } : null,
    }))
    .sort((a, b) => {
      // Sold-out hotels go last whatever the order.
      if (!a.price || !b.price) return a.price ? -1 : b.price ? 1 : 0;
      if (sort === 'stars') return b.stars - a.stars || a.price.total.amountMinor - b.price.total.amountMinor;
      if (sort === 'rating') return b.guestRating - a.guestRating || a.price.total.amountMinor - b.price.total.amountMinor;
      return a.price.total.amountMinor - b.price.total.amountMinor;
    });
  const destination = destinations.find((d) => d.slug === parsed.query.destination) ?? null;
  return { flow, destinations, search: parsed.query, destination, errors: {}, values: {}, results, sort, stars };
}

/** The hotel named by `hotel` with every room type priced for the search in the URL. */
export async function loadHotelDetails(requestContext: RequestContext, url: PageUrl) {
  const context = await hotelFlowContext(requestContext, url.pathname);
  const slug = url.searchParams.get('hotel') ?? '';
  const parsed = parseSearchOf(url.searchParams, context);
  if (!parsed.ok) throw json({ message: 'Choose your destination and dates first.', errors: parsed.errors }, { status: 400 });
  const details = await hotels.details(slug, toHotelQuery(parsed.query, context.flow), pricingFor(context, parsed.query.packageRate));
  if (!details) throw new Response('We could not find that hotel.', { status: 404 });
  const [catalog, neighbours] = await Promise.all([destinationCatalog(), destinationProperties(details.destination, context.flow.propertyType)]);
  const place = catalog.find((d) => d.slug === details.destination) ?? null;
  const destination = place ? { slug: place.slug, name: place.name, country_name: place.country_name } : null;
  const { content, ...hotel } = details;
  const language = context.locale.language;
  return {
    flow: context.flow,
    search: parsed.query,
    destination,
    content: content ? { amenities: content.amenities, policies: content.policies, checkInInstructions: content.checkInInstructions, images: content.images } : null,
    map: place
      ? propertyMapData(
          { slug: place.slug, name: place.name, kind: place.kind, latitude: Number(place.latitude), longitude: Number(place.longitude) },
          { name: details.name, latitude: details.latitude, longitude: details.longitude },
          neighbours.map((n) => ({ name: n.name, latitude: Number(n.latitude), longitude: Number(n.longitude) })),
        )
      : null,
    hotel: {
      ...hotel,
      // Only the page's language's description travels.
      description: content?.descriptions[language] ?? hotel.description,
      rooms: details.rooms.map((room) => ({
        ...room,
        fits: room.maxGuests >= parsed.query.guests,
        price: breakdown(room, context.money, context.member, context.flow),
        // What a trip list entry records besides the shown price (spec §3 "Hotel trip": the USD amounts).
        supplierPrice: {
          currency: room.price.currency,
          exclusive: room.price.exclusive,
          tax: room.price.tax,
          inclusive: room.price.inclusive,
          supplierCode: room.price.supplier_code,
        },
      })),
    },
  };
}

/**
 * Opening checkout holds the chosen room for the organisation's hold time. Answers the hold
 * token, a sold-out answer, or throws a 4xx for a bad request.
 */
export async function holdHotelRoom(requestContext: RequestContext, url: PageUrl, form: FormData) {
  const context = await hotelFlowContext(requestContext, url.pathname);
  const parsed = parseHotelSearch(
    new URLSearchParams([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string')),
    context.today,
    context.org.booking.minCheckinDays,
    context.flow.propertyType,
  );
  if (!parsed.ok) throw json({ message: 'The search is not valid any more; please search again.', errors: parsed.errors }, { status: 400 });
  const roomTypeId = Number(form.get('roomTypeId'));
  if (!Number.isInteger(roomTypeId) || roomTypeId < 1) throw json({ message: 'Choose a room.' }, { status: 400 });
  const earliest = await tooSoonToBook(context.org, context.session, parsed.query.checkin, context.today);
  if (earliest) return { result: { kind: 'too_soon' as const, earliest }, search: parsed.query, flow: context.flow };
  await requireHoldAllowed(requestContext, 'page');
  // The hold records the rate of this search (a package search's rate) with the party.
  const held = await hotels.hold(
    { ...toHotelQuery(parsed.query, context.flow), roomTypeId },
    { ...pricingFor(context, parsed.query.packageRate), ttlMinutes: context.org.booking.holdMinutes, clientIp: requestContext.clientIp },
  );
  const notFound = () => new Response('We could not find that room.', { status: 404 });
  if (held.kind === 'not_found') throw notFound();
  if (held.kind !== 'held') return { result: held, search: parsed.query, flow: context.flow };
  // The hold's quote: what its checkout shows and paying charges, priced once, now.
  const quote = await quoteHotelHold(held.hold, context);
  if (!quote) {
    await releaseHold(held.hold.token);
    throw notFound();
  }
  const result = { kind: 'held' as const, hold: await recordHoldQuote(held.hold, quote) };
  return { result, search: parsed.query, flow: context.flow };
}

/** What a hotel or holiday-home quote shows beside its price. */
export type HotelQuoteFacts = {
  propertyType: HotelFlow['propertyType'];
  /** `image_path`: the property's first picture (since issue 14; older quotes: the destination's). */
  hotel: { slug: string; name: string; address: string; stars: number; image_path: string; destination: string; destination_slug: string };
  /** `code` since issue 14 (names in the page's language, app/domain/room-types.ts); older quotes have only the name. */
  room: { code?: string; name: string; refundable: boolean; maxGuests: number };
  stay: { checkin: string; checkout: string; rooms: number; guests: number };
  nights: number;
};

/**
 * The quote of a room hold, from what the hold recorded (its room, nights, rooms, party and
 * rate) at the visitor's currency and today's rate; null when the room cannot be priced.
 */
async function quoteHotelHold(hold: Hold, context: FlowContext): Promise<Quote<HotelQuoteFacts> | null> {
  const roomTypeId = Number(/^room-type:(\d+)$/.exec(hold.itemRef)?.[1]);
  const { startsOn, endsOn } = holdLocalDates(hold);
  const query = {
    propertyType: context.flow.propertyType,
    destination: '',
    checkin: startsOn,
    checkout: endsOn,
    rooms: hold.quantity,
    guestsPerRoom: selectedInt(hold.selection, 'guestsPerRoom', 1, MAX_GUESTS[context.flow.propertyType], 2),
  };
  const priceType = selectedPriceType(hold.selection, context.supplier.priceType);
  const room = await hotels.price({ ...query, roomTypeId }, { ...context.supplier, priceType });
  const row = await getDb()
    .selectFrom('hotel_room_types as r')
    .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
    .innerJoin('destinations as d', 'd.slug', 'h.destination_slug')
    .select(['h.slug', 'h.name', 'h.address', 'h.stars', 'h.image_path', 'h.images', 'd.name as destination', 'd.slug as destination_slug'])
    .where('r.id', '=', roomTypeId)
    .where('h.property_type', '=', context.flow.propertyType)
    .executeTakeFirst();
  if (!room || !row) return null;
  const { images, ...listed } = row;
  const [picture] = propertyImagesOf(images);
  const hotel = { ...listed, image_path: picture ? propertyImageUrl(row.slug, picture) : row.image_path };
  const p = room.price;
  // An ACTIVE member's quote is at the member price: its total, and so the charge, less the saving.
  const pricing = roomPricing(room, context.member);
  const memberDiscount = pricing.kind === 'member' ? pricing.discountMinor : 0;
  return buildQuote({
    product: 'HLT',
    lines: {
      perNight: p.per_night,
      beforeTax: p.exclusive,
      total: pricing.payMinor,
      strikeTotal: p.strike_price === null || p.strike_tax === null ? null : p.strike_price + p.strike_tax,
    },
    // Our markup rides along (never shown): discount cards and the wallet cap read it (decision 0031).
    // A member's saving comes out of it, so that charge less markup stays the supplier's price.
    fees: { tax: p.tax, markup: Math.max(0, p.markup - memberDiscount), memberDiscount: memberDiscount > 0 ? memberDiscount : null },
    ...context.quoting,
    priceType: p.price_type,
    party: { rooms: query.rooms, guestsPerRoom: query.guestsPerRoom },
    charge: { amountMinor: pricing.payMinor, description: describeCharge([hotel.name, room.name, countOf(p.nights, 'night'), countOf(p.rooms, 'room')]) },
    facts: {
      propertyType: context.flow.propertyType,
      hotel,
      room: { code: room.code, name: room.name, refundable: room.refundable, maxGuests: room.maxGuests },
      stay: { checkin: query.checkin, checkout: query.checkout, rooms: query.rooms, guests: query.guestsPerRoom },
      nights: p.nights,
    },
  });
}

/** The message of a checkout whose hold has no quote (made before quotes were recorded). */
export const unquotedHold = () => new Response('This booking has expired. Please search again.', { status: 410 });

/**
 * The checkout of a live hold: what is held, until when, its price breakdown and the charge,
 * all read from the quote the hold recorded (in the currency and at the rate of the hold's
 * time); the link only names the hold, and nothing is re-priced. A hold without a quote
 * (made before quotes were recorded) is not payable: the page says to search again.
 */
export async function loadHotelCheckout(requestContext: RequestContext, url: PageUrl) {
  const context = await hotelFlowContext(requestContext, url.pathname);
  const token = url.searchParams.get('hold') ?? '';
  const hold = await findVisitorHold(token, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null });
  const invalid = () => new Response('This booking link is not valid. Please search again.', { status: 404 });
  if (!hold || hold.product !== 'HLT') throw invalid();
  if (!hold.quote) throw unquotedHold();
  const quote = hold.quote;
  // A hotel hold is not a holiday-home checkout, nor the other way round.
  if (quote.facts.propertyType !== context.flow.propertyType) throw invalid();
  const live = hold.status === 'active' && hold.expiresAt.getTime() > Date.now();
  const user = context.session?.user ?? null;
  const language = context.locale.language;
  const membersPay = context.member.activeMember ? null : memberPricing(quote.charge.amountMinor, context.member.percent, false);
  const price: PriceBreakdown = {
    breakdown: quoteBreakdown(quote),
    nights: quote.facts.nights,
    rooms: quote.facts.stay.rooms,
    perNight: requiredLine(quote, 'perNight', language),
    beforeTax: requiredLine(quote, 'beforeTax', language),
    tax: requiredLine(quote, 'tax', language),
    total: requiredLine(quote, 'total', language),
    strikeTotal: quotedLine(quote, 'strikeTotal', language),
    priceType: quote.priceType,
    // The saving the quote recorded, or for a visitor who is no member what members would pay.
    memberSavings: quotedLine(quote, 'memberDiscount', language),
    membersPay: membersPay?.kind === 'offer' ? quotedAmount(quote, membersPay.memberMinor, language) : null,
  };
  return {
    flow: context.flow,
    hold: { token: hold.token, live, status: hold.status, expiresAt: hold.expiresAt.toISOString() },
    hotel: quote.facts.hotel,
    room: quote.facts.room,
    stay: quote.facts.stay,
    price,
    /** What paying charges: the quote's (`price.total` is it as shown, at the quote's rate). */
    charge: quote.charge,
    quote,
    traveler: user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null,
    savedTraveler: await savedTraveler(hold),
    canBook: user ? user.can_book : true,
  };
}
