import { json } from '@remix-run/node';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  type WeeksInventoryBody,
  type WeeksReviewsBody,
  type WeeksMinPriceBody,
  type WeeksPrepareBody,
  type WeeksReleaseBody,
  weeksInventorySchema,
  weeksReviewsSchema,
  weeksMinPriceSchema,
  weeksPrepareSchema,
  weeksReleaseSchema,
} from '#schemas/api/weeks.schema';
import { minCheckinDate } from '~/domain/checkin';
import type { RateTable } from '~/domain/money';
import { parseDay, weekdayNames } from '~/domain/weeks';
import { tooSoonToBook } from '~/services/booking/checkout.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { secureCookieAttribute } from '~/services/config/config.server';
import type { ResortKind } from '~/services/platform/db-schema';
import { getDb } from '~/services/platform/db.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import type { RequestContext } from '~/services/site/request-context.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { type WeekOffer, findResortById, minWeekPrices, resolveWeekSelection, resortReviews, orgToday, weeksSupplierFor } from '~/services/suppliers/weeks.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { recordHoldQuote } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { quoteWeeksHold } from '~/products/weeks/weeks-quote.server';
import { chargeCurrencyFor } from '~/domain/merchant-accounts';
import { quotingOf } from '~/domain/quote';
import { dayIn } from '~/domain/time-zone';

/**
 * The spec's weeks and resorts calls (§7), field names as the spec has them. Every body is
 * checked (by the route, with `weeksBodies` and `weeksFail`) against a schema compiled once
 * here; a body that fails answers 400 with what is wrong and changes nothing. Envelope:
 * `{ status, message?, data }`.
 */

export const HOLD_COOKIE = 'holdTok';
export const REVIEWS_PAGE_SIZE = 10;

export const weeksBodies = {
  inventory: compileApiBody<WeeksInventoryBody>(weeksInventorySchema),
  reviews: compileApiBody<WeeksReviewsBody>(weeksReviewsSchema),
  minPrice: compileApiBody<WeeksMinPriceBody>(weeksMinPriceSchema),
  prepare: compileApiBody<WeeksPrepareBody>(weeksPrepareSchema),
  release: compileApiBody<WeeksReleaseBody>(weeksReleaseSchema),
};

const noStore = { 'Cache-Control': 'private, no-store' };

function answer(status: number, body: { message?: string; data: unknown; [extra: string]: unknown }, headers: Record<string, string> = {}) {
  return json({ status, ...body }, { status, headers: { ...noStore, ...headers } });
}
const fail = (status: number, message: string) => answer(status, { message, data: null });
/** The weeks envelope of a refused body, for the routes' `requireApiBody`. */
export const weeksFail = fail;

export function methodNotAllowed() {
  return json({ status: 405, message: 'Use POST', data: null }, { status: 405, headers: { Allow: 'POST' } });
}

/** Who is asking, as the suppliers price it. */
function supplierContextOf({ org, session, priceType }: Pick<RequestContext, 'org' | 'session' | 'priceType'>): SupplierContext {
  return { orgId: org.orgId, userId: session?.userDbId ?? null, priceType };
}

const sells = (org: OrgConfig, kind: ResortKind) => org.products.some((p) => p === kind);
const notOffered = (kind: ResortKind) => fail(404, kind === 'RST' ? 'Resorts are not offered on this site' : 'Holiday stays are not offered on this site');

async function currencyOf(requested: string | undefined): Promise<{ code: string; rates: RateTable }> {
  const rates = await getRateTable();
  const code = requested ?? 'USD';
  if (!rates.has(code)) throw fail(400, `currency: '${code}' is not a currency we price in (${[...rates.keys()].join(', ')})`);
  return { code, rates };
}

function displayPrice(price: WeekOffer['price'], currency: string, lang: string, rates: RateTable) {
  const money = (amountMinor: number) => toDisplayPrice({ amountMinor, currency: 'USD' }, currency, lang, rates);
  const amount = money(price.amount);
  return {
    currency,
    amount: amount.amountMinor,
    text: amount.text,
    retail_price: money(price.retail_price).amountMinor,
    per_week: money(price.per_week).amountMinor,
    per_night: money(price.per_night).amountMinor,
    price_type: price.price_type,
    supplier_code: price.supplier_code,
  };
}

function inventoryItem(offer: WeekOffer, currency: string, lang: string, rates: RateTable) {
  return {
    inventory_id: offer.inventoryId,
    resort_id: offer.resortId,
    unit_type: { code: offer.code, name: offer.name, sleeps: offer.sleeps },
    week_start_day: offer.weekStartWeekday,
    week_start_day_name: weekdayNames[offer.weekStartWeekday],
    check_in_date: offer.checkInDate,
    check_out_date: offer.checkOutDate,
    nights: offer.price.nights,
    weeks: offer.price.weeks,
    available: offer.available,
    price: displayPrice(offer.price, currency, lang, rates),
  };
}

