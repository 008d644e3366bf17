// Saved cards: the gateway's vault plus our `saved_cards` rows (brand, last 4, expiry,
// nickname, default). Every function takes the signed-in user's database id and only ever
// reads or changes that user's rows; a card id of another user reads as "not found".
import type { Selectable } from 'kysely';
import { CARD_LIST_LIMIT, type SavedCardView, gatewayCustomerIdFor, isCardId } from '~/domain/saved-cards';
import { getDb } from '../platform/db.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import type { SavedCardsTable } from '../platform/db-schema';
import { errorFields, log } from '../platform/logger.server';
import type { PaymentFailure } from './port';
import { paymentGateway } from './runtime.server';

type Row = Selectable<SavedCardsTable>;

function toView(row: Omit<Row, 'token' | 'user_id'>): SavedCardView {
  return {
    id: row.id,
    gatewayCustomerId: row.gateway_customer_id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    nickname: row.nickname,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
  };
}

const VIEW_COLUMNS = ['id', 'gateway_customer_id', 'brand', 'last4', 'exp_month', 'exp_year', 'nickname', 'is_default', 'created_at'] as const;

const MAX_KEPT_CARD_LISTS = 10_000;

/**
 * Each user's cards as listed, kept until any statement on saved_cards (migration
 * 0030_checkout_notices, decision 0047): every checkout lists them.
 */
const keptCards = keptUntilChanged<SavedCardView[]>('saved-cards', ['saved_cards'], MAX_KEPT_CARD_LISTS);

/** The user's cards, default first then newest, at most 100 (spec §7); read-only (kept, decision 0047). */
export async function listCards(userDbId: number): Promise<readonly SavedCardView[]> {
  return keptCards.get(String(userDbId), async () => {
    const rows = await getDb()
      .selectFrom('saved_cards')
      .select(VIEW_COLUMNS)
      .where('user_id', '=', userDbId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(CARD_LIST_LIMIT)
      .execute();
    return rows.map(toView);
  });
}

/** The cards of a user named by public id (the page blocks know the session user by it). */
export async function listCardsOfUser(userPublicId: string, orgId: string): Promise<readonly SavedCardView[]> {
  const user = await getDb().selectFrom('users').select('id').where('public_id', '=', userPublicId).where('org_id', '=', orgId).executeTakeFirst();
  return user ? listCards(user.id) : [];
}

export async function findCard(userDbId: number, cardId: string): Promise<SavedCardView | null> {
  if (!isCardId(cardId)) return null;
  const row = await getDb().selectFrom('saved_cards').select(VIEW_COLUMNS).where('user_id', '=', userDbId).where('id', '=', cardId).executeTakeFirst();
  return row ? toView(row) : null;
}

/** The user's default card, or null. */
export async function findDefaultCard(userDbId: number): Promise<SavedCardView | null> {
  const row = await getDb().selectFrom('saved_cards').select(VIEW_COLUMNS).where('user_id', '=', userDbId).where('is_default', '=', true).executeTakeFirst();
  return row ? toView(row) : null;
}

async function tokenOf(userDbId: number, cardId: string): Promise<{ token: string; customerId: string } | null> {
  if (!isCardId(cardId)) return null;
  const row = await getDb().selectFrom('saved_cards').select(['token', 'gateway_customer_id']).where('user_id', '=', userDbId).where('id', '=', cardId).executeTakeFirst();
  return row ? { token: row.token, customerId: row.gateway_customer_id } : null;
}

/** For the booking payment helper: the vaulted token of the user's own card, or null. */
export function cardForPayment(userDbId: number, cardId: string): Promise<{ token: string; customerId: string } | null> {
  return tokenOf(userDbId, cardId);
}

/** Why a card was not saved, in words the user can act on (no gateway detail beyond that). */
function saveFailureMessage(failure: PaymentFailure): string {
  switch (failure.kind) {
    case 'processor_declined':
      return `The card was declined by the bank (${failure.text}). Please use a different card.`;
    case 'gateway_rejected':
      return failure.reason === 'fraud' || failure.reason === 'risk_threshold'
        ? 'The card was refused. Please use a different card.'
        : 'The card could not be verified. Please use a different card.';
    case 'failed':
      return 'The card could not be verified right now. Please try again.';
    case 'validation':
      return failure.errors.some((e) => e.field.toLowerCase().includes('nonce'))
        ? 'The card details have expired or were already used. Please enter the card again.'
        : 'The card details were not accepted. Please check them and try again.';
    case 'transport':
      return 'The payment service did not answer. Please try again.';
  }
}

export type SaveCardResult = { ok: true; card: SavedCardView } | { ok: false; message: string };

/**
 * Vaults a card from a one-time nonce (verified by the gateway) under the user's gateway
 * customer and stores it. The user's first card becomes the default, as does any card saved
 * with `makeDefault`. A failed save stores nothing.
 */
export async function saveCard(input: {
  userDbId: number;
  userPublicId: string;
  email: string;
  nonce: string;
  nickname: string | null;
  makeDefault: boolean;
}): Promise<SaveCardResult> {
  const gateway = paymentGateway();
  const customerId = gatewayCustomerIdFor(input.userPublicId);
  const db = getDb();
  const existing = await db
    .selectFrom('saved_cards')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('user_id', '=', input.userDbId)
    .executeTakeFirstOrThrow();
  // The list shows at most 100 cards (spec §9): a card beyond that could never be chosen.
  if (Number(existing.n) >= CARD_LIST_LIMIT) return { ok: false, message: `You can keep at most ${CARD_LIST_LIMIT} saved cards. Delete one to save another.` };
  const makeDefault = input.makeDefault || Number(existing.n) === 0;
  // The phone from /user-details, when the user gave one (the gateway gets '555' otherwise).
  const owner = await db.selectFrom('users').select('phone').where('id', '=', input.userDbId).executeTakeFirst();
  const customer = await gateway.ensureCustomer({ customerId, email: input.email, phone: owner?.phone });
  if (!customer.ok) return { ok: false, message: saveFailureMessage(customer.failure) };
  const vaulted = await gateway.vaultPaymentMethod({ customerId, nonce: input.nonce, makeDefault, verify: true });
  if (!vaulted.ok) return { ok: false, message: saveFailureMessage(vaulted.failure) };
  const card = vaulted.value;
  try {
    const row = await db.transaction().execute(async (trx) => {
      if (makeDefault) await trx.updateTable('saved_cards').set({ is_default: false }).where('user_id', '=', input.userDbId).where('is_default', '=', true).execute();
      return trx
        .insertInto('saved_cards')
        .values({
          user_id: input.userDbId,
          gateway_customer_id: customerId,
          token: card.token,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expirationMonth.padStart(2, '0'),
          exp_year: card.expirationYear,
          nickname: input.nickname,
          is_default: makeDefault,
        })
        .returning(VIEW_COLUMNS)
        .executeTakeFirstOrThrow();
    });
    return { ok: true, card: toView(row) };
  } catch (error) {
    // Stored nowhere but the vault: take it back out so the user is not left with a ghost card.
    log.error('saved card row insert failed; removing the vaulted card', errorFields(error));
    await gateway.deletePaymentMethod({ token: card.token });
    return { ok: false, message: 'The card could not be saved. Please try again.' };
  }
}

export type CardChange = { ok: true; card: SavedCardView | null } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'gateway'; message: string };

