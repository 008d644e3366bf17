// The sandbox gateway's in-memory merchant: customers, vaulted cards, single-use nonces,
// transactions with Braintree's settlement states, idempotency keys and a movable clock.
// Everything lives in one process and is lost on restart (tests reset it anyway).
import { createHash, randomBytes } from 'node:crypto';
import { isDeviceData } from '~/domain/fraud-signals';
import {
  authenticateThreeDSecure,
  type AmountOutcome,
  cardBehaviour,
  countryOfIssuance,
  riskDecisionOf,
  cardTypeOf,
  type CardType,
  declineFor,
  fakeNonceTable,
  formatAmount,
  luhnValid,
  outcomeForAmount,
  parseAmount,
  type ThreeDSecureInfo,
} from './rules';
import { XmlList, type XmlObject } from './xml';

export type Card = { number: string; cardType: CardType; expirationMonth: string; expirationYear: string; cardholderName: string | null };

type Nonce = { card: Card; threeDSecure: ThreeDSecureInfo | null; consumed: boolean; forcedOutcome: AmountOutcome | null; token: string | null };

/** A 3-D Secure challenge the card frame started; the challenge page settles it, the frame reads it. */
type Challenge = { id: string; card: Card; token: string | null; status: 'pending' | 'succeeded' | 'failed' | 'abandoned'; nonce: string | null };

/**
 * The card frame's 3-D Secure answer. `not_enrolled`: the card takes no part in 3-D Secure (no
 * liability shift; a sale that requires 3-D Secure is then gateway-rejected, so the app decides).
 */
export type FrameThreeDSecure = { status: 'succeeded' | 'requires_payment_method' | 'not_enrolled' } | { status: 'challenge_required'; challengeId: string };

export type FrameTokenized = {
  nonce: string;
  details: { brand: CardType; last4: string; expMonth: string; expYear: string };
  threeDSecure: FrameThreeDSecure | null;
};

type Customer = { id: string; email: string | null; phone: string | null; firstName: string | null; lastName: string | null; createdAt: number };

type Verification = { id: string; status: 'verified' | 'processor_declined' | 'gateway_rejected'; code: string; text: string; rejectionReason: string | null; createdAt: number };

type PaymentMethod = { token: string; customerId: string; card: Card; isDefault: boolean; createdAt: number; verification: Verification | null };

export type TransactionStatus = 'authorized' | 'submitted_for_settlement' | 'settled' | 'voided' | 'processor_declined' | 'failed' | 'gateway_rejected';

type Transaction = {
  id: string;
  type: 'sale' | 'credit';
  status: TransactionStatus;
  amount: number;
  orderId: string | null;
  merchantAccountId: string;
  customerId: string | null;
  token: string | null;
  card: Card;
  processorCode: string;
  processorText: string;
  processorType: 'approved' | 'soft_declined' | 'hard_declined' | null;
  rejectionReason: string | null;
  threeDSecure: ThreeDSecureInfo | null;
  /** Whether the sale came with device data as the data collector shapes it (Braintree's riskData.deviceDataCaptured). */
  deviceDataCaptured: boolean;
  refundIds: string[];
  refundedTransactionId: string | null;
  history: { status: TransactionStatus; timestamp: number; amount: number }[];
  createdAt: number;
  updatedAt: number;
};

export type Webhook = { kind: string; subjectId: string; timestamp: string };

/** A reply the HTTP layer writes: status and an XML body (or none). */
export type Reply = { status: number; xml: XmlObject | XmlList | null; root: string };

type FieldError = { code: string; attribute: string; message: string };

const DUPLICATE_WINDOW_MS = 30_000;

/** The sandbox merchant's USD merchant account, its default. */
export const SANDBOX_MERCHANT_ACCOUNT_ID = 'sandbox_usd';

/**
 * The sandbox merchant's merchant accounts and the currency each settles in: as at Braintree, a
 * merchant account is in one currency, and a sale naming an account it does not have is refused
 * (91513). Its peso account is the one Viajamás names (org-configs: payments.merchantAccounts).
 */
export const SANDBOX_MERCHANT_ACCOUNTS: Readonly<Record<string, string>> = { [SANDBOX_MERCHANT_ACCOUNT_ID]: 'USD', sandbox_mxn: 'MXN' };

/** The currency of a merchant account of the sandbox; unknown accounts have none. */
export const currencyOfAccount = (accountId: string): string | undefined =>
  Object.hasOwn(SANDBOX_MERCHANT_ACCOUNTS, accountId) ? SANDBOX_MERCHANT_ACCOUNTS[accountId] : undefined;

