import type { ActionFunctionArgs } from '@remix-run/node';
import { getReviews, methodNotAllowed } from '~/services/weeks-api.server';

/** POST /api/weeks/getReviews (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => getReviews(request);

export function loader() {
  throw methodNotAllowed();
}
