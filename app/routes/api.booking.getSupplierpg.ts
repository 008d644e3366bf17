import type { ActionFunctionArgs } from '@remix-run/node';
import { legacySupplierPg, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/booking/getSupplierpg: the organisation's payment provider entries (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => legacySupplierPg(request);

export function loader() {
  throw methodNotAllowed('POST');
}
