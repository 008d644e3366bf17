import type { ActionFunctionArgs } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { releaseWeeksHold, methodNotAllowed, weeksBodies, weeksFail } from '~/products/weeks/weeks-api.server';

/** POST /api/weeks/release (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw methodNotAllowed();
  return releaseWeeksHold(context, await requireApiBody(request, weeksBodies.release, { fail: weeksFail }));
}

export function loader() {
  throw methodNotAllowed();
}
