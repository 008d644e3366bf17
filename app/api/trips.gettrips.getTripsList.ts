import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { getTripsList, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/gettrips/getTripsList (spec §7 "Trips"): {json}: the user's trips within 14 days of the dates (spec §9); docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.getTripsList);
  return getTripsList(actor, body);
}

export const loader = tripLoader;
