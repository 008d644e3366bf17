/**
 * Stored value at checkout (issue 11, docs/decisions/0031). Applying an instrument to a hold
 * reserves its value on the ledger (decision 0030) and records a checkout application; the
 * booking's charge is the hold's quote less what is applied (spec §5 payable total). The
 * booking confirmed captures every application of its hold; a booking that will not be made
 * (payment declined, booking failed, hold expired or released) releases them; a cancelled one
 * refunds them. All of it under the hold's row lock, so applies and a payment never interleave.
 */
import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { POINTS_UNIT, STORED_VALUE_TEXT, couponRefusal, couponDiscount, matchCoupon, pointsEarned, pointsToApply, walletUsePerRoom } from '~/domain/instruments';
import { InsufficientBalanceError, type InstrumentKind } from '~/domain/ledger';
import type { CashRefusalReason } from '~/domain/coupon-cash';
import type { LanguageCode } from '~/domain/reference-data';
import { apiMessage } from '~/i18n/api-messages';
import { cashCardAmount, discountCardApplies, payableTotalMinor } from '~/domain/payable-total';
import { walletCapMinor } from '~/domain/stored-value-cards';
import { dayIn } from '~/domain/time-zone';
import { type Quote, convertAtQuoteRate, markupOfQuote, readQuote } from '~/domain/quote';
import { CATALOGUE_CURRENCY } from '~/domain/charge';
import type { Money } from '~/domain/money';
import type { CheckoutApplicationsTable, CouponsTable, DB, InstrumentsTable } from '../platform/db-schema';
import type { BookingSubscriber } from '../booking/booking-subscriber';
import { SUBSCRIPTION } from '~/products/types';
import { getConfigRegistry, getOrgById } from '../config/config.server';
import { type Database, getDb, isUniqueViolation } from '../platform/db.server';
import { findHoldByToken } from '../booking/holds.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import { balanceOf, capture, holdReference, inTransaction, issue, openAccount, refund, release, releaseReservationsOf, reserve } from './ledger.server';

type Trx = Transaction<DB>;
type Instrument = Selectable<InstrumentsTable>;
type Coupon = Selectable<CouponsTable>;
type Application = Selectable<CheckoutApplicationsTable>;

/** A signed-in member of an organisation: only members hold and apply stored value. */
export type Member = { orgId: string; userId: number };

export type ApplyRequest =
  | { kind: 'coupon'; code: string }
  /**
   * `amount`: major units as typed; '' or '0' uses the whole balance (spec §5). `currency`: the
   * currency the client believes the checkout is in, when it says.
   */
  | { kind: 'cash_card'; instrumentId: string; amount: string; currency?: string }
  | { kind: 'points'; instrumentId: string; points: number }
  | { kind: 'wallet'; instrumentId: string; amount: string }
  | { kind: 'certificate'; instrumentId: string }
  | { kind: 'discount_card'; instrumentId: string };

/**
 * Why an instrument cannot be applied, for a page to say in its own language (the message is
 * the server's English): the card is not active, it has nothing left, the amount is over what
 * is left on it (another checkout spent it), it is in another currency, nothing is left to pay,
 * or it is applied already; a coupon code is not the member's, they have none, or one is applied.
 */
export type RefusalReason = CashRefusalReason | 'coupon_invalid' | 'coupon_none' | 'coupon_already_applied';
export type Refusal = { ok: false; status: 400 | 404 | 409; message: string; reason?: RefusalReason };
export type AppliedPart = {
  id: string;
  kind: InstrumentKind;
  instrumentId: string | null;
  couponId: string | null;
  title: string;
  code: string;
  amountMinor: number;
  currency: string;
  /** What it holds of the instrument: minor units of its currency, points, or one coupon use. */
  units: number;
  detail: Record<string, unknown>;
};
export type ApplyAnswer = { ok: true; applied: AppliedPart; payableMinor: number; chargeMinor: number } | Refusal;
export type UnapplyAnswer = { ok: true; released: AppliedPart; payableMinor: number } | Refusal;

const refused = (status: Refusal['status'], message: string, reason?: RefusalReason): Refusal => ({ ok: false, status, message, ...(reason ? { reason } : {}) });

/** A refusal's text in `language`: the spec's coupon texts translated (spec §8 shows the server's message), others as written. */
export function refusalText(refusal: Refusal, language: LanguageCode): string {
  switch (refusal.reason) {
    case 'coupon_invalid':
      return apiMessage(language, 'coupon.invalid');
    case 'coupon_none':
      return apiMessage(language, 'coupon.none');
    case 'coupon_already_applied':
      return apiMessage(language, 'coupon.alreadyApplied');
    default:
      return refusal.message;
  }
}

/** What a membership fee takes (spec §7 initbook: a coupon and a cash card), in the plan's currency only. */
const MEMBERSHIP_KINDS: readonly InstrumentKind[] = ['coupon', 'cash_card'];

/**
 * Which instrument kinds this organisation's checkout of `product` offers (its config; wallets
 * are not spent on wallet top-ups; a membership takes only a coupon and a cash card).
 */
export function offeredKinds(org: Pick<OrgConfig, 'payments'>, product: string): InstrumentKind[] {
  const config = org.payments.storedValue;
  if (!config || product === 'WLT') return [];
  if (config.products && !config.products.includes(product)) return [];
  return product === 'SUB' ? config.instruments.filter((kind) => MEMBERSHIP_KINDS.includes(kind)) : [...config.instruments];
}

type LockedHold = { id: string; product: string; quote: Quote };

/** The member's own live hold, locked for this transaction; a refusal when there is none or it cannot take changes. */
async function lockMemberHold(trx: Trx, member: Member, holdToken: string): Promise<LockedHold | Refusal> {
  const hold = await trx
    .selectFrom('holds')
    .select(['id', 'product', 'quote', 'status', 'expires_at'])
    .where('token', '=', holdToken)
    .where('org_id', '=', member.orgId)
    .where('user_id', '=', member.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!hold) return refused(404, 'No such checkout');
  const quote = readQuote(hold.quote, hold.product);
  if (hold.status !== 'active' || new Date(hold.expires_at).getTime() <= Date.now() || !quote) return refused(409, 'This checkout has expired');
  // The booking row too: a payment begins under it (booking-payment `begin`), so an apply
  // either finishes before the payment reads the total or sees the payment and stops.
  const booking = await trx.selectFrom('bookings').select('status').where('hold_id', '=', hold.id).forUpdate().executeTakeFirst();
  if (booking && booking.status !== 'initiated') return refused(409, 'The payment of this booking has started: it can no longer change');
  return { id: hold.id, product: hold.product, quote };
}

