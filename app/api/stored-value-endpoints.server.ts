import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { type ApiBodyFailure, readApiBody } from '~/http/api-body.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';
import { readPointsCardsCall } from '~/http/points-cards-call.server';
import { postOnly } from '~/http/post-only.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { respond } from '~/http/respond.server';
import {
  type StoredValueCaller,
  applyCashCard,
  applyCoupon,
  cashCardRedemption,
  cashFail,
  couponDetails,
  couponFail,
  removeCashCard,
  storedValueCashBodies,
  unlockCoupon,
  unlockFail,
} from '~/http/stored-value-cash-api.server';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { type PointsCardsCaller, applyPaymentCard, applyPoints, checkLoyaltyPoints, paymentCardsByUser, storedValueCardBodies } from '~/http/stored-value-cards-api.server';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';
import { NO_API_SESSION } from '~/services/identity/session.server';
import { topUpWallet, validateWalletTopup } from '~/services/stored-value/wallet-topups.server';

/**
 * A coupon or cash card call as a row (~/http/stored-value-call.server): POST only, members only,
 * the body by its schema in the family's envelope (`fail`), then what answers it. `codeLookup`:
 * the call tries a code, so it counts against the visitor's code look-ups, once the body is read.
 */
function cashCall<T>(fail: ApiBodyFailure, validate: ApiBodyValidator<T>, answer: (caller: StoredValueCaller, body: T) => Promise<Response>, { codeLookup = false } = {}) {
  return {
    action: async ({ request, context }: ActionFunctionArgs) => {
      const { caller, body } = await readStoredValueCall(request, context, fail, validate);
      if (codeLookup) await requireWithinRateLimit(context, 'codeLookup', 'api');
      return answer(caller, body);
    },
    loader: storedValueLoader,
  };
}

/** A points or payment-card call as a row (~/http/points-cards-call.server): POST only, the member, the body by its schema, then what answers it. */
function pointsCardsCall<T>(validate: ApiBodyValidator<T>, answer: (caller: PointsCardsCaller, body: T) => Promise<Response>) {
  return {
    action: async ({ request, context }: ActionFunctionArgs) => {
      const { caller, body } = await readPointsCardsCall(request, context, validate);
      return answer(caller, body);
    },
    loader: postOnly,
  };
}

/** The stored-value calls: coupons and cash cards, loyalty points, wallets, certificates and discount cards, wallet top-ups; by path. */
export const storedValueEndpoints = {
  // Coupons and cash cards (spec §7; docs/api.md "Coupons and cash cards" shows the fields).
  '/api/general/getCouponCodeDetails': cashCall(couponFail, storedValueCashBodies.couponDetails, couponDetails, { codeLookup: true }),
  '/api/general/applyCouponCodeDetails': cashCall(couponFail, storedValueCashBodies.applyCoupon, applyCoupon, { codeLookup: true }),
  '/api/booking/unlockCouponCodeApi': cashCall(unlockFail, storedValueCashBodies.unlockCoupon, unlockCoupon),
  /** Spec §7 "Cash cards" names no path for the apply. */
  '/api/booking/applyCashcard': cashCall(cashFail, storedValueCashBodies.applyCashCard, applyCashCard, { codeLookup: true }),
  '/api/booking/removeCashcard': cashCall(cashFail, storedValueCashBodies.removeCashCard, removeCashCard),
  '/api/booking/cashCardRedemption_ACT_TRF': cashCall(cashFail, storedValueCashBodies.redemption, cashCardRedemption, { codeLookup: true }),
  /** The ACT/TRF redemption's fields, wrapped in `data`. */
  '/api/cars/cashcardRedemption': cashCall(cashFail, storedValueCashBodies.carRedemption, (caller, body) => cashCardRedemption(caller, body.data), { codeLookup: true }),

  // Points and payment cards (docs/api.md shows the fields).
  /** Spec §7 "Loyalty": the member's points types for the checkout `uuid`. */
  '/api/loyalty/checkLoyaltyPoints': pointsCardsCall(storedValueCardBodies.checkLoyaltyPoints, checkLoyaltyPoints),
  /** Spec §7 "Loyalty": applies or (unapply) releases points on the checkout `uuid`. */
  '/api/loyalty/applyPoints': pointsCardsCall(storedValueCardBodies.applyPoints, applyPoints),
  /** Spec §7 "Wallets and certificates": the member's certificates, discount cards and wallets for the checkout `hold`. */
  '/api/booking/getpaymentcardbyuser': pointsCardsCall(storedValueCardBodies.paymentCardsByUser, paymentCardsByUser),
  /** Issue 11 (no spec path): applies or (unapply) releases a wallet, certificate or discount card on the checkout `hold`. */
  '/api/booking/applyPaymentCard': pointsCardsCall(storedValueCardBodies.applyPaymentCard, applyPaymentCard),

  /** POST {amount, nonce} with Idempotency-Key: buys wallet credit with a card (docs/api.md "Wallet top-ups"). */
  '/api/wallet/topup': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
      const { session, org } = context;
      if (!session) throw json(NO_API_SESSION, { status: 401 });
      const read = await readApiBody(request, validateWalletTopup);
      if (!read.ok) throw read.response;
      await requireCardUseWithinLimits(context, 'walletTopup', { nonce: read.body.nonce });
      return respond(
        await topUpWallet({ org, member: { orgId: org.orgId, userId: session.userDbId }, demo: session.user.is_demo }, read.body, request.headers.get('idempotency-key')),
      );
    },
    loader: () => {
      throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
    },
  },
};
