import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, cardServiceDelete, methodNotAllowed } from '~/http/card-api.server';

/** DELETE /api/card-service/v1/card/delete/{email}: deletes one of the user's cards (spec §7); docs/api.md shows the fields. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'DELETE', cardBodies.delete);
  return cardServiceDelete(caller, body, params.email ?? '');
}

export function loader() {
  throw methodNotAllowed('DELETE');
}
