// What a checkout's payment block needs (spec §2 "Checkout payment block", §3 "Payment option",
// §4 "Saved-card auto-selection"): the options this organisation offers this visitor, which one
// starts selected, how cards are typed, and the fields the pay calls carry.
import type { OrgConfig } from '#schemas/org-config.schema';
import type { CardEntryConfig } from '~/domain/card-entry';
import type { CarPaymentMode } from '~/domain/car-payment-mode';
import { invoiceCreditCovers } from '~/domain/invoice-credit';
import { PAY_WITH_INVOICE, type PaymentOption, autoSelectOption, availableOptions, buildPaymentOptions } from '~/domain/payment-options';
import { cardServiceApiKey } from '~/domain/payment-providers';
import { gatewayCustomerIdFor } from '~/domain/saved-cards';
import type { Traveler } from '~/domain/traveler';
import type { RequestContext } from '../site/request-context.server';
import { cardEntryForCheckout, hostedPaymentsOrNull, oxxoCollectorOrNull } from '../payments/runtime.server';
import { invoiceCreditOf } from './invoice-credit.server';
import { listCards } from '../payments/saved-cards.server';
import { type CheckoutStoredValue, checkoutStoredValue } from '../stored-value/stored-value.server';

export type CheckoutPayment = {
  options: PaymentOption[];
  selected: string | null;
  /** Null when no card can be taken now: only options without a card are offered. */
  cardEntry: CardEntryConfig | null;
  /** How a live card provider collects cards (the sandbox keeps its card frame either way). */
  cardUi: OrgConfig['payments']['cardProvider']['ui'];
  threeDSecure: OrgConfig['payments']['threeDSecure'];
  canBook: boolean;
  signedIn: boolean;
  payer: { email: string; names: string };
  /** ISO country of the organisation's market (the second-provider checksum carries it). */
  countryCode: string;
  /** The card provider's key (`getSupplierpg`), sent with the second-provider calls. */
  apiKey: string;
  pgType: string;
  /**
   * A car whose payment mode is 'iframe' (decision 0019): a card is required as the booking's
   * guarantee, nothing is charged, and no other option is offered.
   */
  guarantee: boolean;
  /**
   * A car of another provider (payment mode 'card-provider', variant 'redirect'), paid on that
   * provider's own page where there is one (decision 0055): no card option is offered here.
   */
  providerPage: boolean;
  /** The member's stored value on this hold (issue 11): null for guests and where none is offered. */
  storedValue: CheckoutStoredValue | null;
};

/** What a checkout page tells its payment block beyond the traveller. */
type PageCharge = { charge?: { amountMinor: number; currency: string } | null; paymentMode?: CarPaymentMode; hold?: { token: string } | null };

async function checkoutPayment(requestContext: Pick<RequestContext, 'org' | 'session'>, product: string, traveler: Traveler | null, page: PageCharge): Promise<CheckoutPayment> {
  const { org, session } = requestContext;
  const user = session?.user ?? null;
  const cards = session ? await listCards(session.userDbId) : null;
  // A gateway customer exists once a card was saved; naming one that does not exist makes
  // Braintree refuse the client token (and with it every card option).
  const cardEntry = await cardEntryForCheckout(user && cards?.length ? { customerId: gatewayCustomerIdFor(user.userId) } : {});
  const all = buildPaymentOptions({
    enabled: org.payments.options,
    cards,
    productCode: product,
    providerId: org.payments.cardProvider.pgId,
    merchantId: org.orgId,
  });
  // Invoice is credit (decision 0019): offered only when the payer's credit line covers this
  // booking's charge on top of what it already uses.
  const credit = session && all.some((option) => option.value === PAY_WITH_INVOICE) ? await invoiceCreditOf(session.userDbId) : null;
  const covered = (option: PaymentOption) => option.value !== PAY_WITH_INVOICE || (page.charge != null && invoiceCreditCovers(credit, page.charge));
  // A car's payment mode other than the card provider's offers no option (decision 0019).
  const guarantee = page.paymentMode?.mode === 'iframe';
  const providerPage = page.paymentMode?.mode === 'card-provider' && page.paymentMode.variant === 'redirect' && hostedPaymentsOrNull() !== null;
  const options =
    (page.paymentMode && page.paymentMode.mode !== 'card-provider') || providerPage
      ? []
      : availableOptions(all, { typeCards: cardEntry !== null, collectOxxo: oxxoCollectorOrNull() !== null }).filter(covered);
  const payer = traveler ?? (user ? { firstName: user.first_name, lastName: user.last_name, email: user.email } : null);
  return {
    options,
    selected: autoSelectOption(options),
    cardEntry,
    cardUi: org.payments.cardProvider.ui,
    threeDSecure: org.payments.threeDSecure,
    canBook: user ? user.can_book : true,
    signedIn: user !== null,
    payer: { email: payer?.email ?? '', names: payer ? `${payer.firstName} ${payer.lastName}` : '' },
    countryCode: org.locale.defaultLanguage.split('-')[1] ?? 'US',
    apiKey: cardServiceApiKey(org.payments, org.orgId),
    pgType: org.payments.cardProvider.pgId,
    guarantee,
    providerPage,
    // A car paid at the desk or on a guarantee charges no card: nothing to take stored value off.
    storedValue: page.paymentMode && page.paymentMode.mode !== 'card-provider' ? null : await checkoutStoredValue(requestContext, product, page.hold?.token),
  };
}

/** A checkout loader's page data with its payment block's (every checkout answers this way). */
export async function withCheckoutPayment<Page extends { savedTraveler: Traveler | null } & PageCharge>(
  requestContext: Pick<RequestContext, 'org' | 'session'>,
  product: string,
  page: Page,
) {
  return { ...page, payment: await checkoutPayment(requestContext, product, page.savedTraveler, page) };
}

/**
 * The membership's payment block (issue 12; spec §4 "Subscription and wallet products"): the
 * member's saved cards, add card and new card. No invoice or OXXO: a membership renews on its card.
 */
export async function subscriptionPayment(requestContext: Pick<RequestContext, 'org' | 'session'>): Promise<CheckoutPayment> {
  return checkoutPayment(requestContext, 'SUB', null, {});
}
