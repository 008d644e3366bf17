import type { ActionFunctionArgs } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { initBooking, initBookingRefused, validateInitBooking } from '~/services/booking/checkout-charge.server';

/** POST /api/booking/initBooking {hold, product_type} (spec §4 step 2); docs/api.md. */
export async function action({ request, context }: ActionFunctionArgs) {
  return initBooking(context, await requireApiBody(request, validateInitBooking, { fail: initBookingRefused }));
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
