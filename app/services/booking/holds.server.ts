import { randomBytes } from 'node:crypto';
import { type Transaction, sql } from 'kysely';
import type { Database } from '../platform/db.server';
import { getDb } from '../platform/db.server';
import { addressKeyOf } from '../platform/address-key.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import type { DB, HoldStatus } from '../platform/db-schema';
import { type Quote, readQuote } from '~/domain/quote';
import type { QuoteOf } from '~/products/quote-facts.server';
import { type ProductCode, isProductCode } from '~/products/registry';

/** SQLSTATE of an exclusion-constraint violation: another allocation claimed the unit first. */
const EXCLUSION_VIOLATION = '23P01';
/** Attempts after losing a race for a unit; each attempt looks for other free units. */
const MAX_ATTEMPTS = 3;

export type HoldRequest = {
  orgId: string;
  userId: number | null;
  product: string;
  itemRef: string;
  /** Half-open: a stay from the 1st to the 3rd holds the nights of the 1st and 2nd. */
  startsAt: Date;
  endsAt: Date;
  quantity: number;
  ttlMinutes: number;
  /**
   * The pricing choices the hold was made with (party, fare, rate plan, local dates…): the
   * checkout prices from these, never from its link. Kept as the row's `selection` jsonb.
   */
  selection?: Record<string, string>;
  /** The address it is made from: the active-holds cap counts an anonymous visitor's holds by it. */
  clientIp?: string | null;
};

/** A hold of any product, or of product `C`: its quote is that product's (`QuoteOf<C>`), so checking `product` narrows it. */
export type Hold<C extends ProductCode = ProductCode> = C extends ProductCode ? HoldFields & { product: C; quote: QuoteOf<C> | null } : never;

type HoldFields = {
  id: string;
  token: string;
  orgId: string;
  /** Who made it, when signed in: only they may see it. */
  userId: number | null;
  itemRef: string;
  startsAt: Date;
  endsAt: Date;
  quantity: number;
  status: HoldStatus;
  expiresAt: Date;
  /** The pricing choices it was made with; null for a hold made before they were recorded. */
  selection: Record<string, string> | null;
  // `quote`: what its checkout shows and paying charges, priced when it was held (docs/decisions/0025);
  // null for a hold made before quotes were recorded: such a hold is not payable.
};

export type HoldResult = { kind: 'held'; hold: Hold } | { kind: 'sold_out'; available: number };

