import { products } from '~/products/registry';
import { json } from '@remix-run/node';
import { minCheckinDate } from '~/domain/checkin';
import { leadDaysOf } from '~/domain/lead-days';
import { tooSoonToBook, travelerAction, savedTraveler } from '~/services/booking/checkout.server';
import { viewMore } from '~/domain/view-more';
import {
  MAX_WEEKS,
  WEEKS_COLLECTIONS,
  WEEKS_KINDS,
  type WeeksKind,
  type WeeksScope,
  type WeeksSearchErrors,
  addDays,
  formatDay,
  isDreamtrip,
  parseDay,
  parseWeeksSearch,
  weekdayNames,
  weeksKindsOffered,
  weeksSearchParams,
} from '~/domain/weeks';
import { getDb } from '~/services/platform/db.server';
import { findVisitorHold } from '~/services/booking/holds.server';
import { HOLD_COOKIE } from '~/products/weeks/weeks-api.server';
import { CATALOGUE_CURRENCY, chargeOf } from '~/domain/charge';
import { convertAtQuoteRate, requiredLine } from '~/domain/quote';
import { quoteBreakdown } from '~/domain/price-breakdown';
import { type PageUrl, hotelPageContext, unquotedHold } from '~/products/hotel/hotel-pages.server';
import type { RequestContext } from '~/services/site/request-context.server';
import { describeWeekCharge } from '~/products/weeks/weeks-quote.server';
import { type ResortDetails, type WeekOffer, resolveWeekSelection, resortReviews, weeksSupplierFor } from '~/services/suppliers/weeks.server';
import { destinationCatalog } from '~/services/catalog/catalog-reference.server';
import type { ResortTripItem } from '~/products/weeks/resort-trip';

/** Resorts (RST) and holiday stays (STY): the same pages under /resorts/* and /stays/*; /weeks lists both. */
const weeksPath = (scope: WeeksScope) => products[scope].pages.searchForm;

type Context = Awaited<ReturnType<typeof hotelPageContext>>;

/** The page context and the kinds it lists, or a 404 when the organisation sells none of them. */
async function weeksContext(requestContext: RequestContext, scope: WeeksScope) {
  const context = await hotelPageContext(requestContext);
  const kinds = weeksKindsOffered(scope, context.org.products);
  if (kinds.length === 0) throw new Response('Not found', { status: 404 });
  return { ...context, kinds, minCheckin: minCheckinDate(context.today, leadDaysOf(context)) };
}

const checkOutOf = (checkIn: string, weeks: number) => formatDay(addDays(parseDay(checkIn)!, weeks * 7));

function priced(offer: WeekOffer, money: Context['money']) {
  return {
    inventoryId: offer.inventoryId,
    code: offer.code,
    name: offer.name,
    sleeps: offer.sleeps,
    startDay: weekdayNames[offer.weekStartWeekday]!,
    checkIn: offer.checkInDate,
    checkOut: offer.checkOutDate,
    available: offer.available,
    weeks: offer.price.weeks,
    nights: offer.price.nights,
    perWeek: money(offer.price.per_week),
    total: money(offer.price.amount),
    // Resorts' and stays' weeks add up alike: the umbrella code's lines are theirs.
    breakdown: money.breakdown({ product: 'WEEKS', amounts: { total: offer.price.amount }, counts: { weeks: offer.price.weeks, nights: offer.price.nights } }),
  };
}

/** Destinations that have places of these kinds, for the search form. */
function destinationsOf(kinds: readonly WeeksKind[]) {
  return getDb()
    .selectFrom('destinations as d')
    .select(['d.slug', 'd.name', 'd.country_name'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('resorts as r')
          .select('r.id')
          .whereRef('r.destination_slug', '=', 'd.slug')
          .where('r.kind', 'in', [...kinds]),
      ),
    )
    .orderBy('d.name')
    .execute();
}

