import type { ActionFunctionArgs } from '@remix-run/node';
import { readTripCall, tripLoader } from '~/http/trip-call.server';
import { addBookingToTrip, tripBodies } from '~/services/booking/trips.server';

/** POST /api/trips/addBooking {json} (issue 34): one of the user's confirmed bookings joins a trip; docs/api.md "Trips". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, body } = await readTripCall(request, context, tripBodies.addBooking);
  return addBookingToTrip(actor, body);
}

export const loader = tripLoader;
