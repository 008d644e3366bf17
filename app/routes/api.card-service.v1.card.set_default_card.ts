import type { ActionFunctionArgs } from '@remix-run/node';
import { cardServiceSetDefault, methodNotAllowed } from '~/services/payments/card-api.server';

/** POST /api/card-service/v1/card/set_default_card: makes one of the user's cards the default (spec §7); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => cardServiceSetDefault(request);

export function loader() {
  throw methodNotAllowed('POST');
}
