// Pure rules of the sandbox gateway: Braintree's published test values (amounts, card numbers,
// fake nonces, 3-D Secure cards) turned into outcomes. No IO, so they are unit tested directly.
import { createRequire } from 'node:module';

/** Parses a Braintree amount ("12.34", "12", "12.3") into integer cents; null when malformed. */
export function parseAmount(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export type DeclineType = 'soft_declined' | 'hard_declined';

export type AmountOutcome =
  | { kind: 'authorized' }
  | { kind: 'processor_declined'; code: string; text: string; type: DeclineType }
  | { kind: 'failed'; code: string; text: string }
  | { kind: 'gateway_rejected'; reason: 'application_incomplete' };

// Braintree's texts for the codes tests and the UI care about; any other 2xxx code reads
// "Processor Declined". Hard declines are the ones retrying with the same card cannot fix.
const DECLINE_TEXTS: Record<number, string> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: "Cardholder's Activity Limit Exceeded",
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2006: 'Invalid Expiration Date',
  2007: 'No Account',
  2010: 'Card Issuer Declined CVV',
  2012: 'Processor Declined - Possible Lost Card',
  2013: 'Processor Declined - Possible Stolen Card',
  2014: 'Processor Declined - Fraud Suspected',
  2015: 'Transaction Not Allowed',
  2038: 'Processor Declined',
  2046: 'Declined',
  2047: 'Call Issuer. Pick Up Card',
};
const HARD_DECLINES = new Set([2004, 2005, 2007, 2012, 2013, 2014, 2015, 2047]);

