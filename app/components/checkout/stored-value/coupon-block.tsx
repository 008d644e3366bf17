/** The 'coupons' checkout slot (issue 11): built next. */
export function CouponBlock() {
  return null;
}