function ok(root: string, xml: XmlObject | XmlList, status = 200): Reply {
  return { status, xml, root };
}

const EMPTY: Reply = { status: 200, xml: null, root: '' };
const NOT_FOUND: Reply = { status: 404, xml: null, root: '' };

/** A 422 `api-error-response`: field errors nested under their scope, plus the failed record. */
function apiError(message: string, scope: string, errors: FieldError[], extra: XmlObject = {}): Reply {
  const list = new XmlList(
    'error',
    errors.map((error) => ({ code: error.code, attribute: error.attribute, message: error.message })),
  );
  return ok('api-error-response', { errors: { [scope]: { errors: list }, errors: new XmlList('error', []) }, message, ...extra }, 422);
}

function fieldError(scope: string, code: string, attribute: string, message: string): Reply {
  return apiError(message, scope, [{ code, attribute, message }]);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}

function newId(length = 8): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

function fingerprint(number: string): string {
  return createHash('sha256').update(`sandbox:${number}`).digest('hex').slice(0, 32);
}

function cardXml(card: Card, token: string | null, extra: XmlObject = {}): XmlObject {
  return {
    token,
    bin: card.number.slice(0, 6),
    'last-4': card.number.slice(-4),
    cardType: card.cardType,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    cardholderName: card.cardholderName,
    uniqueNumberIdentifier: fingerprint(card.number),
    imageUrl: `https://assets.braintreegateway.com/payment_method_logo/${card.cardType.toLowerCase().replace(/ /g, '_')}.png`,
    ...extra,
  };
}

function threeDSecureXml(info: ThreeDSecureInfo): XmlObject {
  return {
    status: info.status,
    enrolled: info.enrolled,
    liabilityShifted: info.liabilityShifted,
    liabilityShiftPossible: info.liabilityShiftPossible,
    threeDSecureVersion: info.version,
  };
}

export class SandboxState {
  private readonly customers = new Map<string, Customer>();
  private readonly paymentMethods = new Map<string, PaymentMethod>();
  private readonly nonces = new Map<string, Nonce>();
  private readonly challenges = new Map<string, Challenge>();
  private readonly transactions = new Map<string, Transaction>();
  private readonly idempotency = new Map<string, { fingerprint: string; reply: Reply | null }>();
  private readonly fakeNonces = fakeNonceTable();
  readonly webhooks: Webhook[] = [];
  private clockOffsetMs = 0;

  constructor(
    private readonly gatewayUrl: () => string,
    private readonly merchantId: string,
  ) {}

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  reset(): void {
    this.customers.clear();
    this.paymentMethods.clear();
    this.nonces.clear();
    this.challenges.clear();
    this.transactions.clear();
    this.idempotency.clear();
    this.webhooks.length = 0;
    this.clockOffsetMs = 0;
  }

  // ---- idempotency ---------------------------------------------------------------------

  /**
   * Runs a keyed request once: the same key and request replay the stored reply, the same key
   * with another request is 915232, a key whose request is still running is 915233.
   */
  async idempotent(key: string | null, requestFingerprint: string, run: () => Promise<Reply>): Promise<Reply> {
    if (!key) return run();
    const seen = this.idempotency.get(key);
    if (seen) {
      if (seen.fingerprint !== requestFingerprint) {
        return fieldError('transaction', '915232', 'api_request_key', 'API request key can be reused only with the same request.');
      }
      if (!seen.reply) return fieldError('transaction', '915233', 'api_request_key', 'A request with this API request key is in flight.');
      return seen.reply;
    }
    const entry: { fingerprint: string; reply: Reply | null } = { fingerprint: requestFingerprint, reply: null };
    this.idempotency.set(key, entry);
    try {
      entry.reply = await run();
      return entry.reply;
    } catch (error) {
      this.idempotency.delete(key);
      throw error;
    }
  }

  // ---- nonces ----------------------------------------------------------------------------

