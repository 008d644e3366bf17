/**
 * Member rates (issue 12 "What membership is for"): an ACTIVE member pays less on the products
 * the organisation gives a rate for (membership.memberRates: percent off by product code);
 * everyone else pays the regular price and is shown the member price as a reason to join.
 * Pure: no IO, no React. Money is integer minor units.
 */
import { divideRounded } from './money';
import { OPEN_PLANS_PARAM, type PlanStatus } from './membership';

/** Percent off by product code, as the organisation configures it. */
export type MemberRates = Readonly<Partial<Record<string, number>>>;

/**
 * The products whose prices apply member rates (their quotes price an ACTIVE member at the
 * member rate): an organisation may give rates for these only, so none is configured in vain.
 * Hotels and holiday homes (HLT) share one pricing path; cars, flights and the rest price
 * elsewhere and join the list when theirs applies the rate.
 */
export const MEMBER_RATE_PRODUCTS = ['HLT'] as const;

/** Where the plans modal opens on request (home is one of its routes). */
export const PLANS_MODAL_LINK = `/home?${OPEN_PLANS_PARAM}=open`;

/** A member is ACTIVE while the plan says so and has not run out (expires_on is its last day). */
export function isActiveMember(subscription: { status: PlanStatus; expiresOn: string } | null, today: string): boolean {
  return subscription !== null && subscription.status === 'ACTIVE' && subscription.expiresOn >= today;
}

/** The organisation's rate for `product` in percent, or null when it gives none. */
export function memberRateOf(rates: MemberRates | undefined, product: string): number | null {
  const percent = rates && Object.hasOwn(rates, product) ? rates[product] : undefined;
  return typeof percent === 'number' && percent > 0 ? percent : null;
}

/**
 * What a member saves on `amountMinor` at `percent`: rounded half away from zero to whole minor
 * units (the percent to hundredths), and never more than the amount, so no price goes negative.
 */
export function memberDiscountMinor(amountMinor: number, percent: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`An amount is whole, non-negative minor units, not ${amountMinor}`);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`A member rate is 0 to 100 percent, not ${percent}`);
  const basisPoints = BigInt(Math.round(percent * 100));
  return Math.min(amountMinor, Number(divideRounded(BigInt(amountMinor) * basisPoints, 10_000n)));
}

/** The member price of `amountMinor` at `percent`. */
export const memberPriceMinor = (amountMinor: number, percent: number) => amountMinor - memberDiscountMinor(amountMinor, percent);

/**
 * Which price a viewer sees and pays: 'member' (an ACTIVE member pays the member price and sees
 * what they save), 'offer' (anyone else pays the regular price and sees what members pay) or
 * 'none' (the product has no member rate).
 */
export type MemberPricing =
  { kind: 'none'; payMinor: number } | { kind: 'member'; payMinor: number; discountMinor: number } | { kind: 'offer'; payMinor: number; memberMinor: number };

export function memberPricing(regularMinor: number, percent: number | null, activeMember: boolean): MemberPricing {
  if (percent === null) return { kind: 'none', payMinor: regularMinor };
  const discountMinor = memberDiscountMinor(regularMinor, percent);
  if (activeMember) return { kind: 'member', payMinor: regularMinor - discountMinor, discountMinor };
  return { kind: 'offer', payMinor: regularMinor, memberMinor: regularMinor - discountMinor };
}
