// Membership (issue 12; spec §2 "Membership plans modal", §3 "Subscription plan", "Subscription
// details", "Plans response", "Init-book data for a subscription", §4 "Membership", §5, §7
// "Membership"). A purchase is a booking of product SUB without a hold: `initBook` writes it with
// its order (what it buys, decided here from the plan and the member's state, never from the
// client's numbers), the payment core pays it like any booking, and its confirmation activates
// the subscription in the same transaction (`activateSubscriptionOfBooking`, from moveBooking).
import { type Answer, answer } from '~/domain/answer';
import type { Transaction } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import {
  type InitBookBody,
  type PaymentMembershipBody,
  type PlansFetchBody,
  type SubscriptionPlansBody,
  initBookSchema,
  paymentMembershipSchema,
  plansFetchSchema,
  subscriptionPlansSchema,
} from '#schemas/api/membership.schema';
import { DEMO_REFUSAL, toMinorUnits } from '~/domain/booking-payment';
import { chargeOf } from '~/domain/charge';
import { amountText, minorToMajor } from '~/domain/coupon-cash';
import type { Quote as HoldQuote } from '~/domain/quote';
import { type LanguageCode, isLanguageCode } from '~/domain/reference-data';
import { SUBSCRIPTION } from '~/products/types';
import { type PlanStatus, isEntitled, membershipFlow, organisationPaysFor, planExpiryAfterPayment, subscriptionCharge } from '~/domain/membership';
import { dayIn } from '~/domain/time-zone';
import { FAILURE_TEXTS } from '~/domain/booking-failures';
import { type ApiMessageKey, apiMessage } from '~/i18n/api-messages';
import { newReference } from '../booking/checkout.server';
import { compileApiBody } from '../platform/api-body-schema.server';
import { getOrgById } from '../config/config.server';
import type { DB, PlanTexts } from '../platform/db-schema';
import type { BookingSubscriber, BookingTerms } from '../booking/booking-subscriber';
import { createPriceHold } from '../booking/holds.server';
import { type Database, getDb } from '../platform/db.server';
import type { PlanRow } from './membership-plans.server';
import { renderPlanHtml } from './plan-html.server';
import type { ActiveSession } from '../identity/session.server';
import {
  type AppliedPart,
  type ApplyRequest,
  type Member,
  type Refusal,
  applyToHold,
  instrumentsOf,
  offeredKinds,
  payableOfHold,
  refusalText,
  releaseApplicationsOfHolds,
} from '../stored-value/stored-value.server';

export type MembershipContext = { org: OrgConfig; session: ActiveSession | null };

/** Each membership call's body schema (schemas/api/membership.schema.ts), compiled once. */
export const membershipBodies = {
  subscriptionPlans: compileApiBody<SubscriptionPlansBody>(subscriptionPlansSchema),
  plansFetch: compileApiBody<PlansFetchBody>(plansFetchSchema),
  paymentMembership: compileApiBody<PaymentMembershipBody>(paymentMembershipSchema),
  initBook: compileApiBody<InitBookBody>(initBookSchema),
};

const PRICE_CHANGED = 'The price of this plan changed: check it and pay again';
const flagOf = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
/** The membership calls' answers carry their status in the body too (docs/api.md "Membership"). */
const reply = (status: number, body: Record<string, unknown>) => answer(status, { status, ...body });

/** The organisation's language for `lang` ('es' or 'es-MX'); its default when it offers none such. */
export function planLanguage(org: Pick<OrgConfig, 'locale'>, lang: string | undefined): string {
  if (!lang) return org.locale.defaultLanguage;
  return org.locale.languages.find((code) => code === lang) ?? org.locale.languages.find((code) => code.startsWith(`${lang.slice(0, 2)}-`)) ?? org.locale.defaultLanguage;
}

function textsOf(plan: PlanRow, language: string, org: Pick<OrgConfig, 'locale'>): PlanTexts {
  const texts = plan.texts;
  return texts[language] ?? texts[org.locale.defaultLanguage] ?? { name: plan.name, description: plan.description, html: '' };
}

/** A plan as the spec's client reads it (§3 "Subscription plan"); prices in major units of currency_code. */
export function planView(plan: PlanRow, org: Pick<OrgConfig, 'locale' | 'name'>, language: string) {
  const texts = textsOf(plan, language, org);
  const money = (minor: number) => `${plan.currency_code} ${minorToMajor(minor).toFixed(2)}`;
  return {
    sub_id: plan.id,
    subplan_name: texts.name,
    subplan_desc: texts.description,
    html: renderPlanHtml(texts.html, {
      name: texts.name,
      initialPrice: money(plan.initial_price_minor),
      renewalPrice: money(plan.renewal_price_minor),
      trialDays: plan.charge_after_days,
      orgName: org.name,
    }),
    sub_plan_image_url: plan.image,
    currency_code: plan.currency_code,
    membership_id: plan.membership_id,
    subscription_code: plan.code,
    sub_plan_initial_price: minorToMajor(plan.initial_price_minor),
    sub_plan_renewal_price: minorToMajor(plan.renewal_price_minor),
    sub_plan_charge_after: plan.charge_after_days,
    sub_plan_validity_year: plan.validity_years,
    sub_plan_validity_month: plan.validity_months,
    sub_plan_auto_validity_year: plan.auto_validity_years,
    sub_plan_auto_validity_month: plan.auto_validity_months,
    is_renewable: plan.is_renewable,
    init_charge_org: plan.init_charge_org,
    renew_charge_org: plan.renew_charge_org,
  };
}
export type SubscriptionPlanView = ReturnType<typeof planView>;