  /** Mints a single-use nonce from card details, as the card frame will; runs 3-D Secure if asked. */
  mintNonce(input: Record<string, unknown>): { nonce: string; threeDSecure: ThreeDSecureInfo | null } | { error: string } {
    const token = text(input.token);
    let card: Card;
    if (token) {
      const method = this.paymentMethods.get(token);
      if (!method) return { error: 'Unknown payment method token.' };
      card = method.card;
    } else {
      const number = (text(input.number) ?? '').replace(/[\s-]/g, '');
      const cardType = cardTypeOf(number);
      if (!luhnValid(number) || !cardType) return { error: 'Credit card number is invalid.' };
      const month = (text(input.expirationMonth) ?? '').padStart(2, '0');
      const year = text(input.expirationYear) ?? '';
      if (!/^(0[1-9]|1[0-2])$/.test(month)) return { error: 'Expiration month is invalid.' };
      if (!/^\d{4}$/.test(year)) return { error: 'Expiration year is invalid.' };
      card = { number, cardType, expirationMonth: month, expirationYear: year, cardholderName: text(input.cardholderName) };
    }
    const threeDSecure = flag(input.threeDSecure) ? authenticateThreeDSecure(card.number, text(input.challengeCode) ?? undefined) : null;
    return { nonce: this.storeNonce(card, threeDSecure, token), threeDSecure };
  }

  private storeNonce(card: Card, threeDSecure: ThreeDSecureInfo | null, token: string | null): string {
    const nonce = `tokencc_sb_${newId(12)}`;
    this.nonces.set(nonce, { card, threeDSecure, consumed: false, forcedOutcome: null, token });
    return nonce;
  }

  // ---- the card frame's client API (card data reaches only this process) -------------------

  /**
   * A nonce for card details the card frame collected, with the 3-D Secure lookup when asked:
   * frictionless cards answer at once, challenge cards open a challenge (the nonce then carries
   * no liability shift; the challenge's result brings a new one).
   */
  frameTokenize(card: Omit<Card, 'cardholderName'>, threeDSecure: boolean): FrameTokenized {
    return this.frameNonce({ ...card, cardholderName: null }, null, threeDSecure);
  }

  /** 3-D Secure for a nonce the server made for a vaulted card; the nonce is used up. */
  frameVerify(nonceValue: string): FrameTokenized | { error: string } {
    const nonce = this.nonces.get(nonceValue);
    if (!nonce) return { error: 'Unknown or expired payment method nonce.' };
    if (nonce.consumed) return { error: 'This payment method nonce has already been used.' };
    nonce.consumed = true;
    return this.frameNonce(nonce.card, nonce.token, true);
  }

  private frameNonce(card: Card, token: string | null, threeDSecure: boolean): FrameTokenized {
    const details = { brand: card.cardType, last4: card.number.slice(-4), expMonth: card.expirationMonth, expYear: card.expirationYear };
    if (!threeDSecure) return { nonce: this.storeNonce(card, null, token), details, threeDSecure: null };
    const lookup = authenticateThreeDSecure(card.number, undefined);
    const nonce = this.storeNonce(card, lookup, token);
    if (lookup.status === 'challenge_required') {
      const challengeId = `3ds_${newId(16)}`;
      this.challenges.set(challengeId, { id: challengeId, card, token, status: 'pending', nonce: null });
      return { nonce, details, threeDSecure: { status: 'challenge_required', challengeId } };
    }
    const status = lookup.liabilityShifted ? 'succeeded' : lookup.enrolled === 'N' ? 'not_enrolled' : 'requires_payment_method';
    return { nonce, details, threeDSecure: { status } };
  }

  /** The challenge page's submit: the code decides (1234 passes on the challenge test card). */
  authenticateChallenge(challengeId: string, code: string): { status: 'succeeded' | 'failed' } | { error: string; httpStatus: 404 | 409 } {
    const challenge = this.challenges.get(challengeId);
    if (!challenge) return { error: 'Unknown 3-D Secure challenge.', httpStatus: 404 };
    if (challenge.status !== 'pending') return { error: 'This 3-D Secure challenge is already finished.', httpStatus: 409 };
    const result = authenticateThreeDSecure(challenge.card.number, code);
    if (result.liabilityShifted) {
      challenge.status = 'succeeded';
      challenge.nonce = this.storeNonce(challenge.card, result, challenge.token);
    } else {
      challenge.status = 'failed';
    }
    return { status: challenge.status };
  }

  /**
   * The result the card frame retrieves once the challenge closes. A challenge closed without an
   * answer (cancelled) is abandoned then, so a late submit cannot change the result.
   */
  challengeResult(challengeId: string): { status: 'succeeded'; nonce: string } | { status: 'requires_payment_method' } | null {
    const challenge = this.challenges.get(challengeId);
    if (!challenge) return null;
    if (challenge.status === 'pending') challenge.status = 'abandoned';
    return challenge.status === 'succeeded' && challenge.nonce ? { status: 'succeeded', nonce: challenge.nonce } : { status: 'requires_payment_method' };
  }

  /** Whether a challenge exists and still waits for the cardholder (the challenge page shows it). */
  challengePending(challengeId: string): boolean {
    return this.challenges.get(challengeId)?.status === 'pending';
  }

