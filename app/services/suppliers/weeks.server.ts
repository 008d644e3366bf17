import { type WeekPrice, addDays, computeWeekPrice, formatDay, parseDay, weekStartOnOrAfter, weekStay, weeksWanted } from '~/domain/weeks';
import { dayIn } from '~/domain/time-zone';
import { singleton } from '~/utils/singleton.server';
import { getOrgById } from '../config/config.server';
import { getDb } from '../platform/db.server';
import type { ResortKind } from '../platform/db-schema';
import { convertHoldToBooking, countAvailableUnitsByItem, createHold } from '../booking/holds.server';
import { releaseHold } from '../booking/hold-release.server';
import { resortUnitItemRef } from '../seed/seed-resorts.server';
import type { ProductSupplier, SupplierContext } from './port';

/** A search: resorts or stays of a destination for the week(s) starting on or after `checkIn`. */
export type WeekQuery = {
  destination: string;
  /** YYYY-MM-DD; each unit type's week starts on its own weekday on or after this day. */
  checkIn: string;
  /** Optional YYYY-MM-DD; the number of weeks is the nights rounded up to weeks (1–4). */
  checkOut?: string | null;
  /** Optional: how many the unit must sleep for it to be a result's cheapest week. */
  guests?: number | null;
};

export type WeekOffer = {
  /** The unit type's id: what `prepareBookWeeks` holds. */
  inventoryId: number;
  resortId: number;
  code: string;
  name: string;
  sleeps: number;
  weekStartWeekday: number;
  checkInDate: string;
  checkOutDate: string;
  available: number;
  price: WeekPrice & { currency: 'USD'; supplier_code: string };
};

export type ResortSummary = {
  resortId: number;
  slug: string;
  name: string;
  kind: ResortKind;
  stars: number;
  reviewScore: number;
  address: string;
  latitude: number;
  longitude: number;
  image: string;
  provider: string;
  whitelabelNo: number;
  destination: string;
};

export type ResortOffer = ResortSummary & { cheapest: WeekOffer | null };
export type ResortDetails = ResortSummary & { description: string; inventory: WeekOffer[] };
export type WeekSelection = { inventoryId: number; checkIn: string; checkOut: string };

type ResortRow = {
  id: number;
  slug: string;
  destination_slug: string;
  name: string;
  kind: ResortKind;
  stars: number;
  review_score: string;
  address: string;
  latitude: string;
  longitude: string;
  image_path: string;
  provider: string;
  whitelabel_no: number;
  description: string;
};
type UnitTypeRow = {
  id: number;
  resort_id: number;
  code: string;
  name: string;
  sleeps: number;
  unit_cost_usd_minor: number;
  feed_cost_usd_minor: number;
  retail_price_usd_minor: number;
  week_start_weekday: number;
};

/**
 * Week start weekday per unit type id (spec §9: the week start-day lookup is cached). It is
 * catalog data that only a re-seed changes, and every price, hold and min-price lookup needs
 * it, so it is read once per process into this Map. The seed is deterministic, so ids mean the
 * same unit type on every database this process opens.
 */
const weekStartDays = singleton('week-start-days', () => new Map<number, number>());

export async function weekStartDayOf(unitTypeId: number): Promise<number | null> {
  const cached = weekStartDays.get(unitTypeId);
  if (cached !== undefined) return cached;
  const row = await getDb().selectFrom('resort_unit_types').select('week_start_weekday').where('id', '=', unitTypeId).executeTakeFirst();
  if (!row) return null;
  weekStartDays.set(unitTypeId, row.week_start_weekday);
  return row.week_start_weekday;
}

/** The organisation's today (its time zone, decision 0039) as a day: nobody can check in before it. */
export function orgToday(orgId: string): Date {
  const org = getOrgById(orgId);
  if (!org) throw new Error(`Unknown organisation ${orgId}: its day cannot be told`);
  return parseDay(dayIn(org.timeZone))!;
}

