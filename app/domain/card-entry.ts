// The client card port's pure part: what the checkout page is told about card entry, the
// messages the sandbox card frame may send (anything else is ignored), and how a 3-D Secure
// answer becomes the handle's result. The protocol itself is documented in
// server/sandbox-gateway/card-frame.ts.

/**
 * How the browser collects a card:
 * - sandbox: our card frame served by the sandbox gateway at `origin` (development, tests);
 * - braintree: `braintree-web` hosted fields and 3-D Secure, authorised by a client token.
 */
export type CardEntryConfig = { kind: 'sandbox'; origin: string } | { kind: 'braintree'; environment: 'sandbox' | 'production'; clientToken: string };

/** The org config's `payments.cardProvider.ui`: Braintree's hosted fields or its Drop-in UI. */
export type CardProviderUi = 'hosted-fields' | 'drop-in';

/**
 * Which card UI a checkout shows (docs/decisions/0026): the sandbox gateway keeps our card
 * frame whatever the organisation chose; live Braintree shows the organisation's choice.
 */
export function cardEntryView(config: CardEntryConfig, ui: CardProviderUi): 'sandbox-frame' | CardProviderUi {
  return config.kind === 'sandbox' ? 'sandbox-frame' : ui;
}

/** The locales Braintree's Drop-in has its own words for (braintree-web-drop-in's translations). */
export const DROP_IN_LOCALES = [
  'ar_EG',
  'cs_CZ',
  'da_DK',
  'de_DE',
  'el_GR',
  'en_AU',
  'en_GB',
  'en_IN',
  'en_US',
  'es_ES',
  'es_XC',
  'fi_FI',
  'fr_CA',
  'fr_FR',
  'fr_XC',
  'he_IL',
  'hu_HU',
  'id_ID',
  'it_IT',
  'ja_JP',
  'ko_KR',
  'nl_NL',
  'no_NO',
  'pl_PL',
  'pt_BR',
  'pt_PT',
  'ru_RU',
  'sk_SK',
  'sv_SE',
  'th_TH',
  'zh_CN',
  'zh_HK',
  'zh_TW',
  'zh_XC',
];

/**
 * Drop-in's locale for the page's language (BCP 47, e.g. es-MX): the same region when Drop-in
 * has it; other regions take Drop-in's international variant where it has one (es_XC is Latin
 * American Spanish; fr_XC, zh_XC); otherwise the bare language, which Drop-in reads as its main
 * locale ('pt' as pt_PT); English when Drop-in does not speak the language at all.
 */
export function dropInLocale(language: string): string {
  const [lang = '', region = ''] = language.toLowerCase().split(/[-_]/);
  const spoken = DROP_IN_LOCALES.filter((locale) => locale.startsWith(`${lang}_`));
  if (spoken.length === 0) return 'en_US';
  const exact = `${lang}_${region.toUpperCase()}`;
  if (spoken.includes(exact)) return exact;
  if (region && spoken.includes(`${lang}_XC`)) return `${lang}_XC`;
  return lang;
}

export type CardEntryFailure = { ok: false; reason: 'invalid' | 'requires_payment_method' | 'unavailable'; message: string };

/**
 * What `tokenize` and `verifySavedCard` resolve to. `threeDSecure` says what 3-D Secure did:
 * 'authenticated' (liability shifted), 'not_enrolled' (the card takes no part: a sale requiring
 * 3-D Secure will be rejected, so the server decides), or null (not asked for).
 */
export type CardEntryResult = { ok: true; nonce: string; brand: string; last4: string; threeDSecure: 'authenticated' | 'not_enrolled' | null } | CardEntryFailure;

/** Spec §4/§9: after a challenge, a successful 3-D Secure completes after 1 second. */
export const THREE_D_SECURE_COMPLETE_DELAY_MS = 1_000;

export const CARD_ENTRY_MESSAGES = {
  anotherMethod: 'Please enter another payment method',
  invalid: 'Please check your card details.',
  unavailable: 'Card payments are unavailable right now. Please try again.',
  busy: 'A card check is already in progress.',
} as const;

/**
 * The card entry's own words, in English where the page gives none (a bare page such as the
 * tests' harness); pages give theirs in the page's language (app/i18n `cardEntry.*`). Written
 * twice on purpose: the English dictionary must not import anything, or the client bundles keep it.
 */
