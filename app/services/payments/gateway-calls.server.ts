// Gateway calls every money path makes the same way: a call repeated with the same idempotency
// key while its outcome is unknown, and a transaction given back (void or refund) when it buys
// nothing. Booking payments and membership renewals both use them.
import { log } from '../platform/logger.server';
import type { GatewayResult } from './port';
import { paymentGateway } from './runtime.server';

/** Waits between tries of a call whose outcome is unknown (same idempotency key every time). */
export const RETRY_DELAYS_MS = [200, 600];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls the gateway again with the same key while the outcome is unknown (transport), a bounded number of times. */
export async function withRetries<T>(call: () => Promise<GatewayResult<T>>): Promise<GatewayResult<T>> {
  let result = await call();
  for (const delay of RETRY_DELAYS_MS) {
    if (result.ok || result.failure.kind !== 'transport' || !result.failure.retryable) return result;
    await sleep(delay);
    result = await call();
  }
  return result;
}

/**
 * Lets go of what a gateway transaction holds on the card: a void before settlement (an
 * authorisation, or a sale not yet settled), a refund after it. `owner` is the id of the row the
 * money belongs to (a payment attempt, a renewal): the void's and refund's idempotency keys are
 * made from it, so a retry never gives back twice. True when nothing is held any more; false when
 * the gateway did not answer (the caller keeps its row open for a retry).
 */
export async function giveBack(owner: string, transactionId: string, why: string): Promise<boolean> {
  const gateway = paymentGateway();
  const found = await withRetries(() => gateway.findTransaction(transactionId));
  if (!found.ok || !found.value) {
    log.error('cannot give back a payment: the gateway did not find it; void or refund it by hand', { owner, transactionId, why });
    return false;
  }
  const status = found.value.status;
  const action = status === 'authorized' || status === 'submitted_for_settlement' ? 'void' : status === 'settling' || status === 'settled' ? 'refund' : null;
  // Voided, declined, failed, rejected: the card holds nothing.
  if (!action) return true;
  const result = await withRetries(() =>
    action === 'void' ? gateway.void({ transactionId, idempotencyKey: `${owner}:void` }) : gateway.refund({ transactionId, idempotencyKey: `${owner}:refund` }),
  );
  if (!result.ok) {
    log.error('giving back a payment failed: it will be retried while its row is open, else finish it by hand', {
      owner,
      transactionId,
      why,
      action,
      failure: result.failure.kind,
    });
    return false;
  }
  log.warn('payment given back', { owner, transactionId, why, action });
  return true;
}
