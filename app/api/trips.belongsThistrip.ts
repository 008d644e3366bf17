import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { belongsToTrip, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/belongsThistrip (spec §7 "Trips"): whether the user is on the trip ({status, exist}); docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.belongsToTrip);
  return belongsToTrip(actor, body);
}

export const loader = tripLoader;
