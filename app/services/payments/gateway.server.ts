// The one PaymentGateway implementation, on the official `braintree` SDK. Where it points
// (Braintree's sandbox or production, or the local sandbox gateway in development and tests)
// is configuration: nothing here knows which gateway answers.
import { whereAlpha3 } from 'iso-3166-1';
import type { Readable } from 'node:stream';
import braintree from 'braintree';
import { paymentCustomerPhone } from '~/domain/saved-cards';
import { cardBrand, failureFromAttempt, failureFromErrors, failureFromException, fromGatewayAmount, toGatewayAmount, transactionStatus } from './gateway-results';
import type { GatewayResult, GatewayRiskDecision, GatewayTransaction, PaymentFailure, PaymentGateway, VaultedCard } from './port';

export type BraintreeSettings = {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Braintree's own environments, or the base URL of a gateway speaking Braintree's API. */
  environment: 'sandbox' | 'production' | { url: string };
  /** How long one call may take before it counts as a transport failure (unknown outcome). */
  timeoutMs: number;
  /**
   * The merchant account a sale names unless it names its own (BRAINTREE_MERCHANT_ACCOUNT_ID): the
   * USD account (docs/decisions/0014, 0018, 0056). Without it the gateway's default account is used.
   */
  merchantAccountId?: string;
};

export class BraintreeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid Braintree configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * Reads BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY and either
 * BRAINTREE_ENVIRONMENT (sandbox | production) or BRAINTREE_GATEWAY_URL (the local sandbox
 * gateway), plus BRAINTREE_TIMEOUT_MS and BRAINTREE_MERCHANT_ACCOUNT_ID (required with
 * BRAINTREE_ENVIRONMENT: at Braintree the sale must name its USD account, since the default
 * account may settle in another currency). Null when no merchant id is set (payments not configured).
 */
export function braintreeSettingsFromEnv(source: Record<string, string | undefined> = process.env): BraintreeSettings | null {
  const value = (name: string) => (source[name] ?? '').trim();
  if (!value('BRAINTREE_MERCHANT_ID')) return null;
  const problems: string[] = [];
  for (const name of ['BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY']) if (!value(name)) problems.push(`${name}: required with BRAINTREE_MERCHANT_ID`);
  const environmentName = value('BRAINTREE_ENVIRONMENT');
  const url = value('BRAINTREE_GATEWAY_URL');
  let environment: BraintreeSettings['environment'] = 'sandbox';
  if (environmentName && url) problems.push('BRAINTREE_ENVIRONMENT and BRAINTREE_GATEWAY_URL: set one, not both');
  else if (url) {
    if (!/^https?:\/\/[^/]+\/?$/.test(url)) problems.push('BRAINTREE_GATEWAY_URL: must be http(s)://host:port');
    environment = { url };
  } else if (environmentName === 'sandbox' || environmentName === 'production') environment = environmentName;
  else problems.push('BRAINTREE_ENVIRONMENT: must be sandbox or production (or set BRAINTREE_GATEWAY_URL)');
  const timeout = value('BRAINTREE_TIMEOUT_MS') || '10000';
  if (!/^\d{3,6}$/.test(timeout)) problems.push('BRAINTREE_TIMEOUT_MS: must be milliseconds (100–999999)');
  const merchantAccountId = value('BRAINTREE_MERCHANT_ACCOUNT_ID');
  if (merchantAccountId && !/^[A-Za-z0-9_-]{1,64}$/.test(merchantAccountId)) problems.push('BRAINTREE_MERCHANT_ACCOUNT_ID: letters, digits, _ and - (at most 64)');
  else if (!merchantAccountId && environmentName) problems.push('BRAINTREE_MERCHANT_ACCOUNT_ID: required with BRAINTREE_ENVIRONMENT (the USD merchant account sales are made in)');
  if (problems.length > 0) throw new BraintreeConfigError(problems);
  return {
    merchantId: value('BRAINTREE_MERCHANT_ID'),
    publicKey: value('BRAINTREE_PUBLIC_KEY'),
    privateKey: value('BRAINTREE_PRIVATE_KEY'),
    environment,
    timeoutMs: Number(timeout),
    ...(merchantAccountId ? { merchantAccountId } : {}),
  };
}

function sdkEnvironment(environment: BraintreeSettings['environment']): braintree.Environment {
  if (environment === 'sandbox') return braintree.Environment.Sandbox;
  if (environment === 'production') return braintree.Environment.Production;
  const url = new URL(environment.url);
  const ssl = url.protocol === 'https:';
  const port = url.port || (ssl ? '443' : '80');
  // The auth and GraphQL endpoints serve OAuth and GraphQL-only calls, which this port never makes.
  return new braintree.Environment(url.hostname, port, url.origin, ssl, url.hostname, port);
}

