// How the card limits and the fraud screening know a card before it is charged (decision 0050,
// issue 37): a nonce by its BIN and last four digits as the gateway reads them (a new nonce for
// the same card is the same card), a saved card by its id; and, for the screening, the country
// the gateway says issued it.
import { paymentsOrNull } from './runtime.server';

/** The card a call names: a one-time nonce from the card frame, or one of the user's saved cards. */
export type NamedCard = { nonce: string } | { savedCardId: string };

/** What is known of a card before it is charged: its key, and the country that issued it (ISO alpha-2) when the gateway says. */
export type DescribedCard = { key: string | null; country: string | null };

/** A nonce is read once per call, by the limits then by the screening: the answer is kept a minute. */
const KEPT_MS = 60_000;
const described = new Map<string, { card: Promise<DescribedCard>; until: number }>();

/** The card's key and issuing country; both null when the gateway cannot say (an unknown nonce, or no answer). */
export function describeCard(card: NamedCard): Promise<DescribedCard> {
  // A saved card's country is not kept with it.
  if ('savedCardId' in card) return Promise.resolve({ key: `saved:${card.savedCardId}`, country: null });
  const now = Date.now();
  const kept = described.get(card.nonce);
  if (kept && kept.until > now) return kept.card;
  for (const [nonce, entry] of described) if (entry.until <= now) described.delete(nonce);
  const read = describe(card.nonce);
  described.set(card.nonce, { card: read, until: now + KEPT_MS });
  return read;
}

/** The card's key, or null when the gateway cannot say. */
export const cardKeyOf = async (card: NamedCard): Promise<string | null> => (await describeCard(card)).key;

async function describe(nonce: string): Promise<DescribedCard> {
  const answer = await paymentsOrNull()?.gateway.describeNonce(nonce);
  return answer?.ok && answer.value ? { key: `${answer.value.bin}:${answer.value.last4}`, country: answer.value.country } : { key: null, country: null };
}