/** What the hold's applications of one kind take off already: a kind's cap is for all its cards together. */
const appliedOfKind = (applied: readonly Application[], kind: InstrumentKind) => applied.filter((a) => a.kind === kind).reduce((sum, a) => sum + Number(a.amount_minor), 0);

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;

async function appliedRows(db: Kysely<DB>, holdId: string): Promise<Application[]> {
  return db.selectFrom('checkout_applications').selectAll().where('hold_id', '=', holdId).where('status', '=', 'applied').orderBy('created_at').execute();
}

/** What the booking of a hold charges now: its quote's charge less every applied instrument (spec §5). */
export async function payableOfHold(holdId: string, db: Database = getDb()): Promise<{ chargeMinor: number; payableMinor: number; currency: string } | null> {
  const hold = await db.selectFrom('holds').select(['product', 'quote']).where('id', '=', holdId).executeTakeFirst();
  const quote = hold ? readQuote(hold.quote, hold.product) : null;
  if (!quote) return null;
  const applied = await appliedRows(db, holdId);
  return {
    chargeMinor: quote.charge.amountMinor,
    payableMinor: payableTotalMinor(quote.charge.amountMinor, { otherMinor: applied.map((a) => Number(a.amount_minor)) }),
    currency: quote.charge.currency,
  };
}

async function memberInstrument(trx: Trx, member: Member, id: string, kind: InstrumentKind): Promise<Instrument | Refusal> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return refused(404, 'No such instrument');
  const instrument = await trx
    .selectFrom('instruments')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', member.orgId)
    .where('owner_user_id', '=', member.userId)
    .executeTakeFirst();
  // Another member's instrument is answered as if it did not exist.
  if (!instrument || instrument.kind !== kind) return refused(404, 'No such instrument');
  if (!instrument.active || (instrument.expires_at && instrument.expires_at.getTime() <= Date.now())) return refused(409, 'This card is not active', 'inactive');
  return instrument;
}

/** An amount of the instrument's currency in the charge currency, at the quote's rate; null when the quote cannot convert it. */
export function toCharge(quote: Quote, amountMinor: number, currency: string): number | null {
  return convertAtQuoteRate(quote, { amountMinor, currency }, quote.charge.currency)?.amountMinor ?? null;
}
function fromCharge(quote: Quote, amountMinor: number, currency: string): number | null {
  return convertAtQuoteRate(quote, { amountMinor, currency: quote.charge.currency }, currency)?.amountMinor ?? null;
}

type Priced = { amountMinor: number; units: number; detail?: Record<string, unknown> };

/**
 * What applying a balance instrument takes off the charge (`amountMinor`) and holds of its
 * balance (`units`), given at most `capMinor` in the charge currency.
 */
function priceBalance(quote: Quote, instrument: Instrument, balanceUnits: number, capMinor: number, typed: string | null): Priced | Refusal {
  const balanceInCharge = toCharge(quote, balanceUnits, instrument.currency);
  if (balanceInCharge === null) return refused(409, `This card is in ${instrument.currency} and cannot pay a booking in ${quote.charge.currency}`, 'currency');
  // Spent by another checkout meanwhile (or never funded): say so, not "enter an amount".
  if (balanceInCharge <= 0) return refused(409, 'This card has nothing left', 'empty');
  let amountMinor: number;
  if (typed === null) amountMinor = Math.min(balanceInCharge, capMinor);
  else {
    const amount = cashCardAmount(typed, balanceInCharge, capMinor);
    if (!amount.ok) return refused(400, amount.message);
    amountMinor = amount.amountMinor;
  }
  if (amountMinor <= 0) return refused(409, 'Nothing of this card can pay this booking');
  // The same currency holds exactly the amount; another holds its conversion, never above the balance.
  const units = instrument.currency === quote.charge.currency ? amountMinor : Math.min(balanceUnits, fromCharge(quote, amountMinor, instrument.currency) ?? balanceUnits);
  return { amountMinor, units };
}

