import type { ActionFunctionArgs } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { getReviews, methodNotAllowed, weeksBodies, weeksFail } from '~/products/weeks/weeks-api.server';

/** POST /api/weeks/getReviews (spec §7 "Weeks and resorts"); docs/api.md shows the fields. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw methodNotAllowed();
  return getReviews(await requireApiBody(request, weeksBodies.reviews, { fail: weeksFail }));
}

export function loader() {
  throw methodNotAllowed();
}