/**
 * The plans the organisation offers this buyer: a plan only the organisation buys
 * (`init_charge_org`) only to a user it entitles (decision 0052).
 */
async function offeredPlans(orgId: string, entitled: boolean, db: Database): Promise<PlanRow[]> {
  const plans = await db.selectFrom('membership_plans').selectAll().where('org_id', '=', orgId).where('offered', '=', true).orderBy('position').orderBy('id').execute();
  return plans.filter((plan) => entitled || !plan.init_charge_org);
}

/** Whether the organisation pays this user's plans (its `membership.entitled`), and whether the user is blocked. */
async function buyerOf(org: Pick<OrgConfig, 'membership'>, userDbId: number, db: Database): Promise<{ entitled: boolean; isBlocked: boolean }> {
  const user = await db.selectFrom('users').select(['email', 'company', 'is_blocked']).where('id', '=', userDbId).executeTakeFirstOrThrow();
  return { entitled: isEntitled(org.membership.entitled, user), isBlocked: user.is_blocked };
}

type Subscription = { id: number; plan_id: number; status: PlanStatus; member_since: string; expires_on: string; debt_minor: number; next_payment_by_org: boolean };

function subscriptionOf(userDbId: number, db: Database): Promise<Subscription | undefined> {
  return db
    .selectFrom('user_subscriptions')
    .select(['id', 'plan_id', 'status', 'member_since', 'expires_on', 'debt_minor', 'next_payment_by_org'])
    .where('user_id', '=', userDbId)
    .executeTakeFirst();
}

/** POST /api/membershipUpgrade/subscription-plans {lang}: the plans, read by the client at data.data (its subscriptionplans.data.data.data). */
export async function subscriptionPlans({ org, session }: MembershipContext, body: SubscriptionPlansBody, db: Database = getDb()) {
  const language = planLanguage(org, body.lang);
  const entitled = session ? (await buyerOf(org, session.userDbId, db)).entitled : false;
  const plans = (await offeredPlans(org.orgId, entitled, db)).map((plan) => planView(plan, org, language));
  return reply(200, { data: { data: plans } });
}

/**
 * What a purchase of `plan` charges this member now (spec §4 "Membership", §5 payable total);
 * the organisation pays only for a member it entitles.
 */
export function quoteOf(plan: PlanRow, subscription: Subscription | undefined, org: Pick<OrgConfig, 'membership'>, entitled: boolean) {
  const flow = membershipFlow(subscription?.status ?? null);
  // An ACTIVE member may renew early: it is a renewal too (from the current expiry).
  const isRenewal = flow !== 'subscription';
  const isTrial = !isRenewal && plan.charge_after_days > 0;
  const chargeOrg = organisationPaysFor(entitled, org.membership.organisationPays, isRenewal ? plan.renew_charge_org : plan.init_charge_org);
  const debtMinor = flow === 'renewal' ? (subscription?.debt_minor ?? 0) : 0;
  const charge = subscriptionCharge({
    initialPriceMinor: plan.initial_price_minor,
    renewalPriceMinor: plan.renewal_price_minor,
    renewal: isRenewal,
    isTrial,
    organisationPays: chargeOrg,
    debtMinor,
  });
  return { isRenewal, isTrial, chargeOrg, ...charge };
}

/** The spec's subscription details (§3) of a subscription; prices in major units of the plan's currency. */
function subscriptionDetails(subscription: Subscription, plan: PlanRow, org: Pick<OrgConfig, 'locale'>, language: string) {
  return {
    plan_id: plan.id,
    plan_name: textsOf(plan, language, org).name,
    plan_code: plan.code,
    plan_currency: plan.currency_code,
    plan_price: minorToMajor(plan.renewal_price_minor),
    plan_status: subscription.status,
    member_since: subscription.member_since,
    plan_expiry_date: subscription.expires_on,
    subscription_debt: minorToMajor(subscription.debt_minor),
    next_payment_by_org: subscription.next_payment_by_org,
  };
}

