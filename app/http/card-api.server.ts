// The saved-card endpoints (spec §7 "Card service", "Legacy card calls"): session required,
// JSON in and out, 4xx for bad input with nothing changed. The session is the only authority:
// an e-mail or card id that is not the signed-in user's answers 404. The route reads the body
// (app/http/card-call.server.ts) with `cardBodies`; each call here takes the caller and the body.
import { json } from '@remix-run/node';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  type CardServiceSetDefaultBody,
  type CardServiceDeleteBody,
  type CardServiceUpdateBody,
  type LegacyListCardsBody,
  type LegacyCardBody,
  type LegacyDefaultCardBody,
  type SupplierPgBody,
  type SaveCardBody,
  type CardNonceBody,
  cardServiceSetDefaultSchema,
  cardServiceDeleteSchema,
  cardServiceUpdateSchema,
  legacyListCardsSchema,
  legacyCardSchema,
  legacyDefaultCardSchema,
  supplierPgSchema,
  saveCardSchema,
  cardNonceSchema,
} from '#schemas/api/saved-cards.schema';
import { cardServiceApiKey, supplierEntries } from '~/domain/payment-providers';
import { checkNickname, sameEmail, toCardPG1, toCardPGV2 } from '~/domain/saved-cards';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { type ActiveSession, NO_API_SESSION } from '~/services/identity/session.server';
import { paymentsOrNull } from '~/services/payments/runtime.server';
import { type CardChange, deleteCard, findDefaultCard, listCards, nonceForCard, saveCard, setDefaultCard, updateNickname } from '~/services/payments/saved-cards.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Every answer carries the HTTP status twice: `status` (house style) and the spec's `status_code`. */
function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return json({ status, status_code: status, ...body }, { status, headers: { ...NO_STORE, ...headers } });
}
const fail = (status: number, message: string) => answer(status, { message, data: null });
/** The card calls' envelope of a refused body. */
export const cardFail = fail;
const NOT_FOUND = 'No such card';

export function methodNotAllowed(allow: 'POST' | 'DELETE') {
  return answer(405, { message: `Use ${allow}`, data: null }, { Allow: allow });
}

/** Who calls: the organisation and the signed-in session. */
export type CardCaller = { org: OrgConfig; session: ActiveSession };

/** The signed-in session, or the shared 401 (with its logout_url) carrying status_code like every answer here. */
export function requireCardSession(session: ActiveSession | null): ActiveSession {
  if (session) return session;
  throw answer(401, { ...NO_API_SESSION });
}

function requireGateway() {
  if (!paymentsOrNull()) throw fail(503, 'Card payments are not available right now');
}

/** An e-mail that is not the signed-in user's names nobody this session may see: 404. */
function requireOwnEmail(session: ActiveSession, email: string | undefined) {
  if (email !== undefined && !sameEmail(email, session.user.email)) throw fail(404, NOT_FOUND);
}

function changeAnswer(result: CardChange, message: string) {
  if (result.ok) return answer(200, { message, data: result.card ? toCardPGV2(result.card) : null });
  if (result.reason === 'not_found') return fail(404, NOT_FOUND);
  return fail(502, result.message);
}

/** The merchant id of the first provider's shape: the organisation id. */
export function merchantIdOf(org: OrgConfig): string {
  return org.orgId;
}

// ---- card service ---------------------------------------------------------------------------

/** The schema of each call's body (schemas/api/saved-cards.schema.ts), compiled once. */
export const cardBodies = {
  setDefault: compileApiBody<CardServiceSetDefaultBody>(cardServiceSetDefaultSchema),
  delete: compileApiBody<CardServiceDeleteBody>(cardServiceDeleteSchema),
  update: compileApiBody<CardServiceUpdateBody>(cardServiceUpdateSchema),
  list: compileApiBody<LegacyListCardsBody>(legacyListCardsSchema),
  legacyCard: compileApiBody<LegacyCardBody>(legacyCardSchema),
  defaultLookup: compileApiBody<LegacyDefaultCardBody>(legacyDefaultCardSchema),
  supplier: compileApiBody<SupplierPgBody>(supplierPgSchema),
  save: compileApiBody<SaveCardBody>(saveCardSchema),
  nonce: compileApiBody<CardNonceBody>(cardNonceSchema),
};

/** POST /api/card-service/v1/card/set_default_card {card_id, email} with the api-key header. */
export async function cardServiceSetDefault({ org, session }: CardCaller, body: CardServiceSetDefaultBody, apiKey: string | null) {
  const key = apiKey;
  if (!key) return fail(401, 'The api-key header is required');
  if (key !== cardServiceApiKey(org.payments, org.orgId)) return fail(403, "The api-key header does not name this site's payment provider");
  requireOwnEmail(session, body.email);
  requireGateway();
  return changeAnswer(await setDefaultCard(session.userDbId, body.card_id), 'Default card updated');
}