/** Makes one of the user's cards the default (one per user), at the gateway and here. */
export async function setDefaultCard(userDbId: number, cardId: string): Promise<CardChange> {
  const owned = await tokenOf(userDbId, cardId);
  if (!owned) return { ok: false, reason: 'not_found' };
  const result = await paymentGateway().setDefault({ token: owned.token });
  if (!result.ok) return { ok: false, reason: 'gateway', message: 'The payment service could not change the default card. Please try again.' };
  const row = await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('saved_cards').set({ is_default: false }).where('user_id', '=', userDbId).where('is_default', '=', true).where('id', '!=', cardId).execute();
      return trx.updateTable('saved_cards').set({ is_default: true }).where('user_id', '=', userDbId).where('id', '=', cardId).returning(VIEW_COLUMNS).executeTakeFirst();
    });
  return row ? { ok: true, card: toView(row) } : { ok: false, reason: 'not_found' };
}

/** Removes one of the user's cards from the vault and from our table. */
export async function deleteCard(userDbId: number, cardId: string): Promise<CardChange> {
  const owned = await tokenOf(userDbId, cardId);
  if (!owned) return { ok: false, reason: 'not_found' };
  const result = await paymentGateway().deletePaymentMethod({ token: owned.token });
  // A card the vault no longer knows is gone already: the row may go too.
  if (!result.ok && !isNotFoundFailure(result.failure)) {
    return { ok: false, reason: 'gateway', message: 'The payment service could not delete the card. Please try again.' };
  }
  await getDb().deleteFrom('saved_cards').where('user_id', '=', userDbId).where('id', '=', cardId).execute();
  return { ok: true, card: null };
}

function isNotFoundFailure(failure: PaymentFailure): boolean {
  return failure.kind === 'validation' && failure.errors.some((error) => error.code === 'not_found');
}

/** Renames one of the user's cards (the nickname is already checked by the caller). */
export async function updateNickname(userDbId: number, cardId: string, nickname: string): Promise<CardChange> {
  if (!isCardId(cardId)) return { ok: false, reason: 'not_found' };
  const row = await getDb().updateTable('saved_cards').set({ nickname }).where('user_id', '=', userDbId).where('id', '=', cardId).returning(VIEW_COLUMNS).executeTakeFirst();
  return row ? { ok: true, card: toView(row) } : { ok: false, reason: 'not_found' };
}

/** A one-time nonce for the user's own card (3-D Secure on a saved card), or why not. */
export async function nonceForCard(userDbId: number, cardId: string): Promise<{ ok: true; nonce: string } | { ok: false; reason: 'not_found' | 'gateway' }> {
  const owned = await tokenOf(userDbId, cardId);
  if (!owned) return { ok: false, reason: 'not_found' };
  const result = await paymentGateway().createNonceForCard(owned.token);
  return result.ok ? { ok: true, nonce: result.value } : { ok: false, reason: 'gateway' };
}
