import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { oxxoWebhookAction } from '~/services/payments/booking-payment.server';

/** POST /api/payments/oxxo/webhook (docs/api.md "Booking payment"). */
export const action = ({ request }: ActionFunctionArgs) => oxxoWebhookAction(request);

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