  /** Looks a nonce up (minted or one of the SDK's fake nonces); null when unknown. */
  private nonce(value: string): Nonce | null {
    const minted = this.nonces.get(value);
    if (minted) return minted;
    const fake = this.fakeNonces.get(value);
    if (!fake) return null;
    const cardType = cardTypeOf(fake.number) ?? 'Visa';
    // Fake nonces are reusable (as at Braintree), except the one that stands for a consumed nonce.
    return {
      card: { number: fake.number, cardType, expirationMonth: '12', expirationYear: String(new Date(this.now()).getUTCFullYear() + 3), cardholderName: null },
      threeDSecure: fake.threeDSecure ?? null,
      consumed: fake.consumed ?? false,
      forcedOutcome: fake.forcedOutcome ?? null,
      token: null,
    };
  }

  /** A nonce as Braintree's `paymentMethodNonce.find` answers it: its card's BIN and last digits, never the number. */
  findNonce(value: string): Reply {
    const nonce = this.nonce(value);
    if (!nonce) return NOT_FOUND;
    const { card } = nonce;
    return ok('payment-method-nonce', {
      nonce: value,
      type: 'CreditCard',
      consumed: nonce.consumed,
      details: {
        bin: card.number.slice(0, 6),
        lastTwo: card.number.slice(-2),
        lastFour: card.number.slice(-4),
        cardType: card.cardType,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
      },
      binData: { countryOfIssuance: countryOfIssuance(card.number) },
    });
  }

  // ---- client token, customers -----------------------------------------------------------

  clientToken(body: Record<string, unknown>): Reply {
    const params = record(body.client_token);
    const customerId = text(params.customer_id);
    if (customerId && !this.customers.has(customerId)) {
      return fieldError('client_token', '92804', 'customer_id', 'Customer specified by customer_id does not exist');
    }
    const base = `${this.gatewayUrl()}/merchants/${this.merchantId}`;
    const token = {
      version: 2,
      authorizationFingerprint: `${newId(32)}${customerId ? `?customer_id=${customerId}` : ''}`,
      configUrl: `${base}/client_api/v1/configuration`,
      clientApiUrl: `${base}/client_api`,
      environment: 'sandbox-local',
      merchantId: this.merchantId,
    };
    return ok('client-token', { value: Buffer.from(JSON.stringify(token)).toString('base64') }, 201);
  }

  private customerXml(customer: Customer): XmlObject {
    const cards = [...this.paymentMethods.values()].filter((method) => method.customerId === customer.id).map((method) => this.paymentMethodXml(method));
    return {
      id: customer.id,
      email: customer.email,
      phone: customer.phone,
      firstName: customer.firstName,
      lastName: customer.lastName,
      createdAt: iso(customer.createdAt),
      creditCards: new XmlList('credit-card', cards),
    };
  }

  createCustomer(body: Record<string, unknown>): Reply {
    const input = record(body.customer);
    const id = text(input.id) ?? newId(9);
    if (!/^[A-Za-z0-9_-]{1,36}$/.test(id)) return fieldError('customer', '91610', 'id', 'Customer ID is invalid.');
    if (this.customers.has(id)) return fieldError('customer', '91609', 'id', 'Customer ID has already been taken.');
    const customer: Customer = {
      id,
      email: text(input.email),
      phone: text(input.phone),
      firstName: text(input.first_name),
      lastName: text(input.last_name),
      createdAt: this.now(),
    };
    this.customers.set(id, customer);
    return ok('customer', this.customerXml(customer), 201);
  }

  findCustomer(id: string): Reply {
    const customer = this.customers.get(id);
    return customer ? ok('customer', this.customerXml(customer)) : NOT_FOUND;
  }

  // ---- payment methods -------------------------------------------------------------------

  private paymentMethodXml(method: PaymentMethod): XmlObject {
    const today = new Date(this.now());
    const expired =
      Number(method.card.expirationYear) < today.getUTCFullYear() ||
      (Number(method.card.expirationYear) === today.getUTCFullYear() && Number(method.card.expirationMonth) < today.getUTCMonth() + 1);
    return cardXml(method.card, method.token, {
      customerId: method.customerId,
      default: method.isDefault,
      expired,
      createdAt: iso(method.createdAt),
      verifications: new XmlList('verification', method.verification ? [this.verificationXml(method.verification, method.card)] : []),
    });
  }

