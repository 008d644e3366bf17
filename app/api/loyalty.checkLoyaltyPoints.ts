import type { ActionFunctionArgs } from '@remix-run/node';
import { readPointsCardsCall } from '~/http/points-cards-call.server';
import { checkLoyaltyPoints, methodNotAllowed, storedValueCardBodies } from '~/http/stored-value-cards-api.server';

/** POST /api/loyalty/checkLoyaltyPoints (spec §7 "Loyalty"): the member's points types for the checkout `uuid`; docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readPointsCardsCall(request, context, storedValueCardBodies.checkLoyaltyPoints);
  return checkLoyaltyPoints(caller, body);
}

export function loader() {
  throw methodNotAllowed();
}
