import { getDb } from '~/services/platform/db.server';
import { myTrip, myTrips } from '~/services/booking/trips.server';
import type { BlockContext, TypedBlock } from '../context.server';
import type { ResolvedBlock } from '../data.server';
import { dayIn } from '~/domain/time-zone';

/** The trip link's query (spec §2): trip_id opens one trip (workarea=viewMyTrips names the view). */
export const openedTripId = (query: URLSearchParams) => query.get('trip_id')?.trim().slice(0, 100) || null;

/**
 * /user/my-trips (issue 13): the signed-in user's trips, upcoming then past; with a trip link's
 * trip_id, that one trip, or the trip problem (an unknown id and another user's trip alike).
 */
export default async function resolveTripsList(_block: TypedBlock<'trips.list'>, { org, user, locale, query }: BlockContext) {
  if (!user) return null;
  const row = await getDb().selectFrom('users').select('id').where('public_id', '=', user.userId).where('org_id', '=', org.orgId).executeTakeFirst();
  if (!row) return null;
  const actor = { orgId: org.orgId, userDbId: row.id, userId: user.userId, email: user.email, language: locale.language };
  const tripId = openedTripId(query);
  if (tripId) {
    const trip = await myTrip(actor, tripId);
    return trip ? ({ view: 'trip', trip } as const) : ({ view: 'problem', tripId, ...(await myTrips(actor, dayIn(org.timeZone))) } as const);
  }
  return { view: 'list', ...(await myTrips(actor, dayIn(org.timeZone))) } as const;
}

/** The trip id a page's trips block could not open (the page answers 404 for it), or null. */
export function tripProblemOf(blocks: readonly ResolvedBlock[]): string | null {
  for (const entry of blocks) {
    if (entry.kind !== 'block' || entry.block.type !== 'trips.list') continue;
    // NOTE: the union's block tag does not narrow its data; the resolver map ties them.
    const data = entry.data as Awaited<ReturnType<typeof resolveTripsList>>;
    if (data?.view === 'problem') return data.tripId;
  }
  return null;
}