  private verificationXml(verification: Verification, card: Card): XmlObject {
    return {
      id: verification.id,
      status: verification.status,
      processorResponseCode: verification.code,
      processorResponseText: verification.text,
      gatewayRejectionReason: verification.rejectionReason,
      creditCard: cardXml(card, null),
      createdAt: iso(verification.createdAt),
    };
  }

  private verify(card: Card): Verification {
    const behaviour = cardBehaviour(card.number);
    const base = { id: newId(), createdAt: this.now() };
    if (behaviour.fraud) return { ...base, status: 'gateway_rejected', code: '', text: '', rejectionReason: 'fraud' };
    if (behaviour.failsVerification) {
      const decline = declineFor(2000);
      return { ...base, status: 'processor_declined', code: decline.code, text: decline.text, rejectionReason: null };
    }
    return { ...base, status: 'verified', code: '1000', text: 'Approved', rejectionReason: null };
  }

  createPaymentMethod(body: Record<string, unknown>): Reply {
    const input = record(body.payment_method);
    const options = record(input.options);
    const customerId = text(input.customer_id);
    if (!customerId) return fieldError('credit_card', '91704', 'customer_id', 'Customer ID is required.');
    if (!this.customers.has(customerId)) return fieldError('credit_card', '91705', 'customer_id', 'Customer ID is invalid.');
    const nonceValue = text(input.payment_method_nonce);
    const nonce = nonceValue ? this.nonce(nonceValue) : null;
    if (!nonceValue || !nonce) return fieldError('credit_card', '91732', 'payment_method_nonce', 'Unknown or expired payment_method_nonce.');
    if (nonce.consumed) return fieldError('credit_card', '91731', 'payment_method_nonce', 'Cannot use a payment_method_nonce more than once.');
    const verificationAccount = text(options.verification_merchant_account_id);
    if (verificationAccount !== null && !currencyOfAccount(verificationAccount)) {
      return fieldError('credit_card', '91728', 'verification_merchant_account_id', 'Verification Merchant Account ID is invalid.');
    }
    const token = text(input.token) ?? newId(7);
    if (this.paymentMethods.has(token)) return fieldError('credit_card', '91718', 'token', 'Token is already in use.');
    nonce.consumed = true;
    const verification = flag(options.verify_card) ? this.verify(nonce.card) : null;
    if (verification && verification.status !== 'verified') {
      const message = verification.status === 'gateway_rejected' ? 'Gateway Rejected: fraud' : verification.text;
      return apiError(message, 'credit_card', [], { verification: this.verificationXml(verification, nonce.card) });
    }
    const isFirst = ![...this.paymentMethods.values()].some((method) => method.customerId === customerId);
    const method: PaymentMethod = { token, customerId, card: nonce.card, isDefault: false, createdAt: this.now(), verification };
    this.paymentMethods.set(token, method);
    if (isFirst || flag(options.make_default)) this.makeDefault(method);
    return ok('credit-card', this.paymentMethodXml(method), 201);
  }

  private makeDefault(method: PaymentMethod): void {
    for (const other of this.paymentMethods.values()) if (other.customerId === method.customerId) other.isDefault = false;
    method.isDefault = true;
  }

  findPaymentMethod(token: string): Reply {
    const method = this.paymentMethods.get(token);
    return method ? ok('credit-card', this.paymentMethodXml(method)) : NOT_FOUND;
  }

  updatePaymentMethod(token: string, body: Record<string, unknown>): Reply {
    const method = this.paymentMethods.get(token);
    if (!method) return NOT_FOUND;
    const input = record(body.payment_method);
    if (flag(record(input.options).make_default)) this.makeDefault(method);
    return ok('credit-card', this.paymentMethodXml(method));
  }

  deletePaymentMethod(token: string): Reply {
    const method = this.paymentMethods.get(token);
    if (!method) return NOT_FOUND;
    this.paymentMethods.delete(token);
    // As at Braintree, deleting the default card promotes the customer's most recent other card.
    if (method.isDefault) {
      const rest = [...this.paymentMethods.values()].filter((other) => other.customerId === method.customerId).sort((a, b) => b.createdAt - a.createdAt);
      if (rest[0]) this.makeDefault(rest[0]);
    }
    return EMPTY;
  }

  /** POST /payment_methods/:token/nonces: a nonce for a vaulted card (used for 3-D Secure on saved cards). */
  nonceForPaymentMethod(token: string): Reply {
    const method = this.paymentMethods.get(token);
    if (!method) return NOT_FOUND;
    const nonce = this.storeNonce(method.card, null, token);
    return ok(
      'payment-method-nonce',
      { nonce, type: 'CreditCard', details: { bin: method.card.number.slice(0, 6), lastFour: method.card.number.slice(-4), cardType: method.card.cardType } },
      201,
    );
  }

