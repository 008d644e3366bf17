// Paying for a booking, once and only once (spec §4 "Booking submit", §7 "Payment token
// generation", "Second-provider payment"; payments-sandbox.md "The booking payment flow";
// docs/decisions/0011). Every pay call goes through `pay`: one short transaction locks the
// booking and writes the payment attempt with its idempotency key before any gateway call;
// the gateway is called outside any transaction; each result is recorded at once; the
// reconciler finishes what a crash or a timeout left open.
import { CATALOGUE_CURRENCY, type Charge } from '~/domain/charge';
import { isValidBookingId } from '~/domain/booking-submit';
import { randomBytes } from 'node:crypto';
import { json } from '@remix-run/node';
import { type Selectable, type Transaction, type Updateable, sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  type CardGuaranteeBody,
  type HostedPaymentBody,
  type GenerateCheckSumBody,
  type GeneratePgTokenBody,
  type OxxoWebhookBody,
  type PaymentWithSavedCardBody,
  type ZeroAmountBookingBody,
  cardGuaranteeSchema,
  hostedPaymentSchema,
  generateCheckSumSchema,
  generatePgTokenSchema,
  oxxoWebhookSchema,
  paymentWithSavedCardSchema,
  zeroAmountBookingSchema,
} from '#schemas/api/booking-payment.schema';
import {
  ATTEMPT_IN_FLIGHT,
  ATTEMPT_LIVE,
  type AttemptStatus,
  type BookingFailure,
  type PayAnswer,
  type PayMethod,
  type PayOutcome,
  canMoveAttempt,
  checksumOf,
  DEMO_REFUSAL,
  gatewayOrderId,
  isMethodAllowed,
  ONE_LIVE_ATTEMPT_INDEX,
  oxxoVoucherExpiresAt,
  isPaymentFailure,
  outcomeOfAttempt,
  outcomeOfFailure,
  payAnswer,
  paymentIdOf,
  requestFingerprint,
  sameHex,
  threeDSecureRequired,
  toMinorUnits,
  verifyWebhook,
} from '~/domain/booking-payment';
import { carModeTakes } from '~/domain/car-payment-mode';
import { type MerchantAccounts, merchantAccountFor, settlesIn } from '~/domain/merchant-accounts';
import { FAILURE_TEXTS } from '~/domain/booking-failures';
import { checkoutPathOf, successPath, paymentRulesOf } from '~/products/registry';
import { UUID, brandLabel } from '~/domain/saved-cards';
import { getOrgById } from '../config.server';
import { type Database, getDb, isUniqueViolation } from '../db.server';
import type { BookingsTable, DB, PaymentAttemptsTable } from '../db-schema';
import { type AppliedPart, earnPointsForBooking, matureEarnedPoints, payableOfHold, reconcileApplications, refundApplicationsOfHold, settleApplicationsOfBooking, settleEarnedPoints } from '../stored-value.server';
import { carPaymentModeOfHold } from '../car-quote.server';
import { publishBookingStatus } from '../booking-status.server';
import { reconcileWalletTopups } from '../wallet-topups.server';
import { attachConfirmedBookingToTrips } from '../trips.server';
import { queueBookingEmail } from '../booking-mail.server';
import { SUBSCRIPTION, activateSubscriptionOfBooking, lockMemberOfSubscriptionBooking, subscriptionPaymentRefusal, subscriptionSuccessPath } from '../membership.server';
import { convertHoldToBooking, findVisitorHold } from '../holds.server';
import { checkApiBody, compileApiBody } from '~/services/api-body-schema.server';
import { errorFields, log } from '../logger.server';
import type { RequestContext } from '../request-context.server';
import type { ActiveSession } from '../session.server';
import { apiMessage } from '~/i18n/api-messages';
import type { LanguageCode } from '~/domain/reference-data';
import { toGatewayAmount } from './gateway-results';
import { RETRY_DELAYS_MS, giveBack, sleep, withRetries } from './gateway-calls.server';
import type { GatewayTransaction, PaymentFailure, PaymentSource } from './port';
import { claimInvoiceCredit } from './invoice-credit.server';
import { hostedPaymentsOrNull, oxxoCollectorOrNull, paymentGateway, paymentsOrNull } from './runtime.server';

type Booking = Selectable<BookingsTable>;
type Attempt = Selectable<PaymentAttemptsTable>;

const POLL_MS = 100;
const { expired: EXPIRED_TEXT, notCaptured: NOT_CAPTURED_TEXT, late: LATE_TEXT } = FAILURE_TEXTS;
export const OXXO_EXPIRED_TEXT = FAILURE_TEXTS.oxxoExpired;

/**
 * A guarded state move that did not happen: the row was no longer in the status it was expected
 * in (another worker, the reconciler or a job moved it first). Thrown inside a transaction to
 * roll back what it wrote; the caller decides what the lost move means.
 */
class LostMove extends Error {
  constructor(readonly what: string) {
    super(`lost move: ${what}`);
  }
}

type BookingChange = Omit<Updateable<BookingsTable>, 'id' | 'updated_at'>;

/** Locks the row of the booking's hold (a booking's hold never changes once made). */
async function lockHoldOfBooking(bookingId: string, trx: Transaction<DB>): Promise<void> {
  const booking = await trx.selectFrom('bookings').select('hold_id').where('id', '=', bookingId).executeTakeFirst();
  if (booking?.hold_id) await trx.selectFrom('holds').select('id').where('id', '=', booking.hold_id).forUpdate().execute();
}

/**
 * Moves a booking from the status it is expected in; false when it was no longer in it. The
 * stored value its hold applied moves in the same transaction (decision 0031): captured when
 * the booking is confirmed, released when it fails or its payment was refused.
 */
async function moveBooking(
  bookingId: string,
  from: Booking['status'],
  set: BookingChange,
  db: Database,
): Promise<boolean> {
  const move = async (trx: Transaction<DB>) => {
    // A confirmation activates a membership, which locks its member: that lock comes first, as in `begin`.
    if (set.status === 'confirmed') await lockMemberOfSubscriptionBooking(bookingId, trx);
    const moved = await trx
      .updateTable('bookings')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', bookingId)
      .where('status', '=', from)
      .returning(['hold_id', 'org_id', 'user_id', 'amount_minor', 'currency', 'product'])
      .executeTakeFirst();
    if (!moved) return false;
    await publishBookingStatus(bookingId, trx);
    const to = set.status;
    if (moved.hold_id && (to === 'confirmed' || to === 'failed' || to === 'cancelled' || to === 'initiated')) await settleApplicationsOfBooking(moved.hold_id, to, trx);
    // A membership is what its booking bought: active from the moment the booking is confirmed.
    if (moved.product === SUBSCRIPTION && to === 'confirmed') await activateSubscriptionOfBooking(bookingId, trx);
    else if (to === 'confirmed' && set.payment_method !== 'guarantee') {
      const rules = getOrgById(moved.org_id)?.payments.storedValue?.earn;
      const paid = { amountMinor: moved.amount_minor ?? 0, currency: moved.currency ?? CATALOGUE_CURRENCY };
      if (rules) await earnPointsForBooking({ id: bookingId, orgId: moved.org_id, userId: moved.user_id, holdId: moved.hold_id, paid }, rules, trx);
    }
    // A booked item joins the booker's trips that cover its dates (issue 13).
    if (to === 'confirmed') await attachConfirmedBookingToTrips(bookingId, trx);
    // Its e-mail is queued in this transaction: no final status without its e-mail, nor the reverse.
    if (to === 'confirmed' || to === 'cancelled' || to === 'failed') await queueBookingEmail(bookingId, to, trx);
    return true;
  };
  return db.isTransaction ? move(db as Transaction<DB>) : db.transaction().execute(move);
}

const invalid = (message: string) => json({ status: 'invalid', message }, { status: 400 });
const respond = (answer: PayAnswer) => json(answer.body, { status: answer.status });
const notFound = (message = 'No such booking') => json({ status: 'not_found', message }, { status: 404 });
const demoRefused = () => json(DEMO_REFUSAL, { status: 403 });

function gatewayTimeoutMs(): number {
  return paymentsOrNull()?.timeoutMs ?? 10_000;
}

/** How long a submit waits for an identical one already running before answering 'pending'. */
function replayWaitMs(): number {
  return gatewayTimeoutMs() * (RETRY_DELAYS_MS.length + 1) * 2 + 2_000;
}

// ---------------------------------------------------------------------------------------
// Booking initialisation (POST /api/booking/initBooking, app/services/checkout-charge.server.ts).
// ---------------------------------------------------------------------------------------

/** Who pays: the request's organisation and session. */
export type PayContext = Pick<RequestContext, 'org' | 'session' | 'locale' | 'clientIp'>;

/**
 * Freezes what the visitor's booking for hold `form.hold` charges, the charge of the hold's
 * quote (docs/decisions/0025). 200 {booking_id, amount_minor, currency}; 403 demo; 409 traveler_required, expired or
 * already_paid; 400 malformed. A paid (or paying) booking keeps its amount.
 */
