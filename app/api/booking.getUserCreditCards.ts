import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, legacyListCards, methodNotAllowed } from '~/http/card-api.server';

/** POST /api/booking/getUserCreditCards: the user's cards in the first provider's shape (spec §7); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.list);
  return legacyListCards(caller, body);
}

export function loader() {
  throw methodNotAllowed('POST');
}
