import { json } from '@remix-run/node';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  type ApplyCashCardBody,
  type ApplyCouponBody,
  type CarCashCardRedemptionBody,
  type CashCardRedemptionBody,
  type CouponDetailsBody,
  type RemoveCashCardBody,
  type UnlockCouponBody,
  applyCashCardSchema,
  applyCouponSchema,
  carCashCardRedemptionSchema,
  cashCardRedemptionSchema,
  couponDetailsSchema,
  removeCashCardSchema,
  unlockCouponSchema,
} from '#schemas/api/stored-value-cash.schema';
import { amountText, minorToMajor } from '~/domain/coupon-cash';
import { STORED_VALUE_TEXT } from '~/domain/instruments';
import type { LanguageCode } from '~/domain/reference-data';
import { apiMessage } from '~/i18n/api-messages';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { getDb } from '~/services/platform/db.server';
import {
  type AppliedPart,
  type AvailableCoupon,
  type Member,
  type Refusal,
  appliedToHold,
  applyToHold,
  availableCoupons,
  instrumentsOf,
  offeredKinds,
  refusalText,
  unapplyFromHold,
} from '~/services/stored-value/stored-value.server';

/**
 * The spec's coupon and cash card calls (§7 "Coupons", "Cash cards"), legacy field names kept,
 * over the stored-value core (app/services/stored-value/stored-value.server.ts): a thin translation of
 * bodies to `applyToHold`/`unapplyFromHold` and of their answers to the legacy envelopes.
 * Members only. The checkout is named by `hold` (its hold token); when `hold` is absent, the
 * spec's own checkout field (`id`, `json.id`, `checkoutId`) carries it. The hold's quote is the
 * price: amounts the legacy client sends (booking_amt, discount_amount) are not trusted, and
 * org_id/site_id are the host's organisation whatever they say. docs/api.md shows the fields.
 */

export const storedValueCashBodies = {
  couponDetails: compileApiBody<CouponDetailsBody>(couponDetailsSchema),
  applyCoupon: compileApiBody<ApplyCouponBody>(applyCouponSchema),
  unlockCoupon: compileApiBody<UnlockCouponBody>(unlockCouponSchema),
  applyCashCard: compileApiBody<ApplyCashCardBody>(applyCashCardSchema),
  removeCashCard: compileApiBody<RemoveCashCardBody>(removeCashCardSchema),
  redemption: compileApiBody<CashCardRedemptionBody>(cashCardRedemptionSchema),
  carRedemption: compileApiBody<CarCashCardRedemptionBody>(carCashCardRedemptionSchema),
};

/** A signed-in caller of these calls, resolved once by the route. */
/** `language`: the request's, which the texts a member reads are in. */
export type StoredValueCaller = { org: OrgConfig; member: Member; language: LanguageCode };

const noStore = { 'Cache-Control': 'private, no-store' };
type Outcome = 'success' | 'failed';

/**
 * The three legacy envelopes. Each carries `status` ('success' or 'failed') and `message` at its
 * top, and the data where the legacy client reads it: coupon details and apply under
 * data.data.data, the coupon release under data, the cash card calls flat.
 */
const couponAnswer = (code: number, status: Outcome, message: string, data: Record<string, unknown> | unknown[]) =>
  json({ status, message, data: { data: { data } } }, { status: code, headers: noStore });
const unlockAnswer = (code: number, status: Outcome, message: string, data: Record<string, unknown> = {}) =>
  json({ status, message, data: { status, message, ...data } }, { status: code, headers: noStore });
const cashAnswer = (code: number, status: Outcome, message: string, fields: Record<string, unknown> = {}) =>
  json({ status, message, ...fields }, { status: code, headers: noStore });

type Fail = (code: number, message: string) => Response;
export const couponFail: Fail = (code, message) => couponAnswer(code, 'failed', message, { status: 'failed', message });
export const unlockFail: Fail = (code, message) => unlockAnswer(code, 'failed', message);
export const cashFail: Fail = (code, message) => cashAnswer(code, 'failed', message);

/** The checkout a body names: `hold`, else the spec's own checkout field; a 400 (thrown, in the family's envelope) when neither is there. */
function holdOf(fail: Fail, hold: string | undefined, legacy: string | number | undefined): string {
  const token = hold ?? (legacy === undefined || legacy === '' ? undefined : String(legacy));
  if (token === undefined) throw fail(400, 'hold: missing required property (the hold token of the checkout)');
  return token;
}

