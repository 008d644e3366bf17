import type { ActionFunctionArgs } from '@remix-run/node';
import { legacySetDefault, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/booking/setDefaultCard (legacy) (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => legacySetDefault(request);

export function loader() {
  throw methodNotAllowed('POST');
}
