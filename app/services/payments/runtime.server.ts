// The process-wide payment setup the server installs at boot: the gateway the app charges
// through, and what the browser's card entry loads (the sandbox card frame or Braintree's
// hosted fields). Loaders and actions read it; nothing else decides where payments go.
import { derivedSecret } from '~/domain/booking-payment';
import type { CardEntryConfig } from '~/domain/card-entry';
import { log } from '~/services/platform/logger.server';
import { singleton } from '~/utils/singleton.server';
import { type BraintreeSettings, createBraintreeGateway } from './gateway.server';
import { type HostedPayments, sandboxHostedPayments } from './hosted-payments.server';
import type { PaymentGateway } from './port';

/**
 * What the checkout page needs to collect a card:
 * - sandbox: our own card frame served by the sandbox gateway at `origin` (development, tests);
 * - braintree: `braintree-web` hosted fields and 3-D Secure with a client token from the gateway.
 */
export type CardEntry = { kind: 'sandbox'; origin: string } | { kind: 'braintree'; environment: 'sandbox' | 'production' };

/**
 * Who collects OXXO cash payments and signs their webhook. Braintree does not collect OXXO, so
 * only the local sandbox gateway (which issues vouchers and pays them through its control API)
 * is one today; a live deployment needs an OXXO acquirer wired as a second provider (README
 * "Payments", docs/decisions/0018). Without a collector OXXO is neither offered nor accepted.
 */
export type OxxoCollector = { webhookSecret: Buffer };

/**
 * `secrets`: keys derived from the gateway's private key for the second-provider checksum and
 * the OXXO webhook signature (docs/decisions/0011), so there is one secret to rotate.
 */
type Payments = { gateway: PaymentGateway; cardEntry: CardEntry; timeoutMs: number; secrets: { checksum: Buffer }; oxxo: OxxoCollector | null; hosted: HostedPayments | null };

const holder = singleton('payments', () => ({ current: null as Payments | null }));

/** Installs the gateway (the server does this once at boot; a test may too). */
export function configurePayments(settings: BraintreeSettings): void {
  const cardEntry: CardEntry =
    typeof settings.environment === 'object' ? { kind: 'sandbox', origin: new URL(settings.environment.url).origin } : { kind: 'braintree', environment: settings.environment };
  holder.current = {
    gateway: createBraintreeGateway(settings),
    cardEntry,
    timeoutMs: settings.timeoutMs,
    secrets: { checksum: derivedSecret(settings.privateKey, 'checksum') },
    // A gateway at a URL is the sandbox (the card entry says the same); Braintree is not an OXXO collector.
    oxxo: cardEntry.kind === 'sandbox' ? { webhookSecret: derivedSecret(settings.privateKey, 'oxxo-webhook') } : null,
    // Nor does Braintree host a payment page for another provider: only the sandbox has one (decision 0055).
    hosted: typeof settings.environment === 'object' ? sandboxHostedPayments({ ...settings, environment: settings.environment }) : null,
  };
}

/** The card provider's payment page for the car payment mode's 'redirect' variant, or null when there is none (decision 0055). */
export function hostedPaymentsOrNull(): HostedPayments | null {
  return holder.current?.hosted ?? null;
}

/** The OXXO collector, or null when OXXO cannot be collected (then it is not offered). */
export function oxxoCollectorOrNull(): OxxoCollector | null {
  return holder.current?.oxxo ?? null;
}

/** Null when no gateway is configured: checkout then offers only what needs no card. */
export function paymentsOrNull(): Payments | null {
  return holder.current;
}

export function paymentGateway(): PaymentGateway {
  if (!holder.current) throw new Error('Payments are not configured: set the BRAINTREE_* variables (README, "Going live").');
  return holder.current.gateway;
}

/**
 * The card entry a checkout page renders (`<CardEntry config>`): the sandbox frame's origin, or
 * Braintree's environment with a fresh client token (for `customerId`, so 3-D Secure and vaulting
 * know the customer). Null when no card can be taken now (no gateway, or no client token).
 */
export async function cardEntryForCheckout(input: { customerId?: string } = {}): Promise<CardEntryConfig | null> {
  const payments = holder.current;
  if (!payments) return null;
  if (payments.cardEntry.kind === 'sandbox') return payments.cardEntry;
  const token = await payments.gateway.createClientToken(input);
  if (!token.ok) {
    log.warn('card entry unavailable: no client token', { failure: token.failure.kind });
    return null;
  }
  return { kind: 'braintree', environment: payments.cardEntry.environment, clientToken: token.value };
}
