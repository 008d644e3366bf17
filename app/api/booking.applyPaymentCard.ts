import type { ActionFunctionArgs } from '@remix-run/node';
import { readPointsCardsCall } from '~/http/points-cards-call.server';
import { applyPaymentCard, methodNotAllowed, storedValueCardBodies } from '~/http/stored-value-cards-api.server';

/** POST /api/booking/applyPaymentCard (issue 11; no spec path): applies or (unapply) releases a wallet, certificate or discount card on the checkout `hold`; docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readPointsCardsCall(request, context, storedValueCardBodies.applyPaymentCard);
  return applyPaymentCard(caller, body);
}

export function loader() {
  throw methodNotAllowed();
}