export async function initBookingAction(context: Pick<PayContext, 'org' | 'session'>, form: FormData, product: string, charge: Charge, options: { db?: Database } = {}) {
  const db = options.db ?? getDb();
  if (!Number.isSafeInteger(charge.amountMinor) || charge.amountMinor < 0 || !/^[A-Z]{3}$/.test(charge.currency)) {
    throw new Error(`initBookingAction: the checkout computed an invalid charge ${JSON.stringify(charge)}`);
  }
  const token = form.get('hold');
  if (typeof token !== 'string' || token === '') return json({ error: 'invalid', message: 'hold: required' }, { status: 400 });
  const { org, session } = context;
  if (session?.user.is_demo) return demoRefused();
  const hold = await findVisitorHold(token, { orgId: org.orgId, userId: session?.userDbId ?? null }, db);
  if (!hold || hold.product !== product) return json({ error: 'expired' }, { status: 409 });
  const booking = await db.selectFrom('bookings').selectAll().where('hold_id', '=', hold.id).executeTakeFirst();
  if (!booking) return json({ error: 'traveler_required' }, { status: 409 });
  const frozen = (row: Booking) => json({ booking_id: row.reference, amount_minor: row.amount_minor, currency: row.currency });
  const sameCharge = booking.amount_minor === charge.amountMinor && booking.currency === charge.currency;
  if (booking.status === 'confirmed') return json({ error: 'already_paid' }, { status: 409 });
  // A payment is running or waiting (OXXO): the same amount lets the pay call answer its state.
  if (booking.status === 'pending') return sameCharge ? frozen(booking) : json({ error: 'already_paid' }, { status: 409 });
  if (booking.status !== 'initiated' || hold.status !== 'active' || hold.expiresAt.getTime() <= Date.now()) return json({ error: 'expired' }, { status: 409 });
  const updated = await db
    .updateTable('bookings')
    .set({ amount_minor: charge.amountMinor, currency: charge.currency, updated_at: new Date() })
    .where('id', '=', booking.id)
    .where('status', '=', 'initiated')
    .returningAll()
    .executeTakeFirst();
  // A pay call took the booking between the read and the update.
  if (!updated) return json({ error: 'already_paid' }, { status: 409 });
  return frozen(updated);
}

// ---------------------------------------------------------------------------------------
// The pay core.
// ---------------------------------------------------------------------------------------

type PayRequest = {
  org: OrgConfig;
  session: ActiveSession | null;
  /** The language of the refusals a person reads as sent. */
  language: LanguageCode;
  /** Who asked (spec §7 `ip`): kept on the attempt for review. */
  clientIp: string;
  bookingReference: string;
  /** A guest booking is paid by whoever holds its hold token. */
  holdToken: string | null;
  method: PayMethod;
  /** What the client believes it pays (minor units, currency); must equal the frozen amount. */
  claimed: { amountMinor: number; currency: string } | null;
  /** card, guarantee: a nonce; saved_card: the saved card's id (and a 3-D Secure nonce of it, if any). */
  card: { nonce: string } | { savedCardId: string; nonce: string | null } | null;
  idempotencyKey: string;
  fingerprint: string;
  /** Paid on the card provider's own page (decision 0055): where the payer comes back to. */
  hosted?: { origin: string };
};

async function returnUrlOf(booking: Booking, db: Database): Promise<string> {
  if (booking.product === SUBSCRIPTION) return subscriptionSuccessPath(booking.id, booking.reference, db);
  let holidayHome = false;
  const roomType = /^room-type:(\d+)$/.exec(booking.item_ref)?.[1];
  if (booking.product === 'HLT' && roomType) {
    const hotel = await db
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .select('h.property_type')
      .where('r.id', '=', Number(roomType))
      .executeTakeFirst();
    if (hotel?.property_type === 'holiday_home') holidayHome = true;
  }
  return successPath(booking.product, booking.reference, holidayHome);
}

/** May this visitor pay this booking? Its own user, or for a guest booking the hold's holder. */
async function mayPay(booking: Booking, session: ActiveSession | null, holdToken: string | null, db: Database): Promise<boolean> {
  if (booking.user_id !== null) return session?.userDbId === booking.user_id;
  if (!holdToken || !booking.hold_id) return false;
  const hold = await db.selectFrom('holds').select('token').where('id', '=', booking.hold_id).executeTakeFirst();
  return hold?.token === holdToken;
}

type Begun =
  | { kind: 'fresh'; attempt: Attempt }
  | { kind: 'replay'; attempt: Attempt }
  | { kind: 'busy'; attempt: Attempt }
  | { kind: 'answer'; outcome: PayOutcome };

/** The booking's live attempt (at most one: the index payment_attempts_one_live). */
function liveAttemptOf(bookingId: string, db: Database): Promise<Attempt | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('booking_id', '=', bookingId).where('status', 'in', [...ATTEMPT_LIVE]).orderBy('created_at', 'desc').executeTakeFirst();
}

/**
 * The one transaction before any gateway call: lock the booking, answer a replay or a conflict
 * of the key, refuse a second charge, check the amount, then write the attempt ('created') and
 * move the booking to 'pending'.
 */