const idNumber = (value: number | string) => Number(value);

/** Dates of a search: real days, check-in not in the past, check-out after check-in. */
function searchDates(checkIn: string, checkOut: string, orgId: string) {
  const from = parseDay(checkIn);
  const to = parseDay(checkOut);
  if (!from) throw fail(400, `check_in_date: '${checkIn}' is not a date (YYYY-MM-DD)`);
  if (!to) throw fail(400, `check_out_date: '${checkOut}' is not a date (YYYY-MM-DD)`);
  if (from.getTime() < orgToday(orgId).getTime()) throw fail(400, 'check_in_date: must not be in the past');
  if (to.getTime() <= from.getTime()) throw fail(400, 'check_out_date: must be after check_in_date');
}

/** POST /api/weeks/getInventory: a resort and its unit types priced for the requested week(s). */
export async function getInventory(caller: Pick<RequestContext, 'org' | 'session' | 'priceType'>, body: WeeksInventoryBody) {
  searchDates(body.check_in_date, body.check_out_date, caller.org.orgId);
  const { code, rates } = await currencyOf(body.currency);
  const { org } = caller;
  const context = supplierContextOf(caller);
  const lang = body.lang ?? org.locale.defaultLanguage;
  const resort = await findResortById(idNumber(body.resort_id));
  if (!resort) return fail(404, `No resort with id ${body.resort_id}`);
  if (!sells(org, resort.kind)) return notOffered(resort.kind);
  const details = await weeksSupplierFor(resort.kind).details(
    String(resort.resortId),
    { destination: resort.destination, checkIn: body.check_in_date, checkOut: body.check_out_date },
    context,
  );
  // Inventory of another white label is not sold here: the resort shows, with nothing to book.
  const ownLabel = body.whitelabel_no === undefined || idNumber(body.whitelabel_no) === resort.whitelabelNo;
  return answer(200, {
    data: {
      resort: resortFields(resort),
      check_in_date: body.check_in_date,
      check_out_date: body.check_out_date,
      currency: code,
      residency: body.residency ?? 'US',
      inventory: ownLabel ? (details?.inventory ?? []).map((o) => inventoryItem(o, code, lang, rates)) : [],
    },
  });
}

function resortFields(resort: NonNullable<Awaited<ReturnType<typeof findResortById>>>) {
  return {
    resort_id: resort.resortId,
    slug: resort.slug,
    name: resort.name,
    category: resort.kind,
    stars: resort.stars,
    review_score: resort.reviewScore,
    address: resort.address,
    latitude: resort.latitude,
    longitude: resort.longitude,
    image: resort.image,
    provider: resort.provider,
    whitelabel_no: resort.whitelabelNo,
    destination_id: resort.destination,
    description: resort.description,
  };
}

/** POST /api/weeks/getReviews: a resort's reviews, REVIEWS_PAGE_SIZE per page. */
export async function getReviews(body: WeeksReviewsBody) {
  const page = body.page ?? 1;
  const reviews = await resortReviews(idNumber(body.resort_id), page, REVIEWS_PAGE_SIZE);
  if (!reviews) return fail(404, `No resort with id ${body.resort_id}`);
  return answer(200, {
    data: {
      resort_id: idNumber(body.resort_id),
      review_score: reviews.reviewScore,
      total: reviews.total,
      page,
      page_size: REVIEWS_PAGE_SIZE,
      reviews: reviews.items,
    },
  });
}

/**
 * POST /api/weeks/getGenerateMinPrice: the lowest free one-week price per resort of a country
 * (default MX) for the given check-in days (default: the first day one may check in).
 */
export async function getGenerateMinPrice(caller: Pick<RequestContext, 'org' | 'session' | 'priceType'>, body: WeeksMinPriceBody) {
  for (const date of body.dates ?? []) if (!parseDay(date)) return fail(400, `dates: '${date}' is not a date (YYYY-MM-DD)`);
  const { code, rates } = await currencyOf(body.currency);
  const { org } = caller;
  const context = supplierContextOf(caller);
  const lang = body.lang ?? org.locale.defaultLanguage;
  const country = body.country ?? 'MX';
  const dates = body.dates ?? [minCheckinDate(dayIn(org.timeZone), org.booking.minCheckinDays)];
  const prices = await minWeekPrices({ country, dates, whitelabelIds: body.whitelabel_ids?.map(idNumber) }, context);
  return answer(200, {
    data: {
      country,
      residency: body.residency ?? 'US',
      currency: code,
      inspiraId: body.inspiraId ?? null,
      dates,
      min_prices: prices
        .filter((p) => sells(org, p.resort.kind))
        .map(({ resort, offer }) => ({
          resort_id: resort.resortId,
          name: resort.name,
          category: resort.kind,
          destination_id: resort.destination,
          whitelabel_no: resort.whitelabelNo,
          inventory_id: offer.inventoryId,
          check_in_date: offer.checkInDate,
          check_out_date: offer.checkOutDate,
          min_price: displayPrice(offer.price, code, lang, rates),
        })),
    },
  });
}

