// What booking a hold charges: the charge of the quote the hold recorded when it was made
// (docs/decisions/0014, 0025), the same quote its checkout page shows, so the amount paid is the
// amount seen and never comes from the client. Nothing is re-priced, no page loader is run.
import { json } from '@remix-run/node';
import type { Charge } from '~/domain/charge';
import { type InitBookingBody, initBookingSchema } from '#schemas/api/booking-payment.schema';
import { compileApiBody } from '../platform/api-body-schema.server';
import { findVisitorHold } from './holds.server';
import { initBookingAction } from '../booking-payments/booking-payment.server';
import { payableOfHold } from '../stored-value/stored-value.server';
import type { RequestContext } from '../site/request-context.server';

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

export const validateInitBooking = compileApiBody<InitBookingBody>(initBookingSchema);

/** initBooking's refusals are `{ error: 'invalid', message }` (docs/api.md; domain/booking-submit reads `error`). */
export const initBookingRefused = (status: number, message: string) => json({ error: 'invalid', message }, { status });

/**
 * POST /api/booking/initBooking {hold, product_type}: the first step of the booking submit
 * (spec §4 step 2). Takes the charge of the hold's quote, then freezes that amount on the
 * visitor's booking (`initBookingAction`). 409 when there is no such live hold or it has no quote.
 */
export async function initBooking(context: Pick<RequestContext, 'org' | 'session'>, body: InitBookingBody): Promise<Response> {
  const { hold, product_type: product } = body;
  const charge = await chargeForHold({ orgId: context.org.orgId, userId: context.session?.userDbId ?? null }, product, hold);
  if (!charge) return json({ error: 'expired' }, { status: 409 });
  const form = new FormData();
  form.set('hold', hold);
  return initBookingAction(context, form, product, charge);
}