async function begin(bookingId: string, input: PayRequest, db: Database, tries = 3): Promise<Begun> {
  try {
    return await db.transaction().execute(async (trx): Promise<Begun> => {
      // The hold's row first, as an apply of stored value takes it: an apply and a payment never interleave.
      await lockHoldOfBooking(bookingId, trx);
      // A membership's member first: their membership payments run one at a time (decision 0032).
      await lockMemberOfSubscriptionBooking(bookingId, trx);
      const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).forUpdate().executeTakeFirstOrThrow();
      const existing = await trx.selectFrom('payment_attempts').selectAll().where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
      if (existing) {
        const same = existing.booking_id === booking.id && existing.request_fingerprint === input.fingerprint;
        return same ? { kind: 'replay', attempt: existing } : { kind: 'answer', outcome: { kind: 'conflict' } };
      }
      if (booking.status === 'confirmed') return { kind: 'answer', outcome: { kind: 'confirmed' } };
      const running = await liveAttemptOf(booking.id, trx);
      if (running) return { kind: 'busy', attempt: running };
      if (booking.status === 'failed') return { kind: 'answer', outcome: { kind: 'booking_failed', error: booking.failure_text, httpStatus: 409 } };
      if (booking.status !== 'initiated' || booking.amount_minor === null || booking.currency === null) {
        return { kind: 'answer', outcome: { kind: 'booking_failed', error: 'The booking was not initialised: reload the checkout', httpStatus: 409 } };
      }
      // A membership is paid only on the terms it would be bought on now, one payment at a time (decision 0032).
      if (booking.product === SUBSCRIPTION) {
        const refusal = await subscriptionPaymentRefusal(booking, trx);
        if (refusal) return { kind: 'answer', outcome: { kind: 'booking_failed', error: apiMessage(input.language, refusal), httpStatus: 409 } };
      }
      // Stored value applied since the amount was frozen (another tab): the checkout must show the new total first.
      const payable = booking.hold_id ? await payableOfHold(booking.hold_id, trx) : null;
      if (payable && (payable.payableMinor !== booking.amount_minor || payable.currency !== booking.currency)) {
        return { kind: 'answer', outcome: { kind: 'booking_failed', error: 'The amount to pay changed: reload the checkout', httpStatus: 409 } };
      }
      // Nothing is charged on the zero path or for a card guarantee.
      const zero = input.method === 'zero' || input.method === 'guarantee';
      const amountAgrees = zero
        ? booking.amount_minor === 0
        : booking.amount_minor > 0 && input.claimed?.amountMinor === booking.amount_minor && input.claimed.currency === booking.currency;
      if (!amountAgrees) {
        const error = zero ? 'This booking is not free: pay it with a card' : 'The amount to pay does not match the booking: reload the checkout';
        return { kind: 'answer', outcome: { kind: 'booking_failed', error, httpStatus: 409 } };
      }
      // Invoice is credit (decision 0019): the payer's line is locked until this transaction
      // ends, so concurrent invoice payments are counted one after the other.
      let invoiceCreditLineId: number | null = null;
      if (input.method === 'invoice') {
        const claim = booking.user_id === null ? null : await claimInvoiceCredit(trx, booking.user_id, { amountMinor: booking.amount_minor, currency: booking.currency });
        if (!claim?.ok) return { kind: 'answer', outcome: { kind: 'booking_failed', error: claim?.message ?? 'Only an account can be invoiced', httpStatus: 409 } };
        invoiceCreditLineId = claim.lineId;
      }
      const attempt = await trx
        .insertInto('payment_attempts')
        .values({
          booking_id: booking.id,
          idempotency_key: input.idempotencyKey,
          request_fingerprint: input.fingerprint,
          method: input.method,
          amount_minor: booking.amount_minor,
          currency: booking.currency,
          status: 'created',
          acted_by_user_id: input.session?.impersonatorDbId ?? null,
          client_ip: input.clientIp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The booking row is locked and was 'initiated' above; a lost move would be a bug.
      const pending = { status: 'pending', payment_method: input.method, failure_text: null, invoice_credit_line_id: invoiceCreditLineId } as const;
      if (!(await moveBooking(booking.id, 'initiated', pending, trx))) throw new LostMove('booking initiated → pending');
      return { kind: 'fresh', attempt };
    });
  } catch (error) {
    // Another attempt of the booking went live beside this one (a writer that did not wait for
    // the booking's lock): the index refused this one and nothing was written. Wait for that one.
    if (isUniqueViolation(error, ONE_LIVE_ATTEMPT_INDEX)) {
      const running = await liveAttemptOf(bookingId, db);
      if (running) return { kind: 'busy', attempt: running };
      if (tries > 1) return begin(bookingId, input, db, tries - 1);
      return { kind: 'answer', outcome: { kind: 'pending' } };
    }
    // The same key raced in for another booking: the unique key decides, nothing was written.
    if (isUniqueViolation(error)) return { kind: 'answer', outcome: { kind: 'conflict' } };
    throw error;
  }
}

async function waitForAttempt(attemptId: string, db: Database): Promise<Attempt> {
  const deadline = Date.now() + replayWaitMs();
  for (;;) {
    const attempt = await reload(attemptId, db);
    if (attempt.status !== 'created' && attempt.status !== 'authorized') return attempt;
    if (Date.now() >= deadline) return attempt;
    await sleep(POLL_MS);
  }
}

async function storedOutcome(attempt: Attempt, db: Database): Promise<PayOutcome> {
  const booking = await db.selectFrom('bookings').select(['status', 'failure_text', 'oxxo_reference']).where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  return outcomeOfAttempt(attempt, booking);
}

async function pay(input: PayRequest, db: Database = getDb()): Promise<Response> {
  if (input.session?.user.is_demo) return demoRefused();
  const booking = await db.selectFrom('bookings').selectAll().where('reference', '=', input.bookingReference).where('org_id', '=', input.org.orgId).executeTakeFirst();
  if (!booking || !(await mayPay(booking, input.session, input.holdToken, db))) return notFound();
  if (!isMethodAllowed(input.method, input.org.payments.options, booking.product, input.session !== null)) {
    return invalid(`payment_method: ${input.method} is not offered for this booking`);
  }
  if (paymentRulesOf(booking.product)?.cardGuarantee) {
    // The car's payment mode, from its hold's quote as the checkout shows it (decisions 0019, 0025): a
    // request cannot charge a car paid at the desk, nor book a guaranteed one without a card.
    const mode = await carPaymentModeOfHold(booking.hold_id, db);
    // No mode: the hold lapsed (or cannot be priced any more), as every other pay call answers it.
    if (!mode) return respond(payAnswer({ kind: 'booking_failed', error: EXPIRED_TEXT, httpStatus: 409 }, { reference: booking.reference, returnUrl: '', paymentId: null }));
    if (!carModeTakes(mode, input.method)) {
      return invalid(`payment_method: ${input.method} is not how this car is paid (payment mode ${mode.mode})`);
    }
    // A car of another provider is paid on that provider's page where there is one (decision 0055).
    const onProviderPage = mode.mode === 'card-provider' && mode.variant === 'redirect' && hostedPaymentsOrNull() !== null;
    if (input.hosted && !onProviderPage) return invalid('This car is not paid on its provider\'s page: pay it in the card form');
    if (!input.hosted && onProviderPage && (input.method === 'card' || input.method === 'saved_card')) {
      return invalid('This car is paid on its provider\'s page: POST /api/booking/hostedPayment');
    }
  } else if (input.hosted) return invalid('Only a car of another provider is paid on its provider\'s page');
  let source: PaymentSource | null = null;
  let customerId: string | undefined;
  if (input.card && 'savedCardId' in input.card) {
    const saved = input.session
      ? await db
          .selectFrom('saved_cards')
          .select(['token', 'gateway_customer_id'])
          .where('id', '=', input.card.savedCardId)
          .where('user_id', '=', input.session.userDbId)
          .executeTakeFirst()
      : undefined;
    if (!saved) return notFound('No such saved card');
    source = input.card.nonce ? { nonce: input.card.nonce } : { token: saved.token };
    customerId = saved.gateway_customer_id;
  } else if (input.card) source = { nonce: input.card.nonce };
  if (input.method === 'oxxo' && !oxxoCollectorOrNull()) return invalid('payment_method: oxxo is not offered here (no OXXO collector is configured)');
  const throughGateway = input.method === 'card' || input.method === 'saved_card' || input.method === 'guarantee';
  if (throughGateway && !paymentsOrNull()) {
    return respond(payAnswer({ kind: 'booking_failed', error: 'Card payments are not available', httpStatus: 502 }, { reference: booking.reference, returnUrl: '', paymentId: null }));
  }
  // Quoted in a currency the organisation no longer settles in (its merchant account was removed since): nothing can be charged.
  const accounts = input.org.payments.merchantAccounts;
  if (throughGateway && booking.currency && !settlesIn(accounts, booking.currency)) {
    return respond(payAnswer({ kind: 'booking_failed', error: `Card payments in ${booking.currency} are not available: search again`, httpStatus: 409 }, { reference: booking.reference, returnUrl: '', paymentId: null }));
  }
  const returnUrl = await returnUrlOf(booking, db);
  // The answer names the attempt's payment (spec §7 payment_id), read once its outcome is known.
  const answer = async (outcome: PayOutcome, attemptId: string | null) => {
    const paymentId = attemptId === null ? null : paymentIdOf(await reload(attemptId, db));
    return respond(payAnswer(outcome, { reference: booking.reference, returnUrl, paymentId }));
  };
  let begun = await begin(booking.id, input, db);
  if (begun.kind === 'busy') {
    // Another submit (another key) is paying this booking: never charge beside it. Wait for it;
    // if it ends without paying (a decline), this submit may try its own card.
    const other = await waitForAttempt(begun.attempt.id, db);
    if (other.status === 'created' || other.status === 'authorized' || other.status === 'unknown' || other.status === 'awaiting_payment') {
      return answer(await storedOutcome(other, db), other.id);
    }
    begun = await begin(booking.id, input, db);
    if (begun.kind === 'busy') return answer(await storedOutcome(begun.attempt, db), begun.attempt.id);
  }
  switch (begun.kind) {
    case 'answer':
      return answer(begun.outcome, null);
    case 'replay':
      return answer(await storedOutcome(await waitForAttempt(begun.attempt.id, db), db), begun.attempt.id);
    case 'fresh':
      if (input.hosted) return answer(await openProviderPage(begun.attempt, booking, accounts, input.hosted.origin, input.language, db), begun.attempt.id);
      return answer(await run(begun.attempt, booking, source, customerId, accounts, threeDSecureRequired(input.org.payments.threeDSecure), db), begun.attempt.id);
  }
}

/** Runs a fresh attempt to its outcome. */
async function run(attempt: Attempt, booking: Booking, source: PaymentSource | null, customerId: string | undefined, accounts: MerchantAccounts | undefined, threeDSecure: boolean, db: Database): Promise<PayOutcome> {
  if (attempt.method === 'invoice' || attempt.method === 'zero' || attempt.method === 'oxxo') return finishWithoutGateway(attempt, db);
  if (attempt.method === 'guarantee') {
    if (!source || !('nonce' in source)) throw new Error('run: a guarantee attempt without a card nonce');
    return finishGuarantee(attempt, booking, source.nonce, db);
  }
  if (!source) throw new Error('run: a card attempt without a card');
  const result = await withRetries(() =>
    paymentGateway().authorize({
      amountMinor: attempt.amount_minor,
      source,
      orderId: gatewayOrderId(booking.reference, attempt.id),
      idempotencyKey: gatewayKey(attempt, 'sale'),
      threeDSecureRequired: threeDSecure,
      ...(customerId ? { customerId } : {}),
      merchantAccountId: merchantAccountFor(accounts, attempt.currency),
    }),
  );
  if (!result.ok) {
    if (result.failure.kind === 'transport' && result.failure.retryable) {
      // Lost: the reconciler already settled the attempt; its answer stands.
      if (!(await moveAttempt(attempt.id, 'created', 'unknown', { failure: result.failure }, db))) return storedOutcome(await reload(attempt.id, db), db);
      log.warn('payment outcome unknown: the reconciler will finish it', { attemptId: attempt.id, message: result.failure.message });
      return { kind: 'pending' };
    }
    // Lost: the reconciler settled the attempt first; its answer stands.
    if (!(await refuse(attempt, result.failure, db))) return storedOutcome(await reload(attempt.id, db), db);
    return outcomeOfFailure(result.failure);
  }
  if (!(await moveAttempt(attempt.id, 'created', 'authorized', { gateway_transaction_id: result.value.id }, db))) {
    // The authorisation came back after the reconciler had settled the attempt (found nothing
    // yet and refused it; the traveller may have paid since with another attempt).
    if ((await keepOrGiveBack(attempt.id, result.value.id, 'late authorisation', db)) === 'owned') return storedOutcome(await waitForAttempt(attempt.id, db), db);
    const now = await db.selectFrom('bookings').select('status').where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
    return now.status === 'confirmed' ? { kind: 'confirmed' } : { kind: 'booking_failed', error: LATE_TEXT, httpStatus: 409 };
  }
  return finishAuthorized(attempt.id, db);
}

function reload(attemptId: string, db: Database): Promise<Attempt> {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
}

/**
 * After a lost move of an attempt that holds gateway transaction `transactionId`: 'owned' when
 * the attempt now carries that very transaction (another worker took the same sale and finishes
 * it); otherwise nobody will capture it, so it is voided (or refunded once settled) and noted on
 * the attempt.
 */
async function keepOrGiveBack(attemptId: string, transactionId: string, why: string, db: Database): Promise<'owned' | 'given_back'> {
  const now = await reload(attemptId, db);
  if (now.gateway_transaction_id === transactionId && now.status !== 'failed' && now.status !== 'declined') return 'owned';
  await giveBack(now.id, transactionId, why);
  await db.updateTable('payment_attempts').set({ gateway_transaction_id: transactionId }).where('id', '=', attemptId).where('gateway_transaction_id', 'is', null).execute();
  return 'given_back';
}

async function moveAttempt(
  attemptId: string,
  from: AttemptStatus | readonly AttemptStatus[],
  to: AttemptStatus,
  extra: { gateway_transaction_id?: string; failure?: PaymentFailure | BookingFailure; hosted_url?: string } = {},
  db: Database,
): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : [...from];
  if (!froms.every((status) => canMoveAttempt(status, to))) throw new Error(`A payment attempt never moves from ${froms.join('/')} to ${to}`);
  const moved = await db
    .updateTable('payment_attempts')
    .set({
      status: to,
      updated_at: new Date(),
      ...(extra.gateway_transaction_id ? { gateway_transaction_id: extra.gateway_transaction_id } : {}),
      ...(extra.failure ? { failure: JSON.stringify(extra.failure) } : {}),
      ...(extra.hosted_url ? { hosted_url: extra.hosted_url } : {}),
    })
    .where('id', '=', attemptId)
    .where('status', 'in', froms)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** Declined or failed at the gateway: no charge, and the booking can take another card. */
async function refuse(attempt: Attempt, failure: PaymentFailure, db: Database): Promise<boolean> {
  const status: AttemptStatus = failure.kind === 'processor_declined' || failure.kind === 'gateway_rejected' ? 'declined' : 'failed';
  return db.transaction().execute(async (trx) => {
    // Lost: another worker settled the attempt first (and with it the booking): leave both.
    // 'awaiting_payment': a payer who was declined on, or left, the provider's page (decision 0055).
    if (!(await moveAttempt(attempt.id, ['created', 'unknown', 'awaiting_payment'], status, { failure }, trx))) return false;
    // The booking is 'pending' while its one live attempt is; anything else was moved by
    // someone else (failed, cancelled) and stays as it is.
    if (!(await moveBooking(attempt.booking_id, 'pending', { status: 'initiated', payment_method: null }, trx))) {
      log.warn('refused attempt: the booking had already left pending', { attemptId: attempt.id });
    }
    return true;
  });
}

async function bookingAndHold(attempt: Attempt, db: Database) {
  const booking = await db.selectFrom('bookings').selectAll().where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  const hold = booking.hold_id ? await db.selectFrom('holds').select(['id', 'token', 'status']).where('id', '=', booking.hold_id).executeTakeFirst() : undefined;
  return { booking, hold };
}

/**
 * Turns the hold into the booking's allocation; true when it is (or already was) converted. A
 * membership has no inventory (and no hold): nothing to claim.
 */
async function claimInventory(booking: Booking, hold: { token: string; status: string } | undefined): Promise<boolean> {
  if (booking.product === SUBSCRIPTION && booking.hold_id === null) return true;
  if (!hold) return false;
  if (hold.status === 'booked') return true;
  return convertHoldToBooking(hold.token);
}

/**
 * An authorised attempt: confirm the booking (inventory), then capture, then mark it confirmed.
 * No inventory → void (paid but not booked is a void, never a refund). Unknown capture outcome →
 * left 'authorized' for the reconciler, which repeats the capture with the same key.
 */
async function finishAuthorized(attemptId: string, db: Database): Promise<PayOutcome> {
  const attempt = await reload(attemptId, db);
  const transactionId = attempt.gateway_transaction_id;
  if (attempt.status !== 'authorized' || !transactionId) return storedOutcome(attempt, db);
  const { booking, hold } = await bookingAndHold(attempt, db);
  if (booking.status === 'failed') return voidAndFail(attempt, transactionId, booking.failure_text ?? EXPIRED_TEXT, db);
  let claimed: boolean;
  try {
    claimed = await claimInventory(booking, hold);
  } catch (error) {
    log.error('confirming the booking failed', { attemptId, ...errorFields(error) });
    claimed = false;
  }
  if (!claimed) return voidAndFail(attempt, transactionId, EXPIRED_TEXT, db);
  const captured = await withRetries(() => paymentGateway().capture({ transactionId, idempotencyKey: gatewayKey(attempt, 'capture') }));
  if (!captured.ok) {
    if (captured.failure.kind === 'transport' && captured.failure.retryable) return { kind: 'pending' };
    log.warn('capture refused: voiding', { attemptId, failure: captured.failure.kind });
    if (hold) await releaseBookedHold(hold.id, db);
    return voidAndFail(attempt, transactionId, NOT_CAPTURED_TEXT, db);
  }
  const kept = await settleAttempt(attempt, 'authorized', 'captured', { status: 'confirmed', confirmed_at: new Date(), payment_method: attempt.method, failure_text: null }, db);
  if (kept === 'moved') return { kind: 'confirmed' };
  if (kept === 'attempt_lost') {
    // Another worker captured the same authorisation (same key, one capture) and confirmed it;
    // if it was voided instead, nothing of this capture may stay on the card.
    const now = await reload(attempt.id, db);
    if (now.status !== 'captured') await giveBack(now.id, transactionId, 'capture after the attempt was settled elsewhere');
    return storedOutcome(now, db);
  }
  // Captured, but the booking left 'pending' meanwhile (failed or cancelled by someone else):
  // it will not be made, so the capture is given back and the units are freed.
  log.warn('booking left pending while its payment was captured: giving the payment back', { attemptId });
  if (hold) await releaseBookedHold(hold.id, db);
  return voidAndFail(attempt, transactionId, NOT_CAPTURED_TEXT, db);
}

/**
 * The gateway's idempotency key of one call of an attempt: made from the attempt's own id, so no
 * client key (one per attempt, but any text) can coincide with another attempt's call.
 */
function gatewayKey(attempt: Attempt, call: 'sale' | 'capture' | 'void' | 'refund'): string {
  return `${attempt.id}:${call}`;
}

/** Gives back the units of a hold converted for a booking that will not be made. */
async function releaseBookedHold(holdId: string, db: Database): Promise<void> {
  const release = async (trx: Database) => {
    const released = await trx.updateTable('holds').set({ status: 'released' }).where('id', '=', holdId).where('status', '=', 'booked').executeTakeFirst();
    if (Number(released.numUpdatedRows) > 0) await trx.deleteFrom('unit_allocations').where('hold_id', '=', holdId).execute();
  };
  // Inside a caller's transaction (the OXXO expiry) it joins that transaction.
  if (db.isTransaction) await release(db);
  else await db.transaction().execute(release);
}

/**
 * The booking cannot be made: it fails with `text` at once; the authorisation is voided (the
 * attempt stays 'authorized' for the reconciler when the void's outcome is unknown).
 */
async function voidAndFail(attempt: Attempt, transactionId: string, text: string, db: Database): Promise<PayOutcome> {
  // Only a booking still waiting for this attempt fails with `text`; one already failed (or
  // moved on by someone else) keeps its status and its own text.
  await moveBooking(attempt.booking_id, 'pending', { status: 'failed', failure_text: text }, db);
  const booking = await db.selectFrom('bookings').select(['status', 'failure_text']).where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  const error = booking.status === 'failed' ? (booking.failure_text ?? text) : text;
  // A void before settlement, a refund after (a capture whose booking was lost).
  if (await giveBack(attempt.id, transactionId, error)) {
    if (!(await moveAttempt(attempt.id, 'authorized', 'voided', { failure: { kind: 'booking', text: error } }, db))) {
      log.warn('voided attempt had already been settled by another worker', { attemptId: attempt.id, status: (await reload(attempt.id, db)).status });
    }
  } else log.warn('void not done yet: the reconciler retries it', { attemptId: attempt.id });
  return { kind: 'booking_failed', error, httpStatus: 409 };
}

/** The hold lapsed before a payment without a charge could claim it: the booking fails. */
async function failExpired(attempt: Attempt, db: Database): Promise<PayOutcome> {
  const failure: BookingFailure = { kind: 'booking', text: EXPIRED_TEXT };
  const moved = await db.transaction().execute(async (trx) => {
    if (!(await moveAttempt(attempt.id, 'created', 'failed', { failure }, trx))) return false;
    await moveBooking(attempt.booking_id, 'pending', { status: 'failed', failure_text: EXPIRED_TEXT }, trx);
    return true;
  });
  // Lost: another worker finished this attempt; its answer stands.
  if (!moved) return storedOutcome(await reload(attempt.id, db), db);
  return { kind: 'booking_failed', error: EXPIRED_TEXT, httpStatus: 409 };
}

/** Invoice, zero-amount and OXXO: the inventory is claimed; no gateway call. */
async function finishWithoutGateway(attempt: Attempt, db: Database): Promise<PayOutcome> {
  const { booking, hold } = await bookingAndHold(attempt, db);
  if (!(await claimInventory(booking, hold))) return failExpired(attempt, db);
  if (attempt.method === 'oxxo') {
    const reference = booking.oxxo_reference ?? oxxoVoucherReference();
    const expiresAt = oxxoVoucherExpiresAt(new Date(), getOrgById(booking.org_id)?.payments.oxxo?.voucherHours);
    const settled = await settleAttempt(attempt, 'created', 'awaiting_payment', { oxxo_reference: reference, oxxo_expires_at: expiresAt }, db);
    return settled === 'moved' ? { kind: 'pending', oxxoReference: reference } : answerLostRace(settled, attempt, hold, db);
  }
  const settled = await settleAttempt(attempt, 'created', 'completed', { status: 'confirmed', confirmed_at: new Date(), payment_method: attempt.method }, db);
  return settled === 'moved' ? { kind: 'confirmed' } : answerLostRace(settled, attempt, hold, db);
}

/**
 * Finishes an attempt: moves it from `from` to `to`, and its booking (expected 'pending') by
 * `set`, in one transaction; says which of the two lost a race, if any.
 */
async function settleAttempt(attempt: Attempt, from: AttemptStatus, to: AttemptStatus, set: BookingChange, db: Database): Promise<'moved' | 'attempt_lost' | 'booking_lost'> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await moveAttempt(attempt.id, from, to, {}, trx))) return 'attempt_lost';
      if (!(await moveBooking(attempt.booking_id, 'pending', set, trx))) throw new LostMove(`booking pending (attempt ${to})`);
      return 'moved';
    });
  } catch (error) {
    if (error instanceof LostMove) return 'booking_lost';
    throw error;
  }
}