/**
 * The plans fetch by userId (spec §3 "Plans response", §7): the plans, the member's subscription
 * and whether the modal should open by itself: for a member who can buy (not a demo account)
 * and has no plan or one that is not ACTIVE; never for agents and administrators, whose profile
 * offers the plans on request. Another user's id answers 404.
 */
export async function plansFetch({ org, session }: MembershipContext & { session: ActiveSession }, body: PlansFetchBody, db: Database = getDb()) {
  if (body.userId !== session.user.userId) return reply(404, { message: 'No such user' });
  const language = planLanguage(org, body.lang ?? session.user.language);
  const buyer = await buyerOf(org, session.userDbId, db);
  const [plans, subscription] = await Promise.all([offeredPlans(org.orgId, buyer.entitled, db), subscriptionOf(session.userDbId, db)]);
  const flow = membershipFlow(subscription?.status ?? null);
  const current = subscription ? await db.selectFrom('membership_plans').selectAll().where('id', '=', subscription.plan_id).executeTakeFirstOrThrow() : null;
  const views = plans.map((plan) => ({ ...planView(plan, org, language), quote: quoteView(quoteOf(plan, subscription, org, buyer.entitled)) }));
  return reply(200, {
    plans: views,
    userProfile: {
      subscription_details: subscription && current ? subscriptionDetails(subscription, current, org, language) : null,
      is_blocked: buyer.isBlocked,
    },
    // Members only: agents and administrators book for others, and a demo account cannot pay.
    displayModal: session.user.role === 'member' && !session.user.is_demo && !buyer.isBlocked && flow !== 'none' && plans.length > 0,
    needsRenewal: flow === 'renewal',
    needsSubscription: flow === 'subscription',
    sumDebt: flow === 'renewal' ? minorToMajor(subscription?.debt_minor ?? 0) : 0,
    stored_value: await purchaseStoredValueChoices(org, session.userDbId, db),
  });
}

/** What the plans modal offers to pay part of a purchase with (decision 0054): a coupon code box, and the member's cash cards with something left. */
async function purchaseStoredValueChoices(org: OrgConfig, userDbId: number, db: Database) {
  const offered = offeredKinds(org, SUBSCRIPTION);
  const cards = offered.includes('cash_card') ? await instrumentsOf({ orgId: org.orgId, userId: userDbId }, ['cash_card'], db) : [];
  return {
    coupon: offered.includes('coupon'),
    cash_cards: cards
      .filter((card) => card.active && card.balance > 0)
      .map((card) => ({ id: card.id, code: card.code, title: card.title, currency: card.currency, balance: minorToMajor(card.balance) })),
  };
}

function quoteView(quote: ReturnType<typeof quoteOf>) {
  return {
    amount: minorToMajor(quote.amountMinor),
    debt_payed: minorToMajor(quote.debtPaidMinor),
    is_renewal: quote.isRenewal,
    is_trial: quote.isTrial,
    charge_org: quote.chargeOrg,
  };
}

/** The plan a call names, offered by the caller's organisation to this buyer; null when there is none such. */
async function namedPlan(orgId: string, id: number | string, code: string, entitled: boolean, db: Database): Promise<PlanRow | null> {
  const plan = await db.selectFrom('membership_plans').selectAll().where('org_id', '=', orgId).where('id', '=', Number(id)).where('offered', '=', true).executeTakeFirst();
  return plan && plan.code === code && (entitled || !plan.init_charge_org) ? plan : null;
}

/** The spec's init-book data for a subscription (§3): the server's figures, which initbook must be sent back. */
function initBookData(plan: PlanRow, quote: ReturnType<typeof quoteOf>, session: ActiveSession, referer: string | null, debtMinor: number) {
  return {
    sub_plan_id: plan.id,
    currency: plan.currency_code,
    subscription_code: plan.code,
    membership_id: plan.membership_id,
    plan_amount: minorToMajor(quote.amountMinor),
    userId: session.user.userId,
    referer: referer ?? '',
    plan_charge_after: plan.charge_after_days,
    charge_org: quote.chargeOrg,
    subscription_debt: minorToMajor(debtMinor),
    is_renewal: quote.isRenewal,
    is_trial: quote.isTrial,
    debt_payed: minorToMajor(quote.debtPaidMinor),
  };
}

type Quote = ReturnType<typeof quoteOf>;

/** Whether the client's figures are the server's: the amount and currency, and each flag it sent. */
function claimMatches(claim: { amountMinor: number; currency: string; isRenewal?: unknown; isTrial?: unknown; chargeOrg?: unknown }, quote: Quote, plan: PlanRow): boolean {
  const flag = (sent: unknown, expected: boolean) => sent === undefined || flagOf(sent) === expected;
  return (
    claim.amountMinor === quote.amountMinor &&
    claim.currency === plan.currency_code &&
    flag(claim.isRenewal, quote.isRenewal) &&
    flag(claim.isTrial, quote.isTrial) &&
    flag(claim.chargeOrg, quote.chargeOrg)
  );
}

