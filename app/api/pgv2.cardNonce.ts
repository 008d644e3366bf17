import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, savedCardNonce, methodNotAllowed } from '~/http/card-api.server';

/** POST /api/pgv2/cardNonce: a one-time nonce for a saved card (3-D Secure) (spec §7); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.nonce);
  return savedCardNonce(caller, body);
}

export function loader() {
  throw methodNotAllowed('POST');
}
