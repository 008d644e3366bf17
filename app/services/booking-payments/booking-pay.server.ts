// Paying for a booking, once and only once (spec §4 "Booking submit", §7 "Payment token
// generation", "Second-provider payment"; payments-sandbox.md "The booking payment flow";
// docs/decisions/0011). Every pay call goes through `pay`: one short transaction locks the
// booking and writes the payment attempt with its idempotency key before any gateway call;
// the gateway is called outside any transaction; each result is recorded at once; the
// reconciler (booking-reconcile.server.ts) finishes what a crash or a timeout left open.
import { addressKeyOf } from '../platform/address-key.server';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  ATTEMPT_LIVE,
  type PayAnswer,
  type PayMethod,
  type PayOutcome,
  DEMO_PAY_REFUSAL,
  gatewayOrderId,
  invalidPay,
  payNotFound,
  isMethodAllowed,
  ONE_LIVE_ATTEMPT_INDEX,
  outcomeOfFailure,
  payAnswer,
  paymentIdOf,
  threeDSecureRequired,
} from '~/domain/booking-payment';
import { carModeTakes } from '~/domain/car-payment-mode';
import { type MerchantAccounts, merchantAccountFor, settlesIn } from '~/domain/merchant-accounts';
import { paymentRulesOf } from '~/products/registry';
import { brandLabel } from '~/domain/saved-cards';
import { type Database, getDb, isUniqueViolation } from '../platform/db.server';
import { lockBeforeBooking, termsOf } from '../booking/booking-lifecycle.server';
import { LostMove, lockHoldOfBooking, moveBooking } from './booking-move.server';
import { payableOfHold } from '../stored-value/stored-value.server';
import { carPaymentModeOfHold } from '~/products/car/car-quote.server';
import { log } from '../platform/logger.server';
import type { RequestContext } from '../site/request-context.server';
import type { ActiveSession } from '../identity/session.server';
import { apiMessage } from '~/i18n/api-messages';
import type { LanguageCode } from '~/domain/reference-data';
import { withRetries } from '../payments/gateway-calls.server';
import type { GatewayRiskDecision, PaymentFailure, PaymentSource } from '../payments/port';
import { claimInvoiceCredit } from './invoice-credit.server';
import { hostedPaymentsOrNull, oxxoCollectorOrNull, paymentGateway, paymentsOrNull } from '../payments/runtime.server';
import {
  type Attempt,
  type Booking,
  EXPIRED_TEXT,
  LATE_TEXT,
  answerLostRace,
  bookingAndHold,
  claimInventory,
  failExpired,
  finishAuthorized,
  finishWithoutGateway,
  gatewayKey,
  keepOrGiveBack,
  moveAttempt,
  refuse,
  reload,
  returnUrlOf,
  settleAttempt,
  storedOutcome,
  waitForAttempt,
} from './payment-attempts.server';
import { openProviderPage } from './provider-page.server';
import { noteDecisionOutcome, screenAttempt } from '../fraud/screening.server';
import { describeCard } from '../payments/card-key.server';
import { fraudRulesOf } from '~/domain/fraud-risk';

/** Who pays: the request's organisation and session. */
export type PayContext = Pick<RequestContext, 'org' | 'session' | 'locale' | 'clientIp'> & Partial<Pick<RequestContext, 'userAgent'>>;

export type PayRequest = {
  org: OrgConfig;
  session: ActiveSession | null;
  /** The language of the refusals a person reads as sent. */
  language: LanguageCode;
  /** Who asked (spec §7 `ip`): kept on the attempt for review. */
  clientIp: string;
  /** The asking browser's User-Agent, for the fraud screening; null when unknown. */
  userAgent?: string | null;
  bookingReference: string;
  /** A guest booking is paid by whoever holds its hold token. */
  holdToken: string | null;
  method: PayMethod;
  /** What the client believes it pays (minor units, currency); must equal the frozen amount. */
  claimed: { amountMinor: number; currency: string } | null;
  /** card, guarantee: a nonce; saved_card: the saved card's id (and a 3-D Secure nonce of it, if any). */
  card: { nonce: string } | { savedCardId: string; nonce: string | null } | null;
  /** The page's device data (Braintree's data collector): screened, and passed on with the sale. */
  deviceData?: string | null;
  idempotencyKey: string;
  fingerprint: string;
  /** Paid on the card provider's own page (decision 0055): where the payer comes back to. */
  hosted?: { origin: string };
};

