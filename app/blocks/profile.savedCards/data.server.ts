import { cardServiceApiKey } from '~/domain/payment-providers';
import { toCardPGV2 } from '~/domain/saved-cards';
import { listCardsOfUser } from '~/services/payments/saved-cards.server';
import type { BlockContext, TypedBlock } from '../context.server';

/**
 * The signed-in user's saved cards (second provider shape), where the organisation offers
 * saved cards, with what the card-service calls need: the user's e-mail and the api-key.
 */
export default async function resolveSavedCards(_block: TypedBlock<'profile.savedCards'>, { user, org }: BlockContext) {
  if (!user || !org.payments.options.includes('saved-cards')) return { enabled: false, cards: [], email: '', apiKey: '' };
  const cards = await listCardsOfUser(user.userId, org.orgId);
  return { enabled: true, cards: cards.map(toCardPGV2), email: user.email, apiKey: cardServiceApiKey(org.payments, org.orgId) };
}
