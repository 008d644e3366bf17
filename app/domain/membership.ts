/**
 * Membership rules (issue 12; spec §2 "Membership plans modal", §3 subscription plan and
 * details, §4 "Membership" and "Subscription booking", §5 "Subscription Pay Now" and payable
 * total, §9). Pure: no IO, no React. Money is integer minor units.
 */

export type PlanStatus = 'ACTIVE' | 'EXPIRED';

/** Spec §4: the renewal flow starts when the plan is not ACTIVE (none at all is a new subscription). */
export function membershipFlow(status: PlanStatus | null): 'none' | 'renewal' | 'subscription' {
  if (status === null) return 'subscription';
  return status === 'ACTIVE' ? 'none' : 'renewal';
}

/**
 * Spec §5: "For a trial plan, or when the organisation pays, the subscription charge is 0.
 * Otherwise it is the plan price plus any debt." A renewal pays the renewal price, a first
 * subscription the initial one; the debt is included only in the renewal flow and only when
 * there is debt (§4 "with debt included when sumDebt is set").
 */
export function subscriptionCharge(plan: {
  initialPriceMinor: number;
  renewalPriceMinor: number;
  renewal: boolean;
  isTrial: boolean;
  /** init_charge_org for a first subscription, renew_charge_org for a renewal. */
  organisationPays: boolean;
  debtMinor: number;
}): { amountMinor: number; debtPaidMinor: number } {
  for (const [name, value] of Object.entries({ initial: plan.initialPriceMinor, renewal: plan.renewalPriceMinor, debt: plan.debtMinor })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`The ${name} amount must be whole, non-negative minor units, not ${value}`);
  }
  if (plan.isTrial || plan.organisationPays) return { amountMinor: 0, debtPaidMinor: 0 };
  const debtPaidMinor = plan.renewal ? plan.debtMinor : 0;
  return { amountMinor: (plan.renewal ? plan.renewalPriceMinor : plan.initialPriceMinor) + debtPaidMinor, debtPaidMinor };
}

/** The query parameter that opens the plans modal on a plans route (`?plans=open`). */
export const OPEN_PLANS_PARAM = 'plans';

/** The cookie that stops the plans modal opening by itself on home (spec §2, §9). */
export const NO_SHOW_PLANS_HOME = 'noShowPlansHome';

/** Spec §2: where the plans modal is offered, and where it may open by itself. */
export const PLANS_MODAL_ROUTES = ['/home', '/', '/user/profile', '/agent/profile'] as const;
export const PLANS_AUTO_OPEN_ROUTES = ['/home', '/'] as const;

/**
 * Spec §2: the modal opens by itself on /home and / only when the plans response says
 * displayModal and the noShowPlansHome cookie is absent.
 */
export function plansModalAutoOpens(path: string, displayModal: boolean, cookieNames: readonly string[], autoOpenRoutes: readonly string[] = PLANS_AUTO_OPEN_ROUTES): boolean {
  return displayModal && autoOpenRoutes.includes(path) && !cookieNames.includes(NO_SHOW_PLANS_HOME);
}

/** Closing the modal on home sets noShowPlansHome (spec §2); elsewhere it sets nothing. */
export const closingSetsNoShow = (path: string, autoOpenRoutes: readonly string[] = PLANS_AUTO_OPEN_ROUTES) => autoOpenRoutes.includes(path);

/**
 * Spec §2 and §9 carousel: "2 slides at width 768px and above, otherwise 1". Its breakpoint
 * list ("1024 gives 2, 768 gives 1") disagrees at exactly 768 px however a breakpoint is read;
 * the sentence that names the widths wins: from 768 px two slides, below one.
 */
export function carouselSlides(viewportWidth: number): 1 | 2 {
  return viewportWidth >= 768 ? 2 : 1;
}

/** Arrows only when there are more plans than slides (spec §2). */
export const carouselShowsArrows = (plans: number, slides: number) => plans > slides;

/** The first plan shown after moving by `step` slides, kept within the plans (no wrap: arrows at the ends do nothing). */
export function carouselStart(current: number, step: number, plans: number, slides: number): number {
  const last = Math.max(0, plans - slides);
  return Math.min(last, Math.max(0, current + step));
}

/** Spec §5 "Subscription Pay Now" and §4: disabled until authorised, while saving, by the caller, or with 'add new card' chosen. */
export function payNowDisabled(state: { authorised: boolean; saving: boolean; disabledByCaller: boolean; addingCard: boolean }): boolean {
  return !state.authorised || state.saving || state.disabledByCaller || state.addingCard;
}

/** Spec §4 and §9: the booking-status fallback polls every 2 s, at most 10 times; the page reloads 5 s after success. */
export const STATUS_POLL = { everyMs: 2_000, maxPolls: 10, reloadAfterMs: 5_000 } as const;