/** What the weeks search form needs on a landing page (/resorts, /stays, /weeks, /dreamtrips). */
export async function weeksSearchFormData(requestContext: RequestContext, scope: WeeksScope) {
  const context = await weeksContext(requestContext, scope);
  return { scope, destinations: await destinationsOf(context.kinds), minCheckin: context.minCheckin };
}

/**
 * /{product}/search-details: the search form, and the results when the URL has a search.
 * /weeks/search-details lists resorts and stays together (filterable by kind), and is also
 * where the dreamtrips collection is searched.
 */
export async function loadWeeksResults(requestContext: RequestContext, url: PageUrl, scope: WeeksScope) {
  const context = await weeksContext(requestContext, scope);
  const params = url.searchParams;
  const destinations = await destinationsOf(context.kinds);
  const base = { scope, path: weeksPath(scope), kinds: context.kinds, destinations, minCheckin: context.minCheckin };
  const empty = { results: [], total: 0, page: 1, nextPage: null as number | null, stars: [] as number[], kindFilter: [] as WeeksKind[], destination: null };
  const hasSearch = params.has('destination') || params.has('check_in_date') || params.has('month');
  if (!hasSearch)
    return { ...base, ...empty, search: null, errors: {} as WeeksSearchErrors, values: { weeks: '1', collection: params.get('collection') ?? '' } as Record<string, string> };
  const parsed = parseWeeksSearch(params, context.minCheckin);
  if (!parsed.ok) return { ...base, ...empty, search: null, errors: parsed.errors, values: parsed.values as Record<string, string> };
  const { search } = parsed;
  const stars = params
    .getAll('stars')
    .map(Number)
    .filter((s) => Number.isInteger(s) && s >= 1 && s <= 5);
  const kindFilter = WEEKS_KINDS.filter((kind) => context.kinds.includes(kind) && params.getAll('kind').includes(kind));
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100 ? pageParam : 1;
  const query = { destination: search.destination, checkIn: search.checkIn, checkOut: checkOutOf(search.checkIn, search.weeks), guests: search.guests };
  const offers = (await Promise.all(context.kinds.map((kind) => weeksSupplierFor(kind).search(query, context.supplier)))).flat();
  const matching = offers
    .filter((o) => (stars.length === 0 || stars.includes(o.stars)) && (kindFilter.length === 0 || kindFilter.includes(o.kind)))
    .filter((o) => search.collection !== 'dreamtrips' || isDreamtrip(o))
    .map((o) => ({
      resortId: o.resortId,
      kind: o.kind,
      path: weeksPath(o.kind),
      name: o.name,
      stars: o.stars,
      reviewScore: o.reviewScore,
      address: o.address,
      image: o.image,
      cheapest: o.cheapest ? priced(o.cheapest, context.money) : null,
    }))
    // Resorts with a free week first, cheapest first; sold-out ones last.
    .sort((a, b) => (a.cheapest && b.cheapest ? a.cheapest.total.amountMinor - b.cheapest.total.amountMinor : a.cheapest ? -1 : b.cheapest ? 1 : 0));
  const destination = destinations.find((d) => d.slug === search.destination) ?? null;
  // "View more" shows the next ten below the ones already shown (spec §9).
  const { shown, total, nextPage } = viewMore(matching, page);
  return { ...base, search, errors: {}, values: {}, results: shown, total, page, nextPage, stars, kindFilter, destination };
}