/** Applies one instrument to the member's hold: priced by spec §5, reserved on the ledger, recorded. */
export async function applyToHold(member: Member, holdToken: string, request: ApplyRequest, options: { org: Pick<OrgConfig, 'payments'>; db?: Database }): Promise<ApplyAnswer> {
  const db = options.db ?? getDb();
  try {
    return await inTransaction(db, async (trx) => {
      const hold = await lockMemberHold(trx, member, holdToken);
      if (isRefusal(hold)) return hold;
      if (!offeredKinds(options.org, hold.product).includes(request.kind)) return refused(409, 'This checkout does not take this kind of payment');
      const applied = await appliedRows(trx, hold.id);
      const chargeMinor = hold.quote.charge.amountMinor;
      const payable = payableTotalMinor(chargeMinor, { otherMinor: applied.map((a) => Number(a.amount_minor)) });
      const applicationId = crypto.randomUUID();
      if (request.kind === 'coupon') return applyCoupon(trx, member, hold, applied, payable, request.code, applicationId);
      const instrument = await memberInstrument(trx, member, request.instrumentId, request.kind);
      if (isRefusal(instrument)) return instrument;
      if (applied.some((a) => a.instrument_id === instrument.id)) return refused(409, 'This is already applied', 'already_applied');
      if (payable <= 0) return refused(409, 'Nothing is left to pay', 'nothing_to_pay');
      const balance = (await balanceOf(instrument.account_id, trx)).availableMinor;
      let priced: Priced | Refusal;
      switch (request.kind) {
        case 'cash_card': {
          // A cash card is money in one currency: it pays a checkout in that currency only, never
          // through an exchange the organisation did not agree to, and never one the client misread.
          const currency = hold.quote.charge.currency;
          if (request.currency !== undefined && request.currency !== currency) return refused(409, `This checkout is in ${currency}, not ${request.currency}`, 'currency');
          if (instrument.currency !== currency) return refused(409, `This cash card is in ${instrument.currency} and cannot pay a booking in ${currency}`, 'currency');
          priced = priceBalance(hold.quote, instrument, balance, payable, request.amount);
          break;
        }
        case 'wallet': {
          // Spec §9 wallet markup factor 1.1: a wallet pays the net price and up to a tenth
          // more, never our whole markup (decision 0031); the card pays the rest.
          const cap = walletCapMinor(chargeMinor, markupOfQuote(hold.quote), payable, appliedOfKind(applied, 'wallet'));
          priced = priceBalance(hold.quote, instrument, balance, cap, request.amount);
          if (!isRefusal(priced)) {
            const rooms = hold.quote.party.rooms ?? 1;
            priced.detail = { rooms: walletUsePerRoom(instrument.id, balance, priced.amountMinor, chargeMinor, rooms, hold.product) };
          }
          break;
        }
        // Spec §5 "Certificates: apply when active": memberInstrument refused an inactive one.
        case 'certificate':
          priced = priceBalance(hold.quote, instrument, balance, payable, null);
          break;
        case 'discount_card': {
          const markup = markupOfQuote(hold.quote);
          priced = discountCardApplies(hold.quote.priceType, markup)
            ? priceBalance(hold.quote, instrument, balance, Math.min(payable, Math.max(0, markup - appliedOfKind(applied, 'discount_card'))), null)
            : refused(409, 'Discount cards apply only to business or package rates with a markup');
          break;
        }
        case 'points': {
          const rate = String(instrument.details.ratePerMiles ?? '0');
          const valueCurrencyPayable = fromCharge(hold.quote, payable, instrument.currency);
          if (valueCurrencyPayable === null) return refused(409, `These points are valued in ${instrument.currency} and cannot pay a booking in ${hold.quote.charge.currency}`);
          const use = pointsToApply(request.points, balance, rate, valueCurrencyPayable);
          const amountMinor = use.points > 0 ? Math.min(payable, toCharge(hold.quote, use.amountMinor, instrument.currency) ?? 0) : 0;
          priced =
            use.points > 0 && amountMinor > 0 ? { amountMinor, units: use.points, detail: { points: use.points, ratePerMiles: rate } } : refused(400, 'Enter the points to use');
          break;
        }
      }
      if (isRefusal(priced)) return priced;
      const reservation = await reserve(
        {
          accountId: instrument.account_id,
          amountMinor: priced.units,
          currency: instrument.kind === 'points' ? POINTS_UNIT : instrument.currency,
          reference: holdReference(hold.id),
          idempotencyKey: `apply:${applicationId}`,
        },
        trx,
      );
      const row = await recordApplication(trx, member, hold, applicationId, {
        kind: instrument.kind,
        instrument_id: instrument.id,
        amount_minor: priced.amountMinor,
        units: priced.units,
        reservation_id: reservation.id,
        detail: JSON.stringify(priced.detail ?? {}),
      });
      return { ok: true as const, applied: partOf(row, instrument.title, instrument.code), payableMinor: payable - priced.amountMinor, chargeMinor };
    });
  } catch (error) {
    // The balance went to another checkout between the read and the reserve (the ledger's lock decides).
    if (error instanceof InsufficientBalanceError) return refused(409, 'The balance is no longer enough', 'over_balance');
    // Two applies of one instrument raced: the unique index kept one.
    if (isUniqueViolation(error)) return refused(409, 'This is already applied', 'already_applied');
    throw error;
  }
}

/** The coupons a member may use: the organisation's for everyone and those made out to them. */
function memberCoupons(db: Kysely<DB>, member: Member) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('org_id', '=', member.orgId)
    .where((eb) => eb.or([eb('for_user_id', 'is', null), eb('for_user_id', '=', member.userId)]));
}

/**
 * How many times the member used the row's coupon, as `used_by_member`: applied or captured, and
 * refunded by a cancellation where the coupon does not give its use back.
 */
function usesByMember(userId: number) {
  return (eb: ExpressionBuilder<DB, 'coupons'>) =>
    eb
      .selectFrom('checkout_applications as use')
      .select((use) => use.fn.countAll<string>().as('uses'))
      .whereRef('use.coupon_id', '=', 'coupons.id')
      .where('use.user_id', '=', userId)
      .where((use) => use.or([use('use.status', 'in', ['applied', 'captured']), use.and([use('use.status', '=', 'refunded'), use('coupons.returned_on_cancel', '=', false)])]))
      .as('used_by_member');
}

function couponRuleOf(coupon: Coupon) {
  return {
    productCodes: coupon.products,
    currency: coupon.currency,
    minSpendMinor: Number(coupon.min_spend_minor),
    expiresAt: coupon.expires_at,
    usesPerUser: coupon.uses_per_user,
    usesTotal: coupon.uses_total,
    usedTotal: coupon.used_total,
  };
}

