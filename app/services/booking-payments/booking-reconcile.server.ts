// The reconciler (docs/decisions/0011, 0018): finishes what a crash or a timeout left open, and
// runs the other sweeps that settle money after the fact.
import { sql } from 'kysely';
import { ATTEMPT_IN_FLIGHT, gatewayOrderId } from '~/domain/booking-payment';
import { type Database, getDb } from '../platform/db.server';
import { matureEarnedPoints, reconcileApplications } from '../stored-value/stored-value.server';
import { reconcileWalletTopups } from '../stored-value/wallet-topups.server';
import { errorFields, log } from '../platform/logger.server';
import { RETRY_DELAYS_MS } from '../payments/gateway-calls.server';
import { paymentGateway, paymentsOrNull } from '../payments/runtime.server';
import {
  type Attempt,
  APPROVED,
  failureOfTransaction,
  finishAuthorized,
  finishWithoutGateway,
  gatewayTimeoutMs,
  keepOrGiveBack,
  moveAttempt,
  refuse,
} from './payment-attempts.server';
import { reconcileProviderPagePayments } from './provider-page.server';
import { reconcileCancelledPayments } from './booking-cancel.server';

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
    if (rows.length > 0)
      await trx
        .updateTable('payment_attempts')
        .set({ updated_at: new Date() })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
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