/**
 * The answer after `settleAttempt` from 'created' lost: another worker finished the attempt (its answer
 * stands), or the booking left 'pending' first, so it is not made and its units are freed.
 */
async function answerLostRace(lost: 'attempt_lost' | 'booking_lost', attempt: Attempt, hold: { id: string } | undefined, db: Database): Promise<PayOutcome> {
  if (lost === 'attempt_lost') return storedOutcome(await reload(attempt.id, db), db);
  if (hold) await releaseBookedHold(hold.id, db);
  await moveAttempt(attempt.id, 'created', 'failed', { failure: { kind: 'booking', text: NOT_CAPTURED_TEXT } }, db);
  const now = await db.selectFrom('bookings').select('failure_text').where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  return { kind: 'booking_failed', error: now.failure_text ?? NOT_CAPTURED_TEXT, httpStatus: 409 };
}

/**
 * A car booked on a card guarantee (payment mode 'iframe'): the card is verified and vaulted at
 * the gateway (`paymentMethod.create` with `verifyCard`) under a customer of its own for this
 * booking, never charged; the hold is converted and the booking confirmed with the vaulted
 * card as its guarantee. A refused verification is a decline; the traveller may try another card.
 */
async function finishGuarantee(attempt: Attempt, booking: Booking, nonce: string, db: Database): Promise<PayOutcome> {
  const gateway = paymentGateway();
  const customerId = guaranteeCustomerId(booking.reference);
  const customer = await withRetries(() => gateway.ensureCustomer({ customerId, email: booking.guest_email, phone: booking.guest_phone }));
  const vaulted = customer.ok ? await gateway.vaultPaymentMethod({ customerId, nonce, verify: true }) : customer;
  if (!vaulted.ok) {
    // Vaulting has no idempotency key: an unknown outcome is refused too (an orphan vaulted
    // card charges nothing); the nonce is spent, so the traveller types the card again.
    if (!(await refuse(attempt, vaulted.failure, db))) return storedOutcome(await reload(attempt.id, db), db);
    return outcomeOfFailure(vaulted.failure.kind === 'transport' ? { ...vaulted.failure, retryable: false } : vaulted.failure);
  }
  const { hold } = await bookingAndHold(attempt, db);
  if (!(await claimInventory(booking, hold))) {
    await gateway.deletePaymentMethod({ token: vaulted.value.token });
    return failExpired(attempt, db);
  }
  const settled = await settleAttempt(
    attempt,
    'created',
    'completed',
    {
      status: 'confirmed',
      confirmed_at: new Date(),
      payment_method: 'guarantee',
      guarantee_customer_id: customerId,
      guarantee_token: vaulted.value.token,
      guarantee_card: `${brandLabel(vaulted.value.brand)} ${vaulted.value.last4}`,
    },
    db,
  );
  if (settled === 'moved') return { kind: 'confirmed' };
  // Lost a race: the guarantee card is not kept.
  await gateway.deletePaymentMethod({ token: vaulted.value.token });
  return answerLostRace(settled, attempt, hold, db);
}

