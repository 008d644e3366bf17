import type { ActionFunctionArgs } from '@remix-run/node';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { couponFail, applyCoupon, storedValueCashBodies } from '~/http/stored-value-cash-api.server';

/** POST /api/general/applyCouponCodeDetails (spec §7); docs/api.md "Coupons and cash cards" shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readStoredValueCall(request, context, couponFail, storedValueCashBodies.applyCoupon);
  await requireWithinRateLimit(context, 'codeLookup', 'api');
  return applyCoupon(caller, body);
}

export const loader = storedValueLoader;
