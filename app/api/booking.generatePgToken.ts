import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readPayCall } from '~/http/pay-call.server';
import { generatePgToken, payBodies } from '~/http/pay-call.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';

/** POST /api/booking/generatePgToken (docs/api.md "Booking payment"). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { body, idempotencyKey } = await readPayCall(request, payBodies.generatePgToken);
  const card = body.payment_method === 'card' && body.nonce ? { nonce: body.nonce } : body.payment_method === 'saved_card' && body.card_id ? { savedCardId: body.card_id } : null;
  if (card) await requireCardUseWithinLimits(context, 'cardCharge', card);
  return generatePgToken(context, body, idempotencyKey);
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
