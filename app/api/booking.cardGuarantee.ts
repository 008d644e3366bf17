import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readPayCall } from '~/http/pay-call.server';
import { cardGuarantee, payBodies } from '~/http/pay-call.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';

/** POST /api/booking/cardGuarantee (docs/api.md "Booking payment"): a car booked on a card guarantee. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { body, idempotencyKey } = await readPayCall(request, payBodies.cardGuarantee);
  await requireCardUseWithinLimits(context, 'cardCharge', { nonce: body.nonce });
  return cardGuarantee(context, body, idempotencyKey);
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
