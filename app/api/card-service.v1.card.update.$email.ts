import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, cardServiceUpdate, methodNotAllowed } from '~/http/card-api.server';

/** POST /api/card-service/v1/card/update/{email}: renames one of the user's cards (spec §7); docs/api.md shows the fields. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.update);
  return cardServiceUpdate(caller, body, params.email ?? '');
}

export function loader() {
  throw methodNotAllowed('POST');
}