  // ---- transactions ----------------------------------------------------------------------

  private transactionXml(transaction: Transaction): XmlObject {
    return {
      id: transaction.id,
      type: transaction.type,
      status: transaction.status,
      amount: formatAmount(transaction.amount),
      currencyIsoCode: currencyOfAccount(transaction.merchantAccountId),
      orderId: transaction.orderId,
      merchantAccountId: transaction.merchantAccountId,
      createdAt: iso(transaction.createdAt),
      updatedAt: iso(transaction.updatedAt),
      processorResponseCode: transaction.processorCode,
      processorResponseText: transaction.processorText,
      processorResponseType: transaction.processorType,
      gatewayRejectionReason: transaction.rejectionReason,
      paymentInstrumentType: 'credit_card',
      creditCard: cardXml(transaction.card, transaction.token),
      customer: { id: transaction.customerId },
      threeDSecureInfo: transaction.threeDSecure ? threeDSecureXml(transaction.threeDSecure) : undefined,
      riskData:
        transaction.type === 'sale'
          ? { id: `risk-${transaction.id}`, decision: riskDecisionOf(transaction.card.number), deviceDataCaptured: transaction.deviceDataCaptured }
          : undefined,
      refundIds: new XmlList('item', transaction.refundIds),
      refundedTransactionId: transaction.refundedTransactionId,
      statusHistory: new XmlList(
        'status-event',
        transaction.history.map((event) => ({ status: event.status, timestamp: iso(event.timestamp), amount: formatAmount(event.amount) })),
      ),
    };
  }

  private setStatus(transaction: Transaction, status: TransactionStatus): void {
    transaction.status = status;
    transaction.updatedAt = this.now();
    transaction.history.push({ status, timestamp: transaction.updatedAt, amount: transaction.amount });
  }

  private newTransaction(
    fields: Pick<Transaction, 'type' | 'amount' | 'orderId' | 'merchantAccountId' | 'customerId' | 'token' | 'card' | 'threeDSecure'> &
      Partial<Pick<Transaction, 'deviceDataCaptured'>>,
    status: TransactionStatus,
  ): Transaction {
    let id = newId();
    while (this.transactions.has(id)) id = newId();
    const transaction: Transaction = {
      deviceDataCaptured: false,
      ...fields,
      id,
      status,
      processorCode: '1000',
      processorText: 'Approved',
      processorType: 'approved',
      rejectionReason: null,
      refundIds: [],
      refundedTransactionId: null,
      history: [{ status, timestamp: this.now(), amount: fields.amount }],
      createdAt: this.now(),
      updatedAt: this.now(),
    };
    this.transactions.set(id, transaction);
    return transaction;
  }

  private rejected(transaction: Transaction, message: string): Reply {
    return apiError(message, 'transaction', [], { transaction: this.transactionXml(transaction) });
  }

  private isDuplicate(cents: number, card: Card): boolean {
    const since = this.now() - DUPLICATE_WINDOW_MS;
    return [...this.transactions.values()].some(
      (other) =>
        other.type === 'sale' &&
        other.amount === cents &&
        other.card.number === card.number &&
        other.createdAt >= since &&
        (other.status === 'authorized' || other.status === 'submitted_for_settlement' || other.status === 'settled'),
    );
  }

