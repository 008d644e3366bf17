import type { ActionFunctionArgs } from '@remix-run/node';
import { saveCardFromNonce, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/booking/saveCard: vaults a card from a card-frame nonce (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => saveCardFromNonce(request);

export function loader() {
  throw methodNotAllowed('POST');
}
