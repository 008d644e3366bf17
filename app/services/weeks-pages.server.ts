import { json } from '@remix-run/node';
import { minCheckinDate } from '~/domain/checkin';
import { tooSoonToBook, travelerAction } from './checkout.server';
import { viewMore } from '~/domain/view-more';
import { MAX_WEEKS, addDays, formatDay, parseDay, weekdayNames } from '~/domain/weeks';
import type { ResortKind } from './db-schema';
import { getDb } from './db.server';
import { hotelPageContext } from './hotel-pages.server';
import { type WeekOffer, resolveWeekSelection, resortReviews, weeksSupplierFor } from './suppliers/weeks.server';

/** Resorts (RST) and holiday stays (STY): the same pages under /resorts/* and /stays/*. */
export const weeksPath = (kind: ResortKind) => (kind === 'RST' ? '/resorts' : '/stays');

type Context = Awaited<ReturnType<typeof hotelPageContext>>;

/** The page context, or a 404 when the organisation does not sell this kind. */
async function weeksContext(request: Request, kind: ResortKind) {
  const context = await hotelPageContext(request);
  if (!context.org.products.some((p) => p === kind)) throw new Response('Not found', { status: 404 });
  return { ...context, minCheckin: minCheckinDate(context.today, context.org.booking.minCheckinDays) };
}

export type WeeksSearch = { destination: string; checkIn: string; weeks: number };
type SearchErrors = Partial<Record<keyof WeeksSearch, string>>;

/** Reads a weeks search from the URL; errors are message keys, one per field. */
export function parseWeeksSearch(params: URLSearchParams, minCheckin: string) {
  const values = {
    destination: (params.get('destination') ?? '').trim(),
    checkIn: (params.get('check_in_date') ?? '').trim(),
    weeks: params.get('weeks') ?? '1',
  };
  const errors: SearchErrors = {};
  if (!/^[a-z0-9-]{2,60}$/.test(values.destination)) errors.destination = 'search.error.destination';
  if (!parseDay(values.checkIn)) errors.checkIn = 'search.error.checkin';
  else if (values.checkIn < minCheckin) errors.checkIn = 'search.error.checkinTooSoon';
  const weeks = /^[1-4]$/.test(values.weeks) ? Number(values.weeks) : null;
  if (weeks === null) errors.weeks = 'weeks.error.weeks';
  if (Object.keys(errors).length > 0 || weeks === null) return { ok: false as const, errors, values };
  return { ok: true as const, search: { destination: values.destination, checkIn: values.checkIn, weeks } };
}

export const weeksSearchParams = (search: WeeksSearch) =>
  new URLSearchParams({ destination: search.destination, check_in_date: search.checkIn, weeks: String(search.weeks) });

const checkOutOf = (checkIn: string, weeks: number) => formatDay(addDays(parseDay(checkIn)!, weeks * 7));

function priced(offer: WeekOffer, money: Context['money']) {
  return {
    inventoryId: offer.inventoryId,
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
  };
}

/** Destinations that have resorts (or stays), for the search form. */
function destinationsOf(kind: ResortKind) {
  return getDb()
    .selectFrom('destinations as d')
    .select(['d.slug', 'd.name', 'd.country_name'])
    .where(({ exists, selectFrom }) => exists(selectFrom('resorts as r').select('r.id').whereRef('r.destination_slug', '=', 'd.slug').where('r.kind', '=', kind)))
    .orderBy('d.name')
    .execute();
}

/** What the weeks search form needs on a landing page (/resorts, /stays). */
export async function weeksSearchFormData(request: Request, kind: ResortKind) {
  const context = await weeksContext(request, kind);
  return { kind, destinations: await destinationsOf(kind), minCheckin: context.minCheckin };
}

