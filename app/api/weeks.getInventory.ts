import type { ActionFunctionArgs } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { getInventory, methodNotAllowed, weeksBodies, weeksFail } from '~/products/weeks/weeks-api.server';

/** POST /api/weeks/getInventory (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  // A search over the whole inventory: limited per visitor like the results pages.
  await requireWithinRateLimit(context, 'search', 'api');
  if (request.method !== 'POST') throw methodNotAllowed();
  return getInventory(context, await requireApiBody(request, weeksBodies.inventory, { fail: weeksFail }));
}

export function loader() {
  throw methodNotAllowed();
}
