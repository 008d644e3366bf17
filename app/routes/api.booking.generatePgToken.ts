import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { generatePgTokenAction } from '~/services/payments/booking-payment.server';

/** POST /api/booking/generatePgToken (docs/api.md "Booking payment"). */
export const action = ({ request }: ActionFunctionArgs) => generatePgTokenAction(request);

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
