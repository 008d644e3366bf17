import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readApiBody } from '~/http/api-body.server';
import { type CancelBookingBody, cancelBookingSchema } from '#schemas/api/booking-payment.schema';
import { type CancelAnswer, cancelBooking } from '~/services/booking-payments/booking-cancel.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';

const validateCancelBooking = compileApiBody<CancelBookingBody>(cancelBookingSchema);

/** The answer as HTTP (docs/api.md "Booking cancellation"). */
const cancelResponse = (answer: CancelAnswer) => json(answer, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });

/** POST /api/booking/cancel {id}: the signed-in owner cancels a booking for a refund (docs/api.md "Booking cancellation"). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const { session, org } = context;
  if (!session) throw json({ status: 401, message: 'Sign in to cancel a booking' }, { status: 401 });
  const read = await readApiBody(request, validateCancelBooking);
  if (!read.ok) throw read.response;
  return cancelResponse(await cancelBooking({ orgId: org.orgId, userId: session.userDbId, timeZone: org.timeZone }, read.body));
}

export function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
