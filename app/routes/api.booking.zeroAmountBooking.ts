import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { zeroAmountBookingAction } from '~/services/payments/booking-payment.server';

/** POST /api/booking/zeroAmountBooking (docs/api.md "Booking payment"). */
export const action = ({ request }: ActionFunctionArgs) => zeroAmountBookingAction(request);

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
