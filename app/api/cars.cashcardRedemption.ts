import type { ActionFunctionArgs } from '@remix-run/node';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { cashCardRedemption, cashFail, storedValueCashBodies } from '~/http/stored-value-cash-api.server';

/** POST /api/cars/cashcardRedemption (spec §7): the ACT/TRF redemption's fields, wrapped in `data`; docs/api.md "Coupons and cash cards". */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readStoredValueCall(request, context, cashFail, storedValueCashBodies.carRedemption);
  await requireWithinRateLimit(context, 'codeLookup', 'api');
  return cashCardRedemption(caller, body.data);
}

export const loader = storedValueLoader;