const range = (startsAt: Date, endsAt: Date) => sql<string>`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

function isExclusionViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === EXCLUSION_VIOLATION;
}

/**
 * An allocation `a` that blocks its unit over a range: it overlaps the range and has no expiry
 * (a booking) or one not yet reached (holds stop blocking at their TTL even before the cleanup
 * job removes them).
 */
function blocksOver(startsAt: Date, endsAt: Date) {
  return sql<boolean>`a.during && ${range(startsAt, endsAt)} and (a.expires_at is null or a.expires_at > now())`;
}

/** Units of an item free over a range: no allocation blocks them. */
function freeUnits(db: Database, product: string, itemRef: string, startsAt: Date, endsAt: Date) {
  return db
    .selectFrom('inventory_units as u')
    .select('u.id')
    .where('u.product', '=', product)
    .where('u.item_ref', '=', itemRef)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('unit_allocations as a').select('a.id').whereRef('a.unit_id', '=', 'u.id').where(blocksOver(startsAt, endsAt)))))
    .orderBy('u.id');
}

export async function countAvailableUnits(query: { product: string; itemRef: string; startsAt: Date; endsAt: Date }, db: Database = getDb()): Promise<number> {
  const rows = await freeUnits(db, query.product, query.itemRef, query.startsAt, query.endsAt).execute();
  return rows.length;
}

/** Free counts as read, and until when they hold without a write: the earliest expiry of a hold that blocks them. */
type FreeCounts = { counts: ReadonlyMap<string, number>; heldUntil: number | null };

const MAX_KEPT_FREE_COUNTS = 1_000;

/**
 * Free counts kept until units or allocations change (their triggers notify `page_versions`,
 * migrations 0027/0028, decision 0042) or a counted hold expires, whichever comes first: a
 * results page and a details page count the same items for every visitor.
 */
const keptFreeCounts = keptUntilChanged<FreeCounts>('free-unit-counts', ['page_versions'], MAX_KEPT_FREE_COUNTS);

/**
 * Free units of several items over one range (a results page counts many items at once), as
 * of now: same rule as `freeUnits`. Items with
 * nothing free are missing from the map. Read outside any transaction.
 */
export async function countAvailableUnitsByItem(query: {
  products: readonly string[];
  itemRefs: readonly string[];
  startsAt: Date;
  endsAt: Date;
}): Promise<ReadonlyMap<string, number>> {
  if (query.itemRefs.length === 0 || query.products.length === 0) return new Map();
  const key = JSON.stringify([query.products, query.itemRefs, query.startsAt.getTime(), query.endsAt.getTime()]);
  const kept = await keptFreeCounts.get(
    key,
    (keeping) => readFreeCounts(query, keeping),
    (free) => free.heldUntil === null || Date.now() < free.heldUntil,
  );
  return kept.counts;
}

async function readFreeCounts(query: { products: readonly string[]; itemRefs: readonly string[]; startsAt: Date; endsAt: Date }, keeping: boolean): Promise<FreeCounts> {
  const blocking = blocksOver(query.startsAt, query.endsAt);
  const countFree = (db: Database) =>
    db
      .selectFrom('inventory_units as u')
      .select((eb) => ['u.item_ref', eb.fn.countAll<string | number>().as('free')])
      .where('u.product', 'in', [...query.products])
      .where('u.item_ref', 'in', [...query.itemRefs])
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('unit_allocations as a').select('a.id').whereRef('a.unit_id', '=', 'u.id').where(blocking))))
      .groupBy('u.item_ref')
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.item_ref, Number(r.free)])));
  if (!keeping) return { counts: await countFree(getDb()), heldUntil: null };
  // The first blocking hold to expire frees a unit without any write: the counts end then. One
  // transaction, so both read the same now().
  const { counts, firstExpiry } = await getDb()
    .transaction()
    .execute(async (trx) => ({
      counts: await countFree(trx),
      firstExpiry: await trx
        .selectFrom('unit_allocations as a')
        .innerJoin('inventory_units as u', 'u.id', 'a.unit_id')
        .select((eb) => eb.fn.min('a.expires_at').as('at'))
        .where('u.product', 'in', [...query.products])
        .where('u.item_ref', 'in', [...query.itemRefs])
        .where(blocking)
        .executeTakeFirst(),
    }));
  return { counts, heldUntil: firstExpiry?.at ? new Date(firstExpiry.at).getTime() : null };
}

function validate(request: HoldRequest) {
  if (!(request.endsAt.getTime() > request.startsAt.getTime())) throw new RangeError('A hold must end after it starts');
  if (!Number.isInteger(request.quantity) || request.quantity < 1) throw new RangeError('A hold needs a whole quantity of at least 1');
  if (!(request.ttlMinutes > 0)) throw new RangeError('A hold needs a positive time-to-live');
}

/**
 * Holds `quantity` units of an item over a range for `ttlMinutes`. Concurrent attempts on
 * the last units race at the exclusion constraint: the loser's insert fails with 23P01, its
 * transaction rolls back, and it looks again; when nothing is free the answer is a clean
 * sold-out, never an error. Short transaction, no remote calls inside.
 */
export async function createHold(request: HoldRequest, db: Database = getDb()): Promise<HoldResult> {
  const { itemRef, startsAt, endsAt, ...rest } = request;
  return createMultiItemHold({ ...rest, items: [{ itemRef, startsAt, endsAt }] }, db);
}

function toHold(row: {
  id: string;
  token: string;
  org_id: string;
  user_id: number | null;
  product: string;
  item_ref: string;
  starts_at: Date;
  ends_at: Date;
  quantity: number;
  status: HoldStatus;
  expires_at: Date;
  selection: Record<string, string> | null;
  quote: unknown;
}): Hold {
  if (!isProductCode(row.product)) throw new RangeError(`hold ${row.id} is of no product this build knows: '${row.product}'`);
  // NOTE: TypeScript cannot tie the quote to the product; readQuote refuses a quote of another product.
  return {
    id: row.id,
    token: row.token,
    orgId: row.org_id,
    userId: row.user_id,
    product: row.product,
    itemRef: row.item_ref,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    quantity: row.quantity,
    status: row.status,
    expiresAt: row.expires_at,
    selection: selectionOf(row.selection),
    quote: readQuote(row.quote, row.product),
  } as Hold;
}

/** Records the quote of a hold just made (its product's pricing, at hold time). */
export async function recordHoldQuote<Facts extends object>(hold: Hold, quote: Quote<Facts>, db: Database = getDb()): Promise<Hold & { quote: Quote<Facts> }> {
  if (quote.product !== hold.product) throw new RangeError(`A ${quote.product} quote cannot price a ${hold.product} hold`);
  await db
    .updateTable('holds')
    .set({ quote: JSON.stringify(quote) })
    .where('id', '=', hold.id)
    .execute();
  return { ...hold, quote } as Hold & { quote: Quote<Facts> };
}

/** A stored selection as string pairs; anything else (a hand-edited row) counts as none. */
function selectionOf(value: unknown): Record<string, string> | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  return entries.every((e): e is [string, string] => typeof e[1] === 'string') ? Object.fromEntries(entries) : null;
}

/**
 * The local calendar dates a hold covers, as a booking records them: the ones its product
 * recorded (`startsOn`/`endsOn` in the selection: a flight's local departure and arrival
 * dates, a stay's check-in and check-out), else the UTC dates of its instants.
 */
export function holdLocalDates(hold: Pick<Hold, 'startsAt' | 'endsAt' | 'selection'>): { startsOn: string; endsOn: string } {
  const isDay = (v: string | undefined): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const startsOn = hold.selection?.startsOn;
  const endsOn = hold.selection?.endsOn;
  return {
    startsOn: isDay(startsOn) ? startsOn : hold.startsAt.toISOString().slice(0, 10),
    endsOn: isDay(endsOn) ? endsOn : hold.endsAt.toISOString().slice(0, 10),
  };
}

const MAX_KEPT_HOLDS = 10_000;

/**
 * Holds as read by token, kept until any statement on holds (migration 0030_checkout_notices,
 * decision 0047): whether one is live is decided against each request's clock.
 */
const keptHolds = keptUntilChanged<Hold | null>('holds', ['holds'], MAX_KEPT_HOLDS);

/** The hold a token names: read in `db` when given (a transaction), else as kept. */
export async function findHoldByToken(token: string, db?: Database): Promise<Hold | null> {
  const read = async (from: Database) => {
    const row = await from.selectFrom('holds').selectAll().where('token', '=', token).executeTakeFirst();
    return row ? toHold(row) : null;
  };
  return db ? read(db) : keptHolds.get(token, () => read(getDb()));
}

const HOLD_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * The hold a checkout link names, as this visitor may see it: the token is a bearer
 * capability within its organisation, and a hold made while signed in is its maker's alone.
 * Null for a malformed token, another organisation's hold or another user's.
 */
export async function findVisitorHold(token: string, visitor: { orgId: string; userId: number | null }, db?: Database): Promise<Hold | null> {
  if (!HOLD_TOKEN.test(token)) return null;
  const hold = await findHoldByToken(token, db);
  if (!hold || hold.orgId !== visitor.orgId) return null;
  return hold.userId === null || hold.userId === visitor.userId ? hold : null;
}

/**
 * Turns a live hold into a booking: its allocations stop expiring. False when the hold has
 * expired or was released meanwhile (the units may be someone else's by now).
 */
export async function convertHoldToBooking(token: string, db: Database = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const hold = await trx
      .updateTable('holds')
      .set({ status: 'booked' })
      .where('token', '=', token)
      .where('status', '=', 'active')
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['id', 'item_ref'])
      .executeTakeFirst();
    if (!hold) return false;
    // A price hold has no units (createPriceHold): booking it is all there is.
    if (hold.item_ref.startsWith(PRICE_HOLD_PREFIX)) return true;
    const kept = await trx.updateTable('unit_allocations').set({ expires_at: null }).where('hold_id', '=', hold.id).executeTakeFirst();
    // A concurrent hold attempt may have deleted an allocation that expired a moment ago.
    if (Number(kept.numUpdatedRows) === 0) throw new Error(`Hold ${hold.id} has no allocations left`);
    return true;
  });
}

/** The item_ref prefix of a price hold: no unit's item starts so. */
const PRICE_HOLD_PREFIX = 'price:';

/**
 * A hold of a price, not of units (decision 0054): what a membership purchase that takes stored
 * value is applied against (the stored-value core applies to holds) and paid by. It holds no
 * inventory, expires like any hold (which gives back what was applied to it) and is booked when
 * its booking is confirmed. In the caller's transaction, with the booking that names it.
 */
export async function createPriceHold(
  request: { orgId: string; userId: number; product: string; itemRef: string; quote: Quote; ttlMinutes: number },
  trx: Transaction<DB>,
): Promise<{ id: string; token: string }> {
  if (!(request.ttlMinutes > 0)) throw new RangeError('A hold needs a positive time-to-live');
  const now = new Date();
  return trx
    .insertInto('holds')
    .values({
      token: randomBytes(24).toString('base64url'),
      org_id: request.orgId,
      user_id: request.userId,
      product: request.product,
      item_ref: `${PRICE_HOLD_PREFIX}${request.itemRef}`,
      // Nothing is held over time: the range is the instant it was made (the table wants one).
      starts_at: now,
      ends_at: new Date(now.getTime() + 1),
      quantity: 1,
      status: 'active',
      expires_at: sql<Date>`now() + make_interval(mins => ${request.ttlMinutes})`,
      quote: JSON.stringify(request.quote),
    })
    .returning(['id', 'token'])
    .executeTakeFirstOrThrow();
}

export type HoldItem = { itemRef: string; startsAt: Date; endsAt: Date };

export type MultiItemHoldRequest = Omit<HoldRequest, 'itemRef' | 'startsAt' | 'endsAt'> & { items: HoldItem[] };

/** The hold row's item_ref for several items: their refs in order, space-separated. */
export const multiItemRef = (items: readonly HoldItem[]) => items.map((i) => i.itemRef).join(' ');

/**
 * Holds `quantity` units of each of several items, each over its own range (every flight of a
 * trip for the seated passengers), all or nothing: one hold row, whose allocations cover every
 * item, so release, booking and expiry treat the trip as one. Same race rule as `createHold`:
 * a lost race rolls the whole transaction back and looks again; too few units on any item is
 * a clean sold-out whose `available` is the scarcest item's count.
 */
export async function createMultiItemHold(request: MultiItemHoldRequest, db: Database = getDb()): Promise<HoldResult> {
  const { items } = request;
  if (items.length === 0) throw new RangeError('A hold needs at least one item');
  for (const item of items) validate({ ...request, ...item });
  items.forEach((a, i) =>
    items.slice(i + 1).forEach((b) => {
      // The same unit cannot be claimed twice over one time; that would be a race with itself.
      if (a.itemRef === b.itemRef && a.startsAt < b.endsAt && b.startsAt < a.endsAt) throw new RangeError('A hold cannot claim one item twice over overlapping ranges');
    }),
  );
  const refs = [...new Set(items.map((i) => i.itemRef))];
  // Kept as its keyed hash (address-key.server.ts), for the per-visitor cap on active holds.
  const address = request.clientIp ? await addressKeyOf(request.clientIp, db) : null;
  const scarcest = async (conn: Database) => Math.min(...(await Promise.all(items.map((i) => countAvailableUnits({ product: request.product, ...i }, conn)))));
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('unit_allocations')
          .where('expires_at', '<=', sql<Date>`now()`)
          .where('unit_id', 'in', (eb) => eb.selectFrom('inventory_units').select('id').where('product', '=', request.product).where('item_ref', 'in', refs))
          .execute();
        const free: { id: number }[][] = [];
        for (const item of items) free.push(await freeUnits(trx, request.product, item.itemRef, item.startsAt, item.endsAt).execute());
        const available = Math.min(...free.map((f) => f.length));
        if (available < request.quantity) return { kind: 'sold_out' as const, available };
        const startsAt = new Date(Math.min(...items.map((i) => i.startsAt.getTime())));
        const endsAt = new Date(Math.max(...items.map((i) => i.endsAt.getTime())));
        const hold = await trx
          .insertInto('holds')
          .values({
            token: randomBytes(24).toString('base64url'),
            org_id: request.orgId,
            user_id: request.userId,
            product: request.product,
            item_ref: multiItemRef(items),
            starts_at: startsAt,
            ends_at: endsAt,
            quantity: request.quantity,
            selection: request.selection ? JSON.stringify(request.selection) : null,
            client_ip: address,
            status: 'active',
            expires_at: sql<Date>`now() + make_interval(mins => ${request.ttlMinutes})`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('unit_allocations')
          .values(
            items.flatMap((item, i) =>
              free[i]!.slice(0, request.quantity).map((unit) => ({ unit_id: unit.id, hold_id: hold.id, during: range(item.startsAt, item.endsAt), expires_at: hold.expires_at })),
            ),
          )
          .execute();
        return { kind: 'held' as const, hold: toHold(hold) };
      });
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) return { kind: 'sold_out', available: await scarcest(db) };
    }
  }
}
