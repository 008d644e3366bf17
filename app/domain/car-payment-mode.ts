/**
 * Spec §4 "Payment mode routing for cars": how a car booking is paid.
 *
 * - 'card-provider': we charge the card through our payment provider. Two variants: 'direct'
 *   when the car's provider is the organisation's reference provider (PG_01 by default,
 *   `payments.carReferenceProvider`), which takes the card in our own card form; 'redirect'
 *   for the other providers, which take it on their own payment step.
 * - 'iframe': the supplier's credit-card iframe collects a card as a guarantee (card required).
 * - 'nopg': no payment step at all.
 *
 * The rules apply in the spec's order, so a prepaid car with markup, a pricing rule or a discount
 * takes the card-provider path even when the total is under 1 (the booking submit then takes
 * its zero-amount path). Where the spec is silent: a prepaid car with none of those and a
 * total of 1 or more is paid to the supplier through its card iframe; postpaid ignores
 * discounts (nothing is charged now).
 */
import type { PaymentGatewayId } from './payment-options';

export type CarPaymentInput = {
  paymentType: 'prepaid' | 'postpaid';
  /** Our markup on the supplier's rate. */
  hasMarkup: boolean;
  /** A pricing rule changed the supplier's rate. */
  hasPricingRule: boolean;
  /** A coupon, cash card or wallet amount is applied. */
  hasCoupon: boolean;
  hasCashCard: boolean;
  hasWallet: boolean;
  /** The payable total in major units, after discounts. */
  total: number;
  /** The supplier asks for a card guarantee (postpaid). */
  guaranteeNeeded: boolean;
  /** The payment provider the car is sold through. */
  providerId: PaymentGatewayId;
  /** The organisation's reference provider for car payment mode (`payments.carReferenceProvider`). */
  referenceProvider: PaymentGatewayId;
};

export type CarPaymentMode =
  | { mode: 'card-provider'; variant: 'direct' | 'redirect'; referenceProvider: boolean }
  | { mode: 'iframe' }
  | { mode: 'nopg' };

export function carPaymentMode(input: CarPaymentInput): CarPaymentMode {
  const isReference = input.providerId === input.referenceProvider;
  const cardProvider: CarPaymentMode = { mode: 'card-provider', variant: isReference ? 'direct' : 'redirect', referenceProvider: isReference };
  const repriced = input.hasMarkup || input.hasPricingRule;
  if (input.paymentType === 'prepaid') {
    if (repriced || input.hasCoupon || input.hasCashCard || input.hasWallet) return cardProvider;
    if (!(input.total >= 1)) return { mode: 'nopg' };
    return { mode: 'iframe' };
  }
  if (!input.guaranteeNeeded) return { mode: 'nopg' };
  return repriced ? cardProvider : { mode: 'iframe' };
}
