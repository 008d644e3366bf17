/**
 * The legacy calls of loyalty points, wallets, certificates and discount cards (spec §7
 * "Loyalty", "Wallets and certificates"; docs/api.md): the member's instruments in the legacy
 * shapes, and apply/unapply through the stored-value core (stored-value.server.ts), which
 * prices, reserves and records under the hold's lock. The hold token names the checkout; its
 * quote is the price, so the amounts the legacy client sends are not read. Money in the JSON is
 * major units; every refusal is `{ status, message }` with that HTTP status.
 */
import { json } from '@remix-run/node';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  type ApplyPaymentCardBody,
  type ApplyPointsBody,
  type CheckLoyaltyPointsBody,
  type PaymentCardsByUserBody,
  applyPaymentCardSchema,
  applyPointsSchema,
  checkLoyaltyPointsSchema,
  paymentCardsByUserSchema,
} from '#schemas/api/stored-value-cards.schema';
import { loyaltyProductCode, walletUsePerRoom } from '~/domain/instruments';
import { discountCardApplies } from '~/domain/payable-total';
import { markupOfQuote } from '~/domain/quote';
import { walletCapMinor } from '~/domain/stored-value-cards';
import { minorToMajor } from '~/domain/coupon-cash';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import type { ActiveSession } from '~/services/identity/session.server';
import {
  type AppliedPart,
  type HeldInstrument,
  type Member,
  type Refusal,
  appliedToHold,
  applyToHold,
  instrumentsOf,
  loyaltyMembershipNoOf,
  offeredKinds,
  toCharge,
  unapplyFromHold,
} from '~/services/stored-value/stored-value.server';

export const storedValueCardBodies = {
  checkLoyaltyPoints: compileApiBody<CheckLoyaltyPointsBody>(checkLoyaltyPointsSchema),
  applyPoints: compileApiBody<ApplyPointsBody>(applyPointsSchema),
  paymentCardsByUser: compileApiBody<PaymentCardsByUserBody>(paymentCardsByUserSchema),
  applyPaymentCard: compileApiBody<ApplyPaymentCardBody>(applyPaymentCardSchema),
};

export type PointsCardsCaller = { org: OrgConfig; member: Member; session: ActiveSession };

const fail = (status: number, message: string) => json({ status, message }, { status });
const refusal = (answer: Refusal) => fail(answer.status, answer.message);

/** Only a signed-in member holds and applies stored value: anyone else is answered 401. */
export function requirePointsCardsCaller(context: { org: OrgConfig; session: ActiveSession | null }): PointsCardsCaller {
  if (!context.session) throw fail(401, 'Sign in to use points, wallets and cards');
  return { org: context.org, member: { orgId: context.org.orgId, userId: context.session.userDbId }, session: context.session };
}

type Checkout = NonNullable<Awaited<ReturnType<typeof appliedToHold>>>;

/**
 * The member's own checkout of `holdToken`, or the refusal: 404 for a hold that is not theirs;
 * 400 when the call names another product or currency than the hold's quote.
 */
async function memberCheckout(caller: PointsCardsCaller, holdToken: string, product: string, currency: string | undefined): Promise<Checkout> {
  const checkout = await appliedToHold(caller.member, holdToken);
  if (!checkout) throw fail(404, 'No such checkout');
  if (product !== checkout.quote.product && product !== loyaltyProductCode(checkout.quote.product))
    throw fail(400, `productType: this checkout is a ${loyaltyProductCode(checkout.quote.product)} booking`);
  if (currency !== undefined && currency !== checkout.currency) throw fail(400, `currency: this checkout is paid in ${checkout.currency}`);
  return checkout;
}

// ---------------------------------------------------------------------------------------
// Loyalty points (spec §7 "Loyalty"; §3 "Loyalty", "Points type").
// ---------------------------------------------------------------------------------------

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function pointsTypeOf(points: HeldInstrument) {
  const rate = text(points.details.ratePerMiles) || '0';
  return {
    code: points.code,
    title: points.title,
    value: points.balance,
    currency: points.currency,
    points: points.balance,
    rate_per_miles: rate,
    point_type_code: points.code,
    point_type_label: points.title,
    funding_partner_code: text(points.details.fundingPartnerCode),
    rule_code: text(points.details.ruleCode),
    rule_level: text(points.details.ruleLevel),
  };
}

