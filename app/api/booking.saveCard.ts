import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, saveCardFromNonce, methodNotAllowed } from '~/http/card-api.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';

/** POST /api/booking/saveCard: vaults a card from a card-frame nonce (spec §7); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.save);
  await requireCardUseWithinLimits(context, 'cardSave', { nonce: body.nonce });
  return saveCardFromNonce(caller, body);
}

export function loader() {
  throw methodNotAllowed('POST');
}