/** /{product}/details: the resort, its reviews and each unit type's week for the requested check-in. */
export async function loadWeeksDetails(requestContext: RequestContext, url: PageUrl, kind: WeeksKind) {
  const context = await weeksContext(requestContext, kind);
  const params = url.searchParams;
  const resortId = params.get('resort_id') ?? '';
  // A missing (rather than unknown) resort: the page route sends the visitor back to the search.
  if (resortId === '') throw json({ message: 'Choose a resort first.' }, { status: 400 });
  if (!/^[1-9]\d{0,8}$/.test(resortId)) throw new Response('We could not find that resort.', { status: 404 });
  const checkInParam = params.get('check_in_date') ?? '';
  const checkIn = parseDay(checkInParam) && checkInParam >= context.minCheckin ? checkInParam : context.minCheckin;
  const weeksParam = Number(params.get('weeks') ?? '1');
  const weeks = Number.isInteger(weeksParam) && weeksParam >= 1 && weeksParam <= MAX_WEEKS ? weeksParam : 1;
  const details = await weeksSupplierFor(kind).details(resortId, { destination: '', checkIn, checkOut: checkOutOf(checkIn, weeks) }, context.supplier);
  if (!details) throw new Response('We could not find that resort.', { status: 404 });
  const [reviews, catalog] = await Promise.all([resortReviews(details.resortId, 1, 10), destinationCatalog()]);
  const place = catalog.find((d) => d.slug === details.destination);
  // Opened from the /weeks results (from=weeks), "back" returns there, with its collection.
  const fromWeeks = params.get('from') === 'weeks';
  const collection = fromWeeks ? (WEEKS_COLLECTIONS.find((c) => c === params.get('collection')) ?? null) : null;
  const back = weeksSearchParams({ destination: details.destination, checkIn, weeks, guests: null, collection });
  return {
    kind,
    path: weeksPath(kind),
    backTo: `${weeksPath(fromWeeks ? 'WEEKS' : kind)}/search-details?${back.toString()}`,
    resort: {
      resortId: details.resortId,
      name: details.name,
      stars: details.stars,
      reviewScore: details.reviewScore,
      address: details.address,
      image: details.image,
      description: details.description,
    },
    units: details.inventory.map((offer) => priced(offer, context.money)),
    reviews: reviews ? { total: reviews.total, items: reviews.items } : { total: 0, items: [] },
    product: kind,
    place: place ? { name: place.name } : null,
    trip: weekTripItem(details),
  };
}

/** Spec §3 "Resort trip" for a details page's first unit type with a week free; null when none is. */
function weekTripItem(details: ResortDetails): { item: ResortTripItem; checkin: string; checkout: string } | null {
  const week = details.inventory.find((offer) => offer.available > 0);
  if (!week) return null;
  const usd = (minor: number) => minor / 100;
  // The unit's and the feed's cost are this visitor's price: our costs never reach a page.
  const cost = usd(week.price.amount);
  const item: ResortTripItem = {
    resortId: details.resortId,
    provider: details.provider,
    whitelabelNo: String(details.whitelabelNo),
    unitCost: cost,
    retailPrice: usd(week.price.retail_price),
    feedCost: cost,
    nights: week.price.nights,
    stars: details.stars,
    review: details.reviewScore.toFixed(1),
    address: details.address,
    lat: details.latitude,
    long: details.longitude,
  };
  return { item, checkin: week.checkInDate, checkout: week.checkOutDate };
}

/**
 * The visitor's live week hold of this kind that a checkout names, in its link (`hold`) or in
 * the holdTok cookie prepare-to-checkout set; else null.
 */
async function heldWeek(requestContext: RequestContext, url: PageUrl, context: Context, kind: WeeksKind) {
  const linked = url.searchParams.get('hold');
  const token = linked ?? requestContext.cookie(HOLD_COOKIE) ?? '';
  const hold = token ? await findVisitorHold(token, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null }) : null;
  const live = hold && hold.product === kind && hold.status === 'active' && hold.expiresAt.getTime() > Date.now();
  // A leftover cookie naming a hold without a quote is no hold: the page previews the link's
  // week, and the browser releases that hold and holds again.
  if (live && !hold.quote && linked === null) return null;
  return live ? hold : null;
}

