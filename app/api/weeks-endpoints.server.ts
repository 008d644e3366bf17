import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { getGenerateMinPrice, getInventory, getReviews, methodNotAllowed, prepareBookWeeks, releaseWeeksHold, weeksBodies, weeksFail } from '~/products/weeks/weeks-api.server';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';

/**
 * A weeks call as a row: POST only (405), the body by its schema in the weeks envelope, then what
 * answers it. `search`: the call searches the whole inventory, so it is limited per visitor like
 * the results pages, before anything else is looked at.
 */
function weeksCall<T>(validate: ApiBodyValidator<T>, answer: (context: AppLoadContext, body: T) => Promise<Response>, { search = false } = {}) {
  return {
    action: async ({ request, context }: ActionFunctionArgs) => {
      if (search) await requireWithinRateLimit(context, 'search', 'api');
      if (request.method !== 'POST') throw methodNotAllowed();
      return answer(context, await requireApiBody(request, validate, { fail: weeksFail }));
    },
    loader: () => {
      throw methodNotAllowed();
    },
  };
}

/** The /api/weeks calls (spec §7 "Weeks and resorts"; docs/api.md shows the fields), by path. */
export const weeksEndpoints = {
  '/api/weeks/getInventory': weeksCall(weeksBodies.inventory, getInventory, { search: true }),
  '/api/weeks/getGenerateMinPrice': weeksCall(weeksBodies.minPrice, getGenerateMinPrice, { search: true }),
  '/api/weeks/getReviews': weeksCall(weeksBodies.reviews, (_context, body) => getReviews(body)),
  '/api/weeks/prepareBookWeeks': weeksCall(weeksBodies.prepare, prepareBookWeeks),
  '/api/weeks/release': weeksCall(weeksBodies.release, releaseWeeksHold),
};