async function applyCoupon(trx: Trx, member: Member, hold: LockedHold, applied: Application[], payable: number, code: string, applicationId: string): Promise<ApplyAnswer> {
  const match = matchCoupon(code, await memberCoupons(trx, member).execute());
  if (!match.ok) return refused(400, match.message, match.message === STORED_VALUE_TEXT.couponNone ? 'coupon_none' : 'coupon_invalid');
  if (applied.some((a) => a.kind === 'coupon')) return refused(409, 'A COUPON CODE IS ALREADY APPLIED', 'coupon_already_applied');
  // The coupon row is locked while its uses are counted and raised: two checkouts cannot both take its last use.
  const coupon = await trx.selectFrom('coupons').selectAll().where('id', '=', match.coupon.id).forUpdate().executeTakeFirstOrThrow();
  const refusal = couponRefusal(couponRuleOf(coupon), {
    product: hold.product,
    currency: hold.quote.charge.currency,
    amountMinor: hold.quote.charge.amountMinor,
    // Counted after the lock, in a statement of its own: it sees every use committed before it.
    usedByMember: Number((await trx.selectFrom('coupons').select(usesByMember(member.userId)).where('id', '=', coupon.id).executeTakeFirstOrThrow()).used_by_member),
    now: new Date(),
  });
  if (refusal) return refused(409, refusal);
  const discount = couponDiscount(
    coupon.discount_kind === 'percent' ? { kind: 'percent', percent: coupon.percent ?? '0' } : { kind: 'fixed', amountMinor: Number(coupon.amount_minor) },
    payable,
  );
  if (discount <= 0) return refused(409, 'Nothing is left to pay');
  await trx
    .updateTable('coupons')
    .set({ used_total: sql`used_total + 1` })
    .where('id', '=', coupon.id)
    .execute();
  const row = await recordApplication(trx, member, hold, applicationId, {
    kind: 'coupon',
    coupon_id: coupon.id,
    amount_minor: discount,
    units: 1,
    detail: JSON.stringify({ discountKind: coupon.discount_kind, percent: coupon.percent, amountMinor: coupon.amount_minor }),
  });
  return { ok: true, applied: partOf(row, coupon.title, coupon.code), payableMinor: payable - discount, chargeMinor: hold.quote.charge.amountMinor };
}