function summary(row: ResortRow): ResortSummary {
  return {
    resortId: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    stars: row.stars,
    reviewScore: Number(row.review_score),
    address: row.address,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    image: row.image_path,
    provider: row.provider,
    whitelabelNo: row.whitelabel_no,
    destination: row.destination_slug,
  };
}

function priceOf(unit: UnitTypeRow, weeks: number, context: SupplierContext, provider: string): WeekOffer['price'] {
  const rates = { unitCostMinor: unit.unit_cost_usd_minor, feedCostMinor: unit.feed_cost_usd_minor, retailPriceMinor: unit.retail_price_usd_minor };
  // PKG prices are for packages; a week on its own is sold at the consumer price.
  const price = computeWeekPrice(rates, weeks, context.priceType === 'B2B' ? 'B2B' : 'B2C');
  return { ...price, currency: 'USD', supplier_code: provider };
}

/**
 * Offers for unit types from a search day: each starts on its own weekday on or after the day.
 * Availability is counted per distinct start (at most seven), one query each.
 */
export async function offersFrom(
  units: readonly (UnitTypeRow & { kind: ResortKind; provider: string })[],
  checkIn: Date,
  weeks: number,
  context: SupplierContext,
): Promise<WeekOffer[]> {
  const byStart = new Map<string, (typeof units)[number][]>();
  for (const unit of units) {
    weekStartDays.set(unit.id, unit.week_start_weekday);
    const start = formatDay(weekStartOnOrAfter(checkIn, unit.week_start_weekday));
    byStart.set(start, [...(byStart.get(start) ?? []), unit]);
  }
  const offers: WeekOffer[] = [];
  for (const [start, group] of byStart) {
    const startsAt = parseDay(start)!;
    const endsAt = addDays(startsAt, weeks * 7);
    const free = await countAvailableUnitsByItem({
      products: [...new Set(group.map((u) => u.kind))],
      itemRefs: group.map((u) => resortUnitItemRef(u.id)),
      startsAt,
      endsAt,
    });
    for (const unit of group) {
      offers.push({
        inventoryId: unit.id,
        resortId: unit.resort_id,
        code: unit.code,
        name: unit.name,
        sleeps: unit.sleeps,
        weekStartWeekday: unit.week_start_weekday,
        checkInDate: start,
        checkOutDate: formatDay(endsAt),
        available: free.get(resortUnitItemRef(unit.id)) ?? 0,
        price: priceOf(unit, weeks, context, unit.provider),
      });
    }
  }
  return offers.sort((a, b) => a.resortId - b.resortId || a.price.amount - b.price.amount);
}

function unitTypesOf(resortIds: number[]) {
  if (resortIds.length === 0) return Promise.resolve([]);
  return getDb()
    .selectFrom('resort_unit_types as t')
    .innerJoin('resorts as r', 'r.id', 't.resort_id')
    .selectAll('t')
    .select(['r.kind', 'r.provider'])
    .where('t.resort_id', 'in', resortIds)
    .orderBy('t.retail_price_usd_minor')
    .execute();
}

/** The search day and weeks of a query, or null when the dates are not a future search. */
function searchWindow(query: Pick<WeekQuery, 'checkIn' | 'checkOut'>, orgId: string): { checkIn: Date; weeks: number } | null {
  const checkIn = parseDay(query.checkIn);
  if (!checkIn || checkIn.getTime() < orgToday(orgId).getTime()) return null;
  const checkOut = query.checkOut ? parseDay(query.checkOut) : null;
  if (query.checkOut && (!checkOut || checkOut.getTime() <= checkIn.getTime())) return null;
  return { checkIn, weeks: weeksWanted(checkIn, checkOut) };
}

export type ResolvedSelection =
  { kind: 'not_found' } | { kind: 'invalid'; error: string } | { kind: 'ok'; resort: ResortRow; unit: UnitTypeRow; startsAt: Date; endsAt: Date; weeks: number };