/** Adds whole months to a day ('YYYY-MM-DD'), clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match || !Number.isInteger(months)) throw new RangeError(`Not a day and a whole number of months: ${day}, ${months}`);
  const total = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = Math.min(Number(match[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/**
 * When a plan paid now runs until (spec §3 sub_plan_validity_year/month for a first
 * subscription, sub_plan_auto_validity_year/month for an automatic renewal): from the current
 * expiry when the plan is still running (nothing is lost by renewing early), else from today.
 */
export function planExpiryAfterPayment(input: { today: string; currentExpiry: string | null; years: number; months: number }): string {
  const from = input.currentExpiry && input.currentExpiry > input.today ? input.currentExpiry : input.today;
  return addMonths(from, input.years * 12 + input.months);
}

/**
 * The days an automatic renewal is tried (issue 12 dunning): on the renewal date, then after
 * each of the organisation's retry delays (in days, counted from the renewal date). After the
 * last one fails the plan is EXPIRED and the amount becomes subscription_debt.
 */
export function dunningDays(renewalDay: string, retryAfterDays: readonly number[]): string[] {
  const days = [renewalDay];
  for (const delay of retryAfterDays) {
    if (!Number.isInteger(delay) || delay <= 0) throw new RangeError(`A retry delay is a positive whole number of days, not ${delay}`);
    days.push(addDays(renewalDay, delay));
  }
  return days;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Which try of a renewal is due on `today` (its index in dunningDays), or null when none is.
 * At most one try a day: after the job was stopped for days, the tries it missed are made on
 * the days that follow, not all at once (each would e-mail the member).
 */
export function dueRenewalTry(today: string, renewalDay: string, retryAfterDays: readonly number[], triesMade: number, lastTriedOn: string | null = null): number | null {
  const days = dunningDays(renewalDay, retryAfterDays);
  if (triesMade >= days.length) return null;
  if (lastTriedOn !== null && lastTriedOn >= today) return null;
  return days[triesMade]! <= today ? triesMade : null;
}

/** The day the next try is made after one made on `today` failed (what the member is told), or null when it was the last. */
export function nextRenewalTryDay(today: string, renewalDay: string, retryAfterDays: readonly number[], triesMade: number): string | null {
  const next = dunningDays(renewalDay, retryAfterDays)[triesMade];
  if (next === undefined) return null;
  const tomorrow = addDays(today, 1);
  return next > tomorrow ? next : tomorrow;
}

/**
 * The expiry an automatic renewal of the period that ended on `periodFrom` gives: the
 * auto-validity period counted from the old expiry, not from the day the charge went through.
 * The member stayed ACTIVE through the dunning days, so a retry that succeeds on day 3 buys the
 * same period as one that succeeds on day 0, and every period starts where the last one ended.
 */
export function renewalExpiry(periodFrom: string, autoValidity: { years: number; months: number }): string {
  return planExpiryAfterPayment({ today: periodFrom, currentExpiry: periodFrom, ...autoValidity });
}

/** Who an organisation pays plans for (its config's `membership.entitled`). */
export type PlanEntitlement = { companies?: readonly string[]; emailDomains?: readonly string[]; users?: readonly string[] };

/**
 * Whether the organisation pays this user's plans (decision 0052): a user of one of its
 * companies, with an address at one of its domains, or named. Signing up is not enough.
 */
export function isEntitled(entitled: PlanEntitlement | undefined, user: { email: string; company: string | null }): boolean {
  if (!entitled) return false;
  const email = user.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (
    (user.company !== null && (entitled.companies ?? []).includes(user.company)) ||
    (entitled.emailDomains ?? []).includes(domain) ||
    (entitled.users ?? []).some((named) => named.trim().toLowerCase() === email)
  );
}

/**
 * Whether the organisation pays a purchase or renewal: only for an entitled user, when it pays
 * every plan (`organisationPays`) or this plan's price (`planChargesOrg`).
 */
export function organisationPaysFor(entitled: boolean, organisationPays: boolean, planChargesOrg: boolean): boolean {
  return entitled && (organisationPays || planChargesOrg);
}

/**
 * What the subscription success page says of a purchase (issue 34): confirmed says the plan is
 * active and the amount charged; failed and cancelled say why and that nothing was charged; one
 * whose payment is under way says so; one that was never paid ('initiated', e.g. the member left
 * the plans modal) says it is not paid and names the amount as due, never as charged.
 */
export function subscriptionPurchaseView(status: string): { says: 'confirmed' | 'failed' | 'pending' | 'unpaid'; amount: 'charged' | 'due' | 'notCharged' } {
  switch (status) {
    case 'confirmed':
      return { says: 'confirmed', amount: 'charged' };
    case 'failed':
    case 'cancelled':
      return { says: 'failed', amount: 'notCharged' };
    case 'pending':
      return { says: 'pending', amount: 'due' };
    default:
      return { says: 'unpaid', amount: 'due' };
  }
}
