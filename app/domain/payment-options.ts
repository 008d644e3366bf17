/**
 * The checkout's payment options (spec §3 "Payment option", §4 "Saved-card auto-selection",
 * "Subscription and wallet products") from the organisation's `payments.options`, the user's
 * saved cards and the product. Pure.
 */
import { type CardBrandIcon, type SavedCardView, brandIcon, brandLabel, expiryMMYY, maskCardNumber } from './saved-cards';
import { paymentRulesOf, productTakesInvoice } from '~/products/registry';

export const ADD_NEW_CARD = 'add new card';
export const PAY_WITH_NEW_CARD = 'pay with new card';
export const PAY_WITH_INVOICE = 'pay with invoice';
export const OXXO = 'oxxo';

/** An organisation's configured option kinds (org config `payments.options`). */
export type PaymentOptionKind = 'saved-cards' | 'add-card' | 'new-card' | 'invoice' | 'oxxo';
export type PaymentGatewayId = 'PG_01' | 'PG_02' | 'PG_03';

export type UniqueKey = 'add' | 'other' | 'invoice' | 'pay with new card' | 'cards';

export type PaymentOption = {
  /** A saved card's id, or one of the special values above. */
  value: string;
  label: string;
  title: string;
  cardImage: CardBrandIcon | null;
  uniquekey: UniqueKey;
  /** First provider (and PG_01/PG_02 organisations). */
  cardData?: { card_key: string; card_type: string; is_default: 0 | 1; merchant_id: string };
  /** The payment provider version PG_03 (spec §3 "Payment gateway ids"). */
  cardDataPGV2?: { id: string; brand: CardBrandIcon | 'unknown'; is_default: boolean };
};

export type OptionLabels = { addNewCard: string; payWithNewCard: string; invoice: string; oxxo: string };

export const DEFAULT_OPTION_LABELS: OptionLabels = {
  addNewCard: 'Add new card',
  payWithNewCard: 'Pay with new card',
  invoice: 'Pay with invoice',
  oxxo: 'Pay in cash at OXXO',
};

export type BuildOptionsInput = {
  enabled: readonly PaymentOptionKind[];
  /** The signed-in user's cards (default first, newest next), or null when signed out. */
  cards: readonly SavedCardView[] | null;
  productCode: string;
  /** The organisation's card provider (`payments.cardProvider.pgId`): PG_03 uses cardDataPGV2. */
  providerId: PaymentGatewayId;
  merchantId: string;
  labels?: OptionLabels;
};

/**
 * Saved cards first (only when signed in and 'saved-cards' is on), then add new card (signed
 * in only: a saved card needs an account), pay with new card, invoice (signed in, not for SUB/WLT), OXXO.
 */
export function buildPaymentOptions({ enabled, cards, productCode, providerId, merchantId, labels = DEFAULT_OPTION_LABELS }: BuildOptionsInput): PaymentOption[] {
  const on = new Set(enabled);
  const options: PaymentOption[] = [];
  if (cards && on.has('saved-cards')) {
    for (const card of cards) {
      const icon = brandIcon(card.brand);
      const masked = `${brandLabel(card.brand)} ${maskCardNumber(card.last4)} ${expiryMMYY(card.expMonth, card.expYear)}`;
      options.push({
        value: card.id,
        label: card.nickname ? `${card.nickname} (${masked})` : masked,
        title: card.nickname ?? brandLabel(card.brand),
        cardImage: icon,
        uniquekey: 'cards',
        ...(providerId === 'PG_03'
          ? { cardDataPGV2: { id: card.id, brand: icon ?? 'unknown', is_default: card.isDefault } }
          : { cardData: { card_key: card.id, card_type: icon ?? 'unknown', is_default: card.isDefault ? 1 : 0, merchant_id: merchantId } }),
      });
    }
  }
  if (cards && on.has('add-card')) {
    options.push({ value: ADD_NEW_CARD, label: labels.addNewCard, title: labels.addNewCard, cardImage: null, uniquekey: 'add' });
  }
  if (on.has('new-card')) {
    options.push({ value: PAY_WITH_NEW_CARD, label: labels.payWithNewCard, title: labels.payWithNewCard, cardImage: null, uniquekey: 'pay with new card' });
  }
  // An invoice goes to an account: signed in only (like the card vault).
  if (cards && on.has('invoice') && productTakesInvoice(productCode)) {
    options.push({ value: PAY_WITH_INVOICE, label: labels.invoice, title: labels.invoice, cardImage: null, uniquekey: 'invoice' });
  }
  if (on.has('oxxo') && (paymentRulesOf(productCode)?.oxxo ?? false)) {
    options.push({ value: OXXO, label: labels.oxxo, title: labels.oxxo, cardImage: null, uniquekey: 'other' });
  }
  return options;
}

/**
 * The options that can be taken now: typing a new card needs a card frame (saved cards still pay
 * server-side), and OXXO needs someone who collects it (docs/decisions/0018: the sandbox today;
 * Braintree does not), whatever the organisation's config lists.
 */
export function availableOptions(options: readonly PaymentOption[], can: { typeCards: boolean; collectOxxo: boolean }): PaymentOption[] {
  return options.filter((option) => (can.typeCards || (option.value !== ADD_NEW_CARD && option.value !== PAY_WITH_NEW_CARD)) && (can.collectOxxo || option.value !== OXXO));
}

function isDefaultOption(option: PaymentOption): boolean {
  return option.cardDataPGV2?.is_default === true || option.cardData?.is_default === 1;
}

/**
 * Spec §4 "Saved-card auto-selection": the first default card, else the first saved card,
 * else the new-card option ('pay with new card', or 'add new card' where only that is offered),
 * else the first option; null when there is none.
 */
export function autoSelectOption(options: readonly PaymentOption[]): string | null {
  const cards = options.filter((option) => option.uniquekey === 'cards');
  const chosen =
    cards.find(isDefaultOption) ??
    cards[0] ??
    options.find((option) => option.value === PAY_WITH_NEW_CARD) ??
    options.find((option) => option.value === ADD_NEW_CARD) ??
    options[0];
  return chosen?.value ?? null;
}
