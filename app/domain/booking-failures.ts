/**
 * Why a booking failed, as the platform records it (`bookings.failure_text`, in English, also
 * what a pay call answers), and the page's words for each: My bookings shows a failed booking
 * with its reason in the page's language. Pure.
 */
export const FAILURE_TEXTS = {
  expired: 'Your reservation expired before the payment completed. Nothing was charged.',
  notCaptured: 'The payment could not be completed. Nothing was charged.',
  late: 'The payment took too long and was cancelled. Nothing was charged: please try again.',
  oxxoExpired: 'The OXXO voucher expired before it was paid. The reservation was released; nothing was charged.',
  replaced: 'Replaced by another membership purchase',
} as const;

export type FailureMessageKey = `bookings.failure.${keyof typeof FAILURE_TEXTS}`;

const keyOfText = new Map<string, FailureMessageKey>(Object.entries(FAILURE_TEXTS).map(([name, text]) => [text, `bookings.failure.${name}` as FailureMessageKey]));

/** The message key of a recorded failure text; null for a text the platform did not write itself. */
export function failureMessageKey(text: string | null): FailureMessageKey | null {
  return text === null ? null : (keyOfText.get(text) ?? null);
}