export const CARD_ENTRY_LABELS = {
  'cardEntry.frameTitle': 'Card details',
  'cardEntry.threeDSecure': '3-D Secure',
  'cardEntry.cancelThreeDSecure': 'Cancel 3-D Secure',
  'cardEntry.challengeTitle': 'Verify your payment with your card issuer',
  'cardEntry.number': 'Card number',
  'cardEntry.expiry': 'Expiry (MM/YY)',
  'cardEntry.expiryPlaceholder': 'MM/YY',
  'cardEntry.cvv': 'CVV',
} as const;
export type CardEntryLabel = keyof typeof CARD_ENTRY_LABELS;

export type FieldError = { field: string; message: string };
export type CardDetails = { brand: string; last4: string; expMonth: string; expYear: string };
export type FrameThreeDSecure = { status: 'succeeded' | 'requires_payment_method' | 'not_enrolled' } | { status: 'challenge_required'; challengeId: string };

/** Messages the card frame (or its challenge page) sends to the embedding page. */
export type FrameMessage =
  | { type: 'ready'; deviceData: string | null }
  | { type: 'tokenized'; id: string; ok: true; nonce: string; details: CardDetails; threeDSecure: FrameThreeDSecure | null }
  | { type: 'tokenized'; id: string; ok: false; errors: FieldError[] }
  | { type: '3ds-result'; id: string; status: 'succeeded' | 'requires_confirmation' | 'requires_payment_method' | 'unavailable'; nonce: string | null }
  | { type: 'challenge-closed'; challengeId: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function details(value: unknown): CardDetails | null {
  if (!isRecord(value)) return null;
  const { brand, last4, expMonth, expYear } = value;
  return isText(brand) && typeof last4 === 'string' && /^\d{4}$/.test(last4) && isText(expMonth) && isText(expYear) ? { brand, last4, expMonth, expYear } : null;
}

function threeDSecure(value: unknown): FrameThreeDSecure | null | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { status, challengeId } = value;
  if (status === 'challenge_required') return isText(challengeId) ? { status, challengeId } : undefined;
  return status === 'succeeded' || status === 'requires_payment_method' || status === 'not_enrolled' ? { status } : undefined;
}

function fieldErrors(value: unknown): FieldError[] | null {
  if (!Array.isArray(value)) return null;
  const errors = value.filter((error): error is FieldError => isRecord(error) && typeof error.field === 'string' && typeof error.message === 'string');
  return errors.length === value.length ? errors.map(({ field, message }) => ({ field, message })) : null;
}