/** POST /api/loyalty/checkLoyaltyPoints: the member's points types and balances for this checkout. */
export async function checkLoyaltyPoints(caller: PointsCardsCaller, body: CheckLoyaltyPointsBody) {
  const checkout = await memberCheckout(caller, body.uuid, body.productType, undefined);
  const offered = offeredKinds(caller.org, checkout.quote.product).includes('points');
  const types = offered ? (await instrumentsOf(caller.member, ['points'])).filter((p) => p.active).map(pointsTypeOf) : [];
  return json({ status: 200, message: 'OK', data: { loyalty_membership_no: loyaltyMembershipNoOf(caller.session.user.userId), types } });
}

/** POST /api/loyalty/applyPoints: applies `pointsQuantity` of the type `pointsType`, or (`unapply`) releases it. */
export async function applyPoints(caller: PointsCardsCaller, body: ApplyPointsBody) {
  const checkout = await memberCheckout(caller, body.uuid, body.productType, body.currency);
  if (body.unapply) {
    const part = checkout.applied.find((a) => a.kind === 'points' && a.code === body.pointsType);
    if (!part?.instrumentId) return fail(404, 'These points are not applied');
    const answer = await unapplyFromHold(caller.member, body.uuid, { kind: 'points', instrumentId: part.instrumentId });
    if (!answer.ok) return refusal(answer);
    return json({ status: 200, message: 'Points released', data: { ...pointsPartOf(answer.released), unapply: true, payable: minorToMajor(answer.payableMinor) } });
  }
  const points = (await instrumentsOf(caller.member, ['points'])).find((p) => p.code === body.pointsType);
  if (!points) return fail(404, 'No such points type');
  const answer = await applyToHold(caller.member, body.uuid, { kind: 'points', instrumentId: points.id, points: body.pointsQuantity ?? 0 }, { org: caller.org });
  if (!answer.ok) return refusal(answer);
  return json({ status: 200, message: 'Points applied', data: { ...pointsPartOf(answer.applied), unapply: false, payable: minorToMajor(answer.payableMinor) } });
}

function pointsPartOf(part: AppliedPart) {
  return { id: part.id, pointsType: part.code, point_type_label: part.title, points: part.units, amount: minorToMajor(part.amountMinor), currency: part.currency };
}

// ---------------------------------------------------------------------------------------
// Wallets, certificates and discount cards (spec §7 "Wallets and certificates"; §3).
// ---------------------------------------------------------------------------------------

type CardKind = 'wallet' | 'certificate' | 'discount_card';
const CARD_KINDS: readonly CardKind[] = ['certificate', 'discount_card', 'wallet'];
const isCard = (instrument: HeldInstrument): instrument is HeldInstrument & { kind: CardKind } => (CARD_KINDS as readonly string[]).includes(instrument.kind);

/** The legacy master types of the payment cards (mst_type_*). */
const MASTER_TYPE: Record<CardKind, { id: number; code: string; name: string }> = {
  wallet: { id: 1, code: 'WLT', name: 'Wallet' },
  certificate: { id: 2, code: 'CRT', name: 'Certificate' },
  discount_card: { id: 3, code: 'DSC', name: 'Discount card' },
};

const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });

function legacyCard(card: HeldInstrument & { kind: CardKind }, checkout: Checkout, applied: AppliedPart | undefined) {
  const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  const oneUnit = toCharge(checkout.quote, 100, card.currency);
  return {
    card_code: card.code,
    card_status: card.active ? 'ACTIVE' : 'INACTIVE',
    currency_code: card.currency,
    currency_name: currencyNames.of(card.currency) ?? card.currency,
    expiry_time: card.expiresAt,
    mst_type_code: MASTER_TYPE[card.kind].code,
    mst_type_id: MASTER_TYPE[card.kind].id,
    mst_type_name: MASTER_TYPE[card.kind].name,
    payment_card_description: card.title,
    payment_card_id: card.id,
    payment_card_image: text(card.details.payment_card_image),
    payment_card_name: card.title,
    payment_card_purchase_price: number(card.details.payment_card_purchase_price, minorToMajor(card.balance)),
    payment_card_redemption_price: number(card.details.payment_card_redemption_price, minorToMajor(card.balance)),
    payment_card_thumbnail_image: text(card.details.payment_card_thumbnail_image) || text(card.details.payment_card_image),
    payment_card_type: card.kind,
    pro_code: checkout.quote.product,
    pro_name: loyaltyProductCode(checkout.quote.product),
    status: card.active ? 1 : 0,
    /** One unit of the card's currency in the checkout's (the quote's rate); null when the quote cannot convert it. */
    roeRate: oneUnit === null ? null : minorToMajor(oneUnit),
    // Beyond the legacy fields: what the card holds now and what this checkout applied of it.
    available_amount: minorToMajor(card.balance),
    applied_amount: applied ? minorToMajor(applied.amountMinor) : null,
  };
}

