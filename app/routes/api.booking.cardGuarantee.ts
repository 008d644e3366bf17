import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { cardGuaranteeAction } from '~/services/payments/booking-payment.server';

/** POST /api/booking/cardGuarantee (docs/api.md "Booking payment"): a car booked on a card guarantee. */
export const action = ({ request }: ActionFunctionArgs) => cardGuaranteeAction(request);

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
