import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { saveTripListItem, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/updateCarTripList {json} (spec §7 "Trips"): changes a car already on a trip; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.tripList.updateCarTripList);
  return saveTripListItem(actor, 'updateCarTripList', body);
}

export const loader = tripLoader;
