// Booking initialisation (spec §4 step 2, POST /api/booking/initBooking): the amount a booking
// charges is frozen on it before any payment, from its hold's quote (docs/decisions/0025).
import type { Charge } from '~/domain/charge';
import { DEMO_REFUSAL } from '~/domain/booking-payment';
import type { OrgConfig } from '#schemas/org-config.schema';
import type { BookingsTable } from '../platform/db-schema';
import type { Selectable } from 'kysely';
import { type Database, getDb } from '../platform/db.server';
import type { ActiveSession } from '../identity/session.server';
import { findVisitorHold } from '../booking/holds.server';

/** initBooking's answer (docs/api.md "Booking payment"): the frozen charge, or why there is none. */
export type InitAnswer =
  | { status: 200; body: { booking_id: string; amount_minor: number | null; currency: string | null } }
  | { status: 400; body: { error: 'invalid'; message: string } }
  | { status: 403; body: typeof DEMO_REFUSAL }
  | { status: 409; body: { error: 'expired' | 'traveler_required' | 'already_paid' } };

const refused = (error: 'expired' | 'traveler_required' | 'already_paid'): InitAnswer => ({ status: 409, body: { error } });
const frozen = (row: Selectable<BookingsTable>): InitAnswer => ({ status: 200, body: { booking_id: row.reference, amount_minor: row.amount_minor, currency: row.currency } });

/**
 * Freezes what the visitor's booking for hold `holdToken` charges, the charge of the hold's
 * quote (docs/decisions/0025). 200 {booking_id, amount_minor, currency}; 403 demo; 409 traveler_required, expired or
 * already_paid; 400 malformed. A paid (or paying) booking keeps its amount.
 */
export async function freezeBookingCharge(
  context: { org: Pick<OrgConfig, 'orgId'>; session: ActiveSession | null },
  holdToken: string,
  product: string,
  charge: Charge,
  db: Database = getDb(),
): Promise<InitAnswer> {
  if (!Number.isSafeInteger(charge.amountMinor) || charge.amountMinor < 0 || !/^[A-Z]{3}$/.test(charge.currency)) {
    throw new Error(`freezeBookingCharge: the checkout computed an invalid charge ${JSON.stringify(charge)}`);
  }
  if (holdToken === '') return { status: 400, body: { error: 'invalid', message: 'hold: required' } };
  const { org, session } = context;
  if (session?.user.is_demo) return { status: 403, body: DEMO_REFUSAL };
  const hold = await findVisitorHold(holdToken, { orgId: org.orgId, userId: session?.userDbId ?? null }, db);
  if (!hold || hold.product !== product) return refused('expired');
  const booking = await db.selectFrom('bookings').selectAll().where('hold_id', '=', hold.id).executeTakeFirst();
  if (!booking) return refused('traveler_required');
  const sameCharge = booking.amount_minor === charge.amountMinor && booking.currency === charge.currency;
  if (booking.status === 'confirmed') return refused('already_paid');
  // A payment is running or waiting (OXXO): the same amount lets the pay call answer its state.
  if (booking.status === 'pending') return sameCharge ? frozen(booking) : refused('already_paid');
  if (booking.status !== 'initiated' || hold.status !== 'active' || hold.expiresAt.getTime() <= Date.now()) return refused('expired');
  const updated = await db
    .updateTable('bookings')
    .set({ amount_minor: charge.amountMinor, currency: charge.currency, updated_at: new Date() })
    .where('id', '=', booking.id)
    .where('status', '=', 'initiated')
    .returningAll()
    .executeTakeFirst();
  // A pay call took the booking between the read and the update.
  if (!updated) return refused('already_paid');
  return frozen(updated);
}