/** /{product}/search-details: the search form, and the results when the URL has a search. */
export async function loadWeeksResults(request: Request, kind: ResortKind) {
  const context = await weeksContext(request, kind);
  const params = new URL(request.url).searchParams;
  const destinations = await destinationsOf(kind);
  const base = { kind, path: weeksPath(kind), destinations, minCheckin: context.minCheckin };
  const hasSearch = params.has('destination') || params.has('check_in_date');
  if (!hasSearch) return { ...base, search: null, errors: {} as SearchErrors, values: { weeks: '1' } as Record<string, string>, results: [], total: 0, page: 1, nextPage: null as number | null, stars: [] as number[], destination: null };
  const parsed = parseWeeksSearch(params, context.minCheckin);
  if (!parsed.ok) return { ...base, search: null, errors: parsed.errors, values: parsed.values as Record<string, string>, results: [], total: 0, page: 1, nextPage: null as number | null, stars: [] as number[], destination: null };
  const { search } = parsed;
  const stars = params.getAll('stars').map(Number).filter((s) => Number.isInteger(s) && s >= 1 && s <= 5);
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100 ? pageParam : 1;
  const offers = await weeksSupplierFor(kind).search({ destination: search.destination, checkIn: search.checkIn, checkOut: checkOutOf(search.checkIn, search.weeks) }, context.supplier);
  const matching = offers
    .filter((o) => stars.length === 0 || stars.includes(o.stars))
    .map((o) => ({
      resortId: o.resortId,
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
  return { ...base, search, errors: {}, values: {}, results: shown, total, page, nextPage, stars, destination };
}

/** /{product}/details: the resort, its reviews and each unit type's week for the requested check-in. */
export async function loadWeeksDetails(request: Request, kind: ResortKind) {
  const context = await weeksContext(request, kind);
  const params = new URL(request.url).searchParams;
  const resortId = params.get('resort_id') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(resortId)) throw new Response('We could not find that resort.', { status: 404 });
  const checkInParam = params.get('check_in_date') ?? '';
  const checkIn = parseDay(checkInParam) && checkInParam >= context.minCheckin ? checkInParam : context.minCheckin;
  const weeksParam = Number(params.get('weeks') ?? '1');
  const weeks = Number.isInteger(weeksParam) && weeksParam >= 1 && weeksParam <= MAX_WEEKS ? weeksParam : 1;
  const details = await weeksSupplierFor(kind).details(resortId, { destination: '', checkIn, checkOut: checkOutOf(checkIn, weeks) }, context.supplier);
  if (!details) throw new Response('We could not find that resort.', { status: 404 });
  const reviews = await resortReviews(details.resortId, 1, 10);
  return {
    kind,
    path: weeksPath(kind),
    search: { destination: details.destination, checkIn, weeks },
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
  };
}

/**
 * /{product}/checkout: what the traveller chose, priced, and who they are. The hold itself is
 * made in the browser (spec §4 prepare-to-checkout) through POST /api/weeks/prepareBookWeeks.
 */
export async function loadWeeksCheckout(request: Request, kind: ResortKind) {
  const context = await weeksContext(request, kind);
  const params = new URL(request.url).searchParams;
  const resortId = params.get('resort_id') ?? '';
  const inventoryId = params.get('inventory_id') ?? '';
  const checkIn = params.get('check_in_date') ?? '';
  const checkOut = params.get('check_out_date') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(resortId) || !/^[1-9]\d{0,8}$/.test(inventoryId)) throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  const selection = { inventoryId: Number(inventoryId), checkIn, checkOut };
  const resolved = await resolveWeekSelection(selection);
  if (resolved.kind === 'invalid') throw json({ message: resolved.error }, { status: 400 });
  if (resolved.kind === 'not_found' || resolved.resort.id !== Number(resortId) || resolved.resort.kind !== kind) {
    throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  }
  const offer = await weeksSupplierFor(kind).price(selection, context.supplier);
  if (!offer) throw new Response('This booking link is not valid. Please search again.', { status: 404 });
  const user = context.session?.user ?? null;
  return {
    kind,
    path: weeksPath(kind),
    request: { resort_id: Number(resortId), inventory_id: Number(inventoryId), check_in_date: checkIn, check_out_date: checkOut, lang: context.locale.language, currency: context.locale.currency },
    resort: { name: resolved.resort.name, address: resolved.resort.address, image: resolved.resort.image_path, stars: resolved.resort.stars },
    unit: { name: resolved.unit.name, sleeps: resolved.unit.sleeps },
    week: priced(offer, context.money),
    traveler: user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null,
    // The client holds the week only when the date can still be booked by this visitor.
    tooSoon: await tooSoonToBook(context.org, context.session, checkIn, context.today),
  };
}

/** The traveller step of a weeks checkout; the hold is the one the browser prepared. */
export async function saveWeeksTraveler(request: Request, kind: ResortKind) {
  await weeksContext(request, kind);
  return travelerAction(request, await request.formData(), kind);
}
