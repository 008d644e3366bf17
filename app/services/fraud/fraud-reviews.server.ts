// The review queue (issue 37): payments the organisation's rules sent to review went through, as
// Radar's reviews do, and wait here with their reasons. An admin approves one, refunds it (the
// booking is cancelled and its charge given back) or blocks its traveller (refunded too); each
// verdict is written in the organisation's hash-chained audit log in the transaction that closes
// the review, so a review is closed once however many admins press at the same time.
import { type Contribution, type RiskSignals, riskScore } from '~/domain/fraud-risk';
import { appendOrgAudit } from '../config/config-audit.server';
import type { ConsoleCaller } from '../config/config-access.server';
import { cancelConfirmedBooking, giveBackCancelledPayment } from '../booking-payments/booking-cancel.server';
import type { Database } from '../platform/db.server';
import { blockTraveller } from './fraud-admin.server';

/** One payment waiting for review, with why: each signal's points and the rules that matched. */
export type OpenReview = {
  decisionId: number;
  at: string;
  reference: string;
  product: string;
  bookingStatus: string;
  amountMinor: number | null;
  currency: string | null;
  traveller: string;
  /** The account's e-mail; null for a guest booking (it has no account to block). */
  accountEmail: string | null;
  score: number;
  reasons: Contribution[];
  rules: string[];
};

/** The organisation's open reviews, oldest first (at most 100). */
export async function openReviews(db: Database, orgId: string): Promise<OpenReview[]> {
  const rows = await db
    .selectFrom('fraud_decisions as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'd.id',
      'd.created_at',
      'd.score',
      'd.signals',
      'd.hits',
      'd.amount_minor',
      'd.currency',
      'b.reference',
      'b.product',
      'b.status',
      'b.guest_first_name',
      'b.guest_last_name',
      'u.email',
    ])
    .where('d.org_id', '=', orgId)
    .where('d.action', '=', 'review')
    .where('d.reviewed_at', 'is', null)
    .orderBy('d.created_at')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    decisionId: row.id,
    at: new Date(row.created_at).toISOString(),
    reference: row.reference,
    product: row.product,
    bookingStatus: row.status,
    amountMinor: row.amount_minor,
    currency: row.currency,
    traveller: `${row.guest_first_name} ${row.guest_last_name}`.trim(),
    accountEmail: row.email,
    score: row.score,
    // The reasons are the stored signals read again under the same weights: the score they add up to is the stored one.
    reasons: riskScore(row.signals as RiskSignals).contributions,
    rules: (row.hits as { rule: string; mode: string }[]).filter((hit) => hit.mode === 'enforce').map((hit) => hit.rule),
  }));
}

export type ReviewVerdict = 'approved' | 'refunded' | 'blocked';
export type ReviewAnswer =
  { kind: 'closed'; verdict: ReviewVerdict; refund: 'given-back' | 'retrying' | 'nothing-charged' | null } | { kind: 'not-found' } | { kind: 'already-closed' } | { kind: 'guest' };

/** Closes review `decisionId` of the caller's organisation with `verdict`, audited; refunds and blocks follow the commit. */
export async function closeReview(db: Database, caller: ConsoleCaller, decisionId: number, verdict: ReviewVerdict, note: string): Promise<ReviewAnswer> {
  const closed = await db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('fraud_decisions as d')
      .innerJoin('bookings as b', 'b.id', 'd.booking_id')
      .leftJoin('users as u', 'u.id', 'b.user_id')
      .select(['d.reviewed_at', 'b.id as bookingId', 'b.reference', 'u.email'])
      .where('d.id', '=', decisionId)
      .where('d.org_id', '=', caller.orgId)
      .where('d.action', '=', 'review')
      .forUpdate(['d'])
      .executeTakeFirst();
    if (!review) return { kind: 'not-found' } as const;
    if (review.reviewed_at !== null) return { kind: 'already-closed' } as const;
    if (verdict === 'blocked' && review.email === null) return { kind: 'guest' } as const;
    await trx.updateTable('fraud_decisions').set({ reviewed_at: new Date(), reviewed_by: caller.actor.userId, review_verdict: verdict }).where('id', '=', decisionId).execute();
    await appendOrgAudit(trx, {
      orgId: caller.orgId,
      actor: caller.actor.name,
      action: 'review',
      versionId: null,
      note,
      detail: JSON.stringify({ decision: decisionId, booking: review.reference, verdict }),
    });
    return { kind: 'closed', bookingId: review.bookingId, email: review.email } as const;
  });
  if (closed.kind !== 'closed') return closed;
  if (verdict === 'approved') return { kind: 'closed', verdict, refund: null };
  if (verdict === 'blocked' && closed.email !== null) await blockTraveller(db, caller, closed.email, note);
  // Cancelled, then its charge given back; a booking no longer confirmed (cancelled meanwhile) has its give-back in hand already.
  await cancelConfirmedBooking(closed.bookingId, db);
  const given = await giveBackCancelledPayment(closed.bookingId, db);
  return { kind: 'closed', verdict, refund: given === null ? 'nothing-charged' : given.done ? 'given-back' : 'retrying' };
}
