import type { ActionFunctionArgs } from '@remix-run/node';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { cashFail, applyCashCard, storedValueCashBodies } from '~/http/stored-value-cash-api.server';

/** POST /api/booking/applyCashcard (spec §7 "Cash cards" names no path for the apply); docs/api.md "Coupons and cash cards" shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readStoredValueCall(request, context, cashFail, storedValueCashBodies.applyCashCard);
  await requireWithinRateLimit(context, 'codeLookup', 'api');
  return applyCashCard(caller, body);
}

export const loader = storedValueLoader;
