import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { cityImages, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/citieimages (spec §7 "Trips"): {json}: our destination image for a place; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { body } = await readTripCall(request, context, tripBodies.cityImages);
  return cityImages(body);
}

export const loader = tripLoader;
