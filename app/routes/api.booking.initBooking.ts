import type { ActionFunctionArgs } from '@remix-run/node';
import { initBooking } from '~/services/checkout-charge.server';

/** POST /api/booking/initBooking {hold, product_type} (spec §4 step 2); docs/api.md. */
export const action = ({ request, context }: ActionFunctionArgs) => initBooking(request, context);

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
