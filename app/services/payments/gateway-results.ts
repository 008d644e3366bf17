// Pure translation between Braintree's shapes and the PaymentGateway port: amounts, brands,
// statuses and the closed failure union. No IO and no SDK import, so it is unit tested directly.
import type { CardBrand, FieldError, GatewayRejectionReason, PaymentFailure, TransactionStatus } from './port';

/** Integer minor units → Braintree's decimal string (two decimals; the currency is USD). */
export function toGatewayAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Amount must be a non-negative integer of minor units, got ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Braintree's decimal string → integer minor units, without going through a float. */
export function fromGatewayAmount(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Unexpected gateway amount ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const BRANDS: Record<string, CardBrand> = {
  Visa: 'visa',
  MasterCard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
  JCB: 'jcb',
  'Diners Club': 'diners',
};

export function cardBrand(cardType: string | null | undefined): CardBrand {
  return (cardType && BRANDS[cardType]) || 'unknown';
}

const STATUSES: readonly TransactionStatus[] = ['authorized', 'submitted_for_settlement', 'settling', 'settled', 'voided', 'processor_declined', 'gateway_rejected', 'failed'];

export function transactionStatus(status: string): TransactionStatus {
  return STATUSES.find((known) => known === status) ?? 'other';
}

const REJECTION_REASONS: readonly GatewayRejectionReason[] = [
  'three_d_secure',
  'duplicate',
  'fraud',
  'risk_threshold',
  'application_incomplete',
  'avs',
  'cvv',
  'avs_and_cvv',
  'token_issuance',
  'excessive_retry',
];

export function rejectionReason(reason: string | null | undefined): GatewayRejectionReason {
  return REJECTION_REASONS.find((known) => known === reason) ?? 'other';
}

/** The fields of a refused transaction or verification that say why. */
export type RefusedAttempt = {
  id?: string | null;
  status: string;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  processorResponseType?: string | null;
  gatewayRejectionReason?: string | null;
};

/** The failure a refused transaction or card verification stands for; null if it was not refused. */
export function failureFromAttempt(attempt: RefusedAttempt): PaymentFailure | null {
  const transactionId = attempt.id ?? null;
  switch (attempt.status) {
    case 'processor_declined':
      return {
        kind: 'processor_declined',
        code: attempt.processorResponseCode ?? '',
        text: attempt.processorResponseText ?? '',
        decline: attempt.processorResponseType === 'hard_declined' ? 'hard' : 'soft',
        transactionId,
      };
    case 'gateway_rejected':
      return { kind: 'gateway_rejected', reason: rejectionReason(attempt.gatewayRejectionReason), transactionId };
    case 'failed':
      return { kind: 'failed', code: attempt.processorResponseCode ?? '', text: attempt.processorResponseText ?? '', transactionId };
    default:
      return null;
  }
}

/** Braintree's "a request with this API request key is in flight": the outcome is not known yet. */
const KEY_IN_FLIGHT = '915233';

/** Validation errors of a 422 answer without a refused transaction. */
export function failureFromErrors(errors: readonly { attribute: string; code: string; message: string }[], message: string): PaymentFailure {
  if (errors.some((error) => error.code === KEY_IN_FLIGHT)) {
    return { kind: 'transport', retryable: true, message: 'A request with this idempotency key is still in flight' };
  }
  const fields: FieldError[] = errors.map((error) => ({ field: error.attribute, code: error.code, message: error.message }));
  return { kind: 'validation', errors: fields.length > 0 ? fields : [{ field: 'base', code: 'unknown', message }] };
}

/**
 * An exception thrown by the SDK. Credentials refused are not worth retrying; everything else
 * (timeouts, resets, 5xx, 429) leaves the outcome unknown, so retry with the key or reconcile.
 */
export function failureFromException(error: unknown): PaymentFailure {
  const type = typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (type === 'notFoundError') return { kind: 'validation', errors: [{ field: 'id', code: 'not_found', message: 'Not found at the gateway' }] };
  if (type === 'authenticationError' || type === 'authorizationError' || type === 'invalidKeysError') {
    return { kind: 'transport', retryable: false, message: `${type}: ${message}` };
  }
  return { kind: 'transport', retryable: true, message: type ? `${type}: ${message}` : message };
}