  sale(body: Record<string, unknown>): Reply {
    const input = record(body.transaction);
    const options = record(input.options);
    if (input.type !== 'sale') return fieldError('transaction', '91523', 'type', 'Transaction type is invalid.');
    if (input.amount === undefined || input.amount === null || input.amount === '') {
      return fieldError('transaction', '81502', 'amount', 'Amount is required.');
    }
    const cents = parseAmount(input.amount);
    if (cents === null) return fieldError('transaction', '81503', 'amount', 'Amount is an invalid format.');
    if (cents === 0) return fieldError('transaction', '81531', 'amount', 'Amount must be greater than zero.');
    const orderId = text(input.order_id);
    if (orderId && orderId.length > 255) return fieldError('transaction', '91501', 'order_id', 'Order ID is too long.');
    // As at Braintree: an unknown merchant account is a validation error, and nothing is charged.
    const merchantAccountId = text(input.merchant_account_id) ?? SANDBOX_MERCHANT_ACCOUNT_ID;
    if (!currencyOfAccount(merchantAccountId)) return fieldError('transaction', '91513', 'merchant_account_id', 'Merchant account ID is invalid.');

    let card: Card;
    let token: string | null = null;
    let threeDSecure: ThreeDSecureInfo | null = null;
    let forcedOutcome: AmountOutcome | null = null;
    let customerId = text(input.customer_id);
    const nonceValue = text(input.payment_method_nonce);
    const tokenValue = text(input.payment_method_token);
    if (nonceValue) {
      const nonce = this.nonce(nonceValue);
      if (!nonce) return fieldError('transaction', '91565', 'payment_method_nonce', 'Unknown payment_method_nonce.');
      if (nonce.consumed) return fieldError('transaction', '91564', 'payment_method_nonce', 'Cannot use a payment_method_nonce more than once.');
      nonce.consumed = true;
      ({ card, threeDSecure, forcedOutcome, token } = nonce);
    } else if (tokenValue) {
      const method = this.paymentMethods.get(tokenValue);
      if (!method) return fieldError('transaction', '91518', 'payment_method_token', 'Payment method token is invalid.');
      if (customerId && method.customerId !== customerId) {
        return fieldError('transaction', '91516', 'payment_method_token', 'Payment method does not belong to this customer.');
      }
      card = method.card;
      token = method.token;
    } else {
      return fieldError('transaction', '91508', 'base', 'Cannot determine payment method.');
    }
    if (token) customerId = this.paymentMethods.get(token)?.customerId ?? customerId;
    if (customerId && !this.customers.has(customerId)) return fieldError('transaction', '91510', 'customer_id', 'Customer ID is invalid.');

    const fields = {
      type: 'sale' as const,
      amount: cents,
      orderId,
      merchantAccountId,
      customerId,
      token,
      card,
      threeDSecure,
      deviceDataCaptured: isDeviceData(text(input.device_data)),
    };
    const reject = (reason: string): Reply => {
      const transaction = this.newTransaction(fields, 'gateway_rejected');
      transaction.rejectionReason = reason;
      transaction.processorCode = '';
      transaction.processorText = '';
      transaction.processorType = null;
      return this.rejected(transaction, `Gateway Rejected: ${reason}`);
    };
    // Required 3-D Secure needs a liability shift; a not-enrolled or failed card cannot give one.
    if (flag(record(options.three_d_secure).required) && !threeDSecure?.liabilityShifted) return reject('three_d_secure');
    if (cardBehaviour(card.number).fraud) return reject('fraud');
    // Braintree's duplicate check only applies when the merchant did not send an idempotency key.
    if (!text(input.api_request_key) && this.isDuplicate(cents, card)) return reject('duplicate');

    const outcome = forcedOutcome ?? outcomeForAmount(cents);
    switch (outcome.kind) {
      case 'authorized': {
        const transaction = this.newTransaction(fields, 'authorized');
        if (flag(options.submit_for_settlement)) this.setStatus(transaction, 'submitted_for_settlement');
        return ok('transaction', this.transactionXml(transaction), 201);
      }
      case 'processor_declined': {
        const transaction = this.newTransaction(fields, 'processor_declined');
        Object.assign(transaction, { processorCode: outcome.code, processorText: outcome.text, processorType: outcome.type });
        return this.rejected(transaction, outcome.text);
      }
      case 'failed': {
        const transaction = this.newTransaction(fields, 'failed');
        Object.assign(transaction, { processorCode: outcome.code, processorText: outcome.text, processorType: null });
        return this.rejected(transaction, outcome.text);
      }
      case 'gateway_rejected':
        return reject(outcome.reason);
    }
  }

  findTransaction(id: string): Reply {
    const transaction = this.transactions.get(id);
    return transaction ? ok('transaction', this.transactionXml(transaction)) : NOT_FOUND;
  }

  submitForSettlement(id: string, body: Record<string, unknown>): Reply {
    const transaction = this.transactions.get(id);
    if (!transaction) return NOT_FOUND;
    if (transaction.status !== 'authorized') {
      return fieldError('transaction', '91507', 'base', 'Cannot submit for settlement unless status is authorized.');
    }
    const requested = record(body.transaction).amount;
    if (requested !== undefined && requested !== null && requested !== '') {
      const cents = parseAmount(requested);
      if (cents === null || cents === 0) return fieldError('transaction', '81503', 'amount', 'Amount is an invalid format.');
      if (cents > transaction.amount) return fieldError('transaction', '91522', 'amount', 'Settlement amount is too large.');
      transaction.amount = cents;
    }
    this.setStatus(transaction, 'submitted_for_settlement');
    return ok('transaction', this.transactionXml(transaction));
  }

