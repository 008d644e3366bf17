import type { ActionFunctionArgs } from '@remix-run/node';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { couponFail, couponDetails, storedValueCashBodies } from '~/http/stored-value-cash-api.server';

/** POST /api/general/getCouponCodeDetails (spec §7); docs/api.md "Coupons and cash cards" shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readStoredValueCall(request, context, couponFail, storedValueCashBodies.couponDetails);
  await requireWithinRateLimit(context, 'codeLookup', 'api');
  return couponDetails(caller, body);
}

export const loader = storedValueLoader;
