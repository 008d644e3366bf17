// A traveller's own minimum check-in (spec §4 min_checkin_days_updated; issue 37): the lead days
// that apply to them, and how far an organisation's admin may raise them.

/** The most lead days a user's own minimum may ask (the column's check, 0039_user_events). */
export const MAX_MIN_CHECKIN_DAYS = 365;

/**
 * The lead days that apply to a visitor: the organisation's, raised for one user by fraud
 * signals (their own minimum, read with the session; spec §4 min_checkin_days_updated).
 */
export function leadDaysOf({ org, session }: { org: { booking: { minCheckinDays: number } }; session: { minCheckinDays: number | null } | null }): number {
  return Math.max(org.booking.minCheckinDays, session?.minCheckinDays ?? 0);
}
