import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { paymentWithSavedCardAction } from '~/services/payments/booking-payment.server';

/** POST /api/pgv2/paymentWithSavedCard (docs/api.md "Booking payment"). */
export const action = ({ request }: ActionFunctionArgs) => paymentWithSavedCardAction(request);

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
