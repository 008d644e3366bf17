import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { getTrips, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/gettrips (spec §7 "Trips"): {json}: the user's trips, or the one trip_id names, with their items; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.getTrips);
  return getTrips(actor, body);
}

export const loader = tripLoader;