/** Spec §7: the client reads a release as done when msg says 'successfully'. */
const CASH_RELEASED_MSG = 'Cash card released successfully';

function couponRow(coupon: AvailableCoupon) {
  return {
    coupon_id: coupon.id,
    coupon_code: coupon.code,
    coupon_currency: coupon.currency,
    title: coupon.title,
    discount_type: coupon.discountKind,
    // A percent off, or an amount off in major units of coupon_currency.
    discount_value: coupon.discountKind === 'percent' ? Number(coupon.percent ?? '0') : minorToMajor(coupon.amountMinor ?? 0),
    expires_at: coupon.expiresAt,
  };
}

/** POST /api/general/getCouponCodeDetails: the member's usable coupons, for the hold's product and currency when a hold is named. */
export async function couponDetails({ org, member, language }: StoredValueCaller, body: CouponDetailsBody): Promise<Response> {
  let product: string = body.product_type;
  let currency = body.currency.toUpperCase();
  if (body.hold !== undefined) {
    const held = await appliedToHold(member, body.hold);
    if (!held) return couponFail(404, 'No such checkout');
    product = held.quote.product;
    currency = held.currency;
  }
  const coupons = offeredKinds(org, product).includes('coupon') ? await availableCoupons(member, product, currency) : [];
  return couponAnswer(200, 'success', coupons.length > 0 ? '' : apiMessage(language, 'coupon.none'), coupons.map(couponRow));
}

/** POST /api/general/applyCouponCodeDetails: applies the typed code (the code decides; coupon_id and discount_amount are not trusted). */
export async function applyCoupon({ org, member, language }: StoredValueCaller, body: ApplyCouponBody): Promise<Response> {
  const answer = await applyToHold(member, body.hold, { kind: 'coupon', code: body.json.coupon_code }, { org });
  if (!answer.ok) {
    const message = refusalText(answer, language);
    return couponAnswer(answer.status, 'failed', message, { status: 'failed', message, coupon_code: body.json.coupon_code });
  }
  const { applied } = answer;
  const message = apiMessage(language, 'coupon.applied');
  return couponAnswer(200, 'success', message, {
    coupon_code: applied.code,
    coupon_currency: applied.currency,
    coupon_id: applied.couponId,
    coupon_trn_id: applied.id,
    applied_amount: minorToMajor(applied.amountMinor),
    applied_type: applied.detail.discountKind,
    discount_currency: applied.currency,
    payable_amount: minorToMajor(answer.payableMinor),
    message,
    status: 'success',
  });
}

/** POST /api/booking/unlockCouponCodeApi: releases the coupon application coupon_trn_id (else the coupon coupon_id) of the hold. */
export async function unlockCoupon({ member, language }: StoredValueCaller, body: UnlockCouponBody): Promise<Response> {
  const selector = body.coupon_trn_id !== undefined ? { applicationId: body.coupon_trn_id, kind: 'coupon' as const } : { kind: 'coupon' as const, couponId: body.coupon_id ?? '' };
  const answer = await unapplyFromHold(member, body.hold, selector);
  if (!answer.ok) return unlockFail(answer.status, answer.message);
  return unlockAnswer(200, 'success', apiMessage(language, 'coupon.released'), {
    coupon_id: answer.released.couponId,
    coupon_trn_id: answer.released.id,
    payable_amount: minorToMajor(answer.payableMinor),
  });
}

async function cardBalance(member: Member, instrumentId: string | null): Promise<number | null> {
  const card = (await instrumentsOf(member, ['cash_card'])).find((i) => i.id === instrumentId);
  return card ? minorToMajor(card.balance) : null;
}

/** A refusal with its reason (stored-value.server's RefusalReason), which the checkout says in the page's language. */
const cashRefusal = (refusal: Refusal) => cashAnswer(refusal.status, 'failed', refusal.message, refusal.reason ? { reason: refusal.reason } : {});

/** The cash card calls' view of one applied card. */
const cashPart = (part: AppliedPart) => ({
  cash_card_id: part.instrumentId,
  application_id: part.id,
  title: part.title,
  code: part.code,
  applied_amount: minorToMajor(part.amountMinor),
  currency: part.currency,
});