/** The gateway customer a booking's guarantee card is vaulted under (one per booking). */
const guaranteeCustomerId = (reference: string) => `g${reference.toLowerCase().replace(/[^0-9a-z]/g, '')}`.slice(0, 36);


/** An OXXO voucher reference: 14 digits the store clerk types in. */
function oxxoVoucherReference(): string {
  return `9${[...randomBytes(13)].map((b) => String(b % 10)).join('')}`;
}

// ---------------------------------------------------------------------------------------
// The reconciler.
// ---------------------------------------------------------------------------------------

/**
 * Finishes attempts left open (unknown after a timeout, or created/authorized when the process
 * died) and untouched for `staleMs`: looks the attempt's order id up at the gateway and
 * confirms (capture) or voids. Safe with several instances: attempts are claimed with SKIP LOCKED
 * and their updated_at bumped, so another instance leaves them for `staleMs`.
 */
export async function reconcilePayments(options: { staleMs?: number; limit?: number } = {}, db: Database = getDb()): Promise<number> {
  const { staleMs = 60_000, limit = 20 } = options;
  if (!paymentsOrNull()) return 0;
  const claimed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('status', 'in', [...ATTEMPT_IN_FLIGHT])
      .where('updated_at', '<=', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
      .orderBy('updated_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) await trx.updateTable('payment_attempts').set({ updated_at: new Date() }).where('id', 'in', rows.map((r) => r.id)).execute();
    return rows;
  });
  for (const attempt of claimed) {
    try {
      await reconcileOne(attempt, db);
    } catch (error) {
      log.error('reconciling a payment attempt failed', { attemptId: attempt.id, ...errorFields(error) });
    }
  }
  return claimed.length;
}

const APPROVED: readonly GatewayTransaction['status'][] = ['authorized', 'submitted_for_settlement', 'settling', 'settled'];

function failureOfTransaction(transaction: GatewayTransaction): PaymentFailure {
  if (transaction.status === 'gateway_rejected') return { kind: 'gateway_rejected', reason: 'other', transactionId: transaction.id };
  if (transaction.status === 'failed') return { kind: 'failed', code: '', text: 'failed', transactionId: transaction.id };
  return { kind: 'processor_declined', code: '', text: transaction.status, decline: 'soft', transactionId: transaction.id };
}

async function reconcileOne(attempt: Attempt, db: Database): Promise<void> {
  if (attempt.method === 'guarantee') {
    // Left 'created' by a crash while vaulting: the nonce is spent and no card is known, so the
    // booking goes back to the traveller (never confirmed without a verified card).
    if (attempt.status === 'created') await refuse(attempt, { kind: 'transport', retryable: false, message: 'The card guarantee did not complete' }, db);
    return;
  }
  if (attempt.method !== 'card' && attempt.method !== 'saved_card') {
    if (attempt.status === 'created') await finishWithoutGateway(attempt, db);
    return;
  }
  if (attempt.status === 'authorized') {
    await finishAuthorized(attempt.id, db);
    return;
  }
  const booking = await db.selectFrom('bookings').select('reference').where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  const found = await paymentGateway().findByOrderId(gatewayOrderId(booking.reference, attempt.id));
  if (!found.ok) return;
  const approved = found.value.find((transaction) => APPROVED.includes(transaction.status));
  if (approved) {
    if (await moveAttempt(attempt.id, ['created', 'unknown'], 'authorized', { gateway_transaction_id: approved.id }, db)) await finishAuthorized(attempt.id, db);
    // Lost: the live pay call recorded this sale itself (and finishes it), or settled the
    // attempt otherwise, leaving this sale to nobody.
    else await keepOrGiveBack(attempt.id, approved.id, 'reconciled after the attempt was settled', db);
    return;
  }
  const refused = found.value.at(-1);
  // Nothing reached the gateway (or it refused): no charge; the traveller may pay again.
  await refuse(attempt, refused ? failureOfTransaction(refused) : { kind: 'transport', retryable: false, message: 'No transaction reached the gateway' }, db);
}

/**
 * The longest a live pay call leaves a 'created' attempt untouched: every try of the
 * authorisation timing out, plus the waits between them. The reconciler must not take an
 * attempt sooner, or it could refuse one whose authorisation is still on its way.
 */
export function longestAuthorizationMs(timeoutMs = gatewayTimeoutMs()): number {
  return timeoutMs * (RETRY_DELAYS_MS.length + 1) + RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
}

