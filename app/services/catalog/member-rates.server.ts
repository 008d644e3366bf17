// Member rates (issue 12): which price the visitor of a page sees and pays for a product. Read
// on the server from the organisation's config and the visitor's plan, never from the client.
import type { OrgConfig } from '#schemas/org-config.schema';
import { isActiveMember, memberRateOf } from '~/domain/member-rates';
import { getDb } from '../platform/db.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import type { ActiveSession } from '../identity/session.server';

/** The organisation's member rate for a product (null: none) and whether the visitor is an ACTIVE member. */
export type MemberViewer = { percent: number | null; activeMember: boolean };

const MAX_KEPT_PLANS = 10_000;

/**
 * Each user's plan row as read, kept until any statement on user_subscriptions (migration
 * 0029_plan_notices, decision 0042). The row, not the verdict: whether it is active is decided
 * against each request's own day.
 */
const keptPlans = keptUntilChanged<Parameters<typeof isActiveMember>[0]>('member-plans', ['member_plans'], MAX_KEPT_PLANS);

/** Whether the signed-in user has an ACTIVE plan today; a visitor without a session has none. */
export async function hasActivePlan(session: Pick<ActiveSession, 'userDbId'> | null, today: string): Promise<boolean> {
  if (!session) return false;
  const userId = session.userDbId;
  const plan = await keptPlans.get(String(userId), async () => {
    const row = await getDb().selectFrom('user_subscriptions').select(['status', 'expires_on as expiresOn']).where('user_id', '=', userId).executeTakeFirst();
    return row ?? null;
  });
  return isActiveMember(plan, today);
}

/** The member rate `product` has for this visitor; no query when the organisation gives it none. */
export async function memberViewerOf(org: Pick<OrgConfig, 'membership'>, session: Pick<ActiveSession, 'userDbId'> | null, product: string, today: string): Promise<MemberViewer> {
  const percent = memberRateOf(org.membership.memberRates, product);
  return { percent, activeMember: percent !== null && (await hasActivePlan(session, today)) };
}