/** A frame message, checked field by field; null for anything malformed (it is then ignored). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case 'ready':
      // The frame's device data, as Braintree's data collector gives it (a small JSON text).
      return { type: 'ready', deviceData: isText(data.deviceData) && data.deviceData.length <= 4096 ? data.deviceData : null };
    case 'challenge-closed':
      return isText(data.challengeId) ? { type: 'challenge-closed', challengeId: data.challengeId } : null;
    case 'tokenized': {
      if (!isText(data.id)) return null;
      if (data.ok === false) {
        const errors = fieldErrors(data.errors);
        return errors ? { type: 'tokenized', id: data.id, ok: false, errors } : null;
      }
      const card = details(data.details);
      const secure = threeDSecure(data.threeDSecure);
      if (data.ok !== true || !isText(data.nonce) || !card || secure === undefined) return null;
      return { type: 'tokenized', id: data.id, ok: true, nonce: data.nonce, details: card, threeDSecure: secure };
    }
    case '3ds-result': {
      const { id, status, nonce } = data;
      if (!isText(id)) return null;
      if (status !== 'succeeded' && status !== 'requires_confirmation' && status !== 'requires_payment_method' && status !== 'unavailable') return null;
      if ((status === 'succeeded' || status === 'requires_confirmation') && !isText(nonce)) return null;
      return { type: '3ds-result', id, status, nonce: isText(nonce) ? nonce : null };
    }
    default:
      return null;
  }
}

/** The amount the frame's 3-D Secure lookup takes ('12.34') from minor units (2 decimals). */
export function amountForThreeDSecure(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError(`amountMinor must be a positive integer, got ${amountMinor}`);
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/** The next step after the frame's `tokenized` answer: done, or open the challenge. */
export type TokenizedStep = { kind: 'done'; result: CardEntryResult } | { kind: 'challenge'; challengeId: string; brand: string; last4: string };

export function stepAfterTokenized(message: Extract<FrameMessage, { type: 'tokenized' }>): TokenizedStep {
  if (!message.ok) {
    // Field errors are the cardholder's to fix (shown in the frame too); anything else is ours.
    const invalid = message.errors.some((error) => error.field === 'number' || error.field === 'expiry' || error.field === 'cvv');
    const message_ = invalid ? CARD_ENTRY_MESSAGES.invalid : (message.errors[0]?.message ?? CARD_ENTRY_MESSAGES.unavailable);
    return { kind: 'done', result: { ok: false, reason: invalid ? 'invalid' : 'unavailable', message: message_ } };
  }
  const { nonce, details: card } = message;
  const secure = message.threeDSecure;
  if (secure?.status === 'challenge_required') return { kind: 'challenge', challengeId: secure.challengeId, brand: card.brand, last4: card.last4 };
  if (secure?.status === 'requires_payment_method') return { kind: 'done', result: { ok: false, reason: 'requires_payment_method', message: CARD_ENTRY_MESSAGES.anotherMethod } };
  const threeDSecure = secure === null ? null : secure.status === 'succeeded' ? 'authenticated' : 'not_enrolled';
  return { kind: 'done', result: { ok: true, nonce, brand: card.brand, last4: card.last4, threeDSecure } };
}

/**
 * Spec §4 "3-D Secure": once the challenge closes, the retrieved result decides. 'succeeded' or
 * 'requires_confirmation' complete (after THREE_D_SECURE_COMPLETE_DELAY_MS); 'requires_payment_method'
 * asks for another method.
 */
export function resultAfterChallenge(message: Extract<FrameMessage, { type: '3ds-result' }>, card: { brand: string; last4: string }): CardEntryResult {
  switch (message.status) {
    case 'succeeded':
    case 'requires_confirmation':
      return message.nonce
        ? { ok: true, nonce: message.nonce, brand: card.brand, last4: card.last4, threeDSecure: 'authenticated' }
        : { ok: false, reason: 'unavailable', message: CARD_ENTRY_MESSAGES.unavailable };
    case 'requires_payment_method':
      return { ok: false, reason: 'requires_payment_method', message: CARD_ENTRY_MESSAGES.anotherMethod };
    case 'unavailable':
      return { ok: false, reason: 'unavailable', message: CARD_ENTRY_MESSAGES.unavailable };
  }
}

/**
 * The DOM id of a card element (a hosted-field container, the card frame). Spec §5: "Card
 * element id text: alphanumeric only": anything else in the parts it is made from (React's
 * ':r1:' ids, hyphens, spaces) is dropped. It starts with 'card' so it is also a valid CSS id
 * selector ('#card…'), which braintree-web's `container` option is.
 */
export function cardElementId(...parts: readonly string[]): string {
  return `card${parts.join('')}`.replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The sandbox frame URLs for a page at `parentOrigin` (the frame only lets that origin embed it)
 * in `language` (the page's, e.g. es-MX: the frame speaks it).
 */
export function cardFrameUrl(sandboxOrigin: string, parentOrigin: string, language: string): string {
  return `${sandboxOrigin}/card-frame?${frameQuery(parentOrigin, language)}`;
}

export function challengeUrl(sandboxOrigin: string, challengeId: string, parentOrigin: string, language: string): string {
  return `${sandboxOrigin}/three-d-secure/challenge/${encodeURIComponent(challengeId)}?${frameQuery(parentOrigin, language)}`;
}

const frameQuery = (parentOrigin: string, language: string) => new URLSearchParams({ parent: parentOrigin, lang: language }).toString();

/**
 * braintree-web's 3-D Secure answer mapped the same way: liability shifted is authenticated;
 * shift possible but not made is a failed authentication; no shift possible is not enrolled.
 */
export function resultFromBraintreeThreeDSecure(
  payload: { nonce: string; liabilityShifted?: boolean; liabilityShiftPossible?: boolean },
  card: { brand: string; last4: string },
): CardEntryResult {
  if (payload.liabilityShifted) return { ok: true, nonce: payload.nonce, brand: card.brand, last4: card.last4, threeDSecure: 'authenticated' };
  if (payload.liabilityShiftPossible) return { ok: false, reason: 'requires_payment_method', message: CARD_ENTRY_MESSAGES.anotherMethod };
  return { ok: true, nonce: payload.nonce, brand: card.brand, last4: card.last4, threeDSecure: 'not_enrolled' };
}
