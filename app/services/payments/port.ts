/**
 * The payment gateway port: what bookings and saved cards need from a card processor. One
 * implementation (gateway.server.ts) on the official `braintree` SDK; in development and tests
 * it talks to the local sandbox gateway, in production to Braintree, by configuration only.
 *
 * Amounts are integer minor units of the merchant account's currency: the default account's
 * (USD), or the account a sale names (decision 0056).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unknown';

/** Why the gateway (not the bank) refused: Braintree's gateway_rejection_reason values. */
export type GatewayRejectionReason =
  'three_d_secure' | 'duplicate' | 'fraud' | 'risk_threshold' | 'application_incomplete' | 'avs' | 'cvv' | 'avs_and_cvv' | 'token_issuance' | 'excessive_retry' | 'other';

/**
 * Every way a gateway call can fail, closed so callers handle each:
 * - processor_declined: the bank said no; `soft` may pass on retry or another amount, `hard` never.
 * - gateway_rejected: the gateway refused before the bank (3-D Secure, duplicate, fraud, …).
 * - failed: the processor could not be reached by the gateway (Braintree 3000): nothing charged.
 * - validation: our request was wrong (field errors); retrying the same request will not help.
 * - transport: we do not know what happened (timeout, reset, 5xx, key in flight). With
 *   `retryable`, retry with the same idempotency key or reconcile by order id.
 */
export type PaymentFailure =
  | { kind: 'processor_declined'; code: string; text: string; decline: 'soft' | 'hard'; transactionId: string | null }
  | { kind: 'gateway_rejected'; reason: GatewayRejectionReason; transactionId: string | null }
  | { kind: 'failed'; code: string; text: string; transactionId: string | null }
  | { kind: 'validation'; errors: FieldError[] }
  | { kind: 'transport'; retryable: boolean; message: string };

export type FieldError = { field: string; code: string; message: string };

export type GatewayResult<T> = { ok: true; value: T } | { ok: false; failure: PaymentFailure };

export type TransactionStatus = 'authorized' | 'submitted_for_settlement' | 'settling' | 'settled' | 'voided' | 'processor_declined' | 'gateway_rejected' | 'failed' | 'other';

export type GatewayRiskDecision = 'approve' | 'review' | 'decline';

export type ThreeDSecureResult = { status: string; liabilityShifted: boolean; liabilityShiftPossible: boolean };

export type GatewayTransaction = {
  id: string;
  type: 'sale' | 'credit';
  status: TransactionStatus;
  amountMinor: number;
  orderId: string | null;
  card: { brand: CardBrand; last4: string } | null;
  threeDSecure: ThreeDSecureResult | null;
  /** The gateway's own risk check of a sale (Braintree's `riskData.decision`); null when it made none. */
  riskDecision: GatewayRiskDecision | null;
  refundedTransactionId: string | null;
  createdAt: string;
};

export type VaultedCard = {
  token: string;
  customerId: string;
  brand: CardBrand;
  last4: string;
  /** 'MM' */
  expirationMonth: string;
  /** 'YYYY' */
  expirationYear: string;
  isDefault: boolean;
};

/** A card to charge: a one-time nonce from the card frame, or a vaulted card's token. */
export type PaymentSource = { nonce: string } | { token: string };

export interface PaymentGateway {
  createClientToken(input: { customerId?: string }): Promise<GatewayResult<string>>;
  /** Finds the gateway customer for one of our users, creating it on first use (phone '555' when none is known, spec §9). */
  ensureCustomer(input: { customerId: string; email?: string; phone?: string | null }): Promise<GatewayResult<{ customerId: string }>>;
  vaultPaymentMethod(input: { customerId: string; nonce: string; makeDefault?: boolean; verify?: boolean }): Promise<GatewayResult<VaultedCard>>;
  setDefault(input: { token: string }): Promise<GatewayResult<VaultedCard>>;
  deletePaymentMethod(input: { token: string }): Promise<GatewayResult<null>>;
  /**
   * The card behind a one-time nonce, by its BIN and last four digits, and the country that issued
   * it (ISO 3166 alpha-2) when the gateway knows; null when the gateway knows no such nonce.
   */
  describeNonce(nonce: string): Promise<GatewayResult<{ bin: string; last4: string; country: string | null } | null>>;
  /** A one-time nonce for a vaulted card, so the browser can run 3-D Secure on a saved card. */
  createNonceForCard(token: string): Promise<GatewayResult<string>>;
  /** Authorises (does not capture) unless `submitForSettlement`; the key makes retries safe. */
  authorize(input: {
    amountMinor: number;
    source: PaymentSource;
    orderId: string;
    idempotencyKey: string;
    threeDSecureRequired: boolean;
    customerId?: string;
    submitForSettlement?: boolean;
    /** The merchant account of the charge's currency; absent: the configured default (USD) account. */
    merchantAccountId?: string;
    /** The page's device data (braintree-web's data collector), for the gateway's own risk check. */
    deviceData?: string;
  }): Promise<GatewayResult<GatewayTransaction>>;
  /** Captures all of an authorisation, or less (`amountMinor`), never more. */
  capture(input: { transactionId: string; idempotencyKey: string; amountMinor?: number }): Promise<GatewayResult<GatewayTransaction>>;
  void(input: { transactionId: string; idempotencyKey: string }): Promise<GatewayResult<GatewayTransaction>>;
  /** Refunds a settled sale, all of it or part (`amountMinor`); answers the refund transaction. */
  refund(input: { transactionId: string; idempotencyKey: string; amountMinor?: number }): Promise<GatewayResult<GatewayTransaction>>;
  findTransaction(transactionId: string): Promise<GatewayResult<GatewayTransaction | null>>;
  /** The sales made for an order id, oldest first: how the reconciler finds an unknown attempt. */
  findByOrderId(orderId: string): Promise<GatewayResult<GatewayTransaction[]>>;
}
