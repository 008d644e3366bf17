import type { ActionFunctionArgs } from '@remix-run/node';
import { readCardCall } from '~/http/card-call.server';
import { cardBodies, legacySupplierPg, methodNotAllowed } from '~/http/card-api.server';

/** POST /api/booking/getSupplierpg: the organisation's payment provider entries (spec §7); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readCardCall(request, context, 'POST', cardBodies.supplier);
  return legacySupplierPg(caller, body);
}

export function loader() {
  throw methodNotAllowed('POST');
}
