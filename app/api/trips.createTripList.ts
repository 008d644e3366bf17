import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { saveTripListItem, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/createTripList {json} (spec §7 "Trips"): adds a hotel to a new trip or the one trip_list_id names; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.tripList.createTripList);
  return saveTripListItem(actor, 'createTripList', body);
}

export const loader = tripLoader;