/** May this visitor pay this booking? Its own user, or for a guest booking the hold's holder. */
async function mayPay(booking: Booking, session: ActiveSession | null, holdToken: string | null, db: Database): Promise<boolean> {
  if (booking.user_id !== null) return session?.userDbId === booking.user_id;
  if (!holdToken || !booking.hold_id) return false;
  const hold = await db.selectFrom('holds').select('token').where('id', '=', booking.hold_id).executeTakeFirst();
  return hold?.token === holdToken;
}

type Begun = { kind: 'fresh'; attempt: Attempt } | { kind: 'replay'; attempt: Attempt } | { kind: 'busy'; attempt: Attempt } | { kind: 'answer'; outcome: PayOutcome };

/** The booking's live attempt (at most one: the index payment_attempts_one_live). */
function liveAttemptOf(bookingId: string, db: Database): Promise<Attempt | undefined> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', 'in', [...ATTEMPT_LIVE])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
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
      // What the booking's subscribers lock (a membership's member: decision 0032), then the booking.
      await lockBeforeBooking(bookingId, 'pending', trx);
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
      const terms = termsOf(booking.product);
      if (terms) {
        const refusal = await terms.payRefusal(booking, trx);
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
          client_ip: await addressKeyOf(input.clientIp, trx),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The booking row is locked and was 'initiated' above; a lost move would be a bug.
      const pending = { status: 'pending', payment_method: input.method, failure_text: null, invoice_credit_line_id: invoiceCreditLineId } as const;
      if (!(await moveBooking(booking.id, 'initiated', pending, trx, { locksTaken: true }))) throw new LostMove('booking initiated → pending');
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

/**
 * Pays booking `input.bookingReference` once: the answer of its outcome (spec §7 bodies, with the
 * status the call answers), or the refusal of a request that starts no attempt.
 */
export async function pay(input: PayRequest, db: Database = getDb()): Promise<PayAnswer> {
  if (input.session?.user.is_demo) return DEMO_PAY_REFUSAL;
  const booking = await db.selectFrom('bookings').selectAll().where('reference', '=', input.bookingReference).where('org_id', '=', input.org.orgId).executeTakeFirst();
  if (!booking || !(await mayPay(booking, input.session, input.holdToken, db))) return payNotFound();
  if (!isMethodAllowed(input.method, input.org.payments.options, booking.product, input.session !== null)) {
    return invalidPay(`payment_method: ${input.method} is not offered for this booking`);
  }
  if (paymentRulesOf(booking.product)?.cardGuarantee) {
    // The car's payment mode, from its hold's quote as the checkout shows it (decisions 0019, 0025): a
    // request cannot charge a car paid at the desk, nor book a guaranteed one without a card.
    const mode = await carPaymentModeOfHold(booking.hold_id, db);
    // No mode: the hold lapsed (or cannot be priced any more), as every other pay call answers it.
    if (!mode) return payAnswer({ kind: 'booking_failed', error: EXPIRED_TEXT, httpStatus: 409 }, { reference: booking.reference, returnUrl: '', paymentId: null });
    if (!carModeTakes(mode, input.method)) {
      return invalidPay(`payment_method: ${input.method} is not how this car is paid (payment mode ${mode.mode})`);
    }
    // A car of another provider is paid on that provider's page where there is one (decision 0055).
    const onProviderPage = mode.mode === 'card-provider' && mode.variant === 'redirect' && hostedPaymentsOrNull() !== null;
    if (input.hosted && !onProviderPage) return invalidPay("This car is not paid on its provider's page: pay it in the card form");
    if (!input.hosted && onProviderPage && (input.method === 'card' || input.method === 'saved_card')) {
      return invalidPay("This car is paid on its provider's page: POST /api/booking/hostedPayment");
    }
  } else if (input.hosted) return invalidPay("Only a car of another provider is paid on its provider's page");
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
    if (!saved) return payNotFound('No such saved card');
    source = input.card.nonce ? { nonce: input.card.nonce } : { token: saved.token };
    customerId = saved.gateway_customer_id;
  } else if (input.card) source = { nonce: input.card.nonce };
  if (input.method === 'oxxo' && !oxxoCollectorOrNull()) return invalidPay('payment_method: oxxo is not offered here (no OXXO collector is configured)');
  const throughGateway = input.method === 'card' || input.method === 'saved_card' || input.method === 'guarantee';
  if (throughGateway && !paymentsOrNull()) {
    return payAnswer({ kind: 'booking_failed', error: 'Card payments are not available', httpStatus: 502 }, { reference: booking.reference, returnUrl: '', paymentId: null });
  }
  // Quoted in a currency the organisation no longer settles in (its merchant account was removed since): nothing can be charged.
  const accounts = input.org.payments.merchantAccounts;
  if (throughGateway && booking.currency && !settlesIn(accounts, booking.currency)) {
    return payAnswer(
      { kind: 'booking_failed', error: `Card payments in ${booking.currency} are not available: search again`, httpStatus: 409 },
      { reference: booking.reference, returnUrl: '', paymentId: null },
    );
  }
  const returnUrl = await returnUrlOf(booking, db);
  // The answer names the attempt's payment (spec §7 payment_id), read once its outcome is known.
  const answer = async (outcome: PayOutcome, attemptId: string | null) => {
    const paymentId = attemptId === null ? null : paymentIdOf(await reload(attemptId, db));
    return payAnswer(outcome, { reference: booking.reference, returnUrl, paymentId });
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
    case 'fresh': {
      if (input.hosted) return answer(await openProviderPage(begun.attempt, booking, accounts, input.hosted.origin, input.language, db), begun.attempt.id);
      const threeDSecure = threeDSecureRequired(input.org.payments.threeDSecure);
      if (!throughGateway) return answer(await run(begun.attempt, booking, source, customerId, accounts, threeDSecure, db), begun.attempt.id);
      const started = performance.now();
      const decision = await screenPayment(input, booking, begun.attempt, db);
      const riskMs = performance.now() - started;
      if (decision.action === 'block') {
        log.warn('payment refused by the fraud rules', { decisionId: decision.decisionId, score: decision.score, hits: decision.hits.map((hit) => hit.rule) });
        // Told as a declined card, as a bank's refusal is: the rules are not shown to whoever trips them.
        const refused = (await refuse(begun.attempt, FRAUD_REFUSAL, db)) ? outcomeOfFailure(FRAUD_REFUSAL) : await storedOutcome(await reload(begun.attempt.id, db), db);
        return { ...(await answer(refused, begun.attempt.id)), riskMs };
      }
      const screened = { deviceData: input.deviceData ?? null, gatewayRisk: null as GatewayRiskDecision | null };
      const outcome = await run(begun.attempt, booking, source, customerId, accounts, threeDSecure || decision.action === 'require_3ds', db, screened);
      if (outcome.kind !== 'pending') await noteDecisionOutcome(decision.decisionId, outcome.kind === 'confirmed' ? 'paid' : 'declined', db, screened.gatewayRisk);
      return { ...(await answer(outcome, begun.attempt.id)), riskMs };
    }
  }
}

