import type { ActionFunctionArgs } from '@remix-run/node';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { getInventory, methodNotAllowed } from '~/services/weeks-api.server';

/** POST /api/weeks/getInventory (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  // A search over the whole inventory: limited per visitor like the results pages.
  await requireWithinRateLimit(request, context.clientIp, 'search');
  return getInventory(request);
}

export function loader() {
  throw methodNotAllowed();
}
