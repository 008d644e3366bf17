import type { ActionFunctionArgs } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { prepareBookWeeks, methodNotAllowed, weeksBodies, weeksFail } from '~/products/weeks/weeks-api.server';

/** POST /api/weeks/prepareBookWeeks (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw methodNotAllowed();
  return prepareBookWeeks(context, await requireApiBody(request, weeksBodies.prepare, { fail: weeksFail }));
}

export function loader() {
  throw methodNotAllowed();
}