/** Writes an application of the member's on the hold, applied, in the charge currency. */
function recordApplication(
  trx: Trx,
  member: Member,
  hold: LockedHold,
  id: string,
  what: Pick<Insertable<CheckoutApplicationsTable>, 'kind' | 'instrument_id' | 'coupon_id' | 'amount_minor' | 'units' | 'reservation_id' | 'detail'>,
): Promise<Application> {
  return trx
    .insertInto('checkout_applications')
    .values({ ...what, id, org_id: member.orgId, hold_id: hold.id, user_id: member.userId, currency: hold.quote.charge.currency, status: 'applied' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function partOf(row: Application, title: string, code: string): AppliedPart {
  return {
    id: row.id,
    kind: row.kind,
    instrumentId: row.instrument_id,
    couponId: row.coupon_id,
    title,
    code,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    units: Number(row.units),
    detail: row.detail,
  };
}

/** One application by its id (of `kind` only, when given: a call about coupons never releases a card), or the first of a kind. */
export type UnapplySelector = { applicationId: string; kind?: InstrumentKind } | { kind: InstrumentKind; instrumentId?: string; couponId?: string };

/** Unapplies one of the member's applications on their hold: its value is released at once. */
export async function unapplyFromHold(member: Member, holdToken: string, selector: UnapplySelector, db: Database = getDb()): Promise<UnapplyAnswer> {
  return inTransaction(db, async (trx) => {
    const hold = await lockMemberHold(trx, member, holdToken);
    if (isRefusal(hold)) return hold;
    const applied = await appliedRows(trx, hold.id);
    const row = applied.find((a) =>
      'applicationId' in selector
        ? a.id === selector.applicationId && (selector.kind === undefined || a.kind === selector.kind)
        : a.kind === selector.kind &&
          (selector.instrumentId === undefined || a.instrument_id === selector.instrumentId) &&
          (selector.couponId === undefined || a.coupon_id === selector.couponId),
    );
    if (!row) return refused(404, 'Nothing like this is applied');
    await settle(trx, row, 'released');
    const [named] = await describe(trx, [row]);
    const rest = applied.filter((a) => a.id !== row.id);
    return { ok: true as const, released: named!, payableMinor: payableTotalMinor(hold.quote.charge.amountMinor, { otherMinor: rest.map((a) => Number(a.amount_minor)) }) };
  });
}

/**
 * Locks, in one order (by id), every ledger account that settling `rows` moves: each instrument's
 * available and reserved accounts and the organisation's spent account of its kind. Settling a
 * hold moves several balances; taken one application at a time, two settlements sharing two
 * instruments (or two spent accounts) lock them crosswise and PostgreSQL aborts one as a deadlock.
 */
async function lockAccountsOf(trx: Trx, rows: readonly Application[]): Promise<void> {
  const reservationIds = rows.flatMap((row) => (row.reservation_id === null ? [] : [row.reservation_id]));
  if (reservationIds.length === 0) return;
  await sql`
    select a.id from ledger_reservations r
    join ledger_accounts m on m.id = r.account_id
    join ledger_accounts a on a.id = m.id or a.available_account_id = m.id
      or (a.owner_user_id is null and a.role = 'spent' and a.org_id = m.org_id and a.kind = m.kind and a.point_type is not distinct from m.point_type and a.currency = m.currency)
    where r.id in (${sql.join(reservationIds)})
    order by a.id
    for update of a`.execute(trx);
}

/** Moves one application on: captured with its booking, released (and its coupon use given back), or refunded. */
async function settle(trx: Trx, row: Application, to: 'captured' | 'released' | 'refunded'): Promise<void> {
  if (row.reservation_id !== null) {
    if (to === 'captured') await capture({ reservationId: row.reservation_id, idempotencyKey: `capture:${row.id}` }, trx);
    else if (to === 'released') await release({ reservationId: row.reservation_id, idempotencyKey: `release:${row.id}` }, trx);
    else await refund({ reservationId: row.reservation_id, amountMinor: Number(row.units), idempotencyKey: `refund:${row.id}` }, trx);
  } else if (row.coupon_id !== null && to !== 'captured') {
    // A booking that never happened gives its coupon use back; a cancelled one only where the
    // coupon says so (`returned_on_cancel`, by default it does; decision 0052).
    const givesBack =
      to === 'released' || (await trx.selectFrom('coupons').select('returned_on_cancel').where('id', '=', row.coupon_id).executeTakeFirstOrThrow()).returned_on_cancel;
    if (givesBack)
      await trx
        .updateTable('coupons')
        .set({ used_total: sql`used_total - 1` })
        .where('id', '=', row.coupon_id)
        .execute();
  }
  const from = to === 'refunded' ? 'captured' : 'applied';
  await trx.updateTable('checkout_applications').set({ status: to, settled_at: new Date() }).where('id', '=', row.id).where('status', '=', from).execute();
}

/**
 * A booking of a hold moved to `status` (storedValueSettlement, in the move's transaction):
 * confirmed captures what the hold applied; failed, back to initiated (a declined payment) or
 * cancelled before confirmation releases it.
 */
export async function settleApplicationsOfBooking(holdId: string, status: 'confirmed' | 'failed' | 'initiated' | 'cancelled', trx: Trx): Promise<void> {
  const open = await trx.selectFrom('checkout_applications').selectAll().where('hold_id', '=', holdId).where('status', '=', 'applied').orderBy('id').forUpdate().execute();
  await lockAccountsOf(trx, open);
  for (const row of open) await settle(trx, row, status === 'confirmed' ? 'captured' : 'released');
}

/** What a booking's hold applied moves with the booking (decision 0031). */
export const storedValueSettlement: BookingSubscriber = {
  name: 'stored value settlement',
  async onMove({ to, booking }, trx) {
    if (booking.hold_id && (to === 'confirmed' || to === 'failed' || to === 'cancelled' || to === 'initiated')) await settleApplicationsOfBooking(booking.hold_id, to, trx);
  },
};

/** Releases what expired or released holds applied (the hold-expiry job, in its transaction). */
export async function releaseApplicationsOfHolds(holdIds: readonly string[], db: Database = getDb()): Promise<number> {
  if (holdIds.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const open = await trx
      .selectFrom('checkout_applications')
      .selectAll()
      .where('hold_id', 'in', [...holdIds])
      .where('status', '=', 'applied')
      .orderBy('id')
      .forUpdate()
      .execute();
    await lockAccountsOf(trx, open);
    for (const row of open) await settle(trx, row, 'released');
    return open.length;
  });
}

/** Gives back every part a confirmed booking's hold captured (a cancellation), in the caller's transaction. */
export async function refundApplicationsOfHold(holdId: string, trx: Trx): Promise<AppliedPart[]> {
  const captured = await trx.selectFrom('checkout_applications').selectAll().where('hold_id', '=', holdId).where('status', '=', 'captured').orderBy('id').forUpdate().execute();
  await lockAccountsOf(trx, captured);
  for (const row of captured) await settle(trx, row, 'refunded');
  return describe(trx, captured);
}

/**
 * The reconciler's sweep: an application still 'applied' whose booking is confirmed is captured;
 * one whose hold lapsed or whose booking failed or was cancelled is released. Normally none is
 * found: the booking's own move settles them in its transaction. Returns how many it settled.
 */
export async function reconcileApplications(db: Database = getDb()): Promise<number> {
  const stray = await db
    .selectFrom('checkout_applications as a')
    .innerJoin('holds as h', 'h.id', 'a.hold_id')
    .leftJoin('bookings as b', 'b.hold_id', 'a.hold_id')
    .select(['a.hold_id', 'b.status as booking_status', 'h.status as hold_status', 'h.expires_at'])
    .where('a.status', '=', 'applied')
    .where((eb) =>
      eb.or([
        eb('b.status', 'in', ['confirmed', 'failed', 'cancelled']),
        eb.and([eb('h.status', 'in', ['expired', 'released']), eb.or([eb('b.status', 'is', null), eb('b.status', '=', 'initiated')])]),
      ]),
    )
    .groupBy(['a.hold_id', 'b.status', 'h.status', 'h.expires_at'])
    .execute();
  let settled = 0;
  for (const row of stray) {
    settled += await db.transaction().execute(async (trx) => {
      // Under the booking's lock, as its own moves run.
      const booking = await trx.selectFrom('bookings').select('status').where('hold_id', '=', row.hold_id).forUpdate().executeTakeFirst();
      const status = booking?.status === 'confirmed' ? 'confirmed' : booking?.status === 'pending' ? null : 'failed';
      if (!status) return 0;
      const count = await trx
        .selectFrom('checkout_applications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('hold_id', '=', row.hold_id)
        .where('status', '=', 'applied')
        .executeTakeFirstOrThrow();
      await settleApplicationsOfBooking(row.hold_id, status, trx);
      return Number(count.n);
    });
  }
  return settled;
}

/** Titles and codes for application rows (instrument or coupon). */
async function describe(db: Kysely<DB>, rows: readonly Application[]): Promise<AppliedPart[]> {
  const instrumentIds = rows.flatMap((r) => (r.instrument_id ? [r.instrument_id] : []));
  const couponIds = rows.flatMap((r) => (r.coupon_id ? [r.coupon_id] : []));
  const instruments = instrumentIds.length ? await db.selectFrom('instruments').select(['id', 'title', 'code']).where('id', 'in', instrumentIds).execute() : [];
  const coupons = couponIds.length ? await db.selectFrom('coupons').select(['id', 'title', 'code']).where('id', 'in', couponIds).execute() : [];
  const names = new Map([...instruments, ...coupons].map((n) => [n.id, n]));
  return rows.map((row) => {
    const name = names.get(row.instrument_id ?? row.coupon_id ?? '');
    return partOf(row, name?.title ?? row.kind, name?.code ?? '');
  });
}

/** The parts a hold's booking is paid with besides the card (applied, captured or refunded), for the success page and My bookings. */
export async function storedValuePartsOf(holdIds: readonly string[], db: Database = getDb()): Promise<Map<string, (AppliedPart & { status: Application['status'] })[]>> {
  const parts = new Map<string, (AppliedPart & { status: Application['status'] })[]>();
  if (holdIds.length === 0) return parts;
  const rows = await db
    .selectFrom('checkout_applications')
    .selectAll()
    .where('hold_id', 'in', [...holdIds])
    .where('status', 'in', ['applied', 'captured', 'refunded'])
    .orderBy('created_at')
    .execute();
  const described = await describe(db, rows);
  rows.forEach((row, index) => {
    const list = parts.get(row.hold_id) ?? [];
    list.push({ ...described[index]!, status: row.status });
    parts.set(row.hold_id, list);
  });
  return parts;
}

// ---------------------------------------------------------------------------------------
// What a member holds (the checkout blocks and the legacy list calls read this).
// ---------------------------------------------------------------------------------------

export type HeldInstrument = {
  id: string;
  kind: Exclude<InstrumentKind, 'coupon'>;
  code: string;
  title: string;
  currency: string;
  /** Available balance: minor units of `currency`, or points. */
  balance: number;
  active: boolean;
  expiresAt: string | null;
  details: Record<string, unknown>;
};

export type AvailableCoupon = {
  id: string;
  code: string;
  title: string;
  currency: string;
  discountKind: 'percent' | 'fixed';
  percent: string | null;
  amountMinor: number | null;
  expiresAt: string | null;
};

const MAX_KEPT_STORED_VALUE_READS = 10_000;

/**
 * A member's instruments with their balances, and their coupons with their use counts, as read,
 * kept until any statement on the tables they come from (migration 0030_checkout_notices,
 * decision 0047). The rows, not the verdicts: what is active or expired is decided against each
 * request's clock.
 */
const keptInstruments = keptUntilChanged<InstrumentRow[]>('member-instruments', ['instruments', 'ledger_accounts'], MAX_KEPT_STORED_VALUE_READS);
const keptCoupons = keptUntilChanged<(Coupon & { used_by_member: string | number | bigint | null })[]>(
  'member-coupons',
  ['coupons', 'checkout_applications'],
  MAX_KEPT_STORED_VALUE_READS,
);

function instrumentRows(member: Member, kinds: readonly HeldInstrument['kind'][], db: Database) {
  return db
    .selectFrom('instruments as i')
    .innerJoin('ledger_accounts as a', 'a.id', 'i.account_id')
    .select(['i.id', 'i.kind', 'i.code', 'i.title', 'i.currency', 'i.active', 'i.expires_at', 'i.details', 'a.balance_minor'])
    .where('i.org_id', '=', member.orgId)
    .where('i.owner_user_id', '=', member.userId)
    .where('i.kind', 'in', kinds)
    .orderBy('i.kind')
    .orderBy('i.created_at')
    .execute();
}
type InstrumentRow = Awaited<ReturnType<typeof instrumentRows>>[number];

/**
 * The member's instruments of the offered kinds, with their available balances: read in `db`
 * when given (a transaction), else as kept.
 */
export async function instrumentsOf(member: Member, kinds: readonly InstrumentKind[], db?: Database): Promise<HeldInstrument[]> {
  const wanted = kinds.filter((k): k is HeldInstrument['kind'] => k !== 'coupon');
  if (wanted.length === 0) return [];
  const rows = db
    ? await instrumentRows(member, wanted, db)
    : await keptInstruments.get(JSON.stringify([member.orgId, member.userId, wanted]), () => instrumentRows(member, wanted, getDb()));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    code: row.code,
    title: row.title,
    currency: row.currency,
    balance: Number(row.balance_minor),
    active: row.active && !(row.expires_at && row.expires_at.getTime() <= Date.now()),
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    details: row.details,
  }));
}