/** Spec §3 "Wallet use per room", in major units: what the wallet pays (applied) or may pay (not yet) of each room. */
function walletRooms(wallet: HeldInstrument, checkout: Checkout, applied: AppliedPart | undefined) {
  const { quote } = checkout;
  const rooms = quote.party.rooms ?? 1;
  const balanceInCharge = toCharge(quote, wallet.balance + (applied?.units ?? 0), wallet.currency) ?? 0;
  const amountMinor = applied ? applied.amountMinor : Math.min(balanceInCharge, walletCapMinor(checkout.chargeMinor, markupOfQuote(quote), checkout.payableMinor));
  return walletUsePerRoom(wallet.id, balanceInCharge, amountMinor, checkout.chargeMinor, rooms, quote.product).map((use) => ({
    ...use,
    currentAmount: minorToMajor(use.currentAmount),
    amountUseInRoom: minorToMajor(use.amountUseInRoom),
    availableToUseAmount: minorToMajor(use.availableToUseAmount),
  }));
}

/** POST /api/booking/getpaymentcardbyuser: the member's certificates, discount cards and wallets for this checkout. */
export async function paymentCardsByUser(caller: PointsCardsCaller, body: PaymentCardsByUserBody) {
  const checkout = await memberCheckout(caller, body.hold, body.product_type, body.currency);
  const offered = offeredKinds(caller.org, checkout.quote.product);
  const cards = (await instrumentsOf(caller.member, offered)).filter(isCard);
  const appliedOf = (card: HeldInstrument) => checkout.applied.find((a) => a.instrumentId === card.id);
  const discountApplies = discountCardApplies(checkout.quote.priceType, markupOfQuote(checkout.quote));
  const certificate_details = cards.filter((c) => c.kind === 'certificate').map((c) => ({ ...legacyCard(c, checkout, appliedOf(c)), active_card: c.active }));
  const discountcard_details = cards.filter((c) => c.kind === 'discount_card').map((c) => ({ ...legacyCard(c, checkout, appliedOf(c)), active_card: c.active && discountApplies }));
  const walletOptions = cards
    .filter((c) => c.kind === 'wallet')
    .map((c) => ({ ...legacyCard(c, checkout, appliedOf(c)), wallet_use_per_room: walletRooms(c, checkout, appliedOf(c)) }));
  return json({ status: 200, message: 'OK', data: { data: { data: [{ certificate_details, discountcard_details }, { walletOptions }] } } });
}

/** POST /api/booking/applyPaymentCard: applies a wallet (with an amount), a certificate or a discount card, or (`unapply`) releases it. */
export async function applyPaymentCard(caller: PointsCardsCaller, body: ApplyPaymentCardBody) {
  const card = (await instrumentsOf(caller.member, CARD_KINDS)).filter(isCard).find((c) => c.id === body.payment_card_id);
  // Another member's card is answered as if it did not exist.
  if (!card) return fail(404, 'No such payment card');
  if (body.unapply) {
    const answer = await unapplyFromHold(caller.member, body.hold, { kind: card.kind, instrumentId: card.id });
    if (!answer.ok) return refusal(answer);
    return json({ status: 200, message: 'Released', data: { ...cardPartOf(answer.released), unapply: true, payable: minorToMajor(answer.payableMinor) } });
  }
  if (body.amount !== undefined && card.kind !== 'wallet') return fail(400, 'amount: only a wallet takes an amount');
  const request = card.kind === 'wallet' ? { kind: card.kind, instrumentId: card.id, amount: body.amount ?? '' } : { kind: card.kind, instrumentId: card.id };
  const answer = await applyToHold(caller.member, body.hold, request, { org: caller.org });
  if (!answer.ok) return refusal(answer);
  return json({ status: 200, message: 'Applied', data: { ...cardPartOf(answer.applied), unapply: false, payable: minorToMajor(answer.payableMinor) } });
}

function cardPartOf(part: AppliedPart) {
  return { id: part.id, payment_card_id: part.instrumentId, payment_card_type: part.kind, card_code: part.code, amount: minorToMajor(part.amountMinor), currency: part.currency };
}