/**
 * What a chosen week refers to: unknown unit type → not_found; dates that are not whole weeks
 * from the unit's start weekday → invalid with the reason (the caller answers 400 with it).
 */
export async function resolveWeekSelection(selection: WeekSelection, orgId: string): Promise<ResolvedSelection> {
  const weekday = await weekStartDayOf(selection.inventoryId);
  if (weekday === null) return { kind: 'not_found' };
  const checked = weekStay(selection.checkIn, selection.checkOut, weekday, orgToday(orgId));
  if (!checked.ok) return { kind: 'invalid', error: checked.error };
  const row = await getDb()
    .selectFrom('resort_unit_types as t')
    .innerJoin('resorts as r', 'r.id', 't.resort_id')
    .selectAll('r')
    .select(['t.id as unit_id', 't.code', 't.name as unit_name', 't.sleeps', 't.unit_cost_usd_minor', 't.feed_cost_usd_minor', 't.retail_price_usd_minor', 't.week_start_weekday'])
    .where('t.id', '=', selection.inventoryId)
    .executeTakeFirst();
  if (!row) return { kind: 'not_found' };
  const { unit_id, code, unit_name, sleeps, unit_cost_usd_minor, feed_cost_usd_minor, retail_price_usd_minor, week_start_weekday, ...resort } = row;
  return {
    kind: 'ok',
    resort,
    unit: { id: unit_id, resort_id: resort.id, code, name: unit_name, sleeps, unit_cost_usd_minor, feed_cost_usd_minor, retail_price_usd_minor, week_start_weekday },
    startsAt: checked.stay.startsAt,
    endsAt: checked.stay.endsAt,
    weeks: checked.stay.weeks,
  };
}

async function findResort(id: string, kind: ResortKind): Promise<ResortRow | undefined> {
  const query = getDb().selectFrom('resorts').selectAll().where('kind', '=', kind);
  return /^[1-9]\d{0,8}$/.test(id) ? query.where('id', '=', Number(id)).executeTakeFirst() : query.where('slug', '=', id).executeTakeFirst();
}

/**
 * The built-in weeks supplier for one kind: resorts (RST) or holiday stays (STY), stored in
 * our database and sold by the week on the shared inventory holds.
 */
function builtInWeeksSupplier(kind: ResortKind): ProductSupplier<WeekQuery, ResortOffer, ResortDetails, WeekSelection, WeekOffer> {
  return {
    product: kind,

    async search(query, context) {
      const window = searchWindow(query, context.orgId);
      if (!window) return [];
      const resorts = await getDb()
        .selectFrom('resorts')
        .selectAll()
        .where('destination_slug', '=', query.destination)
        .where('kind', '=', kind)
        .orderBy('stars', 'desc')
        .orderBy('name')
        .execute();
      const offers = await offersFrom(await unitTypesOf(resorts.map((r) => r.id)), window.checkIn, window.weeks, context);
      return resorts.map((resort) => ({
        ...summary(resort),
        cheapest: offers.filter((o) => o.resortId === resort.id && o.available > 0 && o.sleeps >= (query.guests ?? 1)).sort((a, b) => a.price.amount - b.price.amount)[0] ?? null,
      }));
    },

    async details(id, query, context) {
      const resort = await findResort(id, kind);
      if (!resort) return null;
      const window = searchWindow(query, context.orgId);
      const inventory = window ? await offersFrom(await unitTypesOf([resort.id]), window.checkIn, window.weeks, context) : [];
      return { ...summary(resort), description: resort.description, inventory };
    },

    async price(selection, context) {
      const resolved = await resolveWeekSelection(selection, context.orgId);
      if (resolved.kind !== 'ok' || resolved.resort.kind !== kind) return null;
      const [offer] = await offersFrom([{ ...resolved.unit, kind, provider: resolved.resort.provider }], resolved.startsAt, resolved.weeks, context);
      return offer ?? null;
    },

    async hold(selection, options) {
      const resolved = await resolveWeekSelection(selection, options.orgId);
      if (resolved.kind !== 'ok' || resolved.resort.kind !== kind) return { kind: 'not_found' };
      return createHold({
        orgId: options.orgId,
        userId: options.userId,
        clientIp: options.clientIp,
        product: kind,
        itemRef: resortUnitItemRef(resolved.unit.id),
        startsAt: resolved.startsAt,
        endsAt: resolved.endsAt,
        quantity: 1,
        ttlMinutes: options.ttlMinutes,
        // The quote: the unit type, the week(s) and the rate; the stay's dates are its local dates.
        selection: {
          resort_id: String(resolved.resort.id),
          inventory_id: String(resolved.unit.id),
          check_in_date: selection.checkIn,
          check_out_date: selection.checkOut,
          priceType: options.priceType,
          startsOn: selection.checkIn,
          endsOn: selection.checkOut,
        },
      });
    },

    release: (token) => releaseHold(token),
    confirm: (token) => convertHoldToBooking(token),
  };
}