/** The coupons the member could still use on a booking of `product` in `currency` (spec §7 getCouponCodeDetails). */
export async function availableCoupons(member: Member, product: string, currency: string, db?: Database): Promise<AvailableCoupon[]> {
  const now = new Date();
  const read = (from: Database) => memberCoupons(from, member).select(usesByMember(member.userId)).execute();
  const rows = db ? await read(db) : await keptCoupons.get(JSON.stringify([member.orgId, member.userId]), () => read(getDb()));
  const usable: AvailableCoupon[] = [];
  for (const coupon of rows) {
    const refusal = couponRefusal(couponRuleOf(coupon), { product, currency, amountMinor: Number.MAX_SAFE_INTEGER, usedByMember: Number(coupon.used_by_member), now });
    if (refusal) continue;
    usable.push({
      id: coupon.id,
      code: coupon.code,
      title: coupon.title,
      currency: coupon.currency,
      discountKind: coupon.discount_kind,
      percent: coupon.percent,
      amountMinor: coupon.amount_minor === null ? null : Number(coupon.amount_minor),
      expiresAt: coupon.expires_at ? coupon.expires_at.toISOString() : null,
    });
  }
  return usable;
}

/** A hold's applications as read with their names, kept until one of those tables changes (decision 0047). */
const keptApplications = keptUntilChanged<AppliedPart[]>('hold-applications', ['checkout_applications', 'instruments', 'coupons'], MAX_KEPT_STORED_VALUE_READS);

/**
 * What the member applied to their hold so far, and the payable total it leaves: read in `db`
 * when given (a transaction), else as kept.
 */
export async function appliedToHold(
  member: Member,
  holdToken: string,
  db?: Database,
): Promise<{ holdId: string; applied: AppliedPart[]; chargeMinor: number; payableMinor: number; currency: string; quote: Quote } | null> {
  const hold = await findHoldByToken(holdToken, db);
  if (!hold || hold.orgId !== member.orgId || hold.userId !== member.userId || !hold.quote) return null;
  const appliedIn = async (from: Database) => describe(from, await appliedRows(from, hold.id));
  const applied = db ? await appliedIn(db) : await keptApplications.get(hold.id, () => appliedIn(getDb()));
  const { quote } = hold;
  return {
    holdId: hold.id,
    applied,
    chargeMinor: quote.charge.amountMinor,
    payableMinor: payableTotalMinor(quote.charge.amountMinor, { otherMinor: applied.map((a) => a.amountMinor) }),
    currency: quote.charge.currency,
    quote,
  };
}

// ---------------------------------------------------------------------------------------
// Issuing (seeds, wallet top-ups, admin): an instrument is opened with its ledger account.
// ---------------------------------------------------------------------------------------

export type NewInstrument = {
  orgId: string;
  ownerUserId: number;
  kind: HeldInstrument['kind'];
  code: string;
  title: string;
  currency: string;
  details?: Record<string, unknown>;
  active?: boolean;
  expiresAt?: Date | null;
};

