import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readPayCall } from '~/http/pay-call.server';
import { payBodies, paymentWithSavedCard } from '~/http/pay-call.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';
import { requireApiSession } from '~/http/require-session.server';

/** POST /api/pgv2/paymentWithSavedCard (docs/api.md "Booking payment"); signed in first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = requireApiSession(context.session);
  const { body, idempotencyKey } = await readPayCall(request, payBodies.paymentWithSavedCard);
  await requireCardUseWithinLimits(context, 'cardCharge', { savedCardId: body.card_id });
  return paymentWithSavedCard({ ...context, session }, body, idempotencyKey);
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
