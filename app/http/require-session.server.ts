import { json, redirect } from '@remix-run/node';
import { type ActiveSession, NO_API_SESSION } from '~/services/identity/session.server';

/**
 * The signed-in session, or a redirect that opens the sign-in dialog and comes back here.
 * For /api routes use `requireApiSession`, which answers 401 JSON instead.
 */
export function requireUser(session: ActiveSession | null, requestUrl: string): ActiveSession {
  if (session) return session;
  const url = new URL(requestUrl);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/?login=true&redirectTo=${encodeURIComponent(back)}`);
}

/** The signed-in session of an /api call, or its 401 JSON. */
export function requireApiSession(session: ActiveSession | null): ActiveSession {
  if (session) return session;
  throw json(NO_API_SESSION, { status: 401 });
}
