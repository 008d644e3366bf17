// What booking a hold charges: the charge of the quote the hold recorded when it was made
// (docs/decisions/0014, 0025), the same quote its checkout page shows, so the amount paid is the
// amount seen and never comes from the client. Nothing is re-priced, no page loader is run.
import type { Charge } from '~/domain/charge';
import { findVisitorHold } from './holds.server';
import { payableOfHold } from '../stored-value/stored-value.server';

/**
 * The charge of the visitor's live hold of `product`, as its quote recorded it less the
 * stored value applied to it; null when they
 * have no such live hold, or it has no quote (made before quotes were recorded: not payable).
 */
export async function chargeForHold(visitor: { orgId: string; userId: number | null }, product: string, holdToken: string): Promise<Charge | null> {
  const hold = await findVisitorHold(holdToken, visitor);
  if (!hold || hold.product !== product || hold.status !== 'active' || hold.expiresAt.getTime() <= Date.now() || !hold.quote) return null;
  // Less the stored value applied to it (spec §5 payable total; decision 0031).
  const payable = await payableOfHold(hold.id);
  return payable ? { ...hold.quote.charge, amountMinor: payable.payableMinor } : null;
}
