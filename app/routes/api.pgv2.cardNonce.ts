import type { ActionFunctionArgs } from '@remix-run/node';
import { savedCardNonce, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/pgv2/cardNonce: a one-time nonce for a saved card (3-D Secure) (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => savedCardNonce(request);

export function loader() {
  throw methodNotAllowed('POST');
}
