// Card velocity (issue 33, decision 0050): charging, verifying (saving) and topping up with a card
// are counted per visitor and per card, so a card tester meets a 429 after a handful of tries,
// whichever instance answers (the counters are the database's on PostgreSQL).
import type { CardAction } from '~/domain/rate-limits';
import { type RateContext } from '~/services/identity/rate-limit.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { type NamedCard, cardKeyOf } from '~/services/payments/card-key.server';

/** Counts a card use of `action` and throws a 429 (JSON, in the request's language) when the visitor or the card is over its limit. */
export async function requireCardUseWithinLimits(context: RateContext, action: CardAction, card: NamedCard): Promise<void> {
  await requireWithinRateLimit(context, action, 'api', await cardKeyOf(card));
}
