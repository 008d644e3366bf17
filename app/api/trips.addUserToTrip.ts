import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { addUserToTrip, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/addUserToTrip (spec §7 "Trips"): the invited user joins the trip; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.addUserToTrip);
  return addUserToTrip(actor, body);
}

export const loader = tripLoader;
