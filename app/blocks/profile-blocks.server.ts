import type { Block } from '#schemas/layout.schema';
import { cardServiceApiKey } from '~/domain/payment-providers';
import { toCardPGV2 } from '~/domain/saved-cards';
import { listUserBookings } from '~/services/booking/bookings.server';
import { getDb } from '~/services/platform/db.server';
import { listCardsOfUser } from '~/services/payments/saved-cards.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import { loyaltyMembershipNoOf, loyaltyOf } from '~/services/stored-value/stored-value.server';
import type { BlockContext } from './context.server';

type B<K extends Block['type']> = Extract<Block, { type: K }>;

export async function resolveProfileSummary(_block: B<'profile.summary'>, { user }: BlockContext) {
  return { user };
}

/** The spec's subscription details (§3) of the signed-in user, or null without a plan. */
export async function resolveMembership(_block: B<'profile.membership'>, { user, locale }: BlockContext) {
  if (!user) return { subscription: null };
  const row = await getDb()
    .selectFrom('user_subscriptions as s')
    .innerJoin('membership_plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'p.id as plan_id',
      'p.name as plan_name',
      'p.texts',
      'p.code as plan_code',
      'p.currency_code as plan_currency',
      'p.renewal_price_minor',
      's.status as plan_status',
      's.member_since',
      's.expires_on as plan_expiry_date',
      's.debt_minor',
      's.next_payment_by_org',
    ])
    .where('u.public_id', '=', user.userId)
    .executeTakeFirst();
  if (!row) return { subscription: null };
  const rates = await getRateTable();
  const price = (minor: number) => toDisplayPrice({ amountMinor: minor, currency: row.plan_currency }, locale.currency, locale.language, rates);
  return {
    subscription: {
      plan_id: row.plan_id,
      // The plan's name in the visitor's language (the organisation's texts), else its default.
      plan_name: row.texts[locale.language]?.name ?? row.plan_name,
      plan_code: row.plan_code,
      plan_currency: row.plan_currency,
      plan_price: price(row.renewal_price_minor),
      plan_status: row.plan_status,
      member_since: row.member_since,
      plan_expiry_date: row.plan_expiry_date,
      subscription_debt: price(row.debt_minor),
      next_payment_by_org: row.next_payment_by_org,
    },
  };
}

/** People the signed-in agent (members) or admin (anyone but admins) may sign in as. */
export async function resolveImpersonation(_block: B<'profile.impersonation'>, { user }: BlockContext) {
  if (!user || (user.role !== 'agent' && user.role !== 'admin')) return { candidates: [] };
  const roles = user.role === 'admin' ? (['member', 'agent'] as const) : (['member'] as const);
  const candidates = await getDb()
    .selectFrom('users')
    .select(['public_id', 'first_name', 'last_name', 'email', 'role', 'is_blocked'])
    .where('org_id', '=', user.org_id)
    .where('role', 'in', roles)
    .where('is_blocked', '=', false)
    .orderBy('email')
    .limit(100)
    .execute();
  return { candidates: candidates.map((c) => ({ userId: c.public_id, name: `${c.first_name} ${c.last_name}`, email: c.email, role: c.role })) };
}

/**
 * The signed-in user's saved cards (second provider shape), where the organisation offers
 * saved cards, with what the card-service calls need: the user's e-mail and the api-key.
 */
export async function resolveSavedCards(_block: B<'profile.savedCards'>, { user, org }: BlockContext) {
  if (!user || !org.payments.options.includes('saved-cards')) return { enabled: false, cards: [], email: '', apiKey: '' };
  const cards = await listCardsOfUser(user.userId, org.orgId);
  return { enabled: true, cards: cards.map(toCardPGV2), email: user.email, apiKey: cardServiceApiKey(org.payments, org.orgId) };
}

/**
 * The signed-in user's points where the organisation has them (its checkouts take points, or its
 * bookings earn them): each point type's available and pending points and latest movements, and
 * the loyalty membership number (spec §3 loyalty_membership_no).
 */
export async function resolveLoyalty(_block: B<'profile.loyalty'>, { user, org }: BlockContext) {
  const storedValue = org.payments.storedValue;
  const hasPoints = storedValue !== undefined && (storedValue.instruments.includes('points') || (storedValue.earn ?? []).length > 0);
  if (!user || !hasPoints) return null;
  const row = await getDb().selectFrom('users').select('id').where('public_id', '=', user.userId).where('org_id', '=', org.orgId).executeTakeFirst();
  if (!row) return null;
  return { membershipNo: loyaltyMembershipNoOf(user.userId), pointTypes: await loyaltyOf({ orgId: org.orgId, userId: row.id }, org.timeZone) };
}

/** The signed-in user's bookings in this organisation (reference, product, dates, status, amount); showing them reads their messages. */
export async function resolveMyBookings(block: B<'profile.bookings'>, { user, locale, org }: BlockContext) {
  if (!user) return { bookings: [] };
  const read = !user.impersonated_by;
  return {
    bookings: await listUserBookings({ userPublicId: user.userId, orgId: user.org_id, language: locale.language, timeZone: org.timeZone, limit: block.props?.limit ?? 20, read }),
  };
}
