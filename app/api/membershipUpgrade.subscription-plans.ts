import type { ActionFunctionArgs } from '@remix-run/node';
import { readApiBody } from '~/http/api-body.server';
import { postOnly } from '~/http/membership-call.server';
import { respond } from '~/http/respond.server';
import { membershipBodies, subscriptionPlans } from '~/services/membership/membership.server';

/** POST /api/membershipUpgrade/subscription-plans {lang}: the organisation's plans (docs/api.md "Membership"); anyone may read them. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') postOnly();
  const read = await readApiBody(request, membershipBodies.subscriptionPlans, { emptyIsObject: true });
  if (!read.ok) throw read.response;
  return respond(await subscriptionPlans({ org: context.org, session: context.session }, read.body));
}

export const loader = postOnly;
