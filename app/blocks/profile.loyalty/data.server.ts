import { getDb } from '~/services/platform/db.server';
import { loyaltyMembershipNoOf, loyaltyOf } from '~/services/stored-value/stored-value.server';
import type { BlockContext, TypedBlock } from '../context.server';

/**
 * The signed-in user's points where the organisation has them (its checkouts take points, or its
 * bookings earn them): each point type's available and pending points and latest movements, and
 * the loyalty membership number (spec §3 loyalty_membership_no).
 */
export default async function resolveLoyalty(_block: TypedBlock<'profile.loyalty'>, { user, org }: BlockContext) {
  const storedValue = org.payments.storedValue;
  const hasPoints = storedValue !== undefined && (storedValue.instruments.includes('points') || (storedValue.earn ?? []).length > 0);
  if (!user || !hasPoints) return null;
  const row = await getDb().selectFrom('users').select('id').where('public_id', '=', user.userId).where('org_id', '=', org.orgId).executeTakeFirst();
  if (!row) return null;
  return { membershipNo: loyaltyMembershipNoOf(user.userId), pointTypes: await loyaltyOf({ orgId: org.orgId, userId: row.id }, org.timeZone) };
}
