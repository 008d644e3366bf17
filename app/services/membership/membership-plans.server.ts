// Membership plans (spec §3 "Subscription plan", issue 12): written by each organisation in its
// config (membership.plans), copied into membership_plans at every start so subscriptions,
// orders and renewals refer to rows, and read back per organisation and language.
import type { Selectable } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import type { MembershipPlansTable, PlanTexts } from '../platform/db-schema';
import type { Database } from '../platform/db.server';

export type PlanRow = Selectable<MembershipPlansTable>;

/**
 * Writes the organisation's configured plans (matched by code) and stops offering the ones its
 * config no longer lists: members who hold such a plan keep it until it ends.
 */
export async function syncMembershipPlans(trx: Database, org: Pick<OrgConfig, 'orgId' | 'locale' | 'membership'>): Promise<void> {
  const plans = org.membership.plans ?? [];
  for (const [position, plan] of plans.entries()) {
    const main = plan.texts[org.locale.defaultLanguage] ?? Object.values(plan.texts)[0]!;
    const row = {
      name: main.name,
      description: main.description,
      currency_code: plan.currency,
      initial_price_minor: plan.initialPriceMinor,
      renewal_price_minor: plan.renewalPriceMinor,
      validity_years: plan.validity.years,
      validity_months: plan.validity.months,
      auto_validity_years: plan.autoValidity.years,
      auto_validity_months: plan.autoValidity.months,
      is_renewable: plan.renewable,
      membership_id: plan.membershipId,
      image: plan.image ?? null,
      charge_after_days: plan.chargeAfterDays,
      init_charge_org: plan.initChargeOrg,
      renew_charge_org: plan.renewChargeOrg,
      texts: JSON.stringify(plan.texts satisfies Record<string, PlanTexts>),
      position,
      offered: true,
    };
    await trx
      .insertInto('membership_plans')
      .values({ org_id: org.orgId, code: plan.code, ...row })
      .onConflict((oc) => oc.columns(['org_id', 'code']).doUpdateSet(row))
      .execute();
  }
  const offered = plans.map((plan) => plan.code);
  let stale = trx.updateTable('membership_plans').set({ offered: false }).where('org_id', '=', org.orgId);
  if (offered.length > 0) stale = stale.where('code', 'not in', offered);
  await stale.execute();
}
