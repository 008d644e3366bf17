import { redirect } from '@remix-run/node';
import { myTripsUrl, tripLinkId } from '~/domain/auth-dialog-params';
import type { ShellData } from './shell.server';

/**
 * Server-side route behaviours of spec §2 that redirect. Throws a redirect Response when the
 * request must go elsewhere; returns otherwise.
 *
 * Trip link: on the organisation's trip-link paths, `trip_id` / `tripid` sends a signed-in
 * user to their trips. Anonymous visitors stay and get the sign-in dialog (auth-dialog-params),
 * which returns them to the same my-trips URL after signing in.
 */
export async function applyRouteBehaviours(request: Request, shell: ShellData): Promise<void> {
  if (!shell.user) return;
  const url = new URL(request.url);
  const tripId = tripLinkId(url.pathname, url.searchParams, shell.org.auth.tripLinkPaths);
  if (!tripId) return;
  const target = myTripsUrl(tripId);
  // /user/my-trips may itself be a trip-link path: do not redirect it onto itself.
  if (`${url.pathname}${url.search}` === target) return;
  if (url.pathname === '/user/my-trips' && url.searchParams.get('workarea') === 'viewMyTrips') return;
  throw redirect(target);
}
