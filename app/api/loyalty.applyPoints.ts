import type { ActionFunctionArgs } from '@remix-run/node';
import { readPointsCardsCall } from '~/http/points-cards-call.server';
import { applyPoints, methodNotAllowed, storedValueCardBodies } from '~/http/stored-value-cards-api.server';

/** POST /api/loyalty/applyPoints (spec §7 "Loyalty"): applies or (unapply) releases points on the checkout `uuid`; docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readPointsCardsCall(request, context, storedValueCardBodies.applyPoints);
  return applyPoints(caller, body);
}

export function loader() {
  throw methodNotAllowed();
}
