import type { ActionFunctionArgs } from '@remix-run/node';
import { cardServiceDelete, methodNotAllowed } from '~/services/payments/card-api.server';

/** DELETE /api/card-service/v1/card/delete/{email}: deletes one of the user's cards (spec §7); docs/api.md shows the fields. */
export const action = ({ request, params }: ActionFunctionArgs) => cardServiceDelete(request, params.email ?? '');

export function loader() {
  throw methodNotAllowed('DELETE');
}