/**
 * The periodic reconciler (server/index.ts): every `everyMs` (default 30 s) it finishes attempts
 * untouched for `staleMs` (default 60 s); both come from PAYMENT_RECONCILE_EVERY_MS and
 * PAYMENT_RECONCILE_STALE_MS (README "Configuration"). Refuses a `staleMs` shorter than a live
 * pay call may take (`longestAuthorizationMs`, from BRAINTREE_TIMEOUT_MS).
 */
export function reconcilerJob(options: { everyMs?: number; staleMs?: number } = {}) {
  const { everyMs = 30_000, staleMs = 60_000 } = options;
  const longest = longestAuthorizationMs();
  if (staleMs < longest) {
    throw new Error(`PAYMENT_RECONCILE_STALE_MS: must be at least ${longest} ms, the longest a payment call may run with BRAINTREE_TIMEOUT_MS=${gatewayTimeoutMs()}`);
  }
  // Stored value left applied to a booking that is settled (a crash between the two) is settled after the payments.
  // So is a cancelled booking's card sale whose give-back the gateway did not answer, and a
  // wallet top-up whose sale's outcome is unknown.
  return {
    name: 'payment-reconciler',
    everyMs,
    // Each sweep on its own: one that fails (a deadlock, a gateway outage) must not starve the others.
    run: async () => {
      const sweeps: [string, () => Promise<number>][] = [
        ['payments', () => reconcilePayments({ staleMs })],
        ['stored value', () => reconcileApplications()],
        ['earned points', () => matureEarnedPoints()],
        ['cancelled payments', () => reconcileCancelledPayments()],
        ['wallet top-ups', () => reconcileWalletTopups({ staleMs })],
        ['provider page payments', () => reconcileProviderPagePayments()],
      ];
      let done = 0;
      for (const [name, sweep] of sweeps) {
        try {
          done += await sweep();
        } catch (error) {
          log.error('a reconciler sweep failed: the next run tries again', { sweep: name, ...errorFields(error) });
        }
      }
      return done;
    },
  };
}

// ---------------------------------------------------------------------------------------
// Cancellation by the owner (issue 11; the HTTP side and the rule: booking-cancel.server.ts).
// ---------------------------------------------------------------------------------------

/**
 * Cancels a confirmed booking in one transaction under its row lock: the booking moves to
 * 'cancelled', every stored-value part its hold captured is refunded to where it came from
 * (ledger), and its units are freed. The card sale is given back afterwards, outside the
 * transaction (`giveBackCancelledPayment`). 'not_confirmed' when the booking was no longer
 * confirmed under the lock (another cancel won): nothing changed.
 */
export async function cancelConfirmedBooking(bookingId: string, db: Database = getDb()): Promise<{ refunded: AppliedPart[] } | 'not_confirmed'> {
  return db.transaction().execute(async (trx) => {
    // The hold's row first, then the booking's: the order every stored-value change takes (decision 0031).
    await lockHoldOfBooking(bookingId, trx);
    const booking = await trx.selectFrom('bookings').select(['status', 'hold_id']).where('id', '=', bookingId).forUpdate().executeTakeFirstOrThrow();
    if (booking.status !== 'confirmed') return 'not_confirmed';
    if (!(await moveBooking(bookingId, 'confirmed', { status: 'cancelled' }, trx))) throw new LostMove('booking confirmed → cancelled');
    // Points earned on it were pending until the trip: they go with the booking.
    await settleEarnedPoints(bookingId, 'forfeit', trx);
    if (!booking.hold_id) return { refunded: [] };
    const refunded = await refundApplicationsOfHold(booking.hold_id, trx);
    await releaseBookedHold(booking.hold_id, trx);
    return { refunded };
  });
}

export type CardGiveBack = { amountMinor: number; currency: string; done: boolean } | null;

/**
 * Gives back the card sale of a cancelled booking: voided before settlement, refunded after
 * (the attempt's own gateway keys, so a repeat is the same call), then the attempt moves
 * 'captured' → 'voided'. null when the booking charged no card or it was given back already;
 * `done: false` when the gateway did not answer (the reconciler sweep tries again).
 */
export async function giveBackCancelledPayment(bookingId: string, db: Database = getDb()): Promise<CardGiveBack> {
  const attempt = await db
    .selectFrom('payment_attempts as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .selectAll('a')
    .where('a.booking_id', '=', bookingId)
    .where('b.status', '=', 'cancelled')
    .where('a.status', '=', 'captured')
    .where('a.gateway_transaction_id', 'is not', null)
    .executeTakeFirst();
  if (!attempt?.gateway_transaction_id) return null;
  // Marked as tried now: the sweep takes the least recently tried first.
  await db.updateTable('payment_attempts').set({ updated_at: new Date() }).where('id', '=', attempt.id).execute();
  const done = await giveBack(attempt.id, attempt.gateway_transaction_id, 'booking cancelled by its owner');
  // Lost: a concurrent cancel (same keys, one give-back) moved it first.
  if (done) await moveAttempt(attempt.id, 'captured', 'voided', { failure: { kind: 'booking', text: 'Cancelled by its owner' } }, db);
  return { amountMinor: attempt.amount_minor, currency: attempt.currency, done };
}

/** The reconciler's sweep: card sales of cancelled bookings not given back yet. Returns how many it gave back. */
export async function reconcileCancelledPayments(db: Database = getDb()): Promise<number> {
  if (!paymentsOrNull()) return 0;
  const owed = await db
    .selectFrom('payment_attempts as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .select('a.booking_id')
    .where('b.status', '=', 'cancelled')
    .where('a.status', '=', 'captured')
    .where('a.gateway_transaction_id', 'is not', null)
    // The least recently tried first, so a give-back that keeps failing cannot starve the rest.
    .orderBy('a.updated_at')
    .limit(20)
    .execute();
  let given = 0;
  for (const { booking_id: bookingId } of owed) if ((await giveBackCancelledPayment(bookingId, db))?.done) given += 1;
  return given;
}

// ---------------------------------------------------------------------------------------
// The calls of /api/booking/generatePgToken, /api/booking/zeroAmountBooking, /api/pgv2/*, the
// OXXO webhook. The route reads the body (app/http/pay-call.server.ts) with `payBodies`.
// ---------------------------------------------------------------------------------------

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,128}$/;
/** A saved card's id; checked here because the schema allows '' (the legacy client sends it with new cards). */
const SAVED_CARD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each call's body schema (schemas/api/booking-payment.schema.ts), compiled once. */
export const payBodies = {
  generatePgToken: compileApiBody<GeneratePgTokenBody>(generatePgTokenSchema),
  zeroAmountBooking: compileApiBody<ZeroAmountBookingBody>(zeroAmountBookingSchema),
  cardGuarantee: compileApiBody<CardGuaranteeBody>(cardGuaranteeSchema),
  hostedPayment: compileApiBody<HostedPaymentBody>(hostedPaymentSchema),
  generateCheckSum: compileApiBody<GenerateCheckSumBody>(generateCheckSumSchema),
  paymentWithSavedCard: compileApiBody<PaymentWithSavedCardBody>(paymentWithSavedCardSchema),
};
const validateOxxoWebhook = compileApiBody<OxxoWebhookBody>(oxxoWebhookSchema);

/** This family's refusal envelope: `{ status: 'invalid', message }` (docs/api.md "Booking payment"). */
export const payBodyRefused = (status: 400 | 405 | 413, message: string) =>
  json({ status: 'invalid', message }, { status, headers: status === 405 ? { Allow: 'POST' } : {} });

/** The Idempotency-Key header when it is well formed. */
function idempotencyKeyOf(header: string | null): string | null {
  return header !== null && IDEMPOTENCY_KEY.test(header) ? header : null;
}

/** Who pays which booking, as every pay call by booking id names them (a guest proves it with the hold's token). */
const payerOf = (context: PayContext, body: { id: string; hold?: string | null }) => ({
  org: context.org,
  session: context.session,
  language: context.locale.language,
  clientIp: context.clientIp,
  bookingReference: body.id,
  holdToken: typeof body.hold === 'string' ? body.hold : null,
});

/** POST /api/booking/generatePgToken: pays a booking by card, saved card, invoice or OXXO. */
export async function generatePgToken(context: PayContext, body: GeneratePgTokenBody, idempotencyKeyHeader: string | null, options: { db?: Database } = {}): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  const method = body.payment_method;
  const amountMinor = toMinorUnits(body.pg_amt);
  if (amountMinor === null || amountMinor === 0) return invalid('pg_amt: the amount to pay, above 0, with at most 2 decimals');
  if (body.pg_amount !== undefined && body.pg_amount !== null && toMinorUnits(body.pg_amount) !== amountMinor) return invalid('pg_amount: must equal pg_amt');
  let card: PayRequest['card'] = null;
  if (method === 'card') {
    if (body.nonce === undefined) return invalid('nonce: the card frame nonce is required for payment_method card');
    card = { nonce: body.nonce };
  }
  if (method === 'saved_card') {
    if (typeof body.card_id !== 'string' || !SAVED_CARD_ID.test(body.card_id)) return invalid('card_id: the id of one of your saved cards');
    card = { savedCardId: body.card_id, nonce: body.nonce ?? null };
  }
  return pay({
    ...payerOf(context, body),
    method,
    claimed: { amountMinor, currency: body.currency },
    card,
    idempotencyKey,
    fingerprint: requestFingerprint('generatePgToken', body),
  }, options.db);
}