export const builtInResortSupplier = builtInWeeksSupplier('RST');
export const builtInStaySupplier = builtInWeeksSupplier('STY');

export function weeksSupplierFor(kind: ResortKind) {
  return kind === 'RST' ? builtInResortSupplier : builtInStaySupplier;
}

export type MinPrice = { resort: ResortSummary; offer: WeekOffer };

/**
 * The lowest one-week price per resort of a country over a set of search days, counting only
 * unit types with a free unit (getGenerateMinPrice). Resorts with nothing free are left out.
 */
export async function minWeekPrices(query: { country: string; dates: readonly string[]; whitelabelIds?: readonly number[] }, context: SupplierContext): Promise<MinPrice[]> {
  let resortsQuery = getDb().selectFrom('resorts as r').innerJoin('destinations as d', 'd.slug', 'r.destination_slug').selectAll('r').where('d.country_code', '=', query.country);
  if (query.whitelabelIds && query.whitelabelIds.length > 0) resortsQuery = resortsQuery.where('r.whitelabel_no', 'in', [...query.whitelabelIds]);
  const resorts = await resortsQuery.orderBy('r.id').execute();
  const units = await unitTypesOf(resorts.map((r) => r.id));
  const best = new Map<number, WeekOffer>();
  for (const date of new Set(query.dates)) {
    const window = searchWindow({ checkIn: date }, context.orgId);
    if (!window) continue;
    for (const offer of await offersFrom(units, window.checkIn, 1, context)) {
      const current = best.get(offer.resortId);
      if (offer.available > 0 && (!current || offer.price.amount < current.price.amount)) best.set(offer.resortId, offer);
    }
  }
  return resorts.flatMap((r) => {
    const offer = best.get(r.id);
    return offer ? [{ resort: summary(r), offer }] : [];
  });
}

/** Reviews of a resort, newest stay first, a page at a time. */
export async function resortReviews(resortId: number, page: number, pageSize: number) {
  const db = getDb();
  const resort = await db.selectFrom('resorts').select(['id', 'review_score']).where('id', '=', resortId).executeTakeFirst();
  if (!resort) return null;
  const [items, total] = await Promise.all([
    db
      .selectFrom('resort_reviews')
      .select(['id', 'author', 'rating', 'title', 'body', 'stay_month'])
      .where('resort_id', '=', resortId)
      .orderBy('stay_month', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('resort_reviews')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('resort_id', '=', resortId)
      .executeTakeFirstOrThrow(),
  ]);
  return { reviewScore: Number(resort.review_score), total: Number(total.n), items };
}

/** The resort of a unit type id, for routes that only get the resort from the body. */
export async function findResortById(resortId: number): Promise<(ResortSummary & { description: string }) | null> {
  const row = await getDb().selectFrom('resorts').selectAll().where('id', '=', resortId).executeTakeFirst();
  return row ? { ...summary(row), description: row.description } : null;
}
