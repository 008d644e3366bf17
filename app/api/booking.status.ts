import { type LoaderFunctionArgs, json } from '@remix-run/node';
import { isValidBookingId } from '~/domain/booking-submit';
import { bookingStatusOf } from '~/services/booking/booking-status.server';
import { requireApiSession } from '~/http/require-session.server';

/**
 * GET /api/booking/status?booking_id=WAN-…: the signed-in owner's booking status, the polling
 * fallback of the booking-status subscription (spec §4 "Subscription booking"); docs/api.md.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = requireApiSession(context.session);
  const reference = new URL(request.url).searchParams.get('booking_id');
  if (!isValidBookingId(reference)) {
    throw json({ status: 400, message: "Query parameter 'booking_id' must be a booking reference such as WAN-7K2QX9AB" }, { status: 400 });
  }
  const message = await bookingStatusOf(reference, { orgId: session.user.org_id, userDbId: session.userDbId });
  // Someone else's booking answers like an unknown one.
  if (!message) throw json({ status: 404, message: 'No such booking' }, { status: 404 });
  return json(message, { headers: { 'Cache-Control': 'private, no-store' } });
}