/**
 * /{product}/checkout: what the traveller chose, priced, and who they are. The hold itself is
 * made in the browser (spec §4 prepare-to-checkout) through POST /api/weeks/prepareBookWeeks,
 * from the `request` this answers. Once the visitor holds a week of this kind (holdTok cookie,
 * or `hold` in the link) the page and the charge are that hold's quote (its week, at its rate
 * and currency), whatever the link says; before that, the link's choice is previewed at
 * today's prices and nothing can be charged. A hold without a quote is not payable.
 */
export async function loadWeeksCheckout(requestContext: RequestContext, url: PageUrl, kind: WeeksKind) {
  const context = await weeksContext(requestContext, kind);
  const hold = await heldWeek(requestContext, url, context, kind);
  const user = context.session?.user ?? null;
  const traveler = user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null;
  const lang = { lang: context.locale.language, currency: context.locale.currency };
  if (hold) {
    if (!hold.quote) throw unquotedHold();
    const quote = hold.quote;
    const { week } = quote.facts;
    return {
      kind,
      path: weeksPath(kind),
      request: { ...quote.facts.request, ...lang },
      /** The hold this page shows, when the visitor already holds the week. */
      hold: { token: hold.token, expiresAt: hold.expiresAt.toISOString() },
      resort: quote.facts.resort,
      unit: quote.facts.unit,
      week: { ...week, perWeek: requiredLine(quote, 'perWeek', lang.lang), total: requiredLine(quote, 'total', lang.lang), breakdown: quoteBreakdown(quote) },
      /** What paying charges: the quote's (`week.total` is it as shown, at the quote's rate). */
      charge: quote.charge,
      quote,
      traveler,
      savedTraveler: await savedTraveler(hold),
      // The client holds the week only when the date can still be booked by this visitor.
      tooSoon: await tooSoonToBook(context.org, context.session, week.checkIn, context.today),
    };
  }
  const params = url.searchParams;
  const resortId = params.get('resort_id') ?? '';
  const inventoryId = params.get('inventory_id') ?? '';
  const checkIn = params.get('check_in_date') ?? '';
  const checkOut = params.get('check_out_date') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(resortId) || !/^[1-9]\d{0,8}$/.test(inventoryId)) throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  const selection = { inventoryId: Number(inventoryId), checkIn, checkOut };
  const resolved = await resolveWeekSelection(selection, context.org.orgId);
  if (resolved.kind === 'invalid') throw json({ message: resolved.error }, { status: 400 });
  if (resolved.kind === 'not_found' || resolved.resort.id !== Number(resortId) || resolved.resort.kind !== kind) {
    throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  }
  const offer = await weeksSupplierFor(kind).price(selection, context.supplier);
  if (!offer) throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  return {
    kind,
    path: weeksPath(kind),
    request: { resort_id: Number(resortId), inventory_id: Number(inventoryId), check_in_date: checkIn, check_out_date: checkOut, ...lang },
    hold: null,
    resort: { name: resolved.resort.name, address: resolved.resort.address, image: resolved.resort.image_path, stars: resolved.resort.stars },
    unit: { code: resolved.unit.code, name: resolved.unit.name, sleeps: resolved.unit.sleeps },
    week: priced(offer, context.money),
    /** What holding this week will quote (a preview: only a hold's quote is charged). */
    charge: chargeOf(
      convertAtQuoteRate(context.quoting, { amountMinor: offer.price.amount, currency: CATALOGUE_CURRENCY }, context.quoting.chargeCurrency)!.amountMinor,
      context.quoting.chargeCurrency,
      describeWeekCharge(resolved.resort.name, resolved.unit.name, selection, offer.price.weeks),
    ),
    quote: null,
    traveler,
    savedTraveler: null,
    tooSoon: await tooSoonToBook(context.org, context.session, checkIn, context.today),
  };
}

/** The traveller step of a weeks checkout; the hold is the one the browser prepared. */
export async function saveWeeksTraveler(requestContext: RequestContext, form: FormData, kind: WeeksKind) {
  await weeksContext(requestContext, kind);
  return travelerAction(requestContext, form, kind);
}
