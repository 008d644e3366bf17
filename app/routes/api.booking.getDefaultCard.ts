import type { ActionFunctionArgs } from '@remix-run/node';
import { legacyDefaultCard, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/booking/getDefaultCard: the legacy default-card lookup (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => legacyDefaultCard(request);

export function loader() {
  throw methodNotAllowed('POST');
}
