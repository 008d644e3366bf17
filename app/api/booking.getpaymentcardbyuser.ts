import type { ActionFunctionArgs } from '@remix-run/node';
import { readPointsCardsCall } from '~/http/points-cards-call.server';
import { methodNotAllowed, paymentCardsByUser, storedValueCardBodies } from '~/http/stored-value-cards-api.server';

/** POST /api/booking/getpaymentcardbyuser (spec §7 "Wallets and certificates"): the member's certificates, discount cards and wallets for the checkout `hold`; docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readPointsCardsCall(request, context, storedValueCardBodies.paymentCardsByUser);
  return paymentCardsByUser(caller, body);
}

export function loader() {
  throw methodNotAllowed();
}
