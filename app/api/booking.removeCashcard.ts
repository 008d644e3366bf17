import type { ActionFunctionArgs } from '@remix-run/node';
import { readStoredValueCall, storedValueLoader } from '~/http/stored-value-call.server';
import { cashFail, removeCashCard, storedValueCashBodies } from '~/http/stored-value-cash-api.server';

/** POST /api/booking/removeCashcard (spec §7); docs/api.md "Coupons and cash cards" shows the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, body } = await readStoredValueCall(request, context, cashFail, storedValueCashBodies.removeCashCard);
  return removeCashCard(caller, body);
}

export const loader = storedValueLoader;
