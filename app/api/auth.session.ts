import { type LoaderFunctionArgs, json } from '@remix-run/node';
import { requireApiSession } from '~/http/require-session.server';

/** The session check (spec §4 step 4): the session user, role included, or 401 with where to go. */
export async function loader({ context }: LoaderFunctionArgs) {
  const session = requireApiSession(context.session);
  return json({ status: 200, data: session.user }, { headers: { 'Cache-Control': 'no-store' } });
}
