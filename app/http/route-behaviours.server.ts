import { redirect } from '@remix-run/node';
import { myTripsUrl, signedInInvitationTarget, tripLinkId } from '~/domain/auth-dialog-params';
import type { RequestContext } from '~/services/site/request-context.server';
import type { ShellData } from '~/services/site/shell.server';

/**
 * Server-side route behaviours of spec §2 that redirect. Throws a redirect Response when the
 * request must go elsewhere; returns otherwise.
 *
 * Trip link: on the organisation's trip-link paths, `trip_id` / `tripid` sends a signed-in
 * user to their trips. Anonymous visitors stay and get the sign-in dialog (auth-dialog-params),
 * which returns them to the same my-trips URL after signing in. An invitation link (accesscode
 * and tripid) sends a signed-in user to the join page, which adds them with its code.
 */
export function applyRouteBehaviours(url: URL, shell: ShellData): void {
  requireFlightLogin(url.pathname, shell.org.auth.flightLoginRequired, shell.user !== null);
  if (!shell.user) return;
  const invitation = signedInInvitationTarget(url.pathname, url.searchParams);
  if (invitation) throw redirect(invitation);
  const tripId = tripLinkId(url.pathname, url.searchParams, shell.org.auth.tripLinkPaths);
  if (!tripId) return;
  const target = myTripsUrl(tripId);
  // /user/my-trips may itself be a trip-link path: do not redirect it onto itself.
  if (`${url.pathname}${url.search}` === target) return;
  if (url.pathname === '/user/my-trips' && url.searchParams.get('workarea') === 'viewMyTrips') return;
  throw redirect(target);
}

/** Spec §2: the flight paths that need a signed-in visitor when the organisation says so. */
export const FLIGHT_LOGIN_PATHS: readonly string[] = ['/flight/search-details', '/flight/checkout', '/flight/checkout-success'];

export const isFlightLoginPath = (pathname: string) => FLIGHT_LOGIN_PATHS.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Sends an anonymous visitor of a flight login path to /flight (the landing, whose search
 * needs no account). Applied before anything else: by the HTTP server ahead of Remix
 * (documents and form posts), by the root loader, and first thing in the flight routes'
 * loaders and action (data requests).
 */
export function requireFlightLogin(pathname: string, loginRequired: boolean, signedIn: boolean): void {
  if (loginRequired && !signedIn && isFlightLoginPath(pathname)) throw redirect('/flight');
}

/** `requireFlightLogin` for a request's path with its context's organisation rule and session. */
export function requireFlightVisitor(pathname: string, context: Pick<RequestContext, 'org' | 'session'>): void {
  requireFlightLogin(pathname, context.org.auth.flightLoginRequired, context.session !== null);
}