/** A sale the gateway's own fraud tools rejected is its risk check declining it. */
const gatewayRiskOfFailure = (failure: PaymentFailure): GatewayRiskDecision | null =>
  failure.kind === 'gateway_rejected' && (failure.reason === 'fraud' || failure.reason === 'risk_threshold') ? 'decline' : null;

/** A payment the organisation's fraud rules block: recorded on the attempt as the gateway's own fraud rejection would be. */
const FRAUD_REFUSAL = { kind: 'gateway_rejected', reason: 'fraud', transactionId: null } as const;

/** The user-fraud check of a payment (spec §7: userId, ip, action), with the card it names. */
async function screenPayment(input: PayRequest, booking: Booking, attempt: Attempt, db: Database) {
  const card = input.card === null ? null : 'savedCardId' in input.card ? { savedCardId: input.card.savedCardId } : { nonce: input.card.nonce };
  return screenAttempt(
    {
      org: input.org,
      stage: 'payment',
      userId: booking.user_id,
      email: input.session?.user.email ?? booking.guest_email,
      clientIp: input.clientIp,
      userAgent: input.userAgent ?? null,
      card: card && (await describeCard(card)),
      // A new card is typed on the page, whose collector gives its device data; a saved card was checked when it was saved.
      ...(input.method === 'card' && card && 'nonce' in card ? { deviceData: input.deviceData ?? null } : {}),
      bookingId: booking.id,
      amount: { minor: attempt.amount_minor, currency: attempt.currency },
      startsOn: booking.starts_on,
    },
    fraudRulesOf(input.org),
    db,
  );
}

/** Runs a fresh attempt to its outcome. */
async function run(
  attempt: Attempt,
  booking: Booking,
  source: PaymentSource | null,
  customerId: string | undefined,
  accounts: MerchantAccounts | undefined,
  threeDSecure: boolean,
  db: Database,
  /** A screened payment: the page's device data goes with the sale, whose own risk decision is filled in for the screening. */
  screened?: { deviceData: string | null; gatewayRisk: GatewayRiskDecision | null },
): Promise<PayOutcome> {
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
      ...(screened?.deviceData ? { deviceData: screened.deviceData } : {}),
      merchantAccountId: merchantAccountFor(accounts, attempt.currency),
    }),
  );
  if (screened) screened.gatewayRisk = result.ok ? result.value.riskDecision : gatewayRiskOfFailure(result.failure);
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
