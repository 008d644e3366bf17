import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { subscriptionPayment } from '~/services/booking-payments/checkout-payment.server';
import { NO_API_SESSION } from '~/services/identity/session.server';

/** The plans modal's payment block (issue 12): the member's saved cards and card entry, no invoice. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.session) throw json(NO_API_SESSION, { status: 401 });
  return json(await subscriptionPayment(context), { headers: { 'Cache-Control': 'private, no-store' } });
}
