import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, cardServiceSetDefault, methodNotAllowed } from '~/http/card-api.server';

/** POST /api/card-service/v1/card/set_default_card: makes one of the user's cards the default (spec §7); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.setDefault);
  return cardServiceSetDefault(caller, body, request.headers.get('api-key'));
}

export function loader() {
  throw methodNotAllowed('POST');
}