/**
 * The cash card apply (the spec names no path: POST /api/booking/applyCashcard). cashcard_amount
 * '' or absent uses the whole balance, capped at the payable total (spec §5).
 */
export async function applyCashCard({ org, member }: StoredValueCaller, body: ApplyCashCardBody): Promise<Response> {
  const hold = holdOf(cashFail, body.hold, body.id);
  const request = {
    kind: 'cash_card',
    instrumentId: body.cash_card_id,
    amount: amountText(body.cashcard_amount),
    ...(body.currency ? { currency: body.currency.toUpperCase() } : {}),
  } as const;
  const answer = await applyToHold(member, hold, request, { org });
  if (!answer.ok) return cashRefusal(answer);
  return cashAnswer(200, 'success', STORED_VALUE_TEXT.cashApplied, {
    ...cashPart(answer.applied),
    cashcard_amount: minorToMajor(answer.applied.amountMinor),
    payable_amount: minorToMajor(answer.payableMinor),
    // Spec §3 "Cash card details": what is left on the card.
    total_amount: await cardBalance(member, answer.applied.instrumentId),
  });
}

/** POST /api/booking/removeCashcard: releases the cash card applied to the hold (json.cash_card_id picks one when several are). */
export async function removeCashCard({ member }: StoredValueCaller, body: RemoveCashCardBody): Promise<Response> {
  const hold = holdOf(cashFail, body.hold, body.json.id);
  const answer = await unapplyFromHold(member, hold, { kind: 'cash_card', ...(body.json.cash_card_id !== undefined ? { instrumentId: body.json.cash_card_id } : {}) });
  if (!answer.ok) return cashRefusal(answer);
  return cashAnswer(200, 'success', STORED_VALUE_TEXT.cashReleased, {
    msg: CASH_RELEASED_MSG,
    ...cashPart(answer.released),
    payable_amount: minorToMajor(answer.payableMinor),
    total_amount: await cardBalance(member, answer.released.instrumentId),
  });
}

/** A refusal that rolls back a release of several cards. */
class RefusedRelease extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * POST /api/booking/cashCardRedemption_ACT_TRF and /api/cars/cashcardRedemption: action
 * 'status' answers the cash cards applied to the checkout and its payable total; 'release'
 * gives every one of them back (none applied is a success: the checkout is as asked).
 */
export async function cashCardRedemption({ member }: StoredValueCaller, body: CashCardRedemptionBody): Promise<Response> {
  const hold = holdOf(cashFail, body.hold, body.checkoutId);
  const held = await appliedToHold(member, hold);
  if (!held) return cashFail(404, 'No such checkout');
  const cards = held.applied.filter((part) => part.kind === 'cash_card');
  if (body.action === 'status') {
    return cashAnswer(200, 'success', '', {
      data: { applied: cards.map(cashPart), currency: held.currency, total_amount: minorToMajor(held.chargeMinor), payable_amount: minorToMajor(held.payableMinor) },
    });
  }
  // All or nothing, in one transaction: a refusal part way leaves every card applied.
  let outcome: { released: AppliedPart[]; payableMinor: number };
  try {
    outcome = await getDb()
      .transaction()
      .execute(async (trx) => {
        const released: AppliedPart[] = [];
        let payableMinor = held.payableMinor;
        for (const card of cards) {
          const answer = await unapplyFromHold(member, hold, { applicationId: card.id, kind: 'cash_card' }, trx);
          // 404: released meanwhile (another tab, the hold's expiry): as asked.
          if (!answer.ok && answer.status !== 404) throw new RefusedRelease(answer);
          if (answer.ok) {
            released.push(answer.released);
            payableMinor = answer.payableMinor;
          }
        }
        return { released, payableMinor };
      });
  } catch (error) {
    if (error instanceof RefusedRelease) return cashRefusal(error.refusal);
    throw error;
  }
  const { released, payableMinor } = outcome;
  return cashAnswer(200, 'success', STORED_VALUE_TEXT.cashReleased, {
    msg: CASH_RELEASED_MSG,
    data: { released: released.map(cashPart), currency: held.currency, payable_amount: minorToMajor(payableMinor) },
  });
}