/**
 * Why the member cannot start a purchase now, or null: a membership payment of theirs is still
 * running (its booking is 'pending': paying again could charge twice, so they follow that one),
 * the renewal job is charging their plan this minute, or a trial would start with no saved card
 * for the renewal it authorises.
 */
async function purchaseBlocked(userDbId: number, subscription: Subscription | undefined, quote: Quote, db: Database): Promise<Answer | null> {
  const running = await db
    .selectFrom('bookings')
    .select('reference')
    .where('user_id', '=', userDbId)
    .where('product', '=', SUBSCRIPTION)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (running) return reply(409, { error: 'in_progress', message: 'A payment for your membership is in progress', data: { booking_id: running.reference } });
  if (subscription) {
    const renewing = await db.selectFrom('renewal_charges').select('id').where('subscription_id', '=', subscription.id).where('status', '=', 'charging').executeTakeFirst();
    if (renewing) return reply(409, { error: 'renewing', message: 'Your membership is being renewed right now: try again in a few minutes' });
  }
  if (quote.isTrial && !quote.chargeOrg) {
    const card = await db.selectFrom('saved_cards').select('id').where('user_id', '=', userDbId).executeTakeFirst();
    if (!card) return reply(409, { error: 'card_required', message: 'Save a card first: the trial renews on it when it ends' });
  }
  return null;
}

/**
 * POST /api/membershipUpgrade/payment-membership (spec §7): checks what the client is about to
 * buy against the plan and the member's state and answers the init-book data. 404 for another
 * user or a plan the organisation does not offer; 409 (with the right data) when the amount,
 * currency or charge_org differs from the server's.
 */
export async function paymentMembership({ org, session }: MembershipContext & { session: ActiveSession }, body: PaymentMembershipBody, db: Database = getDb()) {
  if (session.user.is_demo) return answer(403, DEMO_REFUSAL);
  if (body.userId !== session.user.userId) return reply(404, { message: 'No such user' });
  const claimed = toMinorUnits(body.plan_amount);
  if (claimed === null) return reply(400, { message: 'plan_amount: a non-negative amount with at most 2 decimals' });
  const { entitled } = await buyerOf(org, session.userDbId, db);
  const plan = await namedPlan(org.orgId, body.sub_plan_id, body.subscription_code, entitled, db);
  if (!plan || plan.membership_id !== body.membership_id) return reply(404, { message: 'No such plan' });
  const subscription = await subscriptionOf(session.userDbId, db);
  const quote = quoteOf(plan, subscription, org, entitled);
  const data = initBookData(plan, quote, session, body.referer ?? null, subscription?.debt_minor ?? 0);
  if (!claimMatches({ amountMinor: claimed, currency: body.currency, chargeOrg: body.charge_org }, quote, plan)) {
    return reply(409, { error: 'price_changed', message: PRICE_CHANGED, data });
  }
  return (await purchaseBlocked(session.userDbId, subscription, quote, db)) ?? reply(200, { data });
}

/** The stored value an initbook names (spec §7 cn_cd, cashcard, cashcard_amount), or null when none. */
function storedValueOfInitBook(input: InitBookBody['data']): PurchaseStoredValue | null {
  // The legacy client sends '', 0 or '0' for none.
  const given = (value: string | number | null | undefined) => (typeof value === 'string' && value.trim() !== '' && value.trim() !== '0' ? value.trim() : null);
  const couponCode = given(input.cn_cd);
  const cashCardId = given(input.cashcard)?.toLowerCase() ?? null;
  if (!couponCode && !cashCardId) return null;
  return { couponCode, cashCard: cashCardId ? { id: cashCardId, amount: amountText(input.cashcard_amount ?? undefined) } : null };
}
type PurchaseStoredValue = { couponCode: string | null; cashCard: { id: string; amount: string } | null };

/** A refusal of the stored value an initbook names: its transaction rolls back, nothing is written. */
class StoredValueRefused extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
  ) {
    super(message);
  }
}

/** A membership's price as a hold's quote (decision 0054): one line, in the plan's currency. */
function membershipQuote(plan: PlanRow, amountMinor: number): HoldQuote {
  return {
    product: SUBSCRIPTION,
    lines: [{ key: 'plan', amountMinor, displayMinor: amountMinor }],
    fees: [],
    chargeCurrency: plan.currency_code,
    chargeMinorDigits: 2,
    // Shown in its own currency; a membership takes nothing that needs converting (a coupon and a cash card in its currency).
    display: { currency: plan.currency_code, perUsd: '1', minorDigits: 2 },
    priceType: 'membership',
    party: {},
    charge: chargeOf(amountMinor, plan.currency_code, `${plan.code} membership`),
    facts: { planId: plan.id },
    quotedAt: new Date().toISOString(),
  };
}