// The SDK's JavaScript takes an options object (with apiRequestKey) where its bundled types
// only know an amount: declare that overload rather than cast.
declare module 'braintree' {
  interface TransactionGateway {
    refund(transactionId: string, options: { amount?: string; apiRequestKey: string }): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
  }
}

/** The SDK calls as the SDK's JavaScript takes them: the bundled types omit the options argument. */
type TransactionCalls = {
  sale(request: braintree.TransactionRequest & { apiRequestKey: string }): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
  submitForSettlement(id: string, amount: string | undefined, options: { apiRequestKey: string }): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
  void(id: string, options: { apiRequestKey: string }): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
  refund(id: string, options: { amount?: string; apiRequestKey: string }): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
  find(id: string): Promise<braintree.Transaction>;
  search(fn: braintree.TransactionSearchFn): Readable;
};

function toTransaction(transaction: braintree.Transaction): GatewayTransaction {
  const card = transaction.creditCard;
  const threeDSecure = transaction.threeDSecureInfo;
  return {
    id: transaction.id,
    type: transaction.type === 'credit' ? 'credit' : 'sale',
    status: transactionStatus(transaction.status),
    amountMinor: fromGatewayAmount(transaction.amount),
    orderId: transaction.orderId || null,
    card: card?.last4 ? { brand: cardBrand(card.cardType), last4: card.last4 } : null,
    threeDSecure: threeDSecure
      ? { status: threeDSecure.status, liabilityShifted: threeDSecure.liabilityShifted, liabilityShiftPossible: threeDSecure.liabilityShiftPossible }
      : null,
    riskDecision: RISK_DECISIONS[transaction.riskData?.decision ?? ''] ?? null,
    refundedTransactionId: transaction.refundedTransactionId || null,
    createdAt: String(transaction.createdAt),
  };
}

/** Braintree's risk decisions ('Not Evaluated' and anything else: none). */
const RISK_DECISIONS: Record<string, GatewayRiskDecision> = { Approve: 'approve', Review: 'review', Decline: 'decline' };

function field(source: object, name: string): unknown {
  const value: unknown = Reflect.get(source, name);
  return value;
}

function stringField(source: object, name: string): string {
  const value = field(source, name);
  return typeof value === 'string' ? value : '';
}

/** A vaulted credit card as the port describes it; the SDK types it as a union of wallets. */
function toVaultedCard(method: object): VaultedCard {
  return {
    token: stringField(method, 'token'),
    customerId: stringField(method, 'customerId'),
    brand: cardBrand(stringField(method, 'cardType')),
    last4: stringField(method, 'last4'),
    expirationMonth: stringField(method, 'expirationMonth'),
    expirationYear: stringField(method, 'expirationYear'),
    isDefault: field(method, 'default') === true,
  };
}

/** The failure a refused (success: false) SDK response stands for. */
function failureOf(response: braintree.ValidatedResponse<unknown>): PaymentFailure {
  const refused = [field(response, 'transaction'), field(response, 'verification')].find(
    (candidate): candidate is braintree.Transaction => typeof candidate === 'object' && candidate !== null && 'status' in candidate,
  );
  const fromAttempt = refused ? failureFromAttempt(refused) : null;
  return fromAttempt ?? failureFromErrors(response.errors.deepErrors(), response.message);
}

