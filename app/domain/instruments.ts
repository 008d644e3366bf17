/**
 * Instruments at checkout (issue 11, docs/decisions/0031): pure rules of what a member may
 * apply to a hold and for how much. Money is integer minor units; the ledger keeps balances
 * (decision 0030), the services apply these rules under the hold's lock.
 */
import { isProductCode, products } from '~/products/registry';
import { CASH_CARD_AMOUNT_MESSAGE, cappedPoints, couponDiscount, pointsValueMinor } from './payable-total';

/** The ledger unit of a points account: one point (its point type names it apart). */
export const POINTS_UNIT = 'PTS';

/** Spec §8 and §5 texts (obvious misspellings fixed, wording kept). */
export const STORED_VALUE_TEXT = {
  couponInvalid: 'PLEASE ENTER A VALID COUPON CODE',
  couponNone: 'You Do Not Have Any Coupon Code To Apply',
  cashFailed: 'FAILED TO APPLY CASH CARD',
  cashApplied: 'CASH APPLIED SUCCESSFULLY',
  cashReleased: 'CASH RELEASED SUCCESSFULLY',
  cashAmount: CASH_CARD_AMOUNT_MESSAGE,
} as const;

/** Spec §9: cash and coupon success messages clear after 5 s; failures stay until the visitor acts (issue 15). */
export const MESSAGE_MS = 5_000;

/** Why a coupon cannot be used now, in the member's words; null when it can. */
export type CouponRule = {
  productCodes: readonly string[];
  currency: string;
  minSpendMinor: number;
  expiresAt: Date | null;
  usesPerUser: number;
  usesTotal: number | null;
  usedTotal: number;
};

export function couponRefusal(coupon: CouponRule, booking: { product: string; currency: string; amountMinor: number; usedByMember: number; now: Date }): string | null {
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= booking.now.getTime()) return 'THIS COUPON CODE HAS EXPIRED';
  if (coupon.productCodes.length > 0 && !coupon.productCodes.includes(booking.product)) return 'THIS COUPON CODE DOES NOT APPLY TO THIS BOOKING';
  if (coupon.currency !== booking.currency) return `THIS COUPON CODE IS FOR BOOKINGS IN ${coupon.currency}`;
  if (booking.amountMinor < coupon.minSpendMinor) return 'THIS BOOKING DOES NOT REACH THE COUPON MINIMUM SPEND';
  if (booking.usedByMember >= coupon.usesPerUser) return 'YOU HAVE ALREADY USED THIS COUPON CODE';
  if (coupon.usesTotal !== null && coupon.usedTotal >= coupon.usesTotal) return 'THIS COUPON CODE HAS BEEN USED UP';
  return null;
}

/** A typed code against the member's coupons: spec §5 (must be typed, must match one). */
export function matchCoupon<C extends { code: string }>(typed: string, available: readonly C[]): { ok: true; coupon: C } | { ok: false; message: string } {
  if (available.length === 0) return { ok: false, message: STORED_VALUE_TEXT.couponNone };
  const code = typed.trim().toUpperCase();
  const coupon = code === '' ? undefined : available.find((c) => c.code.toUpperCase() === code);
  return coupon ? { ok: true, coupon } : { ok: false, message: STORED_VALUE_TEXT.couponInvalid };
}

export { couponDiscount };

/**
 * Points to use (spec §5: capped at the type's balance) and what they pay, never more than
 * the payable total: when the entered points are worth more, only the fewest points that cover
 * it are used. `ratePerMiles` is one point's value in the currency of `payableMinor`.
 */
export function pointsToApply(entered: number, availablePoints: number, ratePerMiles: string, payableMinor: number): { points: number; amountMinor: number } {
  let points = Math.floor(cappedPoints(entered, availablePoints));
  if (points <= 0 || payableMinor <= 0) return { points: 0, amountMinor: 0 };
  if (pointsValueMinor(points, ratePerMiles) > payableMinor) {
    // The fewest points worth at least the payable total (binary search: value is monotone).
    let low = 1;
    let high = points;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (pointsValueMinor(middle, ratePerMiles) >= payableMinor) high = middle;
      else low = middle + 1;
    }
    points = low;
  }
  return { points, amountMinor: Math.min(pointsValueMinor(points, ratePerMiles), payableMinor) };
}

/** Spec §3 "Wallet use per room": how much of one wallet each room of the booking takes. */
export type WalletRoomUse = {
  wallet_id: string;
  currentAmount: number;
  amountUseInRoom: number;
  availableToUseAmount: number;
  roomNumber: number;
  groupRoomIndex: number;
  roomTypeId: string;
};

/**
 * Splits what a wallet pays over the booking's rooms (in minor units): room by room, each takes
 * what it costs or what is left of the wallet; the last room takes the rounding remainder of
 * the price split. `amountMinor` is what the wallet pays in all.
 */
export function walletUsePerRoom(walletId: string, balanceMinor: number, amountMinor: number, priceMinor: number, rooms: number, roomTypeId: string): WalletRoomUse[] {
  const count = Math.max(1, Math.floor(rooms));
  const share = Math.floor(priceMinor / count);
  let left = amountMinor;
  let current = balanceMinor;
  const uses: WalletRoomUse[] = [];
  for (let index = 0; index < count; index++) {
    const roomPrice = index === count - 1 ? priceMinor - share * (count - 1) : share;
    const use = Math.min(roomPrice, left);
    uses.push({
      wallet_id: walletId,
      currentAmount: current,
      amountUseInRoom: use,
      availableToUseAmount: Math.min(current, roomPrice),
      roomNumber: index + 1,
      groupRoomIndex: index,
      roomTypeId,
    });
    left -= use;
    current -= use;
  }
  return uses;
}

/** The code a product is sent as in the loyalty calls: its registry entry's `loyaltyCode` (spec §7, §9: HLT as HTL); another code unchanged. */
export const loyaltyProductCode = (product: string) => (isProductCode(product) ? products[product].loyaltyCode : product);

/**
 * Points earned on a confirmed booking: `pointsPerUnit` for every whole unit (100 minor units)
 * the card paid, rounded down; nothing for what stored value paid (no points on points).
 */
export function pointsEarned(cardPaidMinor: number, pointsPerUnit: number): number {
  if (!Number.isSafeInteger(cardPaidMinor) || cardPaidMinor <= 0 || !Number.isInteger(pointsPerUnit) || pointsPerUnit <= 0) return 0;
  return Math.floor(cardPaidMinor / 100) * pointsPerUnit;
}
