// The browser's card-service and saved-card calls (spec §7). Like the spec's card service,
// these never throw: a network failure or an unreadable answer gives null, and callers read
// `status_code` (set default succeeds only on 200, spec §5).
import type { CardPGV2 } from '~/domain/saved-cards';

export type CardServiceAnswer<T = CardPGV2 | null> = { status: number | string; status_code: number; message?: string; data: T };

async function call<T>(url: string, method: 'POST' | 'DELETE', body: unknown, headers: Record<string, string> = {}): Promise<CardServiceAnswer<T> | null> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    if (typeof answer !== 'object' || answer === null || !('status_code' in answer)) return null;
    return answer as CardServiceAnswer<T>;
  } catch {
    return null;
  }
}

const path = (action: string, email?: string) => `/api/card-service/v1/card/${action}${email === undefined ? '' : `/${encodeURIComponent(email)}`}`;

/** POST {card-service}/v1/card/set_default_card {card_id, email} with the api-key header. */
export function setDefaultCard(input: { cardId: string; email: string; apiKey: string }) {
  return call<CardPGV2>(path('set_default_card'), 'POST', { card_id: input.cardId, email: input.email }, { 'api-key': input.apiKey });
}

/** DELETE {card-service}/v1/card/delete/{email} {card_id} */
export function deleteCard(input: { cardId: string; email: string }) {
  return call<null>(path('delete', input.email), 'DELETE', { card_id: input.cardId });
}

/** POST {card-service}/v1/card/update/{email} {card_id, nick_name} */
export function updateCardNickname(input: { cardId: string; email: string; nickName: string }) {
  return call<CardPGV2>(path('update', input.email), 'POST', { card_id: input.cardId, nick_name: input.nickName });
}

/** POST /api/booking/saveCard: a failed save answers status 'not successful' with a message. */
export function saveCard(input: { nonce: string; nickName?: string; isDefault?: boolean }) {
  return call<CardPGV2 | null>('/api/booking/saveCard', 'POST', {
    nonce: input.nonce,
    ...(input.nickName ? { nick_name: input.nickName } : {}),
    ...(input.isDefault ? { is_default: true } : {}),
  });
}

/** POST /api/pgv2/cardNonce: a one-time nonce for a saved card, for 3-D Secure. */
export async function savedCardNonce(cardId: string): Promise<string | null> {
  const answer = await call<{ nonce: string } | null>('/api/pgv2/cardNonce', 'POST', { card_id: cardId });
  return answer?.status_code === 200 && answer.data ? answer.data.nonce : null;
}
