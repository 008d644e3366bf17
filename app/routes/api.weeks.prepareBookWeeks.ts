import type { ActionFunctionArgs } from '@remix-run/node';
import { prepareBookWeeks, methodNotAllowed } from '~/services/weeks-api.server';

/** POST /api/weeks/prepareBookWeeks (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export const action = ({ request, context }: ActionFunctionArgs) => prepareBookWeeks(request, context.clientIp);

export function loader() {
  throw methodNotAllowed();
}
