import type { ActionFunctionArgs } from '@remix-run/node';
import { legacyListCards, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/booking/getUserCreditCards: the user's cards in the first provider's shape (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => legacyListCards(request);

export function loader() {
  throw methodNotAllowed('POST');
}
