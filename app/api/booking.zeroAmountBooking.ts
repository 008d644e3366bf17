import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readPayCall } from '~/http/pay-call.server';
import { payBodies, zeroAmountBooking } from '~/http/pay-call.server';

/** POST /api/booking/zeroAmountBooking (docs/api.md "Booking payment"). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { body, idempotencyKey } = await readPayCall(request, payBodies.zeroAmountBooking);
  return zeroAmountBooking(context, body, idempotencyKey);
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
