import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, legacyDefaultCard, methodNotAllowed } from '~/http/card-api.server';

/** POST /api/booking/getDefaultCard: the legacy default-card lookup (spec §7); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.defaultLookup);
  return legacyDefaultCard(caller, body);
}

export function loader() {
  throw methodNotAllowed('POST');
}