/** Applies the coupon, then the cash card, to the purchase's price hold, in its transaction; a refusal throws StoredValueRefused. */
async function applyPurchaseStoredValue(
  input: { org: OrgConfig; member: Member; holdToken: string; storedValue: PurchaseStoredValue; language: LanguageCode },
  trx: Transaction<DB>,
): Promise<AppliedPart[]> {
  const { org, member, holdToken, storedValue, language } = input;
  const requests: ApplyRequest[] = [];
  if (storedValue.couponCode) requests.push({ kind: 'coupon', code: storedValue.couponCode });
  if (storedValue.cashCard) requests.push({ kind: 'cash_card', instrumentId: storedValue.cashCard.id, amount: storedValue.cashCard.amount });
  const applied: AppliedPart[] = [];
  for (const request of requests) {
    const answered = await applyToHold(member, holdToken, request, { org, db: trx });
    if (!answered.ok) throw new StoredValueRefused(answered, request.kind === 'coupon' ? refusalText(answered, language) : answered.message);
    applied.push(answered.applied);
  }
  return applied;
}

/** Locks the price holds of the member's unpaid purchases (see initBook on the lock order). */
async function lockUnpaidPurchaseHolds(userDbId: number, trx: Transaction<DB>): Promise<void> {
  await trx
    .selectFrom('holds')
    .select('id')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('bookings')
        .select('hold_id')
        .where('user_id', '=', userDbId)
        .where('product', '=', SUBSCRIPTION)
        .where('status', '=', 'initiated')
        .where('hold_id', 'is not', null)
        .$narrowType<{ hold_id: string }>(),
    )
    .forUpdate()
    .execute();
}

/**
 * The member's unpaid purchases (all but `except`; with `withStoredValueOnly`, those that took
 * stored value), failed as replaced, in the caller's transaction: their price holds are released
 * and what was applied to them given back at once, not when the holds would have lapsed.
 */
async function failUnpaidPurchases(userDbId: number, trx: Transaction<DB>, options: { except?: string; withStoredValueOnly?: boolean; now?: Date } = {}): Promise<void> {
  let unpaid = trx
    .updateTable('bookings')
    .set({ status: 'failed', failure_text: FAILURE_TEXTS.replaced, updated_at: options.now ?? new Date() })
    .where('user_id', '=', userDbId)
    .where('product', '=', SUBSCRIPTION)
    .where('status', '=', 'initiated');
  if (options.except) unpaid = unpaid.where('id', '!=', options.except);
  if (options.withStoredValueOnly) unpaid = unpaid.where('hold_id', 'is not', null);
  const failed = await unpaid.returning('hold_id').execute();
  const holdIds = failed.flatMap((row) => (row.hold_id ? [row.hold_id] : []));
  if (holdIds.length === 0) return;
  await trx.updateTable('holds').set({ status: 'released' }).where('id', 'in', holdIds).where('status', '=', 'active').execute();
  await releaseApplicationsOfHolds(holdIds, trx);
}

/**
 * POST /api/plans/initbook {data} (spec §7): writes the subscription booking (product SUB,
 * 'initiated', its amount frozen) and its order, and answers data.booking_id and
 * data.payment_token {is_popup, orderToken}. The client's figures must be the server's (409
 * otherwise, nothing written). A repeat for the same plan and amount reuses the unpaid booking.
 * Then the client pays it with the payment calls (zeroAmountBooking when the amount is 0).
 */