/** DELETE /api/card-service/v1/card/delete/{email} {card_id} */
export async function cardServiceDelete({ session }: CardCaller, body: CardServiceDeleteBody, pathEmail: string) {
  requireOwnEmail(session, pathEmail);
  requireGateway();
  return changeAnswer(await deleteCard(session.userDbId, body.card_id), 'Card deleted');
}

/** POST /api/card-service/v1/card/update/{email} {card_id, nick_name} */
export async function cardServiceUpdate({ session }: CardCaller, body: CardServiceUpdateBody, pathEmail: string) {
  const nickname = checkNickname(body.nick_name);
  if (!nickname.ok) return fail(400, nickname.message);
  requireOwnEmail(session, pathEmail);
  return changeAnswer(await updateNickname(session.userDbId, body.card_id, nickname.value), 'Card updated');
}

// ---- legacy calls ---------------------------------------------------------------------------

/** POST /api/booking/getUserCreditCards {merchant_id, email, mobile}: the first provider's shape. */
export async function legacyListCards({ org, session }: CardCaller, body: LegacyListCardsBody) {
  requireOwnEmail(session, body.email);
  const merchant = merchantIdOf(org);
  // Another merchant's cards are not kept here: the list is empty, as it would be there for us.
  const cards = body.merchant_id === undefined || String(body.merchant_id) === merchant ? await listCards(session.userDbId) : [];
  return answer(200, { message: 'OK', data: cards.map((card) => toCardPG1(card, merchant)) });
}

function legacyChangeAnswer(result: CardChange, message: string, merchant: string) {
  if (result.ok) return answer(200, { message, data: result.card ? toCardPG1(result.card, merchant) : null });
  return changeAnswer(result, message);
}

/** POST /api/booking/setDefaultCard {card_id, email?, merchant_id?} */
export async function legacySetDefault({ org, session }: CardCaller, body: LegacyCardBody) {
  requireOwnEmail(session, body.email);
  requireGateway();
  return legacyChangeAnswer(await setDefaultCard(session.userDbId, body.card_id), 'Default card updated', merchantIdOf(org));
}

/** POST /api/booking/deletecard {card_id, email?, merchant_id?} */
export async function legacyDelete({ org, session }: CardCaller, body: LegacyCardBody) {
  requireOwnEmail(session, body.email);
  requireGateway();
  return legacyChangeAnswer(await deleteCard(session.userDbId, body.card_id), 'Card deleted', merchantIdOf(org));
}

/** POST /api/booking/getDefaultCard {email, is_default: 1, merchant_id}: status_code 200 with the card, or 404. */
export async function legacyDefaultCard({ org, session }: CardCaller, body: LegacyDefaultCardBody) {
  requireOwnEmail(session, body.email);
  const merchant = merchantIdOf(org);
  const card = body.merchant_id === undefined || String(body.merchant_id) === merchant ? await findDefaultCard(session.userDbId) : null;
  return card ? answer(200, { message: 'OK', data: toCardPG1(card, merchant) }) : fail(404, 'No default card');
}

/** POST /api/booking/getSupplierpg {pg_product_type, pg_supplier_id}: the payment provider entries. */
export async function legacySupplierPg({ org }: CardCaller, body: SupplierPgBody) {
  const supplierId = body.pg_supplier_id === undefined ? undefined : String(body.pg_supplier_id);
  return answer(200, { message: 'OK', data: supplierEntries(org.payments, org.orgId, body.pg_product_type, supplierId) });
}

// ---- saving a card, nonces for saved cards --------------------------------------------------

/** POST /api/booking/saveCard {nonce, nick_name?, is_default?}: the saved card, or 422 not successful. */
export async function saveCardFromNonce({ session }: CardCaller, body: SaveCardBody) {
  let nickname: string | null = null;
  if (typeof body.nick_name === 'string' && body.nick_name.trim() !== '') {
    const checked = checkNickname(body.nick_name);
    if (!checked.ok) return fail(400, checked.message);
    nickname = checked.value;
  }
  requireGateway();
  const saved = await saveCard({
    userDbId: session.userDbId,
    userPublicId: session.user.userId,
    email: session.user.email,
    nonce: body.nonce,
    nickname,
    makeDefault: body.is_default === true,
  });
  if (!saved.ok) return json({ status: 'not successful', status_code: 422, message: saved.message, data: null }, { status: 422, headers: NO_STORE });
  return answer(200, { message: 'Card saved', data: toCardPGV2(saved.card) });
}

/** POST /api/pgv2/cardNonce {card_id}: a one-time nonce for the user's own card (3-D Secure). */
export async function savedCardNonce({ session }: CardCaller, body: CardNonceBody) {
  requireGateway();
  const result = await nonceForCard(session.userDbId, body.card_id);
  if (result.ok) return answer(200, { message: 'OK', nonce: result.nonce, data: { nonce: result.nonce } });
  return result.reason === 'not_found' ? fail(404, NOT_FOUND) : fail(502, 'The payment service could not prepare the card. Please try again.');
}

/** The signed-in user's cards in the second provider's shape (profile page). */
export async function cardsOfSession(session: ActiveSession) {
  return (await listCards(session.userDbId)).map(toCardPGV2);
}
