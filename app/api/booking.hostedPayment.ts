import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readPayCall } from '~/http/pay-call.server';
import { hostedPayment, payBodies } from '~/http/pay-call.server';

/** POST /api/booking/hostedPayment (docs/api.md "Booking payment"): a car paid on its provider's own page (decision 0055). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { body, idempotencyKey } = await readPayCall(request, payBodies.hostedPayment);
  // The payer comes back to the organisation's public origin (production), else to the site as it was asked for.
  return hostedPayment({ ...context, origin: context.org.publicOrigin ?? new URL(request.url).origin }, body, idempotencyKey);
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
