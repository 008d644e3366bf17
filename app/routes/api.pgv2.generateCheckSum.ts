import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { generateCheckSumAction } from '~/services/payments/booking-payment.server';

/** POST /api/pgv2/generateCheckSum (docs/api.md "Booking payment"). */
export const action = ({ request }: ActionFunctionArgs) => generateCheckSumAction(request);

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