async function call<T, R>(run: () => Promise<braintree.ValidatedResponse<T>>, pick: (response: braintree.ValidatedResponse<T>) => R): Promise<GatewayResult<R>> {
  try {
    const response = await run();
    return response.success ? { ok: true, value: pick(response) } : { ok: false, failure: failureOf(response) };
  } catch (error) {
    return { ok: false, failure: failureFromException(error) };
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'type' in error && error.type === 'notFoundError';
}

export function createBraintreeGateway(settings: BraintreeSettings): PaymentGateway {
  const sdk = new braintree.BraintreeGateway({
    environment: sdkEnvironment(settings.environment),
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
  // NOTE: the SDK's default timeout is 60 s and its constructor ignores any other; set it after.
  sdk.config.timeout = settings.timeoutMs;
  const transactions: TransactionCalls = sdk.transaction;

  return {
    createClientToken: ({ customerId }) =>
      call(
        () => sdk.clientToken.generate(customerId ? { customerId } : {}),
        (response) => response.clientToken,
      ),

    async ensureCustomer({ customerId, email, phone }) {
      try {
        const found = await sdk.customer.find(customerId);
        return { ok: true, value: { customerId: found.id } };
      } catch (error) {
        if (!isNotFound(error)) return { ok: false, failure: failureFromException(error) };
      }
      return call(
        () => sdk.customer.create({ id: customerId, ...(email ? { email } : {}), phone: paymentCustomerPhone(phone) }),
        (response) => ({ customerId: response.customer.id }),
      );
    },

    vaultPaymentMethod: ({ customerId, nonce, makeDefault = false, verify = true }) =>
      call(
        () =>
          sdk.paymentMethod.create({
            customerId,
            paymentMethodNonce: nonce,
            // The card check runs on the account sales are made in, not the merchant's default (decision 0018).
            options: { makeDefault, verifyCard: verify, ...(verify && settings.merchantAccountId ? { verificationMerchantAccountId: settings.merchantAccountId } : {}) },
          }),
        (response) => toVaultedCard(response.paymentMethod),
      ),

    setDefault: ({ token }) =>
      call(
        () => sdk.paymentMethod.update(token, { options: { makeDefault: true } }),
        (response) => toVaultedCard(response.paymentMethod),
      ),

    async deletePaymentMethod({ token }) {
      try {
        await sdk.paymentMethod.delete(token);
        return { ok: true, value: null };
      } catch (error) {
        return { ok: false, failure: failureFromException(error) };
      }
    },

    async describeNonce(nonce) {
      try {
        const found = await sdk.paymentMethodNonce.find(nonce);
        const details = field(found, 'details');
        const bin = typeof details === 'object' && details !== null ? stringField(details, 'bin') : '';
        const last4 = typeof details === 'object' && details !== null ? stringField(details, 'lastFour') : '';
        // Braintree names the issuing country in ISO alpha-3 ('USA'), or 'Unknown'.
        const binData = field(found, 'binData');
        const issuedIn = typeof binData === 'object' && binData !== null ? stringField(binData, 'countryOfIssuance') : '';
        return { ok: true, value: bin && last4 ? { bin, last4, country: whereAlpha3(issuedIn)?.alpha2 ?? null } : null };
      } catch (error) {
        if (isNotFound(error)) return { ok: true, value: null };
        return { ok: false, failure: failureFromException(error) };
      }
    },

    createNonceForCard: (token) =>
      call(
        () => sdk.paymentMethodNonce.create(token),
        (response) => response.paymentMethodNonce.nonce,
      ),

    authorize: ({
      amountMinor,
      source,
      orderId,
      idempotencyKey,
      threeDSecureRequired,
      customerId,
      submitForSettlement = false,
      merchantAccountId = settings.merchantAccountId,
      deviceData,
    }) =>
      call(
        () =>
          transactions.sale({
            amount: toGatewayAmount(amountMinor),
            ...('nonce' in source ? { paymentMethodNonce: source.nonce } : { paymentMethodToken: source.token }),
            ...(customerId ? { customerId } : {}),
            ...(merchantAccountId ? { merchantAccountId } : {}),
            ...(deviceData ? { deviceData } : {}),
            orderId,
            apiRequestKey: idempotencyKey,
            options: { submitForSettlement, threeDSecure: { required: threeDSecureRequired } },
          }),
        (response) => toTransaction(response.transaction),
      ),

    capture: ({ transactionId, idempotencyKey, amountMinor }) =>
      call(
        () => transactions.submitForSettlement(transactionId, amountMinor === undefined ? undefined : toGatewayAmount(amountMinor), { apiRequestKey: idempotencyKey }),
        (response) => toTransaction(response.transaction),
      ),

    void: ({ transactionId, idempotencyKey }) =>
      call(
        () => transactions.void(transactionId, { apiRequestKey: idempotencyKey }),
        (response) => toTransaction(response.transaction),
      ),

    refund: ({ transactionId, idempotencyKey, amountMinor }) =>
      call(
        () => transactions.refund(transactionId, { apiRequestKey: idempotencyKey, ...(amountMinor === undefined ? {} : { amount: toGatewayAmount(amountMinor) }) }),
        (response) => toTransaction(response.transaction),
      ),

    async findTransaction(transactionId) {
      try {
        return { ok: true, value: toTransaction(await transactions.find(transactionId)) };
      } catch (error) {
        if (isNotFound(error)) return { ok: true, value: null };
        return { ok: false, failure: failureFromException(error) };
      }
    },

    async findByOrderId(orderId) {
      try {
        const found: GatewayTransaction[] = [];
        for await (const item of transactions.search((search) => search.orderId().is(orderId))) {
          const transaction = toTransaction(item);
          if (transaction.type === 'sale') found.push(transaction);
        }
        return { ok: true, value: found.sort((a, b) => a.createdAt.localeCompare(b.createdAt)) };
      } catch (error) {
        return { ok: false, failure: failureFromException(error) };
      }
    },
  };
}
