import type { ActionFunctionArgs } from '@remix-run/node';
import { getInventory, methodNotAllowed } from '~/services/weeks-api.server';

/** POST /api/weeks/getInventory (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export const action = ({ request }: ActionFunctionArgs) => getInventory(request);

export function loader() {
  throw methodNotAllowed();
}