/**
 * POST /api/booking/hostedPayment {id, pg_amt, currency, hold?}: a car of another provider
 * (payment mode 'card-provider', variant 'redirect') is paid on that provider's own page
 * (decision 0055): the attempt is made as for a card, the page is opened under its order id, and
 * the answer is `{ status: 'redirect', redirect_url }`; the payer comes back to
 * HOSTED_RETURN_PATH. `origin`: this site's, which the payer is sent back to.
 */
export async function hostedPayment(context: PayContext & { origin: string }, body: HostedPaymentBody, idempotencyKeyHeader: string | null): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  const amountMinor = toMinorUnits(body.pg_amt);
  if (amountMinor === null || amountMinor === 0) return invalid('pg_amt: the amount to pay, above 0, with at most 2 decimals');
  return pay({
    ...payerOf(context, body),
    method: 'card',
    claimed: { amountMinor, currency: body.currency },
    card: null,
    idempotencyKey,
    fingerprint: requestFingerprint('hostedPayment', body),
    hosted: { origin: context.origin },
  });
}

/** POST /api/booking/zeroAmountBooking {id}: confirms a free booking without the gateway. */
export async function zeroAmountBooking(context: PayContext, body: ZeroAmountBookingBody, header: string | null): Promise<Response> {
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  if (header !== null && !IDEMPOTENCY_KEY.test(header)) return invalid('Idempotency-Key: 8–128 letters, digits, _ : . -');
  return pay({
    ...payerOf(context, body),
    method: 'zero',
    claimed: null,
    card: null,
    // A free booking needs no client key: one zero-amount attempt per booking is the rule.
    // '/' never appears in a client's key, so this one cannot be claimed by anyone else first.
    idempotencyKey: header ?? `zero/${body.id}`,
    fingerprint: requestFingerprint('zeroAmountBooking', header ? body : { id: body.id }),
  });
}

/**
 * POST /api/booking/cardGuarantee {id, nonce, hold?}: books a car whose payment mode is 'iframe'
 * on a verified card kept as its guarantee; nothing is charged (decision 0019).
 */
export async function cardGuarantee(context: PayContext, body: CardGuaranteeBody, idempotencyKeyHeader: string | null): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  if (!isValidBookingId(body.id)) return invalid("id: a booking id (without 'undefined' or 'NaN')");
  return pay({
    ...payerOf(context, body),
    method: 'guarantee',
    claimed: null,
    card: { nonce: body.nonce },
    idempotencyKey,
    fingerprint: requestFingerprint('cardGuarantee', body),
  });
}

type ChecksumInput = { orderId: string; currency: string; countryCode: string; amount: string; apiKey: string };

/** What the schema cannot say about a checksum's fields; the message names the caller's field. */
function checksumInput(
  fields: { orderId: string; currency: string; countryCode: string; amount: number | string; apiKey?: string | null },
  names: { orderId: string; amount: string },
): ChecksumInput | string {
  if (!isValidBookingId(fields.orderId)) return `${names.orderId}: a booking id (without 'undefined' or 'NaN')`;
  const minor = toMinorUnits(fields.amount);
  if (minor === null || minor === 0) return `${names.amount}: above 0, with at most 2 decimals`;
  return { orderId: fields.orderId, currency: fields.currency, countryCode: fields.countryCode, amount: toGatewayAmount(minor), apiKey: fields.apiKey ?? '' };
}

function checksumSecret(): Buffer | null {
  return paymentsOrNull()?.secrets.checksum ?? null;
}

/** POST /api/pgv2/generateCheckSum {orderId, currency, countryCode, amount, api_key} → {checksum}. */
export function generateCheckSum(session: ActiveSession, body: GenerateCheckSumBody): Response {
  const { api_key: apiKey, ...fields } = body;
  const input = checksumInput({ ...fields, apiKey }, { orderId: 'orderId', amount: 'amount' });
  if (typeof input === 'string') return invalid(input);
  const secret = checksumSecret();
  if (!secret) return json({ status: 'unavailable', message: 'Card payments are not available' }, { status: 503 });
  return json({ checksum: checksumOf(secret, { ...input, userId: session.userDbId }) });
}

/**
 * POST /api/pgv2/paymentWithSavedCard: the second-provider saved-card payment. The checksum of
 * generateCheckSum must match (same order, amount, currency, country, api_key and user).
 */
export async function paymentWithSavedCard(
  { org, session, locale, clientIp }: PayContext & { session: ActiveSession },
  body: PaymentWithSavedCardBody,
  idempotencyKeyHeader: string | null,
): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(idempotencyKeyHeader);
  if (!idempotencyKey) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  const input = checksumInput(
    { orderId: body.order_id, currency: body.currency, countryCode: body.country_code, amount: body.amount, apiKey: body.api_key },
    { orderId: 'order_id', amount: 'amount' },
  );
  if (typeof input === 'string') return invalid(input);
  const secret = checksumSecret();
  if (!secret) return json({ status: 'unavailable', message: 'Card payments are not available' }, { status: 503 });
  if (!sameHex(body.checksum, checksumOf(secret, { ...input, userId: session.userDbId }))) {
    return json({ status: 'invalid_checksum', message: 'The checksum does not match this payment' }, { status: 403 });
  }
  const minor = toMinorUnits(input.amount) ?? 0;
  return pay({
    org,
    session,
    language: locale.language,
    clientIp,
    bookingReference: input.orderId,
    // A booking started before signing in is the hold holder's (mayPay).
    holdToken: typeof body.hold === 'string' && body.hold.length <= 128 ? body.hold : null,
    method: 'saved_card',
    claimed: { amountMinor: minor, currency: input.currency },
    card: { savedCardId: body.card_id, nonce: typeof body.nonce === 'string' ? body.nonce : null },
    idempotencyKey,
    fingerprint: requestFingerprint('paymentWithSavedCard', body),
  });
}

/**
 * POST /api/payments/oxxo/webhook: a voucher was paid in store. Signed (`X-Oxxo-Signature`,
 * HMAC of "t.body", at most 5 minutes old); applying it twice changes nothing. `raw` is the
 * body as received (the signature covers its bytes).
 */
export async function oxxoWebhook(raw: string, signature: string | null, db: Database = getDb()): Promise<Response> {
  const secret = oxxoCollectorOrNull()?.webhookSecret;
  if (!secret) return json({ status: 'unavailable' }, { status: 503 });
  // The server's body limit stops anything huge before it is read; this is the event's own bound.
  if (Buffer.byteLength(raw) > 4_096) return json({ status: 'invalid', message: 'The body is too large (at most 4096 bytes)' }, { status: 413 });
  const verdict = verifyWebhook(secret, raw, signature, Math.floor(Date.now() / 1000));
  if (verdict !== 'ok') return json({ status: 'invalid_signature', message: verdict === 'stale' ? 'The webhook is too old' : 'Bad signature' }, { status: 401 });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalid('The body is not valid JSON');
  }
  // Checked only once the signature holds: an unsigned body is not worth describing.
  const event = checkApiBody(parsed, validateOxxoWebhook, payBodyRefused);
  if (!event.ok) return event.response;
  const { reference, amount_minor: amountMinor } = event.body;
  return db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom('bookings').selectAll().where('oxxo_reference', '=', reference).forUpdate().executeTakeFirst();
    if (!booking) return json({ status: 'not_found' }, { status: 404 });
    if (booking.status === 'confirmed') return json({ status: 'confirmed', booking_id: booking.reference, replay: true });
    // A voucher paid after it lapsed (or after the expiry job failed the booking) does not
    // confirm anything: its units may be someone else's by now. The acquirer refunds the payer.
    const lapsed = booking.oxxo_expires_at !== null && booking.oxxo_expires_at.getTime() <= Date.now();
    if (lapsed || booking.status === 'failed') {
      return json({ status: 'expired', booking_id: booking.reference, message: 'This OXXO voucher expired before it was paid; the booking was not made' }, { status: 409 });
    }
    if (booking.amount_minor !== amountMinor) return invalid('amount_minor: does not match the voucher');
    const attempt = await trx
      .selectFrom('payment_attempts')
      .select('id')
      .where('booking_id', '=', booking.id)
      .where('method', '=', 'oxxo')
      .where('status', '=', 'awaiting_payment')
      .executeTakeFirst();
    if (!attempt) return json({ status: 'not_found', message: 'No voucher awaiting payment' }, { status: 404 });
    // Both rows are as read under the booking's lock; a lost move would be a bug.
    if (!(await moveAttempt(attempt.id, 'awaiting_payment', 'completed', {}, trx))) throw new LostMove('attempt awaiting_payment → completed');
    if (!(await moveBooking(booking.id, 'pending', { status: 'confirmed', confirmed_at: new Date() }, trx))) throw new LostMove('booking pending → confirmed (voucher paid)');
    return json({ status: 'confirmed', booking_id: booking.reference });
  });
}

// ---------------------------------------------------------------------------------------
// The card provider's own payment page (the car payment mode's 'redirect' variant; decision 0055).
// ---------------------------------------------------------------------------------------

