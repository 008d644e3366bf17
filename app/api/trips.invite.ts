import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { requireWithinRateLimit } from '~/services/identity/rate-limit.server';
import { sendTripInvitation, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/invite (issue 13, beyond the spec): the trip's owner invites someone by e-mail; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.invite);
  // Each invitation is an e-mail to an address the caller chose: counted like sign-up's.
  await requireWithinRateLimit(context, 'tripInvite', 'api');
  return sendTripInvitation(context.org, actor, body);
}

export const loader = tripLoader;
