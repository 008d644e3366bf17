import type { ActionFunctionArgs } from '@remix-run/node';
import { initBooking } from '~/http/pay-call.server';

/** POST /api/booking/initBooking {hold, product_type} (spec §4 step 2); docs/api.md. */
export async function action({ request, context }: ActionFunctionArgs) {
  return initBooking(context, request);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
