import type { ActionFunctionArgs } from '@remix-run/node';
import { legacyDelete, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/booking/deletecard (legacy) (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => legacyDelete(request);

export function loader() {
  throw methodNotAllowed('POST');
}
