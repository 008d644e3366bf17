import type { ActionFunctionArgs } from '@remix-run/node';
import { getGenerateMinPrice, methodNotAllowed } from '~/services/weeks-api.server';

/** POST /api/weeks/getGenerateMinPrice (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => getGenerateMinPrice(request);

export function loader() {
  throw methodNotAllowed();
}
