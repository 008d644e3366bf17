import type { ActionFunctionArgs } from '@remix-run/node';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { unlockFail, unlockCoupon, storedValueCashBodies } from '~/http/stored-value-cash-api.server';

/** POST /api/booking/unlockCouponCodeApi (spec §7); docs/api.md "Coupons and cash cards" shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readStoredValueCall(request, context, unlockFail, storedValueCashBodies.unlockCoupon);
  return unlockCoupon(caller, body);
}

export const loader = storedValueLoader;
