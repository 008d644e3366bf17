/**
 * Rules of the booking submit on the client (spec §4 "Booking submit", §5 booking id, §8, §9
 * constants): which answers stop the flow and what the page shows for each.
 */
import { isProductCode, products } from '~/products/registry';

export const CARD_MOUNT_DELAY_MS = 300;
/** The cookie the browser keeps its last payment's id in (spec cookies: paymentIdC; decision 0053). */
export const PAYMENT_ID_COOKIE = 'paymentIdC';
export const SELECTION_READY_MS = 500;

/** Spec §4 step 2 and §5: a booking id is present and contains neither 'undefined' nor 'NaN'. */
export function isValidBookingId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9-]{3,64}$/.test(id) && !id.includes('undefined') && !id.includes('NaN');
}

export type SubmitOutcome =
  { kind: 'navigate'; url: string } | { kind: 'card_failure' } | { kind: 'message'; text: string } | { kind: 'booking_failed'; error: string | null } | { kind: 'demo' };

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Only our own pages are navigated to after paying. */
function samePath(url: unknown): string | null {
  const path = text(url);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * What the page does with the answer of a pay call (docs/api.md "Booking payment"): go to the
 * success page, show the card-failure modal, show a message under the payment form, or the
 * booking-failed modal with the stored error.
 */
export type SubmitMessages = { anotherMethod: string; threeDSecureRequired: string; tryAgain: string; holdLapsed: string; travelerFirst: string };

/** initBooking's refusals (docs/api.md) in the page's words rather than their codes. */
const initErrors: Record<string, keyof SubmitMessages> = { expired: 'holdLapsed', traveler_required: 'travelerFirst', already_paid: 'holdLapsed' };

export function submitOutcome(status: number, body: unknown, messages: SubmitMessages): SubmitOutcome {
  const answer = record(body);
  const url = samePath(answer.return_url);
  if ((answer.status === 'confirmed' || answer.status === 'pending') && url) return { kind: 'navigate', url };
  if (answer.status === 'card_declined') return { kind: 'card_failure' };
  // The server's text is English: the page says it in its own language. The card page already
  // stops a failed authentication, so the server refusing means the card could not take part in
  // 3-D Secure where the organisation requires it: say so and what to do, not just "another method".
  if (answer.status === 'three_d_secure') return { kind: 'message', text: messages.threeDSecureRequired };
  if (answer.error === 'demo' || status === 403) return { kind: 'demo' };
  if (answer.status === 'booking_failed') return { kind: 'booking_failed', error: text(answer.error) };
  if (status >= 500) return { kind: 'booking_failed', error: null };
  const initError = typeof answer.error === 'string' ? initErrors[answer.error] : undefined;
  if (initError) return { kind: 'message', text: messages[initError] };
  return { kind: 'message', text: text(answer.message) ?? messages.tryAgain };
}

export type AckLink = { key: 'privacy' | 'rules' | 'cancellation' | 'checkin' | 'terms' | 'flightTerms' | 'airlineCancellation'; href: string };

/** The acknowledgement's links (spec §2 "Checkout payment block"): flights have their own set. */
export function acknowledgementLinks(product: string): AckLink[] {
  if (isProductCode(product) && products[product].acknowledgement === 'flight') {
    return [
      { key: 'terms', href: '/terms-of-use' },
      { key: 'flightTerms', href: '/terms-of-use#flight-terms' },
      { key: 'airlineCancellation', href: '/terms-of-use#airline-cancellation' },
      { key: 'privacy', href: '/privacy-policy' },
    ];
  }
  return [
    { key: 'privacy', href: '/privacy-policy' },
    { key: 'rules', href: '/terms-of-use#rules' },
    { key: 'cancellation', href: '/terms-of-use#cancellations' },
    { key: 'checkin', href: '/terms-of-use#check-in' },
  ];
}