/**
 * POST /api/weeks/prepareBookWeeks: holds one unit of the chosen unit type for the chosen
 * week(s) for the organisation's `booking.holdMinutes`. 409 when no unit is free.
 */
export async function prepareBookWeeks(caller: RequestContext, body: WeeksPrepareBody) {
  const { code, rates } = await currencyOf(body.currency);
  const { org, session, clientIp } = caller;
  const context = supplierContextOf(caller);
  const lang = body.lang ?? org.locale.defaultLanguage;
  const earliest = await tooSoonToBook(org, session, body.check_in_date);
  if (earliest) return answer(409, { message: `Travel date too soon: the earliest check-in you can book is ${earliest}.`, data: { earliest } });
  const selection = { inventoryId: idNumber(body.inventory_id), checkIn: body.check_in_date, checkOut: body.check_out_date };
  const resolved = await resolveWeekSelection(selection, org.orgId);
  if (resolved.kind === 'invalid') return fail(400, resolved.error);
  if (resolved.kind === 'not_found' || resolved.resort.id !== idNumber(body.resort_id)) {
    return fail(404, `Resort ${body.resort_id} has no inventory ${body.inventory_id}`);
  }
  const kind = resolved.resort.kind;
  if (!sells(org, kind)) return notOffered(kind);
  const supplier = weeksSupplierFor(kind);
  await requireHoldAllowed(caller, 'api');
  const result = await supplier.hold(selection, { ...context, ttlMinutes: org.booking.holdMinutes, clientIp });
  if (result.kind === 'not_found') return fail(404, `Resort ${body.resort_id} has no inventory ${body.inventory_id}`);
  if (result.kind === 'sold_out') {
    return answer(409, {
      message: `Sold out: no ${resolved.unit.name} at ${resolved.resort.name} is free from ${body.check_in_date} to ${body.check_out_date}. Choose other dates or another unit.`,
      data: { available: result.available },
    });
  }
  // The hold's quote (docs/decisions/0025): what the checkout shows and paying charges, priced once, now.
  const quote = await quoteWeeksHold(result.hold, context, quotingOf(code, chargeCurrencyFor(org.payments.merchantAccounts, code), rates));
  // The response's price lines (retail, per night) are the supplier's; the charge is the quote's.
  const priced = quote ? await supplier.price(selection, context) : null;
  if (!quote || !priced) {
    // Never leave a unit blocked by a hold nobody can pay.
    await releaseHold(result.hold.token);
    throw new Error(`Held inventory ${selection.inventoryId} could not be priced`);
  }
  await recordHoldQuote(result.hold, quote);
  return answer(200, {
    data: {
      reservation_token: result.hold.token,
      inventory_id: selection.inventoryId,
      resort_id: resolved.resort.id,
      category: kind,
      unit_type: { code: resolved.unit.code, name: resolved.unit.name, sleeps: resolved.unit.sleeps },
      check_in_date: body.check_in_date,
      check_out_date: body.check_out_date,
      nights: priced.price.nights,
      weeks: priced.price.weeks,
      expires_at: result.hold.expiresAt.toISOString(),
      hold_minutes: org.booking.holdMinutes,
      uuid: body.uuid ?? null,
      price: displayPrice(priced.price, code, lang, rates),
    },
  });
}

/**
 * POST /api/weeks/release: gives a week hold back. An unknown, finished or foreign token is
 * not an error (the hold-cleanup call may arrive twice): 200 with released false. A leftover
 * holdTok cookie is cleared either way.
 */
export async function releaseWeeksHold(caller: Pick<RequestContext, 'org' | 'cookie' | 'hostname'>, body: WeeksReleaseBody) {
  const { org } = caller;
  const hold = await getDb().selectFrom('holds').select(['product', 'org_id']).where('token', '=', body.reservationToken).executeTakeFirst();
  // Only weeks holds of this organisation: this route is no way to drop another product's hold.
  const kind = hold?.org_id === org.orgId && (hold.product === 'RST' || hold.product === 'STY') ? hold.product : null;
  const released = kind ? await weeksSupplierFor(kind).release(body.reservationToken) : false;
  const headers: Record<string, string> =
    caller.cookie(HOLD_COOKIE) !== undefined ? { 'Set-Cookie': `${HOLD_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secureCookieAttribute(caller.hostname)}` } : {};
  return answer(200, { released, data: { released } }, headers);
}