/** Where the provider's page sends the payer back to (app/routes/payments.hosted-return.ts). */
export const HOSTED_RETURN_PATH = '/payments/hosted-return';
/** How long the provider's page takes a payment; the reconciler reads what happened a little after (HOSTED_SWEEP_MINUTES). */
export const HOSTED_PAYMENT_MINUTES = 15;
const HOSTED_SWEEP_MINUTES = HOSTED_PAYMENT_MINUTES + 2;
const HOSTED_UNAVAILABLE_TEXT = 'The payment page of this car\'s provider is unavailable: please try again in a few minutes';
const HOSTED_NOT_PAID_TEXT = 'The payment was not made on the provider\'s page';
/** The failure code of a visit to the provider's page that paid nothing (cancelled, left, or past its time). */
const HOSTED_NOT_PAID = 'hosted_not_paid';

/** A fresh attempt paid on the provider's page: opened there under its gateway order id, then left awaiting the payer. */
async function openProviderPage(attempt: Attempt, booking: Booking, accounts: MerchantAccounts | undefined, origin: string, language: LanguageCode, db: Database): Promise<PayOutcome> {
  const opened = await hostedPaymentsOrNull()!.open({
    amountMinor: attempt.amount_minor,
    merchantAccountId: merchantAccountFor(accounts, attempt.currency),
    orderId: gatewayOrderId(booking.reference, attempt.id),
    returnUrl: `${origin}${HOSTED_RETURN_PATH}?attempt=${attempt.id}`,
    expiresInMinutes: HOSTED_PAYMENT_MINUTES,
    description: `Booking ${booking.reference}`,
    language: language.startsWith('es') ? 'es' : 'en',
  });
  if (!opened.ok) {
    log.warn('the provider payment page could not be opened', { attemptId: attempt.id, message: opened.message });
    // Nothing was charged: the booking goes back to the traveller.
    await refuse(attempt, { kind: 'failed', code: 'hosted_unavailable', text: opened.message, transactionId: null }, db);
    return { kind: 'booking_failed', error: HOSTED_UNAVAILABLE_TEXT, httpStatus: 502 };
  }
  if (!(await moveAttempt(attempt.id, 'created', 'awaiting_payment', { hosted_url: opened.url }, db))) return storedOutcome(await reload(attempt.id, db), db);
  return { kind: 'redirect', url: opened.url };
}

/**
 * What happened on the provider's page, read from the gateway by the attempt's order id (never
 * from the URL the payer came back with): an approved sale is confirmed and captured as any card
 * payment; none (declined, cancelled, left) gives the booking back. An attempt no longer awaiting
 * the payer answers as it stands; an unanswered gateway leaves it for the reconciler.
 */
export async function finishProviderPagePayment(attemptId: string, db: Database = getDb()): Promise<PayOutcome> {
  const attempt = await reload(attemptId, db);
  const givenUp = attempt.status === 'failed' && isPaymentFailure(attempt.failure) && attempt.failure.kind === 'failed' && attempt.failure.code === HOSTED_NOT_PAID;
  if (attempt.method !== 'card' || (attempt.status !== 'awaiting_payment' && !givenUp)) return storedOutcome(attempt, db);
  const booking = await db.selectFrom('bookings').select('reference').where('id', '=', attempt.booking_id).executeTakeFirstOrThrow();
  const found = await paymentGateway().findByOrderId(gatewayOrderId(booking.reference, attempt.id));
  if (!found.ok) return { kind: 'pending' };
  const [approved, ...more] = found.value.filter((transaction) => APPROVED.includes(transaction.status));
  // One sale pays the booking; any other the page made (a second submit) is given back.
  for (const extra of more) await giveBack(attempt.id, extra.id, 'a second sale on the provider page');
  if (givenUp) {
    // Paid after the reconciler had given the booking back: nothing may keep that money.
    if (approved) await keepOrGiveBack(attempt.id, approved.id, 'paid on the provider page after it was given up', db);
    return { kind: 'booking_failed', error: HOSTED_NOT_PAID_TEXT, httpStatus: 409 };
  }
  if (approved) {
    if (await moveAttempt(attempt.id, 'awaiting_payment', 'authorized', { gateway_transaction_id: approved.id }, db)) return finishAuthorized(attempt.id, db);
    return storedOutcome(await waitForAttempt(attempt.id, db), db);
  }
  const refused = found.value.at(-1);
  const failure: PaymentFailure = refused ? failureOfTransaction(refused) : { kind: 'failed', code: HOSTED_NOT_PAID, text: HOSTED_NOT_PAID_TEXT, transactionId: null };
  if (!(await refuse(attempt, failure, db))) return storedOutcome(await reload(attempt.id, db), db);
  // Cancelled or left: nothing reached the bank, which is not a declined card.
  return refused ? outcomeOfFailure(failure) : { kind: 'booking_failed', error: HOSTED_NOT_PAID_TEXT, httpStatus: 409 };
}

/**
 * The payer came back from the provider's page (GET /payments/hosted-return?attempt=…): where to
 * send them. Confirmed or still settling: the booking's success page; refused or cancelled: its
 * checkout again (the hold is still theirs), saying so. Null for an attempt this organisation does
 * not have (404). The attempt id is the capability: unguessable, and it only reads an outcome.
 */
export async function providerPageReturn(org: Pick<OrgConfig, 'orgId'>, attemptId: string, db: Database = getDb()): Promise<string | null> {
  if (!UUID.test(attemptId)) return null;
  const row = await db
    .selectFrom('payment_attempts as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .select(['a.id', 'b.id as booking_id'])
    .where('a.id', '=', attemptId)
    .where('b.org_id', '=', org.orgId)
    .executeTakeFirst();
  if (!row) return null;
  const outcome = await finishProviderPagePayment(row.id, db);
  const booking = await db.selectFrom('bookings').selectAll().where('id', '=', row.booking_id).executeTakeFirstOrThrow();
  if (outcome.kind === 'confirmed' || outcome.kind === 'pending') return returnUrlOf(booking, db);
  const hold = booking.hold_id ? await db.selectFrom('holds').select('token').where('id', '=', booking.hold_id).executeTakeFirst() : undefined;
  const checkout = checkoutPathOf(booking.product);
  if (!hold || !checkout) return returnUrlOf(booking, db);
  const declined = outcome.kind === 'card_declined' || outcome.kind === 'three_d_secure';
  return `${checkout}?${new URLSearchParams({ hold: hold.token, hosted: declined ? 'declined' : 'not_paid' })}`;
}

/** Attempts whose provider page has closed (HOSTED_SWEEP_MINUTES after it opened): finished from what the gateway knows. */
export async function reconcileProviderPagePayments(db: Database = getDb()): Promise<number> {
  if (!paymentsOrNull()) return 0;
  const stale = await db
    .selectFrom('payment_attempts')
    .select('id')
    .where('method', '=', 'card')
    .where('status', '=', 'awaiting_payment')
    .where('updated_at', '<=', sql<Date>`now() - make_interval(mins => ${HOSTED_SWEEP_MINUTES})`)
    .orderBy('updated_at')
    .limit(20)
    .execute();
  for (const { id } of stale) {
    try {
      await finishProviderPagePayment(id, db);
    } catch (error) {
      log.error('finishing a provider page payment failed', { attemptId: id, ...errorFields(error) });
    }
  }
  return stale.length;
}

// ---------------------------------------------------------------------------------------
// OXXO voucher expiry.
// ---------------------------------------------------------------------------------------

/**
 * Fails the OXXO bookings whose voucher lapsed unpaid: the attempt 'failed', the booking
 * 'failed' with OXXO_EXPIRED_TEXT, and the units converted when the voucher was issued released.
 * Each booking in its own transaction, its row locked (SKIP LOCKED: another instance, or a
 * webhook paying it right now, has it), so a voucher is either paid or expired, never both.
 */
export async function expireOxxoVouchers(options: { limit?: number } = {}, db: Database = getDb()): Promise<number> {
  const { limit = 50 } = options;
  const due = await db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'pending')
    .where('payment_method', '=', 'oxxo')
    .where('oxxo_expires_at', '<=', new Date())
    .orderBy('oxxo_expires_at')
    .limit(limit)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
      if (!booking || booking.status !== 'pending' || !booking.oxxo_expires_at || booking.oxxo_expires_at.getTime() > Date.now()) return false;
      const attempt = await trx.selectFrom('payment_attempts').select('id').where('booking_id', '=', id).where('status', '=', 'awaiting_payment').executeTakeFirst();
      const failure: BookingFailure = { kind: 'booking', text: OXXO_EXPIRED_TEXT };
      if (attempt && !(await moveAttempt(attempt.id, 'awaiting_payment', 'failed', { failure }, trx))) return false;
      if (!(await moveBooking(id, 'pending', { status: 'failed', failure_text: OXXO_EXPIRED_TEXT }, trx))) return false;
      if (booking.hold_id) await releaseBookedHold(booking.hold_id, trx);
      return true;
    });
    if (done) expired += 1;
  }
  if (expired > 0) log.info('OXXO vouchers expired', { count: expired });
  return expired;
}

/** The periodic OXXO voucher expiry (server/index.ts), every minute. */
export const oxxoExpiryJob = { name: 'oxxo-voucher-expiry', everyMs: 60_000, run: () => expireOxxoVouchers() };
