import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { saveTripListItem, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/updateFlightTripList {json} (spec §7 "Trips"): changes a flight already on a trip; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.tripList.updateFlightTripList);
  return saveTripListItem(actor, 'updateFlightTripList', body);
}

export const loader = tripLoader;