  void(id: string): Reply {
    const transaction = this.transactions.get(id);
    if (!transaction) return NOT_FOUND;
    if (transaction.status !== 'authorized' && transaction.status !== 'submitted_for_settlement') {
      return fieldError('transaction', '91504', 'base', 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.');
    }
    this.setStatus(transaction, 'voided');
    return ok('transaction', this.transactionXml(transaction));
  }

  refund(id: string, body: Record<string, unknown>): Reply {
    const transaction = this.transactions.get(id);
    if (!transaction) return NOT_FOUND;
    if (transaction.type === 'credit') return fieldError('transaction', '91505', 'base', 'Cannot refund credit');
    if (transaction.status !== 'settled') return fieldError('transaction', '91506', 'base', 'Cannot refund transaction unless it is settled.');
    const refunded = transaction.refundIds.reduce((sum, refundId) => sum + (this.transactions.get(refundId)?.amount ?? 0), 0);
    const remaining = transaction.amount - refunded;
    if (remaining <= 0) return fieldError('transaction', '91512', 'base', 'Transaction has already been completely refunded.');
    const input = record(body.transaction);
    let cents = remaining;
    if (input.amount !== undefined && input.amount !== null && input.amount !== '') {
      const parsed = parseAmount(input.amount);
      if (parsed === null || parsed === 0) return fieldError('transaction', '81503', 'amount', 'Amount is an invalid format.');
      if (parsed > remaining) return fieldError('transaction', '91521', 'amount', 'Refund amount is too large.');
      cents = parsed;
    }
    const refund = this.newTransaction(
      {
        type: 'credit',
        amount: cents,
        orderId: text(input.order_id) ?? transaction.orderId,
        merchantAccountId: transaction.merchantAccountId,
        customerId: transaction.customerId,
        token: transaction.token,
        card: transaction.card,
        threeDSecure: null,
      },
      'submitted_for_settlement',
    );
    refund.refundedTransactionId = transaction.id;
    transaction.refundIds.push(refund.id);
    transaction.updatedAt = this.now();
    return ok('transaction', this.transactionXml(refund), 201);
  }

  /** advanced_search_ids: the ids matching `order_id is`, `ids in` and `type is` criteria. */
  searchIds(body: Record<string, unknown>): Reply {
    const ids = this.search(record(body.search)).map((transaction) => transaction.id);
    return ok('search-results', { pageSize: 50, ids: new XmlList('item', ids) });
  }

  searchTransactions(body: Record<string, unknown>): Reply {
    const found = this.search(record(body.search)).map((transaction) => this.transactionXml(transaction));
    return ok('credit-card-transactions', new XmlList('transaction', found, 'collection'));
  }

  private search(criteria: Record<string, unknown>): Transaction[] {
    const orderId = text(record(criteria.order_id).is);
    const type = text(record(criteria.type).is);
    const ids = Array.isArray(criteria.ids) ? criteria.ids.filter((id): id is string => typeof id === 'string') : null;
    return [...this.transactions.values()]
      .filter(
        (transaction) => (orderId === null || transaction.orderId === orderId) && (type === null || transaction.type === type) && (ids === null || ids.includes(transaction.id)),
      )
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  // ---- control ---------------------------------------------------------------------------

  /** Settles every submitted transaction (or one), as Braintree's nightly batch would. */
  settle(transactionId: string | null): string[] {
    const settled: string[] = [];
    for (const transaction of this.transactions.values()) {
      if (transaction.status !== 'submitted_for_settlement') continue;
      if (transactionId && transaction.id !== transactionId) continue;
      this.setStatus(transaction, 'settled');
      settled.push(transaction.id);
      this.webhooks.push({ kind: 'transaction_settled', subjectId: transaction.id, timestamp: iso(this.now()) });
    }
    return settled;
  }

  /** Every transaction, for tests that count charges. */
  listTransactions(): {
    id: string;
    type: string;
    status: TransactionStatus;
    amount: string;
    currencyIsoCode: string;
    orderId: string | null;
    merchantAccountId: string;
    deviceDataCaptured: boolean;
  }[] {
    return [...this.transactions.values()].map((transaction) => ({
      id: transaction.id,
      type: transaction.type,
      status: transaction.status,
      amount: formatAmount(transaction.amount),
      currencyIsoCode: currencyOfAccount(transaction.merchantAccountId) ?? '',
      orderId: transaction.orderId,
      merchantAccountId: transaction.merchantAccountId,
      deviceDataCaptured: transaction.deviceDataCaptured,
    }));
  }
}
