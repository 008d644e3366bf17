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
 * total of 1 or more is charged through the card provider too, because prepaid means paid now
 * and no supplier here collects a payment in its own frame ('iframe' only keeps a card as a
 * guarantee, decision 0019); postpaid ignores discounts (nothing is charged now).
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

export type CarPaymentMode = { mode: 'card-provider'; variant: 'direct' | 'redirect'; referenceProvider: boolean } | { mode: 'iframe' } | { mode: 'nopg' };

export function carPaymentMode(input: CarPaymentInput): CarPaymentMode {
  const isReference = input.providerId === input.referenceProvider;
  const cardProvider: CarPaymentMode = { mode: 'card-provider', variant: isReference ? 'direct' : 'redirect', referenceProvider: isReference };
  const repriced = input.hasMarkup || input.hasPricingRule;
  if (input.paymentType === 'prepaid') {
    if (repriced || input.hasCoupon || input.hasCashCard || input.hasWallet) return cardProvider;
    return input.total >= 1 ? cardProvider : { mode: 'nopg' };
  }
  if (!input.guaranteeNeeded) return { mode: 'nopg' };
  return repriced ? cardProvider : { mode: 'iframe' };
}

/** What a car's payment mode is decided by apart from the checkout's stored value: fixed when the car is held. */
export type CarPaymentRule = Omit<CarPaymentInput, 'hasCoupon' | 'hasCashCard' | 'hasWallet' | 'total'> & {
  /** What paying now charges before stored value, in minor units. */
  chargeMinor: number;
};

/**
 * The car's payment mode with what its checkout applied (spec §4: a coupon, cash card or wallet
 * applied; the total after them), each part `{ kind, amountMinor }` in the charge's minor units.
 */
export function carPaymentModeWith(rule: CarPaymentRule, applied: readonly { kind: string; amountMinor: number }[]): CarPaymentMode {
  const has = (kind: string) => applied.some((part) => part.kind === kind && part.amountMinor > 0);
  const off = applied.reduce((sum, part) => sum + part.amountMinor, 0);
  const { chargeMinor, ...fixed } = rule;
  return carPaymentMode({ ...fixed, hasCoupon: has('coupon'), hasCashCard: has('cash_card'), hasWallet: has('wallet'), total: Math.max(0, chargeMinor - off) / 100 });
}

/**
 * What the car checkout charges now, in minor units (docs/decisions/0019):
 * - 'card-provider': a prepaid rental's total; for a postpaid one, our markup (the supplier
 *   collects its own rate, fees and tax at the desk, and our margin is ours to collect).
 * - 'iframe': nothing; the card is verified and kept as the booking's guarantee.
 * - 'nopg': nothing.
 */
export function carChargeMinor(mode: CarPaymentMode, price: { payment: 'prepaid' | 'postpaid'; total: number; markup: number }): number {
  if (mode.mode !== 'card-provider') return 0;
  return price.payment === 'prepaid' ? price.total : price.markup;
}

/** How a car booking in `mode` may be paid: the pay core refuses every other method. */
export function carModeTakes(mode: CarPaymentMode, method: 'card' | 'saved_card' | 'invoice' | 'oxxo' | 'zero' | 'guarantee'): boolean {
  switch (mode.mode) {
    // The checkout's normal options; 'zero' only where the charge is 0 (the pay core checks).
    case 'card-provider':
      return method !== 'guarantee';
    case 'iframe':
      return method === 'guarantee';
    case 'nopg':
      return method === 'zero';
  }
}
