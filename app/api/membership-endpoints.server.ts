import type { ActionFunctionArgs } from '@remix-run/node';
import { readApiBody } from '~/http/api-body.server';
import { signedInMembershipAction } from '~/http/membership-call.server';
import { postOnly } from '~/http/post-only.server';
import { respond } from '~/http/respond.server';
import { initBook, membershipBodies, paymentMembership, plansFetch, subscriptionPlans } from '~/services/membership/membership.server';

/** The membership calls (docs/api.md "Membership"), by path. */
export const membershipEndpoints = {
  /** POST {lang}: the organisation's plans; anyone may read them. */
  '/api/membershipUpgrade/subscription-plans': {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== 'POST') postOnly();
      const read = await readApiBody(request, membershipBodies.subscriptionPlans, { emptyIsObject: true });
      if (!read.ok) throw read.response;
      return respond(await subscriptionPlans({ org: context.org, session: context.session }, read.body));
    },
    loader: postOnly,
  },
  /** POST {userId, lang}: the plans fetch by userId, the signed-in member's own. */
  '/api/membershipUpgrade/plans': { action: signedInMembershipAction(membershipBodies.plansFetch, plansFetch), loader: postOnly },
  /** Checks a plan purchase and answers its init-book data. */
  '/api/membershipUpgrade/payment-membership': { action: signedInMembershipAction(membershipBodies.paymentMembership, paymentMembership), loader: postOnly },
  /** POST {data}: writes the subscription booking to pay. */
  '/api/plans/initbook': { action: signedInMembershipAction(membershipBodies.initBook, initBook), loader: postOnly },
};
