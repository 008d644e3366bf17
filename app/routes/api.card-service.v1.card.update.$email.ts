import type { ActionFunctionArgs } from '@remix-run/node';
import { cardServiceUpdate, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/card-service/v1/card/update/{email}: renames one of the user's cards (spec §7); docs/api.md shows the fields. */
export const action = ({ request, params }: ActionFunctionArgs) => cardServiceUpdate(request, params.email ?? '');

export function loader() {
  throw methodNotAllowed('POST');
}
