// Card velocity (issue 33, decision 0050): charging, verifying (saving) and topping up with a card
// are counted per visitor and per card, so a card tester meets a 429 after a handful of tries,
// whichever instance answers (the counters are the database's on PostgreSQL).
import type { CardAction } from '~/domain/rate-limits';
import { type RateContext } from '~/services/identity/rate-limit.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { paymentsOrNull } from '~/services/payments/runtime.server';

/** The card a call names: a one-time nonce from the card frame, or one of the user's saved cards. */
export type NamedCard = { nonce: string } | { savedCardId: string };

/**
 * How the limits know a card: a nonce's BIN and last four digits as the gateway reads them (a new
 * nonce for the same card is the same card), a saved card by its id. Null when the gateway cannot
 * say (an unknown nonce, or no answer): the visitor's limits still count.
 */
async function cardKeyOf(card: NamedCard): Promise<string | null> {
  if ('savedCardId' in card) return `saved:${card.savedCardId}`;
  const described = await paymentsOrNull()?.gateway.describeNonce(card.nonce);
  return described?.ok && described.value ? `${described.value.bin}:${described.value.last4}` : null;
}

/** Counts a card use of `action` and throws a 429 (JSON, in the request's language) when the visitor or the card is over its limit. */
export async function requireCardUseWithinLimits(context: RateContext, action: CardAction, card: NamedCard): Promise<void> {
  await requireWithinRateLimit(context, action, 'api', await cardKeyOf(card));
}