/** What the processor answers for an amount (in cents), per Braintree's sandbox amount table. */
export function outcomeForAmount(cents: number): AmountOutcome {
  if (cents >= 200_000 && cents <= 299_999) {
    const code = Math.floor(cents / 100);
    return { kind: 'processor_declined', code: String(code), text: DECLINE_TEXTS[code] ?? 'Processor Declined', type: HARD_DECLINES.has(code) ? 'hard_declined' : 'soft_declined' };
  }
  if (cents >= 300_000 && cents <= 300_099) return { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' };
  if (cents === 500_100) return { kind: 'gateway_rejected', reason: 'application_incomplete' };
  return { kind: 'authorized' };
}

export function declineFor(code: number): { code: string; text: string; type: DeclineType } {
  return { code: String(code), text: DECLINE_TEXTS[code] ?? 'Processor Declined', type: HARD_DECLINES.has(code) ? 'hard_declined' : 'soft_declined' };
}

export type CardType = 'Visa' | 'MasterCard' | 'American Express' | 'Discover' | 'JCB' | 'Diners Club';

export function cardTypeOf(number: string): CardType | null {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  if (/^35/.test(number)) return 'JCB';
  if (/^(36|38|30[0-5])/.test(number)) return 'Diners Club';
  return null;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Cards whose verification (vaulting with verify_card) the processor declines with 2000. */
const FAILS_VERIFICATION = new Set(['4000111111111115', '5105105105105100']);
/** Cards the gateway's fraud tools reject on any sale or verification. */
const FRAUD_CARDS = new Set(['4000111111111511']);

export function cardBehaviour(number: string): { failsVerification: boolean; fraud: boolean } {
  return { failsVerification: FAILS_VERIFICATION.has(number), fraud: FRAUD_CARDS.has(number) };
}

/** Cards the gateway's risk check sends to review (authorised, with `risk_data.decision` Review). */
const REVIEWED_CARDS = new Set(['4000111111111123']);

/** Braintree's `risk_data.decision` for a sale of this card: Decline for the fraud cards (rejected), Review, else Approve. */
export function riskDecisionOf(number: string): 'Approve' | 'Review' | 'Decline' {
  return FRAUD_CARDS.has(number) ? 'Decline' : REVIEWED_CARDS.has(number) ? 'Review' : 'Approve';
}

/**
 * Where a card was issued, as Braintree's `bin_data.country_of_issuance` says (ISO 3166 alpha-3):
 * these test cards abroad, every other card in the United States.
 */
const ISSUED_ABROAD: Record<string, string> = { '4000000760000002': 'BRA', '4000001240000000': 'CAN', '4000004840008001': 'MEX', '4000008260000000': 'GBR' };

export function countryOfIssuance(number: string): string {
  return ISSUED_ABROAD[number] ?? 'USA';
}

/** The result of 3-D Secure on a card, as Braintree reports it in `three_d_secure_info`. */
export type ThreeDSecureInfo = {
  status: string;
  enrolled: 'Y' | 'N' | 'U';
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  version: string;
};

type ThreeDSecureCard = { flow: 'frictionless' | 'challenge'; result: 'success' | 'failed' | 'code' };

// 3-D Secure 2 test cards, with any future expiry: Braintree's own sandbox wants expiry month 01,
// but README promises any future expiry, and a demo user should not have to know that quirk.
// 'code' means the challenge passes only with the code 1234, as on Braintree's test ACS page.
const THREE_D_SECURE_CARDS: Record<string, ThreeDSecureCard> = {
  '4000000000001000': { flow: 'frictionless', result: 'success' },
  '4000000000001018': { flow: 'frictionless', result: 'failed' },
  '4000000000001091': { flow: 'challenge', result: 'code' },
  '4000000000001109': { flow: 'challenge', result: 'failed' },
  '4000000000002701': { flow: 'frictionless', result: 'success' },
  '4000000000002925': { flow: 'frictionless', result: 'failed' },
  '4000000000002503': { flow: 'challenge', result: 'success' },
  '4000000000002370': { flow: 'challenge', result: 'failed' },
};
export const CHALLENGE_PASS_CODE = '1234';

const THREE_D_SECURE_VERSION = '2.2.0';

function info(status: string, enrolled: ThreeDSecureInfo['enrolled'], liabilityShifted: boolean, liabilityShiftPossible: boolean): ThreeDSecureInfo {
  return { status, enrolled, liabilityShifted, liabilityShiftPossible, version: THREE_D_SECURE_VERSION };
}

/**
 * Runs the simulated 3-D Secure authentication of a card. `challengeCode` is what the cardholder
 * typed on the challenge page; a challenge card without one stays unauthenticated.
 */
export function authenticateThreeDSecure(number: string, challengeCode: string | undefined): ThreeDSecureInfo {
  const card = THREE_D_SECURE_CARDS[number];
  if (!card) return info('authentication_unavailable', 'N', false, false);
  if (card.flow === 'frictionless') {
    return card.result === 'success' ? info('authenticate_successful', 'Y', true, true) : info('authenticate_failed', 'Y', false, true);
  }
  if (challengeCode === undefined) return info('challenge_required', 'Y', false, true);
  const passed = card.result === 'success' || (card.result === 'code' && challengeCode === CHALLENGE_PASS_CODE);
  return passed ? info('authenticate_successful', 'Y', true, true) : info('authenticate_failed', 'Y', false, true);
}

/** What a fake nonce of the SDK's test constants stands for. */
export type FakeNonce = {
  number: string;
  threeDSecure?: ThreeDSecureInfo;
  consumed?: boolean;
  /** Fake nonces whose sale the processor declines or fails whatever the amount. */
  forcedOutcome?: AmountOutcome;
};

const sdkRequire = createRequire(import.meta.url);

function loadSdkNonces(): Record<string, string> {
  const loaded: unknown = sdkRequire('braintree/lib/braintree/test_values/nonces.js');
  const nonces = typeof loaded === 'object' && loaded !== null && 'Nonces' in loaded ? loaded.Nonces : undefined;
  if (typeof nonces !== 'object' || nonces === null) throw new Error('braintree test nonces not found');
  return Object.fromEntries(Object.entries(nonces).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The SDK's own test nonce names (read from the SDK, so they follow its version). */
export const SDK_NONCES = loadSdkNonces();

function sdkNonce(name: string): string {
  const value = SDK_NONCES[name];
  if (!value) throw new Error(`braintree SDK has no test nonce ${name}`);
  return value;
}

const VISA = '4111111111111111';
const fullAuth = info('authenticate_successful', 'Y', true, true);
const failedAuth = info('authenticate_failed', 'Y', false, true);
const unavailable = (status: string): ThreeDSecureInfo => info(status, 'U', false, false);

/** The fake nonces the sandbox honours: card nonces, 3-D Secure results and forced outcomes. */
export function fakeNonceTable(): Map<string, FakeNonce> {
  const entries: [string, FakeNonce][] = [
    ['Transactable', { number: VISA }],
    ['TransactableVisa', { number: VISA }],
    ['TransactableMasterCard', { number: '5555555555554444' }],
    ['TransactableAmEx', { number: '378282246310005' }],
    ['TransactableDiscover', { number: '6011000991300009' }],
    ['TransactableJCB', { number: '3530111333300000' }],
    ['TransactableDinersClub', { number: '36259600000004' }],
    ['Consumed', { number: VISA, consumed: true }],
    ['ProcessorDeclinedVisa', { number: '4000111111111115', forcedOutcome: { kind: 'processor_declined', ...declineFor(2000) } }],
    ['ProcessorDeclinedMasterCard', { number: '5105105105105100', forcedOutcome: { kind: 'processor_declined', ...declineFor(2000) } }],
    ['ProcessorDeclinedAmEx', { number: '378734493671000', forcedOutcome: { kind: 'processor_declined', ...declineFor(2000) } }],
    ['ProcessorDeclinedDiscover', { number: '6011000990139424', forcedOutcome: { kind: 'processor_declined', ...declineFor(2000) } }],
    ['ProcessorFailureJCB', { number: '3566002020360505', forcedOutcome: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' } }],
    ['GatewayRejectedFraud', { number: '4000111111111511' }],
    ['ThreeDSecureVisaFullAuthentication', { number: VISA, threeDSecure: fullAuth }],
    ['ThreeDSecureTwoVisaSuccessfulFrictionlessAuthentication', { number: VISA, threeDSecure: fullAuth }],
    ['ThreeDSecureTwoVisaSuccessfulStepUpAuthentication', { number: VISA, threeDSecure: fullAuth }],
    ['ThreeDSecureVisaAttemptsNonParticipating', { number: VISA, threeDSecure: info('attempt_successful', 'Y', true, true) }],
    ['ThreeDSecureVisaFailedAuthentication', { number: VISA, threeDSecure: failedAuth }],
    ['ThreeDSecureVisaFailedSignature', { number: VISA, threeDSecure: info('authenticate_signature_verification_failed', 'Y', false, true) }],
    ['ThreeDSecureVisaNoteEnrolled', { number: VISA, threeDSecure: info('authenticate_attempt_successful', 'N', false, false) }],
    ['ThreeDSecureVisaUnavailable', { number: VISA, threeDSecure: unavailable('authentication_unavailable') }],
    ['ThreeDSecureVisaLookupTimeout', { number: VISA, threeDSecure: unavailable('lookup_error') }],
    ['ThreeDSecureVisaMPILookupError', { number: VISA, threeDSecure: unavailable('lookup_error') }],
    ['ThreeDSecureVisaMPIAuthenticateError', { number: VISA, threeDSecure: unavailable('authenticate_error') }],
    ['ThreeDSecureVisaAuthenticationUnavailable', { number: VISA, threeDSecure: unavailable('authentication_unavailable') }],
    ['ThreeDSecureVisaBypassedAuthentication', { number: VISA, threeDSecure: unavailable('bypassed_authentication') }],
    ['ThreeDSecureTwoVisaErrorOnLookup', { number: VISA, threeDSecure: unavailable('lookup_error') }],
    ['ThreeDSecureTwoVisaTimeoutOnLookup', { number: VISA, threeDSecure: unavailable('lookup_error') }],
  ];
  return new Map(entries.map(([name, nonce]) => [sdkNonce(name), nonce]));
}

/** A field error of the card frame, in words a cardholder can act on. */
export type CardFieldError = { field: 'number' | 'expiry' | 'cvv'; message: string };

export const CARD_FIELD_MESSAGES = {
  number: 'Enter a valid card number.',
  expiry: 'Enter the expiry date as MM/YY.',
  expired: 'This card has expired. Check the expiry date.',
  cvv: 'Enter the 3-digit security code (4 digits for American Express).',
} as const;

/**
 * Checks what the cardholder typed in the card frame: number (spaces and dashes allowed),
 * expiry `MM/YY` (or `MM/YYYY`), CVV (4 digits for American Express, else 3). `now` decides
 * whether the card has expired (it is valid through the end of its expiry month).
 */
export function parseCardEntry(
  input: { number?: unknown; expiry?: unknown; cvv?: unknown },
  now: number,
): { ok: true; number: string; cardType: CardType; expirationMonth: string; expirationYear: string } | { ok: false; errors: CardFieldError[] } {
  const errors: CardFieldError[] = [];
  const number = (typeof input.number === 'string' ? input.number : '').replace(/[\s-]/g, '');
  const cardType = cardTypeOf(number);
  if (!luhnValid(number) || !cardType) errors.push({ field: 'number', message: CARD_FIELD_MESSAGES.number });

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typeof input.expiry === 'string' ? input.expiry : '');
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? Number(expiry[2]?.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) {
    errors.push({ field: 'expiry', message: CARD_FIELD_MESSAGES.expiry });
  } else {
    const today = new Date(now);
    const current = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
    if (year * 12 + month < current) errors.push({ field: 'expiry', message: CARD_FIELD_MESSAGES.expired });
  }

  const cvv = typeof input.cvv === 'string' ? input.cvv.trim() : '';
  if (!(cardType === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) errors.push({ field: 'cvv', message: CARD_FIELD_MESSAGES.cvv });

  if (errors.length > 0 || !cardType) return { ok: false, errors };
  return { ok: true, number, cardType, expirationMonth: String(month).padStart(2, '0'), expirationYear: String(year) };
}