export async function initBook({ org, session }: MembershipContext & { session: ActiveSession }, body: InitBookBody, db: Database = getDb()) {
  if (session.user.is_demo) return answer(403, DEMO_REFUSAL);
  const input = body.data;
  const claimed = toMinorUnits(input.plan_amount);
  if (claimed === null) return reply(400, { message: 'data.plan_amount: a non-negative amount with at most 2 decimals' });
  const { entitled } = await buyerOf(org, session.userDbId, db);
  const plan = await namedPlan(org.orgId, input.id, input.subscription_code, entitled, db);
  if (!plan) return reply(404, { message: 'No such plan' });
  const language = planLanguage(org, input.lang_code ?? session.user.language);
  const subscription = await subscriptionOf(session.userDbId, db);
  const quote = quoteOf(plan, subscription, org, entitled);
  if (!claimMatches({ amountMinor: claimed, currency: input.currency, isRenewal: input.is_renewal, isTrial: input.is_trial, chargeOrg: input.charge_org }, quote, plan)) {
    return reply(409, { error: 'price_changed', message: PRICE_CHANGED, data: initBookData(plan, quote, session, null, subscription?.debt_minor ?? 0) });
  }
  const blocked = await purchaseBlocked(session.userDbId, subscription, quote, db);
  if (blocked) return blocked;
  const storedValue = storedValueOfInitBook(input);
  const saying: LanguageCode = isLanguageCode(language) ? language : 'en-US';
  if (storedValue && quote.amountMinor === 0) return reply(409, { error: 'nothing_to_pay', message: apiMessage(saying, 'membership.nothingToPay') });
  let purchase: { reference: string; amountMinor: number; applied: AppliedPart[] };
  try {
    purchase = await db.transaction().execute(async (trx) => {
      // The holds of the member's unpaid purchases before the member, as a payment's `begin` takes
      // them (hold, then member): a purchase started while another is being paid never deadlocks.
      if (storedValue) await lockUnpaidPurchaseHolds(session.userDbId, trx);
      // Serialises a member's purchases: a double click reuses the first unpaid booking (one without stored value).
      await trx.selectFrom('users').select('id').where('id', '=', session.userDbId).forUpdate().execute();
      // A purchase with stored value is a new one: an earlier unpaid one gives back what it applied.
      if (storedValue) await failUnpaidPurchases(session.userDbId, trx, { withStoredValueOnly: true });
      const unpaid = storedValue
        ? undefined
        : await trx
            .selectFrom('subscription_orders as o')
            .innerJoin('bookings as b', 'b.id', 'o.booking_id')
            .select('b.reference')
            .where('o.user_id', '=', session.userDbId)
            .where('o.plan_id', '=', plan.id)
            .where('o.is_renewal', '=', quote.isRenewal)
            .where('b.status', '=', 'initiated')
            .where('b.amount_minor', '=', quote.amountMinor)
            .where('b.hold_id', 'is', null)
            .executeTakeFirst();
      if (unpaid) return { reference: unpaid.reference, amountMinor: quote.amountMinor, applied: [] };
      const user = await trx.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', session.userDbId).executeTakeFirstOrThrow();
      const hold = storedValue
        ? await createPriceHold(
            {
              orgId: org.orgId,
              userId: session.userDbId,
              product: SUBSCRIPTION,
              itemRef: `plan:${plan.id}`,
              quote: membershipQuote(plan, quote.amountMinor),
              ttlMinutes: org.booking.holdMinutes,
            },
            trx,
          )
        : null;
      const booking = await trx
        .insertInto('bookings')
        .values({
          reference: newReference(org.orgId),
          org_id: org.orgId,
          user_id: session.userDbId,
          hold_id: hold?.id ?? null,
          product: SUBSCRIPTION,
          item_ref: `plan:${plan.id}`,
          starts_on: dayIn(org.timeZone),
          ends_on: null,
          guest_first_name: user.first_name,
          guest_last_name: user.last_name,
          guest_email: user.email,
          status: 'initiated',
          amount_minor: quote.amountMinor,
          currency: plan.currency_code,
          acted_by_user_id: session.impersonatorDbId,
        })
        .returning(['id', 'reference'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('subscription_orders')
        .values({
          booking_id: booking.id,
          org_id: org.orgId,
          user_id: session.userDbId,
          plan_id: plan.id,
          is_renewal: quote.isRenewal,
          is_trial: quote.isTrial,
          charge_org: quote.chargeOrg,
          debt_paid_minor: quote.debtPaidMinor,
          language,
        })
        .execute();
      if (!hold || !storedValue) return { reference: booking.reference, amountMinor: quote.amountMinor, applied: [] };
      const applied = await applyPurchaseStoredValue({ org, member: { orgId: org.orgId, userId: session.userDbId }, holdToken: hold.token, storedValue, language: saying }, trx);
      // The card pays what is left (spec §5's payable total); the payment checks it against the hold.
      const payable = (await payableOfHold(hold.id, trx))!.payableMinor;
      await trx.updateTable('bookings').set({ amount_minor: payable }).where('id', '=', booking.id).execute();
      return { reference: booking.reference, amountMinor: payable, applied };
    });
  } catch (error) {
    if (error instanceof StoredValueRefused) return reply(error.refusal.status, { error: error.refusal.reason ?? 'refused', message: error.message });
    throw error;
  }
  return reply(200, {
    data: {
      booking_id: purchase.reference,
      // What the card pays: the plan's price less the coupon and the cash card.
      amount: minorToMajor(purchase.amountMinor),
      plan_amount: minorToMajor(quote.amountMinor),
      stored_value: purchase.applied.map((part) => ({ type: part.kind, code: part.code, amount: minorToMajor(part.amountMinor), currency: part.currency })),
      currency: plan.currency_code,
      is_renewal: quote.isRenewal,
      is_trial: quote.isTrial,
      charge_org: quote.chargeOrg,
      debt_payed: minorToMajor(quote.debtPaidMinor),
      // Paid in the page (no pop-up window); the order the payment calls name.
      payment_token: { is_popup: false, orderToken: purchase.reference },
    },
  });
}

/**
 * Activates what a confirmed subscription booking bought, inside the transaction that confirms
 * it (moveBooking): a first subscription starts today; a renewal runs on from the current expiry
 * while the plan still runs, and pays off the debt it included. A trial runs for its free days;
 * the renewal job charges after them. Once per booking (its order's activated_at).
 */
export async function activateSubscriptionOfBooking(bookingId: string, trx: Transaction<DB>, now = new Date()): Promise<void> {
  const order = await trx.selectFrom('subscription_orders').selectAll().where('booking_id', '=', bookingId).where('activated_at', 'is', null).forUpdate().executeTakeFirst();
  if (!order) return;
  // One activation of a member at a time: a second one reads the first's subscription.
  await trx.selectFrom('users').select('id').where('id', '=', order.user_id).forUpdate().execute();
  const plan = await trx.selectFrom('membership_plans').selectAll().where('id', '=', order.plan_id).executeTakeFirstOrThrow();
  const org = getOrgById(order.org_id);
  const current = await trx.selectFrom('user_subscriptions').selectAll().where('user_id', '=', order.user_id).forUpdate().executeTakeFirst();
  // The member's day is the organisation's (decision 0039), as on every page that shows the plan.
  const today = dayIn(org?.timeZone ?? 'UTC', now);
  const trialEnd = new Date(Date.parse(`${today}T00:00:00Z`) + plan.charge_after_days * 86_400_000).toISOString().slice(0, 10);
  // A trial never shortens a plan that runs longer.
  const expiresOn = order.is_trial
    ? [trialEnd, current?.expires_on ?? ''].sort().at(-1)!
    : planExpiryAfterPayment({ today, currentExpiry: current?.expires_on ?? null, years: plan.validity_years, months: plan.validity_months });
  const nextByOrg = org ? organisationPaysFor((await buyerOf(org, order.user_id, trx)).entitled, org.membership.organisationPays, plan.renew_charge_org) : false;
  if (current) {
    await trx
      .updateTable('user_subscriptions')
      .set({ plan_id: plan.id, status: 'ACTIVE', expires_on: expiresOn, debt_minor: Math.max(0, current.debt_minor - order.debt_paid_minor), next_payment_by_org: nextByOrg })
      .where('id', '=', current.id)
      .execute();
  } else {
    await trx
      .insertInto('user_subscriptions')
      .values({ user_id: order.user_id, plan_id: plan.id, status: 'ACTIVE', member_since: today, expires_on: expiresOn, debt_minor: 0, next_payment_by_org: nextByOrg })
      .execute();
  }
  await trx.updateTable('subscription_orders').set({ activated_at: now }).where('booking_id', '=', bookingId).execute();
  // The member's other unpaid purchases were priced for the state this one changed: none may be paid now.
  await failUnpaidPurchases(order.user_id, trx, { except: bookingId, now });
}

/**
 * Whether an unpaid subscription booking still buys what it was priced for: the plan is offered
 * and the member's state gives the same quote (checked before it is paid, so a booking made as a
 * trial, or before a debt changed, is not paid on old terms).
 */
export async function subscriptionOrderIsCurrent(bookingId: string, db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('subscription_orders as o')
    .innerJoin('bookings as b', 'b.id', 'o.booking_id')
    .select(['o.plan_id', 'o.user_id', 'o.org_id', 'o.is_renewal', 'o.is_trial', 'o.charge_org', 'o.debt_paid_minor', 'b.amount_minor', 'b.currency', 'b.hold_id'])
    .where('o.booking_id', '=', bookingId)
    .executeTakeFirst();
  const org = row ? getOrgById(row.org_id) : undefined;
  if (!row || !org) return false;
  const plan = await db.selectFrom('membership_plans').selectAll().where('id', '=', row.plan_id).where('offered', '=', true).executeTakeFirst();
  if (!plan) return false;
  const quote = quoteOf(plan, await subscriptionOf(row.user_id, db), org, (await buyerOf(org, row.user_id, db)).entitled);
  // With stored value (decision 0054) the booking's amount is what is left to pay; its price is its hold's.
  const priceMinor = row.hold_id ? ((await payableOfHold(row.hold_id, db))?.chargeMinor ?? null) : row.amount_minor;
  return (
    quote.amountMinor === priceMinor &&
    plan.currency_code === row.currency &&
    quote.isRenewal === row.is_renewal &&
    quote.isTrial === row.is_trial &&
    quote.chargeOrg === row.charge_org &&
    quote.debtPaidMinor === row.debt_paid_minor
  );
}

/**
 * Locks the member of subscription booking `bookingId` (their users row), first in every
 * transaction that pays or confirms one: a member's membership payments run one at a time, and
 * the lock order (member, then booking) is the same everywhere, so two never wait on each other.
 * Nothing for any other booking.
 */
async function lockMemberOfSubscriptionBooking(bookingId: string, trx: Transaction<DB>): Promise<void> {
  await trx
    .selectFrom('users as u')
    .innerJoin('bookings as b', 'b.user_id', 'u.id')
    .select('u.id')
    .where('b.id', '=', bookingId)
    .where('b.product', '=', SUBSCRIPTION)
    .forUpdate('u')
    .execute();
}

/**
 * Why subscription booking `booking` may not be paid now, or null, read under the member's lock
 * (lockMemberOfSubscriptionBooking) in the transaction that starts its payment: another of the
 * member's membership payments is running, another purchase was paid after this one was priced
 * (it changed what this one buys), or its quote is no longer the member's.
 */
async function subscriptionPaymentRefusal(booking: { id: string; user_id: number | null; created_at: Date }, trx: Transaction<DB>): Promise<ApiMessageKey | null> {
  if (booking.user_id === null) return 'membership.outOfDate';
  const running = await trx
    .selectFrom('bookings')
    .select('id')
    .where('user_id', '=', booking.user_id)
    .where('product', '=', SUBSCRIPTION)
    .where('status', '=', 'pending')
    .where('id', '!=', booking.id)
    .executeTakeFirst();
  if (running) return 'membership.inProgress';
  const paidSince = await trx
    .selectFrom('subscription_orders')
    .select('booking_id')
    .where('user_id', '=', booking.user_id)
    .where('activated_at', '>=', booking.created_at)
    .where('booking_id', '!=', booking.id)
    .executeTakeFirst();
  if (paidSince) return 'membership.replaced';
  return (await subscriptionOrderIsCurrent(booking.id, trx)) ? null : 'membership.outOfDate';
}

/** The success path of a subscription booking (spec §2, §4 step 5): booking_id, is_renewal, charge_org and is_t. */
async function subscriptionSuccessPath(bookingId: string, reference: string, db: Database): Promise<string> {
  const order = await db.selectFrom('subscription_orders').select(['is_renewal', 'charge_org', 'is_trial']).where('booking_id', '=', bookingId).executeTakeFirst();
  const query = new URLSearchParams({
    booking_id: reference,
    is_renewal: String(order?.is_renewal ?? false),
    charge_org: String(order?.charge_org ?? false),
    is_t: String(order?.is_trial ?? false),
  });
  return `/subscription-checkoutsuccess?${query}`;
}

/**
 * A membership's part in its booking's life: its member is locked first when the booking is paid
 * or confirmed, and the confirmation activates what it bought.
 */
export const membershipActivation: BookingSubscriber = {
  name: 'membership activation',
  async lockFirst(bookingId, to, trx) {
    if (to === 'pending' || to === 'confirmed') await lockMemberOfSubscriptionBooking(bookingId, trx);
  },
  async onMove({ bookingId, to, booking }, trx) {
    if (booking.product === SUBSCRIPTION && to === 'confirmed') await activateSubscriptionOfBooking(bookingId, trx);
  },
};

/** The terms a membership's booking is paid on (decision 0032). */
export const membershipTerms: BookingTerms = {
  payRefusal: subscriptionPaymentRefusal,
  successPath: (booking, db) => subscriptionSuccessPath(booking.id, booking.reference, db),
  holdsNoInventory: true,
};

/** The signed-in member's subscription booking `reference` and what it bought, for its success page; null when not theirs. */
export async function subscriptionPurchase({ org, session }: MembershipContext & { session: ActiveSession }, reference: string, db: Database = getDb()) {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('subscription_orders as o', 'o.booking_id', 'b.id')
    .innerJoin('membership_plans as p', 'p.id', 'o.plan_id')
    .select([
      'b.reference',
      'b.status',
      'b.amount_minor',
      'b.currency',
      'b.failure_text',
      'o.is_renewal',
      'o.is_trial',
      'o.charge_org',
      'o.debt_paid_minor',
      'o.language',
      'p.id as plan_id',
    ])
    .where('b.reference', '=', reference)
    .where('b.org_id', '=', org.orgId)
    .where('b.user_id', '=', session.userDbId)
    .where('b.product', '=', 'SUB')
    .executeTakeFirst();
  if (!row) return null;
  const [plan, subscription] = await Promise.all([
    db.selectFrom('membership_plans').selectAll().where('id', '=', row.plan_id).executeTakeFirstOrThrow(),
    subscriptionOf(session.userDbId, db),
  ]);
  const language = planLanguage(org, session.user.language);
  return {
    booking_id: row.reference,
    status: row.status,
    failure_text: row.failure_text,
    amount: minorToMajor(row.amount_minor ?? 0),
    currency: row.currency ?? plan.currency_code,
    is_renewal: row.is_renewal,
    is_trial: row.is_trial,
    charge_org: row.charge_org,
    debt_payed: minorToMajor(row.debt_paid_minor),
    plan_name: textsOf(plan, language, org).name,
    subscription: subscription
      ? subscriptionDetails(
          subscription,
          plan.id === subscription.plan_id ? plan : await db.selectFrom('membership_plans').selectAll().where('id', '=', subscription.plan_id).executeTakeFirstOrThrow(),
          org,
          language,
        )
      : null,
  };
}