/** Opens an instrument (idempotent by owner, kind and code) and returns its id. */
export async function openInstrument(instrument: NewInstrument, db: Database = getDb()): Promise<string> {
  return inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('instruments')
      .select('id')
      .where('owner_user_id', '=', instrument.ownerUserId)
      .where('kind', '=', instrument.kind)
      .where('code', '=', instrument.code)
      .executeTakeFirst();
    if (existing) return existing.id;
    const points = instrument.kind === 'points';
    const accountId = await openAccount(
      {
        orgId: instrument.orgId,
        ownerUserId: instrument.ownerUserId,
        kind: instrument.kind,
        currency: points ? POINTS_UNIT : instrument.currency,
        ...(points ? { pointType: instrument.code } : {}),
      },
      trx,
    );
    const row = await trx
      .insertInto('instruments')
      .values({
        org_id: instrument.orgId,
        owner_user_id: instrument.ownerUserId,
        kind: instrument.kind,
        code: instrument.code,
        title: instrument.title,
        currency: instrument.currency,
        account_id: accountId,
        details: JSON.stringify(instrument.details ?? {}),
        active: instrument.active ?? true,
        expires_at: instrument.expiresAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Adds value to an instrument (a grant, a top-up, earned points): one ledger issue under `idempotencyKey`. */
export async function creditInstrument(instrumentId: string, amount: number, reference: string, idempotencyKey: string, db: Database = getDb()): Promise<void> {
  const instrument = await db.selectFrom('instruments').select(['account_id', 'kind', 'currency']).where('id', '=', instrumentId).executeTakeFirstOrThrow();
  await issue({ accountId: instrument.account_id, amountMinor: amount, currency: instrument.kind === 'points' ? POINTS_UNIT : instrument.currency, reference, idempotencyKey }, db);
}

// ---------------------------------------------------------------------------------------
// The checkout's view (its loader): what the stored-value blocks show and act on.
// ---------------------------------------------------------------------------------------

export type CheckoutStoredValue = {
  /** The kinds this checkout offers, in the organisation's order. */
  offered: InstrumentKind[];
  currency: string;
  chargeMinor: number;
  payableMinor: number;
  coupons: AvailableCoupon[];
  instruments: HeldInstrument[];
  applied: AppliedPart[];
  /** Agents send agent_extra_amount with the loyalty calls (spec §6). */
  agent: boolean;
  /** Whether a discount card can take anything off this booking (spec §5: a B2B or PKG rate with a markup). */
  discountCardApplies: boolean;
  loyaltyMembershipNo: string;
};

/** The member's loyalty membership number (spec §3 loyalty_membership_no), derived from their user id. */
export const loyaltyMembershipNoOf = (userId: string) => `LM-${userId.slice(0, 8).toUpperCase()}`;

/**
 * What the checkout of the member's live hold offers them; null for a guest, a hold that is not
 * theirs or not live, or an organisation or product without stored value.
 */
export async function checkoutStoredValue(
  context: { org: Pick<OrgConfig, 'payments' | 'orgId'>; session: { userDbId: number; user: { role: string; userId: string } } | null },
  product: string,
  holdToken: string | null | undefined,
  db?: Database,
): Promise<CheckoutStoredValue | null> {
  const offered = offeredKinds(context.org, product);
  if (!context.session || !holdToken || offered.length === 0) return null;
  const member = { orgId: context.org.orgId, userId: context.session.userDbId };
  const held = await appliedToHold(member, holdToken, db);
  if (!held) return null;
  return {
    offered,
    currency: held.currency,
    chargeMinor: held.chargeMinor,
    payableMinor: held.payableMinor,
    coupons: offered.includes('coupon') ? await availableCoupons(member, product, held.currency, db) : [],
    instruments: await instrumentsOf(member, offered, db),
    applied: held.applied,
    agent: context.session.user.role === 'agent',
    discountCardApplies: discountCardApplies(held.quote.priceType, markupOfQuote(held.quote)),
    loyaltyMembershipNo: loyaltyMembershipNoOf(context.session.user.userId),
  };
}

/**
 * Points the member earns on a confirmed booking by the organisation's rules
 * (`payments.storedValue.earn`: rule_code, rule_level, funding_partner_code): on what was paid
 * in money (card, invoice or OXXO; never a guarantee), once per booking and rule (the issue's
 * idempotency key), into the member's point type, opened when they have none yet. Runs in the
 * booking's confirming transaction.
 */
export async function earnPointsForBooking(
  booking: { id: string; orgId: string; userId: number | null; holdId: string | null; paid: Money },
  rules: NonNullable<OrgConfig['payments']['storedValue']>['earn'],
  trx: Trx,
): Promise<void> {
  if (booking.userId === null) return;
  // Points are earned per whole US dollar (the catalogue currency the points are valued in): a
  // booking charged in pesos earns on its dollar value at its quote's rate (decision 0056).
  const paidUsdMinor = await inCatalogueCurrency(booking.paid, booking.holdId, trx);
  for (const rule of rules ?? []) {
    const points = pointsEarned(paidUsdMinor, rule.pointsPerUnit);
    if (points <= 0) continue;
    const instrumentId = await openInstrument(
      {
        orgId: booking.orgId,
        ownerUserId: booking.userId,
        kind: 'points',
        code: rule.pointType,
        title: rule.title,
        currency: CATALOGUE_CURRENCY,
        details: { ratePerMiles: rule.ratePerMiles, ruleCode: rule.ruleCode, ruleLevel: rule.ruleLevel, fundingPartnerCode: rule.fundingPartnerCode },
      },
      trx,
    );
    await creditInstrument(instrumentId, points, earnedReference(booking.id), `earn:${booking.id}:${rule.pointType}`, trx);
    // Pending until the trip starts (matureEarnedPoints), so a cancelled booking takes them back
    // (settleEarnedPoints 'forfeit'): a book-and-cancel never mints points.
    const instrument = await trx.selectFrom('instruments').select('account_id').where('id', '=', instrumentId).executeTakeFirstOrThrow();
    await reserve(
      {
        accountId: instrument.account_id,
        amountMinor: points,
        currency: POINTS_UNIT,
        reference: earnedReference(booking.id),
        idempotencyKey: `earn-pending:${booking.id}:${rule.pointType}`,
      },
      trx,
    );
  }
}

/** A confirmed booking paid in money earns the member points by the organisation's rules (a membership earns none). */
export const pointsEarning: BookingSubscriber = {
  name: 'points earning',
  async onMove({ bookingId, to, change, booking }, trx) {
    if (to !== 'confirmed' || change.payment_method === 'guarantee' || booking.product === SUBSCRIPTION) return;
    const rules = getOrgById(booking.org_id)?.payments.storedValue?.earn;
    const paid = { amountMinor: booking.amount_minor ?? 0, currency: booking.currency ?? CATALOGUE_CURRENCY };
    if (rules) await earnPointsForBooking({ id: bookingId, orgId: booking.org_id, userId: booking.user_id, holdId: booking.hold_id, paid }, rules, trx);
  },
};

/** An amount the booking of `holdId` was charged, in the catalogue currency at its quote's rate (0 when it cannot be converted). */
async function inCatalogueCurrency(paid: Money, holdId: string | null, trx: Trx): Promise<number> {
  if (paid.currency === CATALOGUE_CURRENCY) return paid.amountMinor;
  const hold = holdId ? await trx.selectFrom('holds').select(['product', 'quote']).where('id', '=', holdId).executeTakeFirst() : undefined;
  const quote = hold ? readQuote(hold.quote, hold.product) : null;
  return (quote && convertAtQuoteRate(quote, paid, CATALOGUE_CURRENCY)?.amountMinor) ?? 0;
}

/** A change of a member's points, as the profile lists it: earned, added, spent, returned or forfeited (a cancelled trip's). */
export type PointsMovement = {
  kind: 'earned' | 'added' | 'spent' | 'returned' | 'forfeited';
  points: number;
  /** The organisation's day it happened on (decision 0039). */ day: string;
};

export type PointsBalance = { code: string; title: string; available: number; pending: number; movements: PointsMovement[] };

const MOVEMENTS_SHOWN = 10;

/**
 * The member's points on the profile (issue 34): each point type's available points, those
 * pending until a booked trip starts (matureEarnedPoints), and its latest movements. A movement is
 * a ledger transaction that changed what the member holds in all (available + reserved): a
 * reservation and its release only move points between the two and are not listed.
 */
export async function loyaltyOf(member: Member, timeZone: string, db: Database = getDb()): Promise<PointsBalance[]> {
  const rows = await db
    .selectFrom('instruments as i')
    .innerJoin('ledger_accounts as a', 'a.id', 'i.account_id')
    .innerJoin('ledger_accounts as r', 'r.available_account_id', 'a.id')
    .select(['i.code', 'i.title', 'a.id as available_id', 'r.id as reserved_id', 'a.balance_minor as available'])
    .where('i.org_id', '=', member.orgId)
    .where('i.owner_user_id', '=', member.userId)
    .where('i.kind', '=', 'points')
    .orderBy('i.code')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const [pending, changes] = await Promise.all([
        db
          .selectFrom('ledger_reservations')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount_minor'), sql<number>`0`).as('points'))
          .where('account_id', '=', row.available_id)
          .where('status', '=', 'reserved')
          .where('reference', 'like', 'earned:%')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
          .select(['t.kind', 't.reference', 't.created_at', (eb) => eb.fn.sum<string | number>('e.amount_minor').as('points')])
          .where('e.account_id', 'in', [row.available_id, row.reserved_id])
          .groupBy(['t.id', 't.kind', 't.reference', 't.created_at'])
          .having((eb) => eb.fn.sum('e.amount_minor'), '<>', 0)
          .orderBy('t.created_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(MOVEMENTS_SHOWN)
          .execute(),
      ]);
      const movements = changes.map((change): PointsMovement => {
        const earned = change.reference.startsWith('earned:');
        const kind = change.kind === 'issue' ? (earned ? 'earned' : 'added') : change.kind === 'capture' ? (earned ? 'forfeited' : 'spent') : 'returned';
        return { kind, points: Number(change.points), day: dayIn(timeZone, change.created_at) };
      });
      return { code: row.code, title: row.title, available: Number(row.available), pending: Number(pending.points), movements };
    }),
  );
}

/** The reference of the points a booking earned, pending until its trip. */
const earnedReference = (bookingId: string) => `earned:${bookingId}`;

/**
 * Settles the points a booking earned: 'available' once its trip started, 'forfeit' when it was
 * cancelled (captured into the organisation's spent account, so the member's balance is as
 * before the booking). In the caller's transaction; safe to repeat.
 */
export async function settleEarnedPoints(bookingId: string, how: 'available' | 'forfeit', trx: Trx): Promise<number> {
  if (how === 'available') return releaseReservationsOf(earnedReference(bookingId), trx);
  const pending = await trx
    .selectFrom('ledger_reservations')
    .select('id')
    .where('reference', '=', earnedReference(bookingId))
    .where('status', '=', 'reserved')
    .orderBy('id')
    .execute();
  for (const { id } of pending) await capture({ reservationId: id, idempotencyKey: `earn-forfeit:${id}` }, trx);
  return pending.length;
}

/**
 * The reconciler's sweep of earned points: those of bookings whose trip has started (on its
 * organisation's day at `now`, decision 0039) become available; those of bookings cancelled or
 * failed meanwhile are forfeited. Returns how many bookings it settled.
 */
export async function matureEarnedPoints(db: Database = getDb(), now = new Date()): Promise<number> {
  let settled = 0;
  for (const org of getConfigRegistry().orgs) {
    const today = dayIn(org.timeZone, now);
    const due = await db
      .selectFrom('ledger_reservations as r')
      .innerJoin('bookings as b', (join) => join.on(sql<boolean>`r.reference = 'earned:' || b.id::text`))
      .select(['b.id', 'b.status'])
      .where('b.org_id', '=', org.orgId)
      .where('r.status', '=', 'reserved')
      .where('r.reference', 'like', 'earned:%')
      .where((eb) => eb.or([eb.and([eb('b.status', '=', 'confirmed'), eb('b.starts_on', '<=', today)]), eb('b.status', 'in', ['cancelled', 'failed'])]))
      .groupBy(['b.id', 'b.status'])
      .limit(200)
      .execute();
    for (const booking of due) await db.transaction().execute((trx) => settleEarnedPoints(booking.id, booking.status === 'confirmed' ? 'available' : 'forfeit', trx));
    settled += due.length;
  }
  return settled;
}
