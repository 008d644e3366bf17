import { getDb } from '~/services/platform/db.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import type { BlockContext, TypedBlock } from '../context.server';

/** The spec's subscription details (§3) of the signed-in user, or null without a plan. */
export default async function resolveMembership(_block: TypedBlock<'profile.membership'>, { user, locale }: BlockContext) {
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
