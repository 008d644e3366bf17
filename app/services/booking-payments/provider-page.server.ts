// The card provider's own payment page (the car payment mode's 'redirect' variant; decision 0055).
import { sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { type PayOutcome, gatewayOrderId, isPaymentFailure, outcomeOfFailure } from '~/domain/booking-payment';
import { type MerchantAccounts, merchantAccountFor } from '~/domain/merchant-accounts';
import { checkoutPathOf } from '~/products/registry';
import { UUID } from '~/domain/saved-cards';
import { type Database, getDb } from '../platform/db.server';
import { errorFields, log } from '../platform/logger.server';
import type { LanguageCode } from '~/domain/reference-data';
import { giveBack } from '../payments/gateway-calls.server';
import type { PaymentFailure } from '../payments/port';
import { hostedPaymentsOrNull, paymentGateway, paymentsOrNull } from '../payments/runtime.server';
import {
  type Attempt,
  type Booking,
  APPROVED,
  failureOfTransaction,
  finishAuthorized,
  keepOrGiveBack,
  moveAttempt,
  refuse,
  reload,
  returnUrlOf,
  storedOutcome,
  waitForAttempt,
} from './payment-attempts.server';

/** Where the provider's page sends the payer back to (app/routes/payments.hosted-return.ts). */
export const HOSTED_RETURN_PATH = '/payments/hosted-return';

/** How long the provider's page takes a payment; the reconciler reads what happened a little after (HOSTED_SWEEP_MINUTES). */
export const HOSTED_PAYMENT_MINUTES = 15;

const HOSTED_SWEEP_MINUTES = HOSTED_PAYMENT_MINUTES + 2;

const HOSTED_UNAVAILABLE_TEXT = "The payment page of this car's provider is unavailable: please try again in a few minutes";

const HOSTED_NOT_PAID_TEXT = "The payment was not made on the provider's page";

/** The failure code of a visit to the provider's page that paid nothing (cancelled, left, or past its time). */
const HOSTED_NOT_PAID = 'hosted_not_paid';

/** A fresh attempt paid on the provider's page: opened there under its gateway order id, then left awaiting the payer. */
export async function openProviderPage(
  attempt: Attempt,
  booking: Booking,
  accounts: MerchantAccounts | undefined,
  origin: string,
  language: LanguageCode,
  db: Database,
): Promise<PayOutcome> {
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
